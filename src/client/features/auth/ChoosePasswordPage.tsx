import { Anchor, Button, Loader, PasswordInput, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { TEACHER_PASSWORD_HINT } from '../../../shared/api/limits';
import type { PasswordLinkInfo } from '../../../shared/api/teachers';
import { AuthCard } from '../../components/AuthCard';
import { PlainAlert } from '../../components/PlainAlert';
import { apiPost, serverMessageOr } from '../../lib/api';
import { fieldMessage } from '../../lib/field-message';
import { newPasswordProblems, type NewPasswordProblems } from '../../lib/new-password';
import { prefetchFormChecks } from '../../lib/validators';

/** The link's token, read once from the address's fragment (never sent to the server in a URL), which is then dropped from the address bar. */
function takeToken(): string {
  let token = '';
  try {
    token = decodeURIComponent(window.location.hash.replace(/^#/, ''));
  } catch {
    // A mangled link (a stray %): treated as no token, which the page explains.
  }
  if (token) window.history.replaceState(window.history.state, '', window.location.pathname);
  return token;
}

/**
 * /choose-password#<token>: a teacher added by another teacher, or sent a reset, chooses their own
 * password through the one-time link from their e-mail. Open to anyone: the token is the key.
 */
export default function ChoosePasswordPage() {
  const [token] = useState(takeToken);
  const owner = useQuery({
    queryKey: ['password-link', token],
    queryFn: () => apiPost<PasswordLinkInfo>('/api/password-link/check', { token }),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
  const choose = useMutation({ mutationFn: (newPassword: string) => apiPost<{ message: string }>('/api/password-link', { token, newPassword }) });
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problems, setProblems] = useState<NewPasswordProblems>({});
  // The server's "newPassword: sentence" under the field, anything else (the link expired meanwhile) below the form.
  const refused = choose.error ? fieldMessage(serverMessageOr(choose.error, choose.error.message), ['newPassword'] as const) : null;

  /** The same checks as SetPasswordPage: the route's own password rules, then the confirmation. */
  const check = async () => {
    const found = await newPasswordProblems(password, confirm, { teacher: true });
    setProblems(found);
    if (found.newPassword || found.confirmPassword) {
      // An earlier refusal is not about what is typed now.
      choose.reset();
      return;
    }
    choose.mutate(password);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void check();
  };

  if (!token || owner.error) {
    return (
      <AuthCard title="Choose your password">
        <PlainAlert color="red" title="This link does not work" role="alert">
          {owner.error
            ? serverMessageOr(owner.error, owner.error.message)
            : 'The address has no set-password link in it. Open the link from your e-mail again, whole.'}
        </PlainAlert>
        <Anchor component={Link} to="/auth" size="sm">
          Go to sign in
        </Anchor>
      </AuthCard>
    );
  }
  if (choose.isSuccess) {
    return (
      <AuthCard title="Password set">
        <Text size="sm" role="status">
          {choose.data.message}
        </Text>
        <Button component={Link} to="/auth" size="md">
          Sign in
        </Button>
      </AuthCard>
    );
  }
  if (!owner.data) {
    return (
      <AuthCard title="Choose your password">
        <Loader size="sm" aria-label="Checking the link" />
      </AuthCard>
    );
  }
  const name = owner.data.displayName ?? owner.data.username;
  return (
    <AuthCard title="Choose your password" subtitle={`For ${name}, who signs in as ${owner.data.username}.`}>
      <form onSubmit={submit} onFocus={prefetchFormChecks} noValidate>
        <Stack gap="md">
          {/* For password managers: the account the new password belongs to. */}
          <input type="text" name="username" autoComplete="username" value={owner.data.username} readOnly hidden />
          <PasswordInput
            label="New password"
            description={TEACHER_PASSWORD_HINT}
            autoComplete="new-password"
            required
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={problems.newPassword ?? (refused?.field === 'newPassword' ? refused.text : undefined)}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            required
            value={confirm}
            onChange={(e) => setConfirm(e.currentTarget.value)}
            error={problems.confirmPassword}
          />
          {refused && refused.field === null ? (
            <Text size="sm" c="red.9" role="alert">
              {refused.text}
            </Text>
          ) : null}
          <Button type="submit" loading={choose.isPending} fullWidth size="md">
            Save password
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}

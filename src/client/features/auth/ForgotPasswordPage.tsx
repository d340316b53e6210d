import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import type { ForgotPasswordBody } from '../../../shared/api/auth-forms';
import { serverMessageOr } from '../../lib/api';
import { toastError, toastSuccess } from '../../lib/notify';
import { loadFormChecks, prefetchFormChecks } from '../../lib/validators';
import { AuthCard } from '../../components/AuthCard';
import { forgotPasswordRequest } from '../../lib/auth/requests';
import { useAction } from '../../lib/auth/session';
import { AppLink } from '../../lib/nav';

export const PASSWORD_SENT_TEXT = 'Your password has been sent to your email address.';

export default function ForgotPasswordPage() {
  const forgot = useAction(forgotPasswordRequest);
  const [sent, setSent] = useState(false);
  const form = useForm<ForgotPasswordBody>({
    mode: 'uncontrolled',
    initialValues: { email: '' },
  });

  if (sent) {
    return (
      <AuthCard title="Check your e-mail">
        <Stack gap="md">
          <Alert color="teal" variant="light" role="status">
            {PASSWORD_SENT_TEXT}
          </Alert>
          <Text size="sm">
            The e-mail holds a temporary password. It works once, within 30 minutes; after signing in with it you choose a new
            password. Your old password keeps working until then. If nothing arrives, check the spam folder or ask the
            school: only addresses the school has on file receive a mail.
          </Text>
          <Anchor component={AppLink} to="/auth">
            Back to sign in
          </Anchor>
        </Stack>
      </AuthCard>
    );
  }

  const submit = form.onSubmit(async (values) => {
    const body = { email: values.email.trim() };
    const checks = await loadFormChecks();
    const errors = checks ? checks.formErrors(checks.forgotPasswordBody, body, { email: 'Email' }) : {};
    if (Object.keys(errors).length > 0) return form.setErrors(errors);
    forgot.mutate(body, {
      onSuccess: () => {
        toastSuccess('Password sent', 'Your password has been sent to your email');
        setSent(true);
      },
      onError: (error) => toastError('Failed to send password', serverMessageOr(error, error.message)),
    });
  });

  return (
    <AuthCard title="Forgot your password?" subtitle="Enter the e-mail address the school has for you. We will send you a temporary password.">
      <form onSubmit={submit} onFocus={prefetchFormChecks} noValidate>
        <Stack gap="md">
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <Button type="submit" loading={forgot.isPending} fullWidth size="md">
            Send Password
          </Button>
          <Anchor component={AppLink} to="/auth" size="sm">
            Back to sign in
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}

import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { credentials, type Credentials, type User } from '../../../shared/api/auth';
import { FullPageLoader } from '../../components/FullPageLoader';
import { isApiError, serverMessageOr } from '../../lib/api';
import { toastError, toastSuccess } from '../../lib/notify';
import { AlreadyLoggedIn } from './AlreadyLoggedIn';
import { AuthCard } from '../../components/AuthCard';
import { useCurrentUser } from '../../lib/auth/current-user';
import { useLogin } from '../../lib/auth/mutations';

export const LOGIN_INVALID_TEXT = 'Invalid username or password';
export const LOGIN_FAILED_TEXT = 'Login failed. Please try again.';

export function homeFor(user: User): string {
  if (user.mustChangePassword) return '/set-password';
  return user.isAdmin ? '/admin' : '/student';
}

function loginErrorText(error: unknown): string {
  if (isApiError(error, 401)) return LOGIN_INVALID_TEXT;
  // Too many attempts: the server says when to try again, which is what the person needs to know.
  if (isApiError(error, 429)) return serverMessageOr(error, LOGIN_FAILED_TEXT);
  return LOGIN_FAILED_TEXT;
}

function SignInForm() {
  const login = useLogin();
  const navigate = useNavigate();
  const [errorText, setErrorText] = useState<string | null>(null);
  const form = useForm<Credentials>({
    mode: 'uncontrolled',
    initialValues: { username: '', password: '' },
    validate: schemaResolver(credentials, { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    setErrorText(null);
    login.mutate(values, {
      onSuccess: (user) => {
        toastSuccess('Login successful', 'Welcome back!');
        navigate(homeFor(user), { replace: true });
      },
      onError: (error) => {
        const text = loginErrorText(error);
        setErrorText(text);
        toastError('Login failed', text);
      },
    });
  });

  return (
    <AuthCard title="Sign in" subtitle="Students: use your mobile number or username. Teachers: use your admin username.">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {errorText ? (
            <Alert color="red" variant="light" role="alert" title="Login failed">
              {errorText}
            </Alert>
          ) : null}
          <TextInput
            label="Username or mobile number"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            key={form.key('username')}
            {...form.getInputProps('username')}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password', tabIndex: 0 }}
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Group justify="space-between" align="center">
            <Anchor component={Link} to="/forgot-password" size="sm">
              Forgot Password?
            </Anchor>
          </Group>
          <Button type="submit" loading={login.isPending} fullWidth size="md">
            Sign in
          </Button>
          <Text size="xs" c="dimmed" data-testid="admin-hint">
            Admin? Sign in with the admin username and password set up for your school. Students cannot open the admin
            dashboard.
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}

export default function SignInPage() {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <FullPageLoader />;
  if (user) return <AlreadyLoggedIn user={user} />;
  return <SignInForm />;
}

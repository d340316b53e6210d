import { Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PASSWORD_MIN_LENGTH, TEACHER_PASSWORD_HINT } from '../../../shared/api/limits';
import { useNavigate } from 'react-router';
import { serverMessageOr } from '../../lib/api';
import { toastError, toastSuccess } from '../../lib/notify';
import { newPasswordProblems } from '../../lib/new-password';
import { prefetchFormChecks } from '../../lib/validators';
import { AuthCard } from '../../components/AuthCard';
import { useChangePassword } from '../../lib/auth/mutations';
import { useCurrentUser } from '../../lib/auth/current-user';
import { useSignOut } from '../../lib/auth/use-sign-out';
import { fieldMessage } from '../../lib/field-message';


/** After signing in with a mailed temporary password, the user chooses a new one before anything else. */
export default function SetPasswordPage() {
  const { data: user } = useCurrentUser();
  const change = useChangePassword();
  const navigate = useNavigate();
  const { signOut } = useSignOut();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { newPassword: '', confirmPassword: '' },
  });

  const submit = form.onSubmit(async ({ newPassword, confirmPassword }) => {
    const errors = await newPasswordProblems(newPassword, confirmPassword, { teacher: user?.isAdmin === true });
    if (Object.keys(errors).length > 0) return form.setErrors(errors);
    change.mutate(
      { newPassword },
      {
        onSuccess: () => {
          toastSuccess('Password changed', 'Your password has been updated successfully');
          navigate(user?.isAdmin ? '/admin' : '/student', { replace: true });
        },
        onError: (error) => {
          // "newPassword: Choose a password different ...": the sentence under the field and in the toast, without the name.
          const { field, text } = fieldMessage(serverMessageOr(error, error.message), ['newPassword'] as const);
          if (field) form.setFieldError(field, text);
          toastError('Password change failed', text);
        },
      },
    );
  });

  return (
    <AuthCard title="Choose a new password" subtitle="You signed in with a temporary password. Choose your own password to continue.">
      <form onSubmit={submit} onFocus={prefetchFormChecks} noValidate>
        <Stack gap="md">
          <PasswordInput
            label="New password"
            description={user?.isAdmin ? TEACHER_PASSWORD_HINT : `At least ${PASSWORD_MIN_LENGTH} characters`}
            autoComplete="new-password"
            required
            key={form.key('newPassword')}
            {...form.getInputProps('newPassword')}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            required
            key={form.key('confirmPassword')}
            {...form.getInputProps('confirmPassword')}
          />
          <Button type="submit" loading={change.isPending} fullWidth size="md">
            Save new password
          </Button>
          <Button variant="subtle" onClick={signOut}>
            Sign out
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}

import { Alert, Anchor, Button, Loader, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Credentials } from '../../../shared/api/auth-forms';
import { serverMessageOr } from '../../lib/api';
import { toastError, toastSuccess } from '../../lib/notify';
import { saveStudentInfo } from '../../lib/student-info';
import { loadFormChecks, prefetchFormChecks } from '../../lib/validators';
import { AuthCard } from '../../components/AuthCard';
import { useCheckAccess } from './api/student';

export const ACCESS_DENIED_FALLBACK = 'Please contact the school';

/**
 * On a teacher's device: the student enters their own mobile number and password, and the test that
 * follows is saved for them (the server records them as this session's acting student).
 */
export function StudentAccessPage() {
  const checkAccess = useCheckAccess();
  const navigate = useNavigate();
  const [denied, setDenied] = useState<string | null>(null);
  const form = useForm<Credentials>({
    mode: 'uncontrolled',
    initialValues: { username: '', password: '' },
  });

  const submit = form.onSubmit(async (values) => {
    const checks = await loadFormChecks();
    const errors = checks ? checks.formErrors(checks.credentials, values) : {};
    if (Object.keys(errors).length > 0) return form.setErrors(errors);
    setDenied(null);
    checkAccess.mutate(values, {
      onSuccess: ({ student }) => {
        saveStudentInfo({ id: student.id, studentName: student.studentName });
        toastSuccess('Access Granted', `Welcome, ${student.studentName}! You can now start the test.`);
        navigate('/test');
      },
      onError: (error) => {
        const text = serverMessageOr(error, ACCESS_DENIED_FALLBACK);
        setDenied(text);
        toastError('Access Denied', text);
      },
    });
  });

  return (
    <AuthCard title="Student access" subtitle="Enter your mobile number and password to start your speaking test on this device.">
      <form onSubmit={submit} onFocus={prefetchFormChecks} noValidate>
        <Stack gap="md">
          {denied ? (
            <Alert color="red" variant="light" title="Access Denied" role="alert">
              {denied}
            </Alert>
          ) : null}
          <TextInput
            label="Mobile number"
            type="tel"
            inputMode="tel"
            autoComplete="off"
            required
            key={form.key('username')}
            {...form.getInputProps('username')}
          />
          <PasswordInput
            label="Password"
            autoComplete="off"
            required
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password', tabIndex: 0 }}
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Button
            type="submit"
            size="md"
            fullWidth
            disabled={checkAccess.isPending}
            leftSection={checkAccess.isPending ? <Loader size="xs" aria-hidden /> : undefined}
          >
            {checkAccess.isPending ? 'Checking Access...' : 'Start Test'}
          </Button>
          <Alert variant="light" color="gray" title="Need help?" role="note">
            <Text size="sm">
              If you do not know your mobile number or password, or your access is refused, please contact the school. Your
              teacher can check your details and set a new password.
            </Text>
          </Alert>
          <Anchor component={Link} to="/admin" size="sm">
            Back to the admin dashboard
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}

import { Button, Group, Modal, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PASSWORDS_DO_NOT_MATCH } from '../../../../shared/api/limits';
import { useDisclosure } from '@mantine/hooks';
import { serverMessageOr } from '../../../lib/api';
import { useChangePassword } from '../../../lib/auth/mutations';
import { toastError, toastSuccess } from '../../../lib/notify';
import { newPasswordError } from '../../../lib/validators';


function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const change = useChangePassword();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: {
      currentPassword: (value) => (value ? null : 'Enter your current password'),
      newPassword: newPasswordError,
      confirmPassword: (value, values) => (value === values.newPassword ? null : PASSWORDS_DO_NOT_MATCH),
    },
  });
  const submit = form.onSubmit(({ currentPassword, newPassword }) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          toastSuccess('Password changed', 'Your password has been updated successfully');
          onDone();
        },
        onError: (error) => {
          const message = serverMessageOr(error, error.message);
          if (message.startsWith('currentPassword:')) form.setFieldError('currentPassword', message.slice('currentPassword:'.length).trim());
          toastError('Password change failed', message);
        },
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <PasswordInput label="Current password" autoComplete="current-password" required data-autofocus key={form.key('currentPassword')} {...form.getInputProps('currentPassword')} />
        <PasswordInput label="New password" description="At least 8 characters" autoComplete="new-password" required key={form.key('newPassword')} {...form.getInputProps('newPassword')} />
        <PasswordInput label="Confirm new password" autoComplete="new-password" required key={form.key('confirmPassword')} {...form.getInputProps('confirmPassword')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={change.isPending}>
            Change Password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function SettingsTab() {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <Stack gap="md" maw={560}>
      <Title order={2} size="h4">
        Your account
      </Title>
      <Text size="sm" c="dimmed">
        Changing your password signs you out on every other device.
      </Text>
      <Button onClick={open} w="fit-content">
        Change Password
      </Button>
      <Modal opened={opened} onClose={close} title="Change Password" centered>
        <ChangePasswordForm onDone={close} />
      </Modal>
    </Stack>
  );
}

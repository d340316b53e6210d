import { Button, Group, Loader, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { FormModal } from '../../../components/FormModal';
import { Columns } from '../../../components/Columns';
import { useForm } from '@mantine/form';
import { changePasswordBody } from '../../../../shared/api/auth-forms';
import { PASSWORDS_DO_NOT_MATCH } from '../../../../shared/api/limits';
import { useDisclosure } from '@mantine/hooks';
import { serverMessageOr } from '../../../lib/api';
import { useChangePassword } from '../../../lib/auth/mutations';
import { toastError, toastSuccess } from '../../../lib/notify';
import { formErrors } from '../../../lib/form-errors';
import { teacherPasswordRule } from '../../../lib/new-password';
import { useRecordingStorage } from './api/storage';
import { fieldMessage } from '../../../lib/field-message';
import { OwnProfileCard } from './OwnProfileCard';
import { TEACHER_PASSWORD_HINT } from '../../../../shared/api/limits';

const numbers = new Intl.NumberFormat('en-GB');
const size = (bytes: number) =>
  bytes >= 1e9 ? `${(bytes / 1e9).toFixed(1)} GB` : bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${Math.round(bytes / 1e3)} KB`;

/** One storage figure: a term and its description (in Figures' list), so a screen reader reads the label with its value. */
function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" fw={600} m={0}>
        {value}
      </Text>
    </div>
  );
}

/** What the students' recordings take on the server, and how long they are kept. */
function RecordingStorageCard() {
  const storage = useRecordingStorage();
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Recordings
        </Title>
        {storage.isPending && <Loader size="sm" aria-label="Loading the storage figures" />}
        {storage.isError && (
          <Text size="sm" c="red.8">
            The storage figures could not be loaded: {serverMessageOr(storage.error, storage.error.message)}
          </Text>
        )}
        {storage.data && (
          <>
            <Columns component="dl" cols={{ base: 2, sm: 3 }} spacing="sm">
              <Figure label="Storage used" value={size(storage.data.bytes)} />
              <Figure label="Recordings kept" value={numbers.format(storage.data.recordings)} />
              <Figure label="Deleted after the retention period" value={numbers.format(storage.data.expired)} />
              <Figure label="Kept for" value={storage.data.retentionDays === 0 ? 'Always' : `${numbers.format(storage.data.retentionDays)} days`} />
              <Figure label="Limit per student" value={size(storage.data.studentCapBytes)} />
              <Figure label="Stored in" value={storage.data.store === 'file' ? 'Files on the server' : 'The database'} />
            </Columns>
            <Text size="sm" c="dimmed">
              {storage.data.retentionDays === 0
                ? 'Recordings are kept until a student is deleted.'
                : `Recordings older than ${numbers.format(storage.data.retentionDays)} days are deleted; the attempts, transcripts and scores stay.`}{' '}
              How long recordings are kept and the limit per student are set by whoever runs the server, in its settings.
            </Text>
            <Text size="xs" c="dimmed">
              For them: the settings are named RECORDING_RETENTION_DAYS and RECORDING_STUDENT_CAP_MB.
            </Text>
          </>
        )}
      </Stack>
    </Paper>
  );
}


function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const change = useChangePassword();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: ({ currentPassword, newPassword, confirmPassword }) => ({
      ...formErrors(changePasswordBody, { currentPassword, newPassword }, { newPassword: 'Password' }),
      // A teacher's bar, in the server's sentence (the route's own schema holds a student's 8 characters).
      newPassword: teacherPasswordRule(newPassword),
      // The route lets a temporary password's holder leave it out; this form is for a signed-in admin, who must give it.
      currentPassword: currentPassword ? null : 'Enter your current password',
      confirmPassword: confirmPassword === newPassword ? null : PASSWORDS_DO_NOT_MATCH,
    }),
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
          // The server names the field ("currentPassword: ..."): the field shows the sentence, the toast says it without the name.
          const { field, text } = fieldMessage(serverMessageOr(error, error.message), ['currentPassword', 'newPassword'] as const);
          if (field) form.setFieldError(field, text);
          toastError('Password change failed', text);
        },
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <PasswordInput label="Current password" autoComplete="current-password" required data-autofocus key={form.key('currentPassword')} {...form.getInputProps('currentPassword')} />
        <PasswordInput label="New password" description={TEACHER_PASSWORD_HINT} autoComplete="new-password" required key={form.key('newPassword')} {...form.getInputProps('newPassword')} />
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
      <FormModal opened={opened} onClose={close} title="Change Password" closeLabel="Close dialog">
        <ChangePasswordForm onDone={close} />
      </FormModal>
      <OwnProfileCard />
      <RecordingStorageCard />
    </Stack>
  );
}

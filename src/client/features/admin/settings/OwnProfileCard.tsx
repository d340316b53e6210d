import { Button, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Teacher } from '../../../../shared/api/teachers';
import { serverMessageOr } from '../../../lib/api';
import { fieldMessage } from '../../../lib/field-message';
import { toastError, toastSuccess } from '../../../lib/notify';
import { useTeachers, useUpdateOwnProfile } from '../teachers/api/teachers';

/**
 * The teacher's own name (what reviews, releases, mails and the header show) and, on an account that
 * signs in with another name (the first admin), the e-mail a new password can be sent to.
 */
function OwnProfileForm({ me }: { me: Teacher }) {
  const update = useUpdateOwnProfile();
  const signsInWithEmail = me.username.includes('@');
  const form = useForm({ mode: 'uncontrolled', initialValues: { displayName: me.displayName ?? '', email: me.email ?? '' } });
  // mutateAsync, not mutate's callbacks: the saved values re-key this form (OwnProfileCard), and a
  // form that has gone would never say it was saved.
  const submit = form.onSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      toastSuccess('Saved', 'Your name and e-mail are saved.');
    } catch (error) {
      const message = error instanceof Error ? serverMessageOr(error, error.message) : String(error);
      const { field, text } = fieldMessage(message, ['displayName', 'email'] as const);
      if (field) form.setFieldError(field, text);
      toastError('Not saved', text);
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Your name and e-mail">
      <Stack gap="sm">
        <TextInput
          label="Your name"
          description="Students and other teachers see it on your reviews and in mails."
          autoComplete="name"
          required
          key={form.key('displayName')}
          {...form.getInputProps('displayName')}
        />
        <TextInput
          label="E-mail"
          type="email"
          autoComplete="email"
          description={
            signsInWithEmail
              ? 'You sign in with it, so it stays as it is.'
              : `You sign in as ${me.username}. A new password is sent here when you ask for one.`
          }
          readOnly={signsInWithEmail}
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <Group>
          <Button type="submit" loading={update.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function OwnProfileCard() {
  const teachers = useTeachers();
  const me = teachers.data?.teachers.find((teacher) => teacher.isYou);
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Your name and e-mail
        </Title>
        {teachers.isPending && <Loader size="sm" aria-label="Loading your name and e-mail" />}
        {teachers.isError && (
          <Text size="sm" c="red.8">
            Your name and e-mail could not be loaded: {serverMessageOr(teachers.error, teachers.error.message)}
          </Text>
        )}
        {/* Keyed by the saved values: the form starts again from what the server stored. */}
        {me && <OwnProfileForm key={`${me.displayName ?? ''}|${me.email ?? ''}`} me={me} />}
      </Stack>
    </Paper>
  );
}

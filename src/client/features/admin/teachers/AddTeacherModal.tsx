import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { PasswordLinkSent } from '../../../../shared/api/teachers';
import { DISPLAY_NAME_MAX_LENGTH } from '../../../../shared/api/teachers-limits';
import { EMAIL_MAX_LENGTH } from '../../../../shared/api/limits';
import { isApiError, serverMessageOr } from '../../../lib/api';
import { useAddTeacher } from './api/teachers';
import { PasswordLinkPanel } from './PasswordLinkPanel';

/** The server's "field: sentence" 400s, under their field. */
function fieldOf(message: string): { field: 'displayName' | 'email' | null; text: string } {
  const match = /^(displayName|email): (.*)$/s.exec(message);
  return match ? { field: match[1] as 'displayName' | 'email', text: match[2] ?? message } : { field: null, text: message };
}

/** Add a teacher: their name as students see it and the e-mail address they sign in with; then the link, once. */
export function AddTeacherModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const add = useAddTeacher();
  const [displayName, setDisplayName] = useState('');
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<PasswordLinkSent | null>(null);
  const problem = add.error ? fieldOf(serverMessageOr(add.error, add.error.message)) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate({ displayName, email: email.trim() }, { onSuccess: setSent });
  };

  return (
    <Modal opened={opened} onClose={onClose} title={sent ? 'Teacher added' : 'Add teacher'} centered size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      {sent ? (
        <PasswordLinkPanel sent={sent} isNew onDone={onClose} />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm">
              The new teacher gets an e-mail with a link to choose their own password. They sign in with their e-mail address and can
              then do everything you can.
            </Text>
            <TextInput
              label="Name"
              description="As students see it on reviews, e.g. Ms Priya Nair"
              required
              value={displayName}
              onChange={(e) => setDisplayName(e.currentTarget.value)}
              maxLength={DISPLAY_NAME_MAX_LENGTH}
              error={problem?.field === 'displayName' ? problem.text : undefined}
              data-autofocus
            />
            <TextInput
              label="E-mail address"
              description="Where the link goes; also their sign-in name"
              type="email"
              required
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              maxLength={EMAIL_MAX_LENGTH}
              error={problem?.field === 'email' ? problem.text : isApiError(add.error, 409) ? problem?.text : undefined}
            />
            {problem && problem.field === null && !isApiError(add.error, 409) ? (
              <Text size="sm" c="red.9" role="alert">
                {problem.text}
              </Text>
            ) : null}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={add.isPending}>
                Add teacher
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

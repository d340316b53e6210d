import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { FormModal } from '../../../components/FormModal';
import { useState, type FormEvent } from 'react';
import type { PasswordLinkSent } from '../../../../shared/api/teachers';
import { DISPLAY_NAME_MAX_LENGTH } from '../../../../shared/api/teachers-limits';
import { EMAIL_MAX_LENGTH } from '../../../../shared/api/limits';
import { isApiError, serverMessageOr } from '../../../lib/api';
import { fieldMessage } from '../../../lib/field-message';
import { useAddTeacher } from './api/teachers';
import { PasswordLinkPanel } from './PasswordLinkPanel';

const FIELDS = ['displayName', 'email'] as const;

/**
 * Add a teacher: their name as students see it and the e-mail address they sign in with; then the
 * link, once. Stays mounted while closed so that Mantine's Modal fades in and out; `onExited` (its
 * closing transition done) is when the parent gives the next opening a fresh form.
 */
export function AddTeacherModal({ opened, onClose, onExited }: { opened: boolean; onClose: () => void; onExited: () => void }) {
  const add = useAddTeacher();
  const [displayName, setDisplayName] = useState('');
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<PasswordLinkSent | null>(null);
  // The server's "field: sentence" refusals under their field (a name another teacher has: 409 under the name);
  // a 409 naming no field (the address is taken) under the address.
  const problem = add.error ? fieldMessage(serverMessageOr(add.error, add.error.message), FIELDS) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate({ displayName, email: email.trim() }, { onSuccess: setSent });
  };

  return (
    <FormModal opened={opened} onClose={onClose} onExitTransitionEnd={onExited} title={sent ? 'Teacher added' : 'Add teacher'} size="lg">
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
              error={problem?.field === 'email' || (problem?.field === null && isApiError(add.error, 409)) ? problem.text : undefined}
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
    </FormModal>
  );
}

import { Alert, Group, Loader, Text } from '@mantine/core';
import type { OutboxStatus } from '../../../lib/outbox';
import { SAVE_FAILURE_TITLE } from '../flow';
import { alertStyles } from './Panel';

/* Where the finished interview's save stands, from the outbox (SPEC.md section 8 'Interview saving'). */

export function SaveState({ status }: { status: OutboxStatus }) {
  if (status.state === 'saved') {
    return (
      <Text c="teal.9" size="sm" fw={500}>
        Saved.{status.recordingError ? ` The recording could not be uploaded (${status.recordingError}); the answers and scores are saved.` : ''}
      </Text>
    );
  }
  if (status.state === 'failed') {
    return (
      <Alert color="red" variant="light" styles={alertStyles} title={SAVE_FAILURE_TITLE}>
        {status.message}
      </Alert>
    );
  }
  // A first send under way is a plain "Saving…": the yellow box is for a save that has to wait.
  if (status.state === 'pending' && (status.tries > 0 || status.waitingForSignIn)) {
    return (
      <Alert color="yellow" variant="light" styles={alertStyles} title="Saving… will keep trying" icon={<Loader size="xs" aria-hidden />}>
        {status.waitingForSignIn
          ? 'Sign in again to finish saving; your interview is kept on this device until then.'
          : 'Your interview is kept on this device and is sent as soon as the server answers.'}
        {status.lastError ? ` Last error: ${status.lastError}` : ''}
      </Alert>
    );
  }
  return (
    <Group gap="xs">
      <Loader size="xs" aria-hidden />
      <Text size="sm">Saving…</Text>
    </Group>
  );
}

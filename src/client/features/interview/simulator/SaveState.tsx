import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useFocusAfterPanel } from '../../../lib/focus-after-panel';
import { browserOutbox, mayTryAgain, sendIsSlow, useStatusClock, type OutboxStatus } from '../../../lib/outbox';
import { SAVE_FAILURE_TITLE } from '../flow';
import { alertStyles } from './Panel';

/* Where the finished interview's save stands, from the outbox (SPEC.md section 8 'Interview saving'). */

function TryAgain({ attemptId }: { attemptId: string }) {
  return (
    <Button size="xs" variant="default" onClick={() => browserOutbox().retryNow(attemptId, { restart: true })}>
      Try again
    </Button>
  );
}

export function SaveState({ status, attemptId }: { status: OutboxStatus; attemptId: string | null }) {
  const now = useStatusClock(status);
  // Try again goes once pressed (the save is sent afresh): the focus stays here, on how the save
  // stands, where it fell to the page's top with the button.
  const area = useFocusAfterPanel<HTMLDivElement>(attemptId !== null && mayTryAgain(status, now));
  return (
    <div ref={area} tabIndex={-1}>
      <SaveStateText status={status} attemptId={attemptId} now={now} />
    </div>
  );
}

function SaveStateText({ status, attemptId, now }: { status: OutboxStatus; attemptId: string | null; now: number }) {
  if (status.state === 'saved') {
    return (
      <Text c="teal.9" size="sm" fw={500}>
        Saved.{status.recordingError ? ` The recording could not be uploaded (${status.recordingError}); the answers and scores are saved.` : ''}
      </Text>
    );
  }
  // Refused by the server: the interview stays on this device, and Try again sends it afresh, as the
  // speaking test's save offers (a refusal may pass once the student has signed in again or the
  // server has been mended).
  if (status.state === 'failed') {
    return (
      <Alert color="red" variant="light" styles={alertStyles} title={SAVE_FAILURE_TITLE}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{status.message}</Text>
          {attemptId !== null ? <TryAgain attemptId={attemptId} /> : null}
        </Stack>
      </Alert>
    );
  }
  // A first send under way is a plain "Saving…": the yellow box is for a save that has to wait, or
  // a send so slow it may have hung (then Try again sends it afresh, retry-offer.ts).
  if (status.state === 'pending' && (status.tries > 0 || status.waitingForSignIn || sendIsSlow(status, now))) {
    return (
      <Alert color="yellow" variant="light" styles={alertStyles} title="Saving… will keep trying" icon={<Loader size="xs" aria-hidden />}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            {status.waitingForSignIn
              ? 'Sign in again to finish saving; your interview is kept on this device until then.'
              : 'Your interview is kept on this device and is sent as soon as the server answers.'}
            {status.lastError ? ` Last error: ${status.lastError}` : ''}
          </Text>
          {attemptId !== null && mayTryAgain(status, now) ? <TryAgain attemptId={attemptId} /> : null}
        </Stack>
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

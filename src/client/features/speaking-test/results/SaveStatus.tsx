import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { browserOutbox, useOutboxStatus, useStatusClock } from '../../../lib/outbox';
import { saveStatusView, type SaveTone } from './save-status';

const TONE_COLOR: Record<SaveTone, string> = { saved: 'teal', pending: 'blue', failed: 'red', warning: 'yellow' };

export function SaveStatus({ attemptId, submitting = false }: { attemptId: string | null; submitting?: boolean }) {
  const status = useOutboxStatus(attemptId);
  const now = useStatusClock(status);
  const view = saveStatusView(attemptId, status, now, submitting);
  return (
    <Alert
      color={TONE_COLOR[view.tone]}
      variant="light"
      title={view.title}
      // Not Mantine's default role="alert": only the message below is announced, politely.
      role="group"
      icon={view.tone === 'pending' ? <Loader size={16} color="blue" aria-hidden /> : undefined}
      data-save-state={attemptId === null ? (submitting ? 'submitting' : 'not-submitted') : status.state}
    >
      <Stack gap="xs">
        <Text size="sm" role="status" aria-live="polite">
          {view.message}
        </Text>
        {view.detail ? (
          <Text size="xs" c="dimmed">
            {view.detail}
          </Text>
        ) : null}
        {view.canRetry && attemptId !== null ? (
          <Group>
            <Button size="xs" variant="default" onClick={() => browserOutbox().retryNow(attemptId, { restart: true })}>
              Try again
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Alert>
  );
}

import { Alert, Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useFocusAfterPanel } from '../../../lib/focus-after-panel';
import { browserOutbox, useOutboxStatus, useStatusClock } from '../../../lib/outbox';
import { saveStatusView, type SaveTone } from './save-status';

const TONE_COLOR: Record<SaveTone, string> = { saved: 'teal', pending: 'blue', failed: 'red', warning: 'yellow' };
/** The status box's id: the chip beside the title leads to it. */
const SAVE_STATUS_ID = 'save-status';

function useSaveView(attemptId: string | null, submitting: boolean) {
  const status = useOutboxStatus(attemptId);
  const now = useStatusClock(status);
  return { status, view: saveStatusView(attemptId, status, now, submitting) };
}

/**
 * Whether the test is saved, in a word or three beside the results' title: on a phone the status
 * box is a screen or two down, under the bands. Pressed, it brings the box (details, Try again) into
 * view. Not a live region: the box announces the changes.
 */
export function SaveChip({ attemptId, submitting = false }: { attemptId: string | null; submitting?: boolean }) {
  const { view } = useSaveView(attemptId, submitting);
  const toBox = () => {
    const box = document.getElementById(SAVE_STATUS_ID);
    box?.scrollIntoView({ block: 'center' });
    box?.focus({ preventScroll: true });
  };
  return (
    <Badge
      component="button"
      type="button"
      onClick={toBox}
      size="lg"
      variant="light"
      color={TONE_COLOR[view.tone]}
      // Dark text on every tone's pale background: teal.9 on teal's was 4.3:1, under WCAG AA's 4.5.
      c="dark.7"
      leftSection={view.tone === 'pending' ? <Loader size={12} color="blue" aria-hidden /> : view.tone === 'saved' ? <span aria-hidden>✓</span> : undefined}
      style={{ cursor: 'pointer' }}
      // A finger's 44 px on a touch screen (global.css): the badge is 26 px.
      className="touch-target"
      data-testid="save-chip"
      aria-label={`${view.short}: ${view.tone === 'saved' ? 'see below' : 'see below how saving stands'}`}
    >
      {view.short}
    </Badge>
  );
}

export function SaveStatus({ attemptId, submitting = false }: { attemptId: string | null; submitting?: boolean }) {
  const { status, view } = useSaveView(attemptId, submitting);
  // Try again goes once pressed (the save is sent afresh): the focus stays on this box, which says
  // how the save stands, where it fell to the page's top with the button.
  const box = useFocusAfterPanel<HTMLDivElement>(view.canRetry && attemptId !== null);
  return (
    <Alert
      ref={box}
      id={SAVE_STATUS_ID}
      tabIndex={-1}
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

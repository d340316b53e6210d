import { Affix, Button, Group, Paper, Text, VisuallyHidden } from '@mantine/core';
import { formatSecondsLeft } from './flow';

/**
 * The post-test session's last minute: a countdown kept in view at the foot of the
 * screen, wherever the student has scrolled to in the results, and Stay, which starts the 5 minutes
 * again. Screen readers hear once that the session is ending, not every second.
 */
export function SessionCountdown({ secondsLeft, saved, onStay }: { secondsLeft: number; saved: boolean; onStay: () => void }) {
  const shown = formatSecondsLeft(secondsLeft);
  return (
    <Affix position={{ bottom: 12, left: 12, right: 12 }} zIndex={150}>
      <Paper
        withBorder
        shadow="md"
        radius="md"
        p="sm"
        maw={560}
        mx="auto"
        role="region"
        aria-label="Session ending"
        style={{ borderColor: 'var(--mantine-color-orange-6)', borderLeftWidth: 4 }}
        data-testid="session-countdown"
      >
        <Group justify="space-between" gap="sm" wrap="nowrap">
          <div>
            <Text fw={700} size="sm">
              Your session ends in{' '}
              <Text span inherit ff="monospace" data-testid="session-seconds-left">
                {shown}
              </Text>
            </Text>
            <Text size="xs" c="dimmed">
              {/* Only once they are: a save that failed is told by the save status above. */}
              {saved ? 'Your results are saved. ' : ''}Then this device is signed out; choose Stay to keep reading.
            </Text>
            <VisuallyHidden aria-live="polite">Your session ends in less than a minute unless you choose Stay.</VisuallyHidden>
          </div>
          <Button onClick={onStay} size="sm" style={{ flexShrink: 0 }}>
            Stay
          </Button>
        </Group>
      </Paper>
    </Affix>
  );
}

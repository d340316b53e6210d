/*
 * The /test page's cards before the test: device, progress and the microphone check. They are part of
 * the page's first paint, before the flow has loaded (TestPage.tsx); Start Test is in ReadyCard.tsx.
 */
import { Button, Group, Loader, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { deviceRows, type DeviceInfo } from '../../../shared/device';
import { PlainAlert } from '../../components/PlainAlert';
import type { ProgressView } from './flow/progress';
import type { ScreenView } from './flow';
import { MICROPHONE_ISSUE_TITLE, withoutMicrophonePrefix } from '../../speech/messages';
import classes from './TestPage.module.css';

export const DEMO_MODE_BUTTON = 'Continue in Demo Mode (No Microphone)';

/*
 * What is about to happen, while the microphone is asked for. Part of the page's first paint and
 * longer than any text the card shows next (the denied card's, the ready card's), so the largest
 * element of the page is painted with it, not a second later when the browser has answered.
 */
export const MICROPHONE_INTRO_TEXT =
  'This test records your spoken answers, so it needs your microphone. In a moment your browser will ask whether this page may use it: please choose Allow. Before you start, find a quiet place where you can speak clearly without being interrupted.';

/** Spec section 2: Android details, or platform and browser (src/shared/device.ts). */
export function DeviceCard({ device, studentName }: { device: DeviceInfo; studentName: string | null }) {
  const rows = deviceRows(device);
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="device-card-title">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h5" id="device-card-title">
            Your device
          </Title>
          {studentName ? (
            <Text size="sm" fw={600}>
              Test for {studentName}
            </Text>
          ) : null}
        </Group>
        <dl className={classes.facts}>
          {rows.map(([label, value]) => (
            <div key={label} className={classes.fact}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </Stack>
    </Paper>
  );
}

/** Part 1/2/3 markers, 'Part N of 3' or 'Complete', and a bar at part/3 or 100 %. */
export function ProgressCard({ progress }: { progress: ProgressView }) {
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-label="Test progress">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <ol className={classes.markers}>
            {progress.markers.map((marker) => (
              <li key={marker.part} className={classes.marker} data-current={marker.current || undefined} data-done={marker.done || undefined} aria-current={marker.current ? 'step' : undefined}>
                <span className={classes.markerDot} aria-hidden="true">
                  {marker.done ? '✓' : marker.part}
                </span>
                {marker.label}
                {marker.done ? <span className="visually-hidden"> (done)</span> : null}
              </li>
            ))}
          </ol>
          <Text fw={700} size="sm" data-testid="progress-label" className={classes.nowrap}>
            {progress.label}
          </Text>
        </Group>
        <Progress value={progress.percent} size="md" radius="xl" aria-label={`Test progress: ${progress.label}`} />
      </Stack>
    </Paper>
  );
}

/** Spec sections 2, 4 and 8: asks automatically after 1 s; denied offers Try Again and demo mode. */
export function MicrophoneCard({
  screen,
  onRetry,
  onDemo,
}: {
  screen: Pick<ScreenView, 'microphone' | 'microphoneError'>;
  onRetry: () => void;
  onDemo: () => void;
}) {
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="microphone-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="microphone-title">
          Microphone check
        </Title>
        {screen.microphone === 'denied' ? (
          <>
            {/* The spec's prefix is the title, said once; under it what happened and what to do. */}
            <PlainAlert color="red" title={MICROPHONE_ISSUE_TITLE} role="alert" data-testid="microphone-error">
              {screen.microphoneError === null ? null : withoutMicrophonePrefix(screen.microphoneError)}
            </PlainAlert>
            <Stack gap="xs">
              <Button onClick={onRetry}>Try Again</Button>
              {/* The long label wraps on a narrow phone instead of being cut off. */}
              <Button variant="default" onClick={onDemo} className="wraps-label">
                {DEMO_MODE_BUTTON}
              </Button>
            </Stack>
            <Text size="sm" c="dimmed">
              In demo mode you can go through the whole test, but nothing is recorded, and without a microphone your answers are usually not heard, so there may be no band estimate.
            </Text>
          </>
        ) : (
          <>
            <Text>{MICROPHONE_INTRO_TEXT}</Text>
            <Group gap="sm" wrap="nowrap">
              <Loader size="sm" aria-hidden="true" />
              <Text>{screen.microphone === 'requesting' ? 'Requesting microphone access… Please allow it when the browser asks.' : 'Preparing the microphone check…'}</Text>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}

/* The /test page's cards around the parts: device, progress, microphone setup and Start Test. */
import { Alert, Badge, Box, Button, Group, Loader, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import type { DeviceInfo } from '../../lib/device';
import type { ProgressView, ScreenView } from './flow';
import classes from './TestPage.module.css';

export const DEMO_MODE_BUTTON = 'Continue in Demo Mode (No Microphone)';

function versioned(name: string, version: string): string {
  return version ? `${name} ${version}` : name;
}

/** Spec section 2: Android details, or platform and browser. */
export function DeviceCard({ device, studentName }: { device: DeviceInfo; studentName: string | null }) {
  const rows: Array<[string, string]> = device.isAndroid
    ? [
        ['Device', `Android ${device.osVersion}`.trim() + (device.model ? ` (${device.model})` : '')],
        ['Browser', versioned(device.browserName, device.browserVersion)],
        ['Live transcript', 'Not shown on Android devices'],
      ]
    : [
        ['Platform', versioned(device.osName, device.osVersion) + (device.platformType ? ` · ${device.platformType}` : '')],
        ['Browser', versioned(device.browserName, device.browserVersion)],
      ];
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="device-card-title">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h5" id="device-card-title">
            Your device
          </Title>
          {studentName ? (
            <Text size="sm" fw={600}>
              Test for {studentName}.
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
                {marker.done ? <span className={classes.visuallyHidden}> (done)</span> : null}
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
export function MicrophoneCard({ screen, onRetry, onDemo }: { screen: ScreenView; onRetry: () => void; onDemo: () => void }) {
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="microphone-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="microphone-title">
          Microphone check
        </Title>
        {screen.microphone === 'denied' ? (
          <>
            <Alert color="red" variant="light" title="Microphone not available" role="alert">
              {screen.microphoneError}
            </Alert>
            <Stack gap="xs">
              <Button onClick={onRetry}>Try Again</Button>
              {/* The long label wraps on a narrow phone instead of being cut off. */}
              <Button variant="default" onClick={onDemo} classNames={{ root: classes.wrappingButton, label: classes.wrappingLabel }}>
                {DEMO_MODE_BUTTON}
              </Button>
            </Stack>
            <Text size="sm" c="dimmed">
              In demo mode you can go through the whole test, but nothing is recorded, and without a microphone your answers are usually not heard, so there may be no band estimate.
            </Text>
          </>
        ) : (
          <Group gap="sm" wrap="nowrap">
            <Loader size="sm" aria-hidden="true" />
            <Text>{screen.microphone === 'requesting' ? 'Requesting microphone access… Please allow it when the browser asks.' : 'Preparing the microphone check…'}</Text>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

export function RecordingIndicator({ demo, live }: { demo: boolean; live: boolean }) {
  if (demo) {
    return (
      <Badge color="gray.7" variant="filled" size="lg">
        Demo mode: not recording
      </Badge>
    );
  }
  return (
    <Badge
      color={live ? 'red.9' : 'teal.9'}
      variant="filled"
      size="lg"
      leftSection={<Box className={classes.recDot} data-live={live || undefined} aria-hidden="true" />}
    >
      {live ? 'Recording' : 'Microphone ready'}
    </Badge>
  );
}

/** Said once, on the ready card, where the browser cannot transcribe (issue 15). */
export function noTranscriptText(isApple: boolean): string {
  const where = isApple
    ? 'On iPhone, iPad and Mac this test does not use speech recognition'
    : 'This browser has no speech recognition';
  return `${where}: it records your answers but does not turn them into text, so there is no live transcript and no band estimate. Your recording is saved and your teacher scores it. For a transcript and an estimate, use Google Chrome or Microsoft Edge on a Windows, Linux or ChromeOS computer, or Chrome on an Android phone.`;
}

/** The ready stage: what happens next, and Start Test. */
export function ReadyCard({
  demo,
  isApple,
  transcriptionOff,
  onStart,
}: {
  demo: boolean;
  isApple: boolean;
  transcriptionOff: boolean;
  onStart: () => void;
}) {
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="ready-title">
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id="ready-title">
            Ready to start
          </Title>
          <RecordingIndicator demo={demo} live={false} />
        </Group>
        <Text>
          The test has three parts and takes about 12 minutes. The examiner reads each question aloud and it is shown on screen. Answer by speaking;
          a short pause of about 3 seconds ends your answer.
        </Text>
        {transcriptionOff ? (
          <Alert color="blue" variant="light" title="Recording only in this browser" data-testid="no-transcript-note">
            {noTranscriptText(isApple)}
          </Alert>
        ) : null}
        <ul className={classes.steps}>
          <li>Part 1: ten questions about yourself.</li>
          <li>Part 2: a cue card with 1 minute to prepare and 2 minutes to speak.</li>
          <li>Part 3: ten discussion questions.</li>
        </ul>
        <Text size="sm" c="dimmed">
          Stay on this page until the results appear: leaving or reloading ends the test.
        </Text>
        <Button size="md" onClick={onStart}>
          Start Test
        </Button>
      </Stack>
    </Paper>
  );
}

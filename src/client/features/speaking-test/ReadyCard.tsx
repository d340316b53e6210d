/* The /test page's ready stage (what happens next, Start Test) and the recording badge the parts show too. */
import { Badge, Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import classes from './TestPage.module.css';
import { STARTING_TEXT } from '../../../shared/speaking-test/constants';
import { PlainAlert } from '../../components/PlainAlert';
import { CANNOT_RECORD_TITLE, cannotRecordSentence } from '../../speech/recorder-support';

export function RecordingIndicator({ demo, live, failing = false }: { demo: boolean; live: boolean; failing?: boolean }) {
  if (demo || failing) {
    return (
      <Badge color={demo ? 'gray.7' : 'dark.6'} variant="filled" size="lg" className="wraps-label" data-testid="recording-badge">
        {demo ? 'Demo mode: not recording' : 'Not recording'}
      </Badge>
    );
  }
  return (
    <Badge
      color={live ? 'red.9' : 'teal.9'}
      variant="filled"
      size="lg"
      className="wraps-label"
      leftSection={<Box className={classes.recDot} data-live={live || undefined} aria-hidden="true" />}
      data-testid="recording-badge"
    >
      {live ? 'Recording' : 'Microphone ready'}
    </Badge>
  );
}

/** Demo mode has no microphone: nothing is recorded, so nothing is promised about a recording. */
export const DEMO_READY_TEXT = 'There is no microphone in demo mode: nothing you say is recorded or scored. You can go through the test to see how it works.';

/** Said once, on the ready card, where the browser cannot transcribe. */
export function noTranscriptText(isApple: boolean): string {
  const where = isApple
    ? 'On iPhone, iPad and Mac this test does not use speech recognition'
    : 'This browser has no speech recognition';
  return `${where}: it records your answers but does not turn them into text, so there is no live transcript and no band estimate. Your recording is saved and your teacher scores it. For a transcript and an estimate, use Google Chrome or Microsoft Edge on a Windows, Linux or ChromeOS computer, or Chrome on an Android phone.`;
}

/**
 * Said once, on the ready card, where the browser cannot record at all (found as the microphone was
 * granted): in place of the no-transcript note, which promises a recording.
 */
export function cannotRecordText(transcriptionOff: boolean): string {
  return cannotRecordSentence(transcriptionOff ? 'off' : 'live', { result: 'estimate', retake: 'test' });
}

/** The ready stage: what happens next, and Start Test. */
export function ReadyCard({
  demo,
  isApple,
  transcriptionOff,
  canRecord,
  onStart,
  onAboutToStart,
  starting = false,
}: {
  demo: boolean;
  isApple: boolean;
  transcriptionOff: boolean;
  /** False: this browser cannot record (the card says so, and what that means for the test). */
  canRecord: boolean;
  onStart: () => void;
  /** The pointer or the focus reached Start Test, or a finger touched it: the test's code starts loading. */
  onAboutToStart?: () => void;
  /** Start Test was pressed and the test's code is still loading: the button says so instead of seeming to ignore the press. */
  starting?: boolean;
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
        {demo ? (
          <PlainAlert color="gray" title="Demo mode" role="note" data-testid="demo-note">
            {DEMO_READY_TEXT}
          </PlainAlert>
        ) : !canRecord ? (
          <PlainAlert color="orange" title={CANNOT_RECORD_TITLE} role="note" data-testid="cannot-record-note">
            {cannotRecordText(transcriptionOff)}
          </PlainAlert>
        ) : transcriptionOff ? (
          <PlainAlert color="blue" title="Recording only in this browser" role="note" data-testid="no-transcript-note">
            {noTranscriptText(isApple)}
          </PlainAlert>
        ) : null}
        <ul className={classes.steps}>
          <li>Part 1: ten questions about yourself.</li>
          <li>Part 2: a cue card with 1 minute to prepare and 2 minutes to speak.</li>
          <li>Part 3: ten discussion questions.</li>
        </ul>
        <Text size="sm" c="dimmed">
          Stay on this page until the results appear: leaving or reloading ends the test.
        </Text>
        <div>
          <Button
            size="md"
            fullWidth
            // At least 44 px on a touch screen, as every button (global.css).
            className="wraps-label"
            onClick={onStart}
            onPointerEnter={onAboutToStart}
            onFocus={onAboutToStart}
            onTouchStart={onAboutToStart}
            loading={starting}
          >
            Start Test
          </Button>
          {/* Always there, so that a screen reader hears the sentence when it appears. */}
          <Text size="sm" c="dimmed" role="status" mt={starting ? 'xs' : 0} data-testid="start-status">
            {starting ? STARTING_TEXT : null}
          </Text>
        </div>
      </Stack>
    </Paper>
  );
}

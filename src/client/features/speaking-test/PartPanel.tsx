/* The part being taken: Part 1/3 question and live transcript, or the Part 2 cue card and its timers. */
import { Alert, Badge, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { PART2_NOTES_MAX_LENGTH, PART2_SPEAKING_MS } from '../../../shared/speaking-test/constants';
import { CUE_CARD_PROMPT_TEXT, PART2_ANNOUNCEMENT_TEXT, PART3_INTRO_TEXT } from '../../../shared/speaking-test/examiner-lines';
import { HeldButton } from '../../components/HeldButton';
import { PausedAlert } from '../../components/PausedAlert';
import { useFocusAfterPanel } from '../../lib/focus-after-panel';
import type { ScreenView, SpeakingTestState } from './flow';
import { RecordingIndicator } from './ReadyCard';
import classes from './TestPage.module.css';

export function formatCountdown(seconds: number): string {
  const s = Math.max(0, seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

export const TRY_AGAIN_BUTTON = 'Try again';
export const CONTINUE_WITHOUT_TRANSCRIPT_BUTTON = 'Continue without transcript';
export const REPEAT_QUESTION_BUTTON = 'Repeat the question';
export const FINISH_ANSWER_BUTTON = "I've finished my answer";

export interface PartPanelActions {
  onRetry: () => void;
  onContinueWithoutTranscript: () => void;
  /** After the page was hidden mid-question: the question is asked again (Part 2: its clock goes on). */
  onResume: () => void;
  onRepeat: () => void;
  onFinish: () => void;
  onNotes: (text: string) => void;
}

function statusText(state: SpeakingTestState, screen: ScreenView): string {
  const recordingOnly = screen.transcriptionOff;
  // "Being recorded" only where it is true: not in demo mode, nor once the recorder gave nothing.
  const recorded = !screen.demo && screen.recordingProblem === null;
  switch (state.phase) {
    case 'asking':
      return 'The examiner is asking the question…';
    case 'afterQuestion':
      return 'Get ready to answer…';
    case 'answering':
      return recordingOnly
        ? `Answer now${recorded ? ': your audio is being recorded' : ''}. A pause of about 3 seconds ends your answer.`
        : 'Listening… answer now. A pause of about 3 seconds ends your answer.';
    case 'part2Announcement':
      return 'The examiner is introducing Part 2…';
    case 'part2Preparation':
      return 'Preparation: think about what you will say. You may make notes.';
    case 'part2Speaking':
      return recordingOnly && recorded ? 'Speak now until the timer ends: your audio is being recorded.' : 'Speak now until the timer ends.';
    case 'part2HandOff':
      return 'Time is up.';
    case 'part3Intro':
    case 'part3IntroWait':
      return 'The examiner is introducing Part 3…';
    case 'recognitionFailed':
      return '';
    default:
      return screen.answering ? 'Listening…' : '';
  }
}

function Transcript({ state, screen }: { state: SpeakingTestState; screen: ScreenView }) {
  if (!screen.showTranscript) return null;
  const answer = state.answer;
  const finals = answer?.finals.map((f) => f.text).join(' ') ?? '';
  const interim = answer?.interim ?? '';
  return (
    <section aria-label="Live transcript" className={classes.transcript}>
      <Text size="xs" fw={700} tt="uppercase" c="dimmed" mb={4}>
        Live transcript
      </Text>
      <Text data-testid="live-transcript">
        {finals}
        {interim ? (
          <>
            {finals ? ' ' : ''}
            <em className={classes.interim}>{interim}</em>
          </>
        ) : null}
        {!finals && !interim ? <span className={classes.placeholder}>{screen.answering ? 'Your words appear here as you speak.' : '—'}</span> : null}
      </Text>
    </section>
  );
}

function Notes({ screen }: { screen: ScreenView }) {
  if (screen.notes.length === 0 && screen.recordingProblem === null) return null;
  return (
    <Stack gap="xs">
      {screen.recordingProblem !== null ? (
        <Alert color="orange" variant="light" title="Not recording" role="alert" data-testid="recording-problem">
          {screen.recordingProblem}
        </Alert>
      ) : null}
      {screen.notes.map((note) => (
        <Alert key={note} color="blue" variant="light">
          {note}
        </Alert>
      ))}
    </Stack>
  );
}

/** Speech recognition stopped mid-question: the spec's text, the question held, and the two ways on. */
function RecognitionFailurePanel({ screen, actions }: { screen: ScreenView; actions: PartPanelActions }) {
  const tryAgain = useRef<HTMLButtonElement>(null);
  const failed = screen.failure !== null;
  // The buttons replace what the student was doing: the first one takes the focus.
  useEffect(() => {
    if (failed) tryAgain.current?.focus();
  }, [failed]);
  if (!screen.failure) return null;
  const what = screen.failure.during === 'part2' ? 'The speaking timer is paused' : 'This question is paused';
  if (screen.failure.code === 'page-hidden') {
    return (
      <PausedAlert
        title="Test paused"
        why={screen.failure.message}
        then={
          screen.failure.during === 'part2'
            ? 'The speaking timer is paused. Continue when you are ready: it goes on from where it stopped.'
            : 'Continue when you are ready: the examiner asks this question again, and your answer is saved once.'
        }
        onContinue={actions.onResume}
        testId="recognition-failure"
      />
    );
  }
  return (
    <Alert color="red" variant="light" title="Speech recognition stopped" data-testid="recognition-failure">
      <Stack gap="sm">
        <Text size="sm">{screen.failure.message}</Text>
        <Text size="sm">
          {what} and your audio is still being recorded.{' '}
          {screen.failure.during === 'part2'
            ? 'Try again to go on speaking with a transcript, from where the timer stopped and with what you have said so far,'
            : 'Try again to ask the question again with a transcript,'}{' '}
          or continue without one: your answers are then recorded only, and your teacher scores them.
        </Text>
        <Group gap="sm" wrap="wrap">
          <Button ref={tryAgain} onClick={actions.onRetry}>
            {TRY_AGAIN_BUTTON}
          </Button>
          <Button variant="default" onClick={actions.onContinueWithoutTranscript}>
            {CONTINUE_WITHOUT_TRANSCRIPT_BUTTON}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function Part2Notes({ screen, onNotes }: { screen: ScreenView; onNotes: (text: string) => void }) {
  const box = screen.notesBox;
  if (!box) return null;
  return (
    <Textarea
      label="Your notes"
      description={box.editable ? 'Jot down a few words for each point. Your notes are kept with your test for your teacher.' : 'Your notes, to look at while you speak.'}
      value={box.text}
      readOnly={!box.editable}
      maxLength={PART2_NOTES_MAX_LENGTH}
      autosize
      minRows={3}
      maxRows={8}
      onChange={(event) => onNotes(event.currentTarget.value)}
      data-testid="part2-notes"
    />
  );
}

function CueCardTimers({ screen }: { screen: ScreenView }) {
  const phase = screen.part2Phase;
  const left = screen.countdownSeconds;
  const prepLeft = phase === 'preparation' ? left : phase === 'announcement' ? 60 : 0;
  const speakLeft = phase === 'speaking' ? left : phase === 'completed' ? 0 : 120;
  return (
    <div className={classes.timers}>
      <div className={classes.timer} data-active={phase === 'preparation' || undefined}>
        <Text size="sm" fw={600}>
          Preparation
        </Text>
        <span role="timer" aria-label="Preparation time left" className={classes.timerValue} data-testid="prep-timer">
          {formatCountdown(prepLeft ?? 0)}
        </span>
      </div>
      <div className={classes.timer} data-active={phase === 'speaking' || undefined}>
        <Text size="sm" fw={600}>
          Speaking
        </Text>
        <span role="timer" aria-label="Speaking time left" className={classes.timerValue} data-testid="speak-timer">
          {formatCountdown(speakLeft ?? 0)}
        </span>
        {screen.part2SpokenSeconds !== null ? (
          <Text size="sm" data-testid="part2-spoken">
            You have spoken {formatCountdown(screen.part2SpokenSeconds)} of {formatCountdown(PART2_SPEAKING_MS / 1000)}
          </Text>
        ) : null}
      </div>
    </div>
  );
}

export function PartPanel({ state, screen, actions }: { state: SpeakingTestState; screen: ScreenView; actions: PartPanelActions }) {
  const part = state.stage === 'part1' ? 1 : state.stage === 'part2' ? 2 : 3;
  const status = statusText(state, screen);
  const inPart3Intro = state.phase === 'part3Intro' || state.phase === 'part3IntroWait';
  // Continue or Try again goes with the failure's panel: the focus then goes to the question's first
  // button (held while it is asked again), else to the part's heading, not to the page's top.
  const panel = useFocusAfterPanel<HTMLElement>(screen.failure !== null);
  return (
    <Paper ref={panel} withBorder radius="lg" p="lg" component="section" aria-labelledby="part-title" data-testid={`part${part}-panel`}>
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <div>
            <Text size="sm" c="dimmed" fw={600}>
              Part {part}
            </Text>
            <Title order={2} size="h3" id="part-title" tabIndex={-1}>
              {screen.partTitle}
            </Title>
          </div>
          <RecordingIndicator demo={screen.demo} live failing={screen.recordingProblem !== null} />
        </Group>

        {screen.question ? (
          <div className={classes.question}>
            <Text size="sm" fw={600} c="dimmed">
              Question {screen.question.number} of {screen.question.of}
            </Text>
            <Text size="xl" fw={600} data-testid="question-text">
              {screen.question.text}
            </Text>
            <Group gap="sm" mt="xs" wrap="wrap">
              {/* Held, not disabled, between answers: the one just pressed keeps the focus into the next question. */}
              <HeldButton size="xs" variant="default" onClick={actions.onRepeat} unavailable={!screen.canRepeat}>{REPEAT_QUESTION_BUTTON}</HeldButton>
              <HeldButton size="xs" variant="filled" onClick={actions.onFinish} unavailable={!screen.canFinish}>{FINISH_ANSWER_BUTTON}</HeldButton>
              {screen.repeated ? (
                <Text size="xs" c="dimmed">
                  Repeated once at your request.
                </Text>
              ) : null}
            </Group>
          </div>
        ) : null}

        {inPart3Intro ? (
          <Text size="xl" fw={600} className={classes.question}>
            {PART3_INTRO_TEXT}
          </Text>
        ) : null}

        {part === 2 && screen.cueCard ? (
          <>
            {screen.part2Phase === 'announcement' ? <Text fw={600}>{PART2_ANNOUNCEMENT_TEXT}</Text> : null}
            <div className={classes.cueCard} data-testid="cue-card">
              <Text fw={700} size="lg">
                {screen.cueCard.topic}
              </Text>
              <Text size="sm" mt={6}>
                {CUE_CARD_PROMPT_TEXT}
              </Text>
              <ul className={classes.bullets}>
                {screen.cueCard.bullets.map((bullet) => (
                  <li key={bullet}>{bullet}</li>
                ))}
              </ul>
            </div>
            <CueCardTimers screen={screen} />
            <Part2Notes screen={screen} onNotes={actions.onNotes} />
          </>
        ) : null}

        {status ? (
          <Group gap="xs">
            {screen.answering ? (
              <Badge color="teal.9" variant="filled">
                {!screen.transcriptionOff ? 'Listening' : !screen.demo && screen.recordingProblem === null ? 'Recording' : 'Your turn'}
              </Badge>
            ) : null}
            <Text size="sm">{status}</Text>
          </Group>
        ) : null}

        {screen.answering || state.answer ? <Transcript state={state} screen={screen} /> : null}
        <RecognitionFailurePanel screen={screen} actions={actions} />
        <Notes screen={screen} />
        {screen.recognitionError ? (
          <Alert color="red" variant="light" title="Speech recognition">
            {screen.recognitionError}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}

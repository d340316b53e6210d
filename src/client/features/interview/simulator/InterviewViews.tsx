import { Alert, Badge, Box, Button, Group, Loader, Paper, Progress, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { bandText } from '../../../../shared/api/admin-attempts';
import { INTERVIEW_NO_TRANSCRIPT_TEXT } from '../../../../shared/interview/constants';
import {
  CLARITY_BEST_SENTENCE_WORDS,
  CLARITY_CONFIDENCE_RANGE,
  CLARITY_FILLER_RATIO_AT_ZERO,
  CLARITY_WEIGHTS,
  type InterviewScoreReport,
} from '../../../../shared/interview';
import { SavedRecordingEvidence } from '../../../components/attempt/SavedRecordingEvidence';
import type { OutboxStatus } from '../../../lib/outbox';
import type { ActiveViewModel, CompletedViewModel, PermissionViewModel, WelcomeViewModel } from '../flow';
import { timeAnnouncement } from './announcements';

/* The four views of /interview-simulator (SPEC.md section 2), rendered from the flow's view models. */

/** Light alerts keep a dark title: Mantine's light-variant title colour is too pale for WCAG AA. */
const alertStyles = { title: { color: 'var(--mantine-color-dark-7)' } } as const;

/** Said once, on the welcome view, where the browser cannot transcribe (issue 15). */
export const INTERVIEW_NO_TRANSCRIPT_NOTE =
  'This browser has no speech recognition: it records your answers but does not turn them into text, so there is no live transcript and no scores. Your teacher scores your recording. For a transcript and scores, use Google Chrome or Microsoft Edge on a computer, or Chrome on an Android phone.';

function Panel({ children, labelledBy }: { children: ReactNode; labelledBy: string }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby={labelledBy}>
      {children}
    </Paper>
  );
}

export function PermissionView({ model, requesting, onAllow }: { model: PermissionViewModel; requesting: boolean; onAllow: () => void }) {
  return (
    <Panel labelledBy="interview-title">
      <Stack gap="md" align="flex-start">
        <Title order={1} size="h2" id="interview-title">
          {model.title}
        </Title>
        <Text>
          The mock interview listens to your answers and records them. Please allow this page to use your microphone to
          continue.
        </Text>
        <Button onClick={onAllow} loading={requesting}>
          {model.buttonLabel}
        </Button>
      </Stack>
    </Panel>
  );
}

export function WelcomeView({ model, onStart }: { model: WelcomeViewModel; onStart: () => void }) {
  const plural = model.questionCount === 1 ? 'question' : 'questions';
  return (
    <Panel labelledBy="interview-title">
      <Stack gap="md">
        <Title order={1} size="h2" id="interview-title">
          Welcome{model.studentName ? `, ${model.studentName}` : ''}!
        </Title>
        <Text>
          {model.questionCount} {plural} have been prepared from your profile. The interviewer reads each question aloud and
          you answer by speaking.
        </Text>
        {model.transcriptionOff ? (
          <Alert color="blue" variant="light" title="Recording only in this browser" styles={alertStyles} data-testid="no-transcript-note">
            {INTERVIEW_NO_TRANSCRIPT_NOTE}
          </Alert>
        ) : null}
        <Text>The interview is recorded, and you get a transcript and the audio at the end.</Text>
        <Alert color="orange" variant="light" title="Stay on this page" styles={alertStyles}>
          Refreshing or navigating away ends your interview session and takes you back to the home page, where you sign in again.
        </Alert>
        {model.startDisabled ? (
          <Text c="red.8" size="sm" id="no-questions">
            There are no questions yet. Fill in your profile on the Interview Dashboard first.
          </Text>
        ) : null}
        <Group>
          <Button size="md" onClick={onStart} disabled={model.startDisabled} aria-describedby={model.startDisabled ? 'no-questions' : undefined}>
            {model.startLabel}
          </Button>
        </Group>
      </Stack>
    </Panel>
  );
}

export function ActiveView({ model, onToggleRecording, onNext }: { model: ActiveViewModel; onToggleRecording: () => void; onNext: () => void }) {
  const status = model.isSpeaking
    ? 'The interviewer is speaking'
    : model.questionText === ''
      ? 'Get ready for the next question'
      : model.isRecording
        ? 'Listening to your answer'
        : 'Recording stopped';
  return (
    <Panel labelledBy="interview-title">
      <Stack gap="md">
        <Group justify="space-between" align="center" wrap="wrap" gap="xs">
          <Title order={1} size="h2" id="interview-title">
            {model.title}
          </Title>
          <Badge size="lg" variant="light" color={model.remainingMs <= 60_000 ? 'red' : 'blue'} aria-label={`Time left ${model.countdown}`}>
            <span role="timer" aria-live="off">
              {model.countdown}
            </span>
          </Badge>
        </Group>
        <Stack gap={6}>
          <Text fw={600}>{model.questionLabel}</Text>
          <Progress value={model.progressPercent} aria-label={model.questionLabel} size="md" />
        </Stack>
        <VisuallyHidden aria-live="polite" aria-atomic="true">
          {model.questionLabel}. {status}.
        </VisuallyHidden>
        <VisuallyHidden aria-live="polite" aria-atomic="true">
          {timeAnnouncement(model.remainingMs)}
        </VisuallyHidden>
        <Paper bg="var(--mantine-color-gray-0)" p="md" radius="md" mih={80}>
          {model.questionText ? (
            <Text size="lg" fw={500} data-testid="current-question">
              {model.questionText}
            </Text>
          ) : (
            <Group gap="xs">
              <Loader size="xs" aria-hidden />
              <Text c="dimmed">The interviewer is getting ready…</Text>
            </Group>
          )}
          {model.isSpeaking ? (
            <Text size="sm" c="dimmed" mt="xs">
              The interviewer is speaking…
            </Text>
          ) : null}
        </Paper>
        <Group gap="sm" grow preventGrowOverflow={false} wrap="wrap">
          <Button
            variant={model.isRecording ? 'filled' : 'default'}
            color={model.isRecording ? 'red.8' : undefined}
            onClick={onToggleRecording}
            disabled={model.recordingButtonDisabled}
          >
            {model.recordingButtonLabel}
          </Button>
          <Button onClick={onNext} disabled={model.nextButtonDisabled}>
            {model.nextButtonLabel}
          </Button>
        </Group>
        {model.autoAdvanceLabel ? (
          <Text size="sm" c="blue.9" data-testid="auto-advance">
            {model.autoAdvanceLabel}
          </Text>
        ) : null}
        <Box component="section" aria-labelledby="live-transcript">
          <Group justify="space-between" mb={4}>
            <Title order={2} size="h4" id="live-transcript">
              Live Transcript
            </Title>
            {model.showListening ? (
              <Text size="sm" c="teal.9" fw={500}>
                Listening...
              </Text>
            ) : null}
          </Group>
          <Paper withBorder p="sm" radius="md" mih={96} data-testid="live-transcript">
            {model.transcriptionOff ? (
              <Text c="dimmed" size="sm">
                Recording only: this browser does not transcribe. A pause of about 3 seconds ends your answer, and the next question follows
                unless you speak again.
              </Text>
            ) : model.finalTranscript || model.interimTranscript ? (
              <Text>
                {model.finalTranscript}
                {model.finalTranscript && model.interimTranscript ? ' ' : ''}
                {model.interimTranscript ? (
                  <Text span fs="italic" c="dimmed">
                    {model.interimTranscript}
                  </Text>
                ) : null}
              </Text>
            ) : (
              <Text c="dimmed" size="sm">
                Your answer appears here as you speak.
              </Text>
            )}
          </Paper>
        </Box>
      </Stack>
    </Panel>
  );
}

const score = (value: number) => bandText('interview', value);
const percent = (fraction: number) => `${Math.round(fraction * 100)}%`;
const oneDecimal = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));

function SaveState({ status }: { status: OutboxStatus }) {
  if (status.state === 'saved') {
    return (
      <Text c="teal.9" size="sm" fw={500}>
        Saved.{status.recordingError ? ` The recording could not be uploaded (${status.recordingError}); the answers and scores are saved.` : ''}
      </Text>
    );
  }
  if (status.state === 'failed') {
    return (
      <Alert color="red" variant="light" styles={alertStyles} title="Error saving interview">
        {status.message}
      </Alert>
    );
  }
  if (status.state === 'pending') {
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

function ScoreCard({ label, value, children }: { label: string; value: number; children: ReactNode }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Group justify="space-between" align="baseline" wrap="nowrap">
        <Text fw={600}>{label}</Text>
        <Text fw={700} size="xl">
          {score(value)}
          <Text span size="sm" c="dimmed">
            {' '}
            / 9
          </Text>
        </Text>
      </Group>
      <Text size="sm" c="dimmed" mt={4}>
        {children}
      </Text>
    </Paper>
  );
}

/** The four scores and the figures behind each (issue #5 item 7). */
export function ScoreBreakdown({ report }: { report: InterviewScoreReport }) {
  const { scores, figures } = report;
  const clarity = figures.clarityParts;
  return (
    <Stack gap="sm" component="section" aria-labelledby="scores-title">
      <Group justify="space-between" align="baseline">
        <Title order={2} size="h3" id="scores-title">
          Your scores
        </Title>
        <Text fw={700}>
          Overall {score(scores.overall)} / 9
        </Text>
      </Group>
      <Text size="sm" c="dimmed">
        Overall is the rounded average of the four scores below, each from 0 to 9.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <ScoreCard label="Communication" value={scores.communication}>
          {oneDecimal(figures.averageWordsPerAnswer)} words per answer on average; 50 words per answer earns the full 9.
        </ScoreCard>
        <ScoreCard label="Confidence" value={scores.confidence}>
          {figures.totalWords} words in total; 1,000 words earns the full 9.
        </ScoreCard>
        <ScoreCard label="Relevance" value={scores.relevance}>
          How much each answer talks about its question and the profile details it names (shared content words, compared
          by word stem, common words ignored); an empty answer scores 0. Average over {figures.questionCount} {figures.questionCount === 1 ? 'question' : 'questions'}.
        </ScoreCard>
        <ScoreCard label="Clarity" value={scores.clarity}>
          {clarity === null
            ? 'Nothing was said, so clarity is 0.'
            : `Filler words ${percent(figures.fillerRatio)} of words (${figures.fillerCount}; ${percent(CLARITY_FILLER_RATIO_AT_ZERO)} or more scores nothing, weight ${CLARITY_WEIGHTS.fillers}); ` +
              `${oneDecimal(figures.averageSentenceLength)} words per sentence (${CLARITY_BEST_SENTENCE_WORDS.min}–${CLARITY_BEST_SENTENCE_WORDS.max} is best, weight ${CLARITY_WEIGHTS.sentenceLength}); ` +
              (figures.meanConfidence === null
                ? 'the recognizer reported no confidence, so the other two parts count alone.'
                : `recognizer confidence ${percent(figures.meanConfidence)} (${percent(CLARITY_CONFIDENCE_RANGE.low)} scores nothing, ${percent(CLARITY_CONFIDENCE_RANGE.high)} full, weight ${CLARITY_WEIGHTS.recognizerConfidence}).`)}
        </ScoreCard>
      </SimpleGrid>
      <details>
        <summary>
          <Text span size="sm" fw={500}>
            Relevance of each answer
          </Text>
        </summary>
        <Stack gap={6} mt="xs" component="ol" style={{ paddingInlineStart: '1.25rem', margin: 0 }}>
          {figures.relevance.map((item, index) => (
            <li key={index}>
              <Text size="sm">
                {item.question}{' '}
                <Text span fw={600}>
                  {score(item.score)} / 9
                </Text>
              </Text>
              <Text size="xs" c="dimmed">
                {item.wordCount === 0
                  ? 'No answer.'
                  : `${item.wordCount} words; matched ${item.matchedWords.length} of ${item.referenceTermCount} key words${item.matchedWords.length > 0 ? `: ${item.matchedWords.join(', ')}` : ''}.`}
              </Text>
            </li>
          ))}
        </Stack>
      </details>
    </Stack>
  );
}

export interface CompletedViewProps {
  model: CompletedViewModel;
  report: InterviewScoreReport | null;
  saveStatus: OutboxStatus;
  onDownloadTranscript: () => void;
  onDownloadAudio: () => void;
  preparingAudio: boolean;
  onBack: () => void;
  /** The saved attempt whose recording the server took (see savedRecordingAttemptId); null: no recording to show. */
  recordingAttemptId?: string | null;
}

export function CompletedView({ model, report, saveStatus, onDownloadTranscript, onDownloadAudio, preparingAudio, onBack, recordingAttemptId = null }: CompletedViewProps) {
  const minutes = model.durationMinutes;
  return (
    <Stack gap="lg">
      <Panel labelledBy="interview-title">
        <Stack gap="md">
          <Title order={1} size="h2" id="interview-title">
            {model.title}
          </Title>
          <Text>{model.message}</Text>
          <SimpleGrid cols={2} spacing="sm">
            <Paper withBorder p="sm" radius="md">
              <Text size="sm" c="dimmed">
                Total questions
              </Text>
              <Text fw={700} size="xl" data-testid="total-questions">
                {model.totalQuestions}
              </Text>
            </Paper>
            <Paper withBorder p="sm" radius="md">
              <Text size="sm" c="dimmed">
                Duration
              </Text>
              <Text fw={700} size="xl" data-testid="duration">
                {minutes} {minutes === 1 ? 'minute' : 'minutes'}
              </Text>
            </Paper>
          </SimpleGrid>
          <div aria-live="polite">
            {model.saveStatus === 'failed' && saveStatus.state === 'unknown' ? (
              <Text size="sm" c="dimmed">
                No question was asked, so there is nothing to save.
              </Text>
            ) : model.saveStatus === 'idle' ? null : (
              <SaveState status={saveStatus} />
            )}
          </div>
          {model.noTranscript ? (
            <Alert color="blue" variant="light" title="Your teacher will score this interview" styles={alertStyles} role="note">
              <Text size="sm" data-testid="awaiting-teacher">
                {INTERVIEW_NO_TRANSCRIPT_TEXT}
              </Text>
            </Alert>
          ) : null}
          {report && !report.assessable ? (
            <Alert color="orange" variant="light" title="Not enough speech to score" styles={alertStyles} role="note" data-testid="not-assessable">
              <Text size="sm">{report.reason}</Text>
            </Alert>
          ) : report ? (
            <ScoreBreakdown report={report} />
          ) : null}
          <Group gap="sm" grow preventGrowOverflow={false} wrap="wrap">
            <Button variant="default" onClick={onDownloadTranscript} disabled={model.totalQuestions === 0}>
              Download Transcript
            </Button>
            <Button variant="default" onClick={onDownloadAudio} disabled={model.downloadAudioDisabled} loading={preparingAudio}>
              Download Audio
            </Button>
            <Button onClick={onBack}>Back to Dashboard</Button>
          </Group>
        </Stack>
      </Panel>
      {recordingAttemptId === null ? null : <SavedRecordingEvidence attemptId={recordingAttemptId} />}
    </Stack>
  );
}

import { Alert, Anchor, Badge, Button, Group, List, Loader, Modal, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useEffect, useMemo, useState } from 'react';
import type { CriterionAnalysis } from '../../../../shared/api/admin-attempts';
import type { SpeakingTestAnswer } from '../../../../shared/speaking-test/answer';
import { PART_TITLES } from '../../../../shared/speaking-test/constants';
import type { NonAnswer } from '../../../../shared/speaking-test/non-answers';
import type { QuestionSet } from '../../../../shared/speaking-test/questions';
import { roundToHalfBand, scoreSpeakingTest, type SpeakingTestResult } from '../../../../shared/speaking-test/scoring';
import { savedRecordingAttemptId } from '../../../components/attempt/saved-recording';
import { SavedRecordingEvidence } from '../../../components/attempt/SavedRecordingEvidence';
import { AnswerText, CriterionCard, FiguresTable, formatPercent, MarksLegend, speechFigures, tallyMarks, tallyText } from '../../../components/scores';
import { useCurrentUser } from '../../../lib/auth/current-user';
import { saveFile } from '../../../lib/download';
import { toastError } from '../../../lib/notify';
import { browserOutbox, useOutboxStatus } from '../../../lib/outbox';
import { readStudentInfo } from '../../../lib/student-info';
import { useTestHistory } from './api';
import {
  AUDIO_FAILED_TITLE,
  audioDescriptionFile,
  NO_AUDIO_TEXT,
  NO_AUDIO_TITLE,
  recordingFile,
  transcriptFile,
  type TestFacts,
} from './downloads';
import { HistoryChart } from './HistoryChart';
import { hasEarlierTests, historySeries } from './history';
import { saveStatusView, type SaveTone } from './save-status';

export interface ResultsPanelProps {
  answers: SpeakingTestAnswer[];
  /** The test's questions (the cue card for the transcript and the audio description). */
  questions: QuestionSet;
  /** ms since epoch, Start Test pressed. */
  startedAt: number;
  /** ms since epoch. */
  completedAt: number;
  recording: { blob: Blob; mimeType: string } | null;
  /** Ran without a microphone. */
  demo: boolean;
  /** Some answers were recorded without a transcript: no estimate, the teacher scores them. */
  noTranscript?: boolean;
  /** The outbox id; null when nothing was submitted (e.g. no student info). */
  attemptId: string | null;
  /** The page signs out. */
  onTakeAnotherTest: () => void;
}

const CRITERIA = ['fluency', 'vocabulary', 'grammar', 'pronunciation'] as const;
const CRITERION_NAMES: Record<(typeof CRITERIA)[number], string> = {
  fluency: 'Fluency',
  vocabulary: 'Vocabulary',
  grammar: 'Grammar',
  pronunciation: 'Pronunciation',
};

const band = (value: number) => roundToHalfBand(value).toFixed(1);

function deviceTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The non-answer for this answer, if it was not counted. */
function nonAnswerOf(nonAnswers: readonly NonAnswer[], answer: Pick<SpeakingTestAnswer, 'part' | 'questionNumber'>): NonAnswer | undefined {
  return nonAnswers.find((item) => item.part === answer.part && item.questionNumber === answer.questionNumber);
}

/** Above the answers: how many were not counted and why that matters. */
function NonAnswersNote({ nonAnswers }: { nonAnswers: readonly NonAnswer[] }) {
  if (nonAnswers.length === 0) return null;
  const count = nonAnswers.length;
  return (
    <Alert color="yellow" variant="light" title={`${count} ${count === 1 ? 'answer was' : 'answers were'} not counted`} role="note" data-testid="non-answers">
      <Text size="sm">
        Only filler words, repeating what you said before, or talking about something else does not show your English, so{' '}
        {count === 1 ? 'this answer is' : 'these answers are'} left out of every figure below. Each is marked under &quot;Your answers&quot; with the reason.
      </Text>
    </Alert>
  );
}

const TONE_COLOR: Record<SaveTone, string> = { saved: 'teal', pending: 'blue', failed: 'red', warning: 'yellow' };

function SaveStatus({ attemptId }: { attemptId: string | null }) {
  const status = useOutboxStatus(attemptId);
  const [now, setNow] = useState(() => Date.now());
  const ticking = status.state === 'pending' && status.nextTryAt !== null;
  useEffect(() => {
    if (!ticking) return undefined;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [ticking]);
  const view = saveStatusView(attemptId, status, now);
  return (
    <Alert
      color={TONE_COLOR[view.tone]}
      variant="light"
      title={view.title}
     
      // Not Mantine's default role="alert": only the message below is announced, politely.
      role="group"
      icon={view.tone === 'pending' ? <Loader size={16} color="blue" aria-hidden /> : undefined}
      data-save-state={attemptId === null ? 'not-submitted' : status.state}
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
            <Button size="xs" variant="default" onClick={() => browserOutbox().retryNow(attemptId)}>
              Try again
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Alert>
  );
}

function criterionAnalyses(result: Extract<SpeakingTestResult, { assessable: true }>): CriterionAnalysis[] {
  return CRITERIA.map((name) => {
    const { criterion, base, band: value, rules, figures, advice } = result.criteria[name];
    return { criterion, base, band: value, rules, figures: { ...figures }, advice };
  });
}

function Bands({ result }: { result: Extract<SpeakingTestResult, { assessable: true }> }) {
  return (
    <Stack gap="sm">
      <Group gap="md" align="baseline" wrap="wrap">
        <Text fw={600}>Estimated overall band</Text>
        <Text fz={44} fw={800} lh={1} c="indigo.8" data-testid="overall-band">
          {band(result.bands.overall)}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        {CRITERIA.map((name) => (
          <Paper key={name} withBorder radius="md" p="sm" ta="center">
            <Text size="sm" c="dimmed">
              {CRITERION_NAMES[name]}
            </Text>
            <Text fz={26} fw={700} lh={1.2} data-testid={`${name}-band`}>
              {band(result.bands[name])}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        An estimate from the words recognised, not an official IELTS score. Overall is the mean of the four, to the nearest half band.
      </Text>
    </Stack>
  );
}

/** Without a transcript only the timings were measured (from the microphone's level). */
function TimingFigures({ result }: { result: SpeakingTestResult }) {
  const rows = speechFigures(result.metrics).filter(([name]) => name === 'Response time' || name === 'Speaking time');
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby="results-explained">
      <Stack gap="md">
        <Title order={2} size="h3" id="results-explained">
          What was measured
        </Title>
        <Text size="sm">
          Without a transcript, the test measured when you spoke from your microphone&apos;s sound. Your teacher listens to the recording for
          everything else.
        </Text>
        <FiguresTable caption="Timings from your whole test" rows={rows} />
      </Stack>
    </Paper>
  );
}

function Explained({ result, answers }: { result: SpeakingTestResult; answers: readonly SpeakingTestAnswer[] }) {
  // The figures are over the answers that count: so are the fillers and slips listed with them.
  const tally = useMemo(
    () => tallyMarks(answers.filter((answer) => nonAnswerOf(result.nonAnswers, answer) === undefined).map((answer) => answer.answer)),
    [answers, result.nonAnswers],
  );
  const fillerNote = tallyText(tally.fillers);
  const slipNote = tallyText(tally.slips);
  const figureNotes: Partial<Record<string, string>> = {
    fillerRatio: `${result.metrics.fillerWords} ${result.metrics.fillerWords === 1 ? 'filler' : 'fillers'}${fillerNote ? `: ${fillerNote}` : ''}`,
    grammarErrorRatio: `${result.metrics.grammarErrors} ${result.metrics.grammarErrors === 1 ? 'slip' : 'slips'}${slipNote ? `: ${slipNote}` : ''}`,
    uniqueWordRatio: `${result.metrics.uniqueWords} different words`,
  };
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby="results-explained">
      <Stack gap="md">
        <Title order={2} size="h3" id="results-explained">
          How your bands were worked out
        </Title>
        {result.assessable ? (
          <>
            <Text size="sm">
              Each band starts from a base and moves with what the figures show. Under each one: the figures it read and the one change that would
              raise it most.
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {criterionAnalyses(result).map((criterion) => (
                <CriterionCard key={criterion.criterion} criterion={criterion} figureNotes={figureNotes} />
              ))}
            </SimpleGrid>
          </>
        ) : null}
        <FiguresTable
          caption={result.nonAnswers.length > 0 ? 'The figures from the answers that were counted' : 'The figures from your whole test'}
          rows={speechFigures(result.metrics, tally)}
        />
        {result.metrics.fillerWords > 0 ? (
          <Text size="sm">
            Fillers were {formatPercent(result.metrics.fillerRatio)} of your words; they are highlighted in your answers below.
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

function Answers({
  answers,
  questions,
  noTranscript,
  nonAnswers,
}: {
  answers: readonly SpeakingTestAnswer[];
  questions: QuestionSet;
  noTranscript: boolean;
  nonAnswers: readonly NonAnswer[];
}) {
  const parts = ([1, 2, 3] as const).filter((part) => answers.some((answer) => answer.part === part));
  const cueCard = questions.part2[0];
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby="results-answers">
      <Stack gap="md">
        <Title order={2} size="h3" id="results-answers">
          Your answers
        </Title>
        {answers.length === 0 ? (
          <Text size="sm" c="dimmed">
            No answers were recorded.
          </Text>
        ) : (
          <>
            <MarksLegend />
            {parts.map((part) => (
              <Stack key={part} gap="sm" component="section" aria-labelledby={`results-part-${part}`}>
                <Title order={3} size="h4" id={`results-part-${part}`}>
                  Part {part}: {PART_TITLES[part]}
                </Title>
                <Stack gap="sm" component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
                  {answers
                    .filter((answer) => answer.part === part)
                    .map((answer) => (
                      <li key={`${answer.part}-${answer.questionNumber}`}>
                        <Stack gap={4}>
                          {part === 2 && cueCard ? (
                            <>
                              <Text size="sm" fw={600}>
                                Cue card: {cueCard.topic}
                              </Text>
                              <List size="sm" spacing={0}>
                                {cueCard.bullets.map((bullet) => (
                                  <List.Item key={bullet}>{bullet}</List.Item>
                                ))}
                              </List>
                            </>
                          ) : (
                            <Text size="sm" fw={600}>
                              Q{answer.questionNumber}. {answer.question}
                            </Text>
                          )}
                          {noTranscript && answer.answer.trim() === '' ? (
                            <Text size="sm" c="dimmed">
                              Recorded, not transcribed.
                            </Text>
                          ) : (
                            <AnswerText text={answer.answer} />
                          )}
                          <NotCounted nonAnswer={nonAnswerOf(nonAnswers, answer)} />
                          {answer.repeated ? (
                            <Text size="xs" c="dimmed">
                              You asked to hear this question again.
                            </Text>
                          ) : null}
                        </Stack>
                      </li>
                    ))}
                </Stack>
              </Stack>
            ))}
          </>
        )}
      </Stack>
    </Paper>
  );
}

/** Under an answer that was not counted: why. */
function NotCounted({ nonAnswer }: { nonAnswer: NonAnswer | undefined }) {
  if (!nonAnswer) return null;
  return (
    <Text size="sm" c="red.9" fw={500} data-testid="not-counted" data-kind={nonAnswer.kind}>
      Not counted: {nonAnswer.reason}
    </Text>
  );
}

function Progress({ attemptId, completedAt, overall }: { attemptId: string | null; completedAt: number; overall: number | null }) {
  const history = useTestHistory();
  const points = historySeries(history.data?.attempts, { attemptId, completedAt, overall });
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby="results-progress">
      <Stack gap="sm">
        <Title order={2} size="h3" id="results-progress">
          Your progress
        </Title>
        {history.isPending ? (
          <Group gap="xs">
            <Loader size="sm" aria-hidden />
            <Text size="sm">Loading your earlier tests…</Text>
          </Group>
        ) : history.isError ? (
          <Text size="sm" c="dimmed">
            Your earlier tests could not be loaded just now.
          </Text>
        ) : hasEarlierTests(points) ? (
          <HistoryChart points={points} />
        ) : (
          <Text size="sm">Your first test: take another later to see your progress.</Text>
        )}
        <Anchor component={Link} to="/progress" size="sm" w="fit-content">
          My progress: every attempt, each criterion over time, your teacher&apos;s feedback
        </Anchor>
      </Stack>
    </Paper>
  );
}

/** The recording's evidence (timeline, words, figures) once the attempt and its recording are saved; nothing in demo mode or unsaved. */
function RecordingSection({ attemptId, recordingSent }: { attemptId: string | null; recordingSent: boolean }) {
  const status = useOutboxStatus(attemptId);
  const savedId = savedRecordingAttemptId(attemptId, status, recordingSent);
  return savedId === null ? null : <SavedRecordingEvidence attemptId={savedId} />;
}

/**
 * 'Take Another Test' signs out. While the result is still being sent, that would leave it waiting
 * on this device until the student signs in here again (or lose it, when the browser keeps no
 * copy): ask first.
 */
function TakeAnotherTest({ attemptId, onTakeAnotherTest }: { attemptId: string | null; onTakeAnotherTest: () => void }) {
  const status = useOutboxStatus(attemptId);
  const [asking, setAsking] = useState(false);
  const unsent = status.state === 'pending';
  return (
    <>
      <Group>
        <Button onClick={() => (unsent ? setAsking(true) : onTakeAnotherTest())}>Take Another Test</Button>
      </Group>
      <Modal opened={asking && unsent} onClose={() => setAsking(false)} title="Your result is not saved yet" centered>
        <Stack gap="md">
          <Text>
            {status.state === 'pending' && status.memoryOnly
              ? 'This browser could not keep a copy of it: if you sign out now, this result is lost. Wait until it is saved, or download your transcript first.'
              : 'It is kept on this device and will be sent the next time you sign in here. Wait a moment and it may be saved now.'}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(false)}>
              Wait for it
            </Button>
            <Button color="red.9" onClick={onTakeAnotherTest}>
              Sign out anyway
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

export function ResultsPanel({ answers, questions, startedAt, completedAt, recording, demo, noTranscript = false, attemptId, onTakeAnotherTest }: ResultsPanelProps) {
  const result = useMemo(() => scoreSpeakingTest(answers, { transcript: !noTranscript }), [answers, noTranscript]);
  const { data: user } = useCurrentUser();
  const studentName = user?.actingStudent?.studentName ?? readStudentInfo()?.studentName ?? user?.displayName ?? 'Student';
  const facts: TestFacts = { studentName, answers, questions, startedAt, completedAt, timeZone: deviceTimeZone() };

  const downloadTranscript = () => {
    const file = transcriptFile(facts, result);
    saveFile(file.blob, file.fileName);
  };
  const downloadAudio = () => {
    const file = recordingFile(recording, completedAt, facts.timeZone);
    if (file === null) {
      toastError(NO_AUDIO_TITLE, NO_AUDIO_TEXT);
      return;
    }
    saveFile(file.blob, file.fileName);
  };
  const downloadAudioDescription = () => {
    let file;
    try {
      file = audioDescriptionFile(facts);
    } catch {
      const raw = recordingFile(recording, completedAt, facts.timeZone);
      toastError(AUDIO_FAILED_TITLE, raw ? 'The complete audio could not be described, so your recording is downloaded instead.' : NO_AUDIO_TEXT);
      if (raw) saveFile(raw.blob, raw.fileName);
      return;
    }
    if (file === null) {
      toastError(NO_AUDIO_TITLE, NO_AUDIO_TEXT);
      return;
    }
    saveFile(file.blob, file.fileName);
  };

  return (
    <Stack gap="lg" data-testid="results-panel">
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby="results-title">
        <Stack gap="md">
          <Group justify="space-between" align="center" wrap="wrap" gap="xs">
            <Title order={2} id="results-title">
              Test Complete!
            </Title>
            {demo ? (
              <Badge variant="light" color="gray" c="gray.8" size="lg">
                Demo mode (no microphone)
              </Badge>
            ) : null}
          </Group>
          <SaveStatus attemptId={attemptId} />
          {result.assessable ? (
            <Bands result={result} />
          ) : result.awaitingTeacher ? (
            <Alert color="blue" variant="light" title="Your teacher will score this test" role="note" data-testid="not-assessable">
              <Stack gap={4}>
                <Text size="sm" data-testid="awaiting-teacher">
                  {result.reason}
                </Text>
                <Text size="sm">Your recording is saved with your answers; fluency and pronunciation are judged from it too.</Text>
              </Stack>
            </Alert>
          ) : (
            <Alert color="orange" variant="light" title="Not enough speech for a band" role="note" data-testid="not-assessable">
              {result.reason}
            </Alert>
          )}
          <NonAnswersNote nonAnswers={result.nonAnswers} />
          {result.partNotes.map((note) => (
            <Alert key={note.part} color="gray" variant="light" title={`Part ${note.part}`} role="note">
              {note.message}
            </Alert>
          ))}
          <Group gap="sm" wrap="wrap">
            <Button variant="light" onClick={downloadTranscript}>
              Download Transcript
            </Button>
            <Button variant="light" onClick={downloadAudio}>
              Download Audio
            </Button>
            <Button variant="subtle" onClick={downloadAudioDescription}>
              Download Audio Timeline
            </Button>
          </Group>
          <TakeAnotherTest attemptId={attemptId} onTakeAnotherTest={onTakeAnotherTest} />
        </Stack>
      </Paper>
      {/* No attempt id: no student is known here (a teacher without a student's access), so no history either. */}
      {attemptId !== null && <Progress attemptId={attemptId} completedAt={completedAt} overall={result.assessable ? result.bands.overall : null} />}
      <RecordingSection attemptId={attemptId} recordingSent={!demo && recording !== null && recording.blob.size > 0} />
      {noTranscript ? <TimingFigures result={result} /> : <Explained result={result} answers={answers} />}
      <Answers answers={answers} questions={questions} noTranscript={noTranscript} nonAnswers={result.nonAnswers} />
    </Stack>
  );
}

export default ResultsPanel;

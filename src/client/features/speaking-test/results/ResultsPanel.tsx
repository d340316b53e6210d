/*
 * SPEC.md section 2, /test, 'Test Complete!': the estimated bands (or why there are none), the
 * answers, the downloads and Take Another Test; beyond the spec, whether the attempt is saved, the
 * student's progress and the recording's evidence. It opens with a summary a student can act on
 * (Bands.tsx: overall band, a line per criterion, what to work on next, listen back) that fits a
 * phone's first screen; how the bands were worked out is folded below it (Explained.tsx). Each
 * section is its own component in this folder.
 */
import { Alert, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { SpeakingTestAnswer } from '../../../../shared/speaking-test/answer';
import type { QuestionSet } from '../../../../shared/speaking-test/questions';
import type { SpeakingTestResult } from '../../../../shared/speaking-test/scoring';
import { Answers } from './Answers';
import { Bands, LISTEN_BACK_ID } from './Bands';
import { DownloadButtons } from './DownloadButtons';
import { Explained, TimingFigures } from './Explained';
import { NonAnswersNote } from './NonAnswers';
import { Progress } from './Progress';
import { recordingSentence } from './recording-sentence';
import { RecordingSection } from './RecordingSection';
import { SavedScores } from './SavedScores';
import { SaveChip, SaveStatus } from './SaveStatus';
import { TakeAnotherTest } from './TakeAnotherTest';

export interface ResultsPanelProps {
  answers: SpeakingTestAnswer[];
  /** The estimate, worked out once when the test completed (the same the save sends). */
  result: SpeakingTestResult;
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
  /** The outbox id; null when nothing was submitted (e.g. no student info), or not yet (`saving`). */
  attemptId: string | null;
  /** The save is under way (the flow's saveStatus is 'saving'). */
  saving?: boolean;
  /** The page signs out. */
  onTakeAnotherTest: () => void;
}

export function ResultsPanel({ answers, result, questions, startedAt, completedAt, recording, demo, noTranscript = false, attemptId, saving = false, onTakeAnotherTest }: ResultsPanelProps) {
  const recorded = !demo && recording !== null && recording.blob.size > 0;
  const awaitingTeacher = !result.assessable && result.awaitingTeacher;
  const aboutRecording = recordingSentence({ recorded, demo, awaitingTeacher });
  return (
    <Stack gap="lg" data-testid="results-panel">
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby="results-title">
        <Stack gap="md">
          <Group justify="space-between" align="center" wrap="wrap" gap="xs">
            <Title order={2} id="results-title">
              Test Complete!
            </Title>
            <Group gap="xs">
              {demo ? (
                <Badge variant="light" color="gray" c="gray.8" size="lg">
                  Demo mode (no microphone)
                </Badge>
              ) : null}
              <SaveChip attemptId={attemptId} submitting={saving} />
            </Group>
          </Group>
          {result.assessable ? (
            <Bands result={result} canListenBack={recorded} />
          ) : result.awaitingTeacher && !recorded && !demo ? (
            <Alert color="orange" variant="light" title="Nothing to score" role="note" data-testid="not-assessable">
              <Text size="sm" data-testid="recording-sentence">
                {aboutRecording}
              </Text>
            </Alert>
          ) : result.awaitingTeacher ? (
            <Alert color="blue" variant="light" title="Your teacher will score this test" role="note" data-testid="not-assessable">
              <Stack gap={4}>
                <Text size="sm" data-testid="awaiting-teacher">
                  {result.reason}
                </Text>
                {aboutRecording !== null ? (
                  <Text size="sm" data-testid="recording-sentence">
                    {aboutRecording}
                  </Text>
                ) : null}
              </Stack>
            </Alert>
          ) : (
            <Alert color="orange" variant="light" title="Not enough speech for a band" role="note" data-testid="not-assessable">
              {result.reason}
            </Alert>
          )}
          {aboutRecording !== null && !awaitingTeacher ? (
            <Alert color="orange" variant="light" title="No recording" role="note" data-testid="recording-sentence">
              {aboutRecording}
            </Alert>
          ) : null}
          <SaveStatus attemptId={attemptId} submitting={saving} />
          <SavedScores attemptId={attemptId} result={result} />
          <NonAnswersNote nonAnswers={result.nonAnswers} />
          {result.partNotes.map((note) => (
            <Alert key={note.part} color="gray" variant="light" title={`Part ${note.part}`} role="note">
              {note.message}
            </Alert>
          ))}
          <DownloadButtons answers={answers} questions={questions} startedAt={startedAt} completedAt={completedAt} recording={recording} result={result} noTranscript={noTranscript} />
          <TakeAnotherTest attemptId={attemptId} onTakeAnotherTest={onTakeAnotherTest} />
        </Stack>
      </Paper>
      {noTranscript ? <TimingFigures result={result} recorded={recorded} /> : <Explained result={result} answers={answers} />}
      {recorded ? (
        <div id={LISTEN_BACK_ID} tabIndex={-1}>
          <RecordingSection attemptId={attemptId} recordingSent={recorded} />
        </div>
      ) : null}
      {/* No attempt id: no student is known here (a teacher without a student's access), so no history either. */}
      {attemptId !== null && <Progress attemptId={attemptId} completedAt={completedAt} overall={result.assessable ? result.bands.overall : null} />}
      <Answers answers={answers} questions={questions} noTranscript={noTranscript} recorded={recorded} nonAnswers={result.nonAnswers} />
    </Stack>
  );
}

export default ResultsPanel;

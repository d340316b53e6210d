import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { InterviewScoreReport } from '../../../../shared/interview';
import { savedScoresNote, scoreLabelsOf } from '../../../components/attempt/saved-scores';
import { SavedRecordingEvidence } from '../../../components/attempt/SavedRecordingEvidence';
import type { OutboxStatus } from '../../../lib/outbox';
import type { CompletedViewModel } from '../flow';
import { NotCountedNote } from './NotCountedNote';
import { alertStyles, Panel } from './Panel';
import { SaveState } from './SaveState';
import { ScoreBreakdown } from './ScoreBreakdown';

/* View 4 of /interview-simulator, 'Completed' (SPEC.md section 2). */

export interface CompletedViewProps {
  model: CompletedViewModel;
  report: InterviewScoreReport | null;
  saveStatus: OutboxStatus;
  /** The outbox id of the save (Try again sends it afresh); null before it is submitted. */
  attemptId?: string | null;
  onDownloadTranscript: () => void;
  onDownloadAudio: () => void;
  preparingAudio: boolean;
  onBack: () => void;
  /** The saved attempt whose recording the server took (see savedRecordingAttemptId); null: no recording to show. */
  recordingAttemptId?: string | null;
}

export function CompletedView({ model, report, saveStatus, onDownloadTranscript, onDownloadAudio, preparingAudio, onBack, recordingAttemptId = null, attemptId = null }: CompletedViewProps) {
  const minutes = model.durationMinutes;
  const savedNote = report ? savedScoresNote('interview', saveStatus, report.assessable ? { ...report.scores } : null, scoreLabelsOf('interview')) : null;
  return (
    <Stack gap="lg">
      <Panel labelledBy="interview-title" takesFocus>
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
              <SaveState status={saveStatus} attemptId={attemptId} />
            )}
          </div>
          {model.recordingNote ? (
            <Alert color={model.recordingNote.tone === 'teacher' ? 'blue' : 'orange'} variant="light" title={model.recordingNote.title} styles={alertStyles} role="note">
              <Text size="sm" data-testid={model.recordingNote.tone === 'teacher' ? 'awaiting-teacher' : 'recording-note'}>
                {model.recordingNote.text}
              </Text>
            </Alert>
          ) : null}
          {savedNote ? (
            <Alert color="blue" variant="light" title="Saved scores" styles={alertStyles} role="note" data-testid="saved-scores">
              <Text size="sm">{savedNote}</Text>
            </Alert>
          ) : null}
          {report && !report.assessable ? (
            <Alert color="orange" variant="light" title={report.nonAnswers.length > 0 ? 'No scores' : 'Not enough speech to score'} styles={alertStyles} role="note" data-testid="not-assessable">
              <Text size="sm">{report.reason}</Text>
            </Alert>
          ) : report ? (
            <ScoreBreakdown report={report} />
          ) : null}
          {report ? <NotCountedNote nonAnswers={report.nonAnswers} questions={report.figures.relevance.map((item) => item.question)} /> : null}
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

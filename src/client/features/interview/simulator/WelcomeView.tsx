import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { INTERVIEW_NO_TRANSCRIPT_END_TEXT } from '../../../../shared/interview/constants';
import { CANNOT_RECORD_TITLE, cannotRecordSentence } from '../../../speech/recorder-support';
import type { WelcomeViewModel } from '../flow';
import { alertStyles, Panel } from './Panel';

/* View 2 of /interview-simulator, 'Welcome' (SPEC.md section 2). */

/** Said once, on the welcome view, where the browser cannot transcribe. */
export const INTERVIEW_NO_TRANSCRIPT_NOTE =
  'This browser has no speech recognition: it records your answers but does not turn them into text, so there is no live transcript and no scores. Your teacher scores your recording. For a transcript and scores, use Google Chrome or Microsoft Edge on a computer, or Chrome on an Android phone.';

/**
 * Said once, on the welcome view, where the browser cannot record at all (found as the microphone was
 * granted): in place of the no-transcript note, which promises a recording.
 */
export function interviewCannotRecordNote(transcriptionOff: boolean): string {
  return cannotRecordSentence(transcriptionOff ? 'off' : 'live', { result: 'scores', retake: 'interview' });
}

/** What the student gets at the end, said under the notes. */
function endText(model: WelcomeViewModel): string {
  if (!model.canRecord) return model.transcriptionOff ? 'There is no transcript and no audio at the end.' : 'You get a transcript at the end, but no audio.';
  return model.transcriptionOff ? INTERVIEW_NO_TRANSCRIPT_END_TEXT : 'The interview is recorded, and you get a transcript and the audio at the end.';
}

export function WelcomeView({ model, onStart }: { model: WelcomeViewModel; onStart: () => void }) {
  const plural = model.questionCount === 1 ? 'question' : 'questions';
  return (
    <Panel labelledBy="interview-title" takesFocus>
      <Stack gap="md">
        <Title order={1} size="h2" id="interview-title">
          Welcome{model.studentName ? `, ${model.studentName}` : ''}!
        </Title>
        <Text>
          {model.questionCount} {plural} have been prepared from your profile. The interviewer reads each question aloud and
          you answer by speaking.
        </Text>
        {!model.canRecord ? (
          <Alert color="orange" variant="light" title={CANNOT_RECORD_TITLE} styles={alertStyles} role="note" data-testid="cannot-record-note">
            {interviewCannotRecordNote(model.transcriptionOff)}
          </Alert>
        ) : model.transcriptionOff ? (
          <Alert color="blue" variant="light" title="Recording only in this browser" styles={alertStyles} role="note" data-testid="no-transcript-note">
            {INTERVIEW_NO_TRANSCRIPT_NOTE}
          </Alert>
        ) : null}
        <Text>{endText(model)}</Text>
        <Alert color="orange" variant="light" title="Stay on this page" styles={alertStyles} role="note">
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

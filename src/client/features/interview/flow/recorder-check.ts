import {
  judgeRecorder,
  recorderToasts,
  RECORDING_CHECK_DELAY_MS,
  RECORDING_RECHECK_MS,
  recordingProblemSentence,
} from '../../../speech/recorder-check';
import { isInterviewRunning } from './interview-state';
import type { InterviewDraft, InterviewState } from './types';

/*
 * The interview's recorder check, on the rule both voice flows share (src/client/speech/recorder-check.ts):
 * 5 s after Start and then 5 s after each check is answered while the interview runs. The state says what is
 * true (`recorder`), the active view and a toast tell the student, the completed view and the save
 * say what was made. The recording starts only after the greeting and the first question, and
 * pauses between answers: the edge's time recorded leaves those out (simulator/effects.ts).
 */

const TOASTS = recorderToasts('interview');

/** At Start. */
export function scheduleRecordingCheck(draft: InterviewDraft): void {
  draft.schedule('recordingCheck', RECORDING_CHECK_DELAY_MS);
}

/** TIMER recordingCheck: the edge counts the recorder's pieces (RECORDING_CHECKED). */
export function onRecordingCheckTimer(draft: InterviewDraft): void {
  if (!isInterviewRunning(draft.state)) return;
  draft.emit({ type: 'checkRecording' });
}

/** RECORDING_CHECKED: the shared rule's verdict; a failure is told once by a toast, and by the active view while it lasts. */
export function onRecordingChecked(draft: InterviewDraft, chunkCount: number, recordedMs: number): void {
  if (!isInterviewRunning(draft.state)) return;
  const { recorder, tell } = judgeRecorder(draft.state.recorder, chunkCount, recordedMs);
  draft.state.recorder = recorder;
  if (tell !== null) draft.emit({ type: 'toast', kind: 'error', title: TOASTS[tell].title, message: TOASTS[tell].text });
  draft.schedule('recordingCheck', RECORDING_RECHECK_MS);
}

/** What the active view says while the recorder gives nothing (null while it records, or before it can tell). */
export function recordingProblem(state: Pick<InterviewState, 'recorder' | 'transcription'>): { title: string; text: string } | null {
  const { status } = state.recorder;
  const text = recordingProblemSentence(status, state.transcription, { result: 'scores', retake: 'interview' });
  if (text === null) return null;
  return { title: TOASTS[status === 'none' ? 'none' : 'stopped'].title, text };
}

/*
 * The speaking test's recorder check, on the rule both voice flows share (src/client/speech/
 * recorder-check.ts): SPEC.md section 4 ("Apple devices") asks for a check 5 s after Start Test with
 * the 'Recording Notice' toast; every device is checked then, and 5 s after each check is answered while the
 * test runs. The state says what is true (`recorder`), the screen tells the student (selectors.ts),
 * and the save tells the server when no recording was made. Not checked in demo mode, which records
 * nothing.
 */
import { judgeRecorder, recorderToasts, RECORDING_CHECK_DELAY_MS, RECORDING_RECHECK_MS, recordingProblemSentence } from '../../../speech/recorder-check.js';
import { RECORDING_NOTICE_TOAST } from './apple.js';
import { addToast } from './toasts.js';
import type { SpeakingTestDraft, SpeakingTestState } from './types.js';

const TOASTS = recorderToasts('test');

/** At Start Test. */
export function scheduleRecordingCheck(draft: SpeakingTestDraft): void {
  if (draft.state.microphone.demo) return;
  draft.schedule('recordingCheck', RECORDING_CHECK_DELAY_MS);
}

/** TIMER recordingCheck: the edge counts the recorder's pieces (RECORDING_CHECKED). */
export function onRecordingCheckTimer(draft: SpeakingTestDraft): void {
  const stage = draft.state.stage;
  if (stage === 'setup' || stage === 'ready' || stage === 'complete' || draft.state.microphone.demo) return;
  draft.emit({ type: 'checkRecording' });
}

/** RECORDING_CHECKED: the shared rule's verdict; a failure is told once by a toast, and by a note on the screen while it lasts. */
export function onRecordingChecked(draft: SpeakingTestDraft, chunkCount: number, recordedMs: number): void {
  const state = draft.state;
  if (state.stage === 'complete') return;
  const { recorder, tell } = judgeRecorder(state.recorder, chunkCount, recordedMs);
  state.recorder = recorder;
  // Apple devices keep the spec's own notice; every other device gets the same news in plain words.
  if (tell === 'none' && state.device === 'apple') addToast(draft, { ...RECORDING_NOTICE_TOAST, variant: 'default' });
  else if (tell !== null) addToast(draft, { title: TOASTS[tell].title, description: TOASTS[tell].text, variant: 'destructive' });
  draft.schedule('recordingCheck', RECORDING_RECHECK_MS);
}

/** What the screen says while the recorder gives nothing (null while it records, or before it can tell). */
export function recordingProblemText(state: Pick<SpeakingTestState, 'recorder' | 'transcription'>): string | null {
  return recordingProblemSentence(state.recorder.status, state.transcription, { result: 'estimate', retake: 'test' });
}

/* SPEC.md section 8, "Recording and saving": the 'Recording Error' toast when the recorder cannot start. */
import { addToast } from './toasts.js';
import type { SpeakingTestDraft } from './types.js';

export const RECORDING_ERROR_TEXT = {
  apple: 'Audio recording setup failed. Please ensure microphone permissions are granted in Safari settings.',
  other: 'Audio recording may not be available in this browser.',
} as const;

export function onRecordingError(draft: SpeakingTestDraft): void {
  const { device, canRecord } = draft.state;
  // The spec's Apple text sends the student to the microphone's permission in Safari's settings. Where
  // the browser was found unable to record as the microphone was granted (the page then said it is
  // ready, and the ready card that nothing can be recorded), that is not the cause: the spec's other
  // text, which says this browser may not record, is told instead (docs/spec-notes.md).
  const text = RECORDING_ERROR_TEXT[device === 'apple' && canRecord ? 'apple' : 'other'];
  // Nothing will be recorded: the recording check says so on the screen without a second toast.
  draft.state.recorder = { status: 'none', chunks: 0, countedAtMs: 0 };
  addToast(draft, { title: 'Recording Error', description: text, variant: 'destructive' });
}

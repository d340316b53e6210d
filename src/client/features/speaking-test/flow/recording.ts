/* SPEC.md section 8, "Recording and saving": the 'Recording Error' toast when the recorder cannot start. */
import { addToast } from './toasts.js';
import type { SpeakingTestDraft } from './types.js';

export const RECORDING_ERROR_TEXT = {
  apple: 'Audio recording setup failed. Please ensure microphone permissions are granted in Safari settings.',
  other: 'Audio recording may not be available in this browser.',
} as const;

export function onRecordingError(draft: SpeakingTestDraft): void {
  const text = RECORDING_ERROR_TEXT[draft.state.device === 'apple' ? 'apple' : 'other'];
  // Nothing will be recorded: the recording check says so on the screen without a second toast.
  draft.state.recorder = { status: 'none', chunks: 0, countedAtMs: 0 };
  addToast(draft, { title: 'Recording Error', description: text, variant: 'destructive' });
}

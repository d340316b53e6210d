/*
 * Whether the recorder is making a recording, in every browser. SPEC.md section 4 ("Apple devices")
 * asks for a check 5 s after Start Test with the 'Recording Notice' toast; a recorder that yields
 * nothing (a missing plugin, a broken encoder) or stops yielding is possible in any browser, so
 * every device is checked at 5 s and then every RECORDING_RECHECK_MS while the test runs. The
 * state says what is true (`recorder`), the screen tells the student (selectors.ts), and the save
 * tells the server when no recording was made. Not checked in demo mode, which records nothing.
 */
import { APPLE_RECORDING_CHECK_DELAY_MS } from '../../../../shared/speaking-test/constants.js';
import { RECORDING_NOTICE_TOAST } from './apple.js';
import { addToast } from './toasts.js';
import type { SpeakingTestDraft, SpeakingTestState } from './types.js';

/** Between later checks: the recorder hands over a piece every second, so 5 s without one is a stop. */
export const RECORDING_RECHECK_MS = 5_000;

export const NO_RECORDING_TOAST = {
  title: 'No recording',
  description: 'This device is not recording your answers. Use Chrome if you can, or retake the test on another device.',
} as const;
export const RECORDING_STOPPED_TOAST = {
  title: 'Recording stopped',
  description: 'This device stopped recording your answers. Use Chrome if you can, or retake the test on another device.',
} as const;

/** At Start Test. */
export function scheduleRecordingCheck(draft: SpeakingTestDraft): void {
  if (draft.state.microphone.demo) return;
  draft.schedule('recordingCheck', APPLE_RECORDING_CHECK_DELAY_MS);
}

/** TIMER recordingCheck: the edge counts the recorder's pieces (RECORDING_CHECKED). */
export function onRecordingCheckTimer(draft: SpeakingTestDraft): void {
  const stage = draft.state.stage;
  if (stage === 'setup' || stage === 'ready' || stage === 'complete' || draft.state.microphone.demo) return;
  draft.emit({ type: 'checkRecording' });
}

/**
 * RECORDING_CHECKED: no piece at all is 'none'; no new piece since the last check is 'stopped'; each
 * is told once (a toast, and a note on the screen while it lasts). Pieces again are 'yielding'.
 */
export function onRecordingChecked(draft: SpeakingTestDraft, chunkCount: number): void {
  const state = draft.state;
  if (state.stage === 'complete') return;
  const before = state.recorder;
  if (chunkCount === 0) {
    state.recorder = { status: 'none', chunks: 0 };
    if (before.status !== 'none') {
      // Apple devices keep the spec's own notice; every other device gets the same news in plain words.
      if (state.device === 'apple') addToast(draft, { ...RECORDING_NOTICE_TOAST, variant: 'default' });
      else addToast(draft, { ...NO_RECORDING_TOAST, variant: 'destructive' });
    }
  } else if (chunkCount === before.chunks && before.status !== 'unknown') {
    state.recorder = { status: 'stopped', chunks: chunkCount };
    if (before.status !== 'stopped') addToast(draft, { ...RECORDING_STOPPED_TOAST, variant: 'destructive' });
  } else {
    state.recorder = { status: 'yielding', chunks: chunkCount };
  }
  draft.schedule('recordingCheck', RECORDING_RECHECK_MS);
}

/** What the screen says while the recorder gives nothing (null while it records, or before the first check). */
export function recordingProblemText(state: Pick<SpeakingTestState, 'recorder' | 'transcription'>): string | null {
  const status = state.recorder.status;
  if (status !== 'none' && status !== 'stopped') return null;
  const what = status === 'none' ? 'No recording is being made on this device' : 'The recording stopped on this device';
  const consequence =
    state.transcription === 'live'
      ? 'your answers are still transcribed for your estimate, but your teacher cannot listen to them'
      : 'your answers are not transcribed either, so they cannot be scored';
  return `${what}: ${consequence}. Use Chrome if you can, or retake the test on another device.`;
}

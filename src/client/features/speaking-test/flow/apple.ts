/*
 * SPEC.md section 4, "Apple devices": speech recognition is blocked (the test starts with
 * transcription 'off', see initial-state.ts); a placeholder note says audio is being recorded and
 * the test continues; a recording check runs 5 s after start ('Recording Notice', section 8).
 */
import { APPLE_RECORDING_CHECK_DELAY_MS } from '../../../../shared/speaking-test/constants.js';
import { addToast, type Draft } from './draft.js';
import { schedule } from './timers.js';

export const APPLE_PLACEHOLDER_NOTE = 'Speech recognition is not available on this device. Your audio is being recorded and the test will continue.';
export const RECORDING_NOTICE_TOAST = {
  title: 'Recording Notice',
  description: 'No audio has been recorded yet. Please check that the microphone is allowed in Safari settings.',
} as const;

/** At Start Test. */
export function scheduleAppleRecordingCheck(draft: Draft): void {
  if (draft.state.device === 'apple') draft.commands.push(schedule('appleRecordingCheck', APPLE_RECORDING_CHECK_DELAY_MS));
}

/** TIMER appleRecordingCheck: the edge looks whether the recorder has chunks (RECORDING_CHECKED). */
export function onAppleRecordingCheck(draft: Draft): void {
  const state = draft.state;
  if (state.device === 'apple' && state.stage !== 'setup' && state.stage !== 'ready') draft.commands.push({ type: 'checkRecording' });
}

export function onRecordingChecked(draft: Draft, hasChunks: boolean): void {
  if (!hasChunks) addToast(draft, { ...RECORDING_NOTICE_TOAST, variant: 'default' });
}

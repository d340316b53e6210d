/*
 * SPEC.md section 4, "Apple devices": speech recognition is blocked (the test starts with
 * transcription 'off', see initial-state.ts); a placeholder note says audio is being recorded and
 * the test continues; a recording check runs 5 s after start ('Recording Notice', section 8), on
 * every device since (recorder-check.ts).
 */

export const APPLE_PLACEHOLDER_NOTE = 'Speech recognition is not available on this device. Your audio is being recorded and the test will continue.';
export const RECORDING_NOTICE_TOAST = {
  title: 'Recording Notice',
  description: 'No audio has been recorded yet. Please check that the microphone is allowed in Safari settings.',
} as const;

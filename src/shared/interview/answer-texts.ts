/*
 * What a saved interview answer reads when it holds no words (spec section 3, and ours beyond it):
 * apart from the simulator's constants (constants.ts), so the pages that show saved answers (the
 * teacher's attempt page, My progress) do not carry the simulator's texts and timings.
 */

/** Stands for an empty answer in the transcript and the recorded answer (spec section 3). */
export const NO_RESPONSE_TEXT = 'No response recorded';
/** Beyond the spec: an answer heard in the microphone where the browser cannot transcribe. */
export const NOT_TRANSCRIBED_TEXT = 'Answered aloud (recorded, not transcribed)';
/** Beyond the spec: an answer heard in the microphone while the device was neither transcribing nor recording. */
export const NOT_RECORDED_TEXT = 'Answered aloud (neither recorded nor transcribed on this device)';

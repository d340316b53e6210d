/* The limits of a saved attempt, without Zod: the test page shapes what it sends with them without loading the contracts' library (decision 0023). */

/** A saved test has Part 1 (10) + Part 2 (1) + Part 3 (10) answers; a little room for changes. */
export const TEST_MAX_ANSWERS = 30;
export const TEST_TRANSCRIPT_MAX_ENTRIES = 200;
/** A whole speaking test is about 15 minutes; anything past 2 hours is a broken clock. */
export const TEST_DURATION_MAX_SECONDS = 2 * 3600;
/** Largest recording accepted: a 30-minute interview in AAC at 128 kbit/s is about 29 MB. */
export const RECORDING_MAX_BYTES = 40 * 1024 * 1024;

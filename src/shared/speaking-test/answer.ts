import { z } from '../zod.js';
import { TEST_DURATION_MAX_SECONDS } from '../api/attempts-limits.js';
import { requiredOr } from '../api/common.js';

/** Longest answer accepted in a saved payload; a two-minute turn is about 2,000 characters. */
export const ANSWER_TEXT_MAX_LENGTH = 20_000;
/** No single answer is longer than the test; larger times are measurement errors. */
export const ANSWER_TIME_MAX_MS = 30 * 60_000;

/** More holds than this in one answer are not a student's test (each needs a Continue). */
export const ANSWER_HOLDS_MAX = 100;

const part = z.union([z.literal(1), z.literal(2), z.literal(3)], { error: requiredOr('must be 1, 2 or 3') });
const answerTime = z.number().finite().min(0).max(ANSWER_TIME_MAX_MS);
/** A moment on the test's recording, which runs from Start Test without a pause. */
const recordingTime = z.number().finite().min(0).max(TEST_DURATION_MAX_SECONDS * 1000);

/**
 * The fields of one answered question: what the client records, what the results and the shared
 * scoring read, and (with a timestamp, and timings optional for spec-shaped payloads) each saved
 * question-answer pair (`questionAnswerPair` in shared/api/attempts.ts). Defined once, here.
 */
export const speakingTestAnswerFields = {
  part,
  /** 1-based within its part. */
  questionNumber: z.number().int().min(1).max(100),
  /** The question as asked; for Part 2 the cue card topic. */
  question: z.string().max(ANSWER_TEXT_MAX_LENGTH),
  /**
   * The final recognised text. Join the recogniser's final results with UTTERANCE_SEPARATOR
   * ('\n'): recognisers rarely punctuate, and the line breaks are what sentence counts use.
   */
  answer: z.string().max(ANSWER_TEXT_MAX_LENGTH),
  /** From the end of the question to the first recognised speech; null when the student never spoke. */
  responseTimeMs: answerTime.nullable(),
  /** From the first to the last recognised speech of this answer; 0 when the student never spoke. */
  speakingTimeMs: answerTime,
  /** The recogniser's mean confidence (0 to 1), when it gives one. Not used by the scores. */
  confidence: z.number().min(0).max(1).optional(),
  /** The student asked to hear the question again (once per question). */
  repeated: z.boolean().optional(),
  /**
   * Where the answer lies on the recording (ms from Start Test): from the end of the question (for
   * Part 2, of the preparation) to when the answer closed. The analysis measures the student's
   * speech inside it; absent in tests saved before it was sent, which are placed by their timestamps.
   */
  recordingStartMs: recordingTime.optional(),
  recordingEndMs: recordingTime.optional(),
  /**
   * The stretches inside that window when the test was held (Part 2's long turn paused by a failure
   * screen or a hidden page, the recording going on): not counted as the student's speech or pauses.
   */
  recordingHeldMs: z.array(z.object({ startMs: recordingTime, endMs: recordingTime })).max(ANSWER_HOLDS_MAX).optional(),
};

/** One answered question, as the client records it (plain JSON: no dates, no undefined-vs-missing distinctions that matter). */
export const speakingTestAnswer = z.object(speakingTestAnswerFields);

export type SpeakingTestAnswer = z.infer<typeof speakingTestAnswer>;

import { z } from 'zod';

/** Longest answer accepted in a saved payload; a two-minute turn is about 2,000 characters. */
export const ANSWER_TEXT_MAX_LENGTH = 20_000;
/** No single answer is longer than the test; larger times are measurement errors. */
export const ANSWER_TIME_MAX_MS = 30 * 60_000;

/**
 * One answered question, as the client records it and the server receives it in the saved
 * payload (plain JSON: no dates, no undefined-vs-missing distinctions that matter).
 */
export const speakingTestAnswer = z.object({
  part: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  /** 1-based within its part. */
  questionNumber: z.number().int().min(1),
  /** The question as asked; for Part 2 the cue card topic. */
  question: z.string().max(ANSWER_TEXT_MAX_LENGTH),
  /**
   * The final recognised text. Join the recogniser's final results with UTTERANCE_SEPARATOR
   * ('\n'): recognisers rarely punctuate, and the line breaks are what sentence counts use.
   */
  answer: z.string().max(ANSWER_TEXT_MAX_LENGTH),
  /** From the end of the question to the first recognised speech; null when the student never spoke. */
  responseTimeMs: z.number().finite().min(0).max(ANSWER_TIME_MAX_MS).nullable(),
  /** From the first to the last recognised speech of this answer; 0 when the student never spoke. */
  speakingTimeMs: z.number().finite().min(0).max(ANSWER_TIME_MAX_MS),
  /** The recogniser's mean confidence (0 to 1), when it gives one. Not used by the scores. */
  confidence: z.number().min(0).max(1).optional(),
  /** The student asked to hear the question again (once per question). */
  repeated: z.boolean().optional(),
});

export type SpeakingTestAnswer = z.infer<typeof speakingTestAnswer>;

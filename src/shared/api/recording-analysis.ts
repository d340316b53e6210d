import { z } from '../zod.js';

const segment = z.object({ startMs: z.number(), endMs: z.number() });
const pauses = z.object({ count: z.number().int(), meanMs: z.number(), longestMs: z.number() });

/**
 * What the server measured in an attempt's recording (decision 0017), on the teacher's
 * attempt page and the student's own: 'pending' until the background analysis has run, 'failed' with
 * the reason (a damaged, empty or silent recording), 'unavailable' when the server cannot analyse
 * (no decoder), 'done' with the figures. Rates are syllables per second over the student's answers
 * (figuresScope); pauses are silences of 250 ms or more between stretches of speech.
 */
export const recordingAnalysis = z.object({
  status: z.enum(['pending', 'done', 'failed', 'unavailable']),
  reason: z.string().nullable(),
  durationMs: z.number().nullable(),
  speakingTimeMs: z.number().nullable(),
  speechRateSps: z.number().nullable(),
  articulationRateSps: z.number().nullable(),
  phonationTimeRatio: z.number().nullable(),
  pauses: pauses.nullable(),
  meanLengthOfRunSyllables: z.number().nullable(),
  syllables: z.number().int().nullable(),
  /**
   * Where the syllables were counted (decision 0031): 'words' from the placed words' pronunciations,
   * 'nuclei' from the sound alone (no transcript or no word placed), 'mixed' both (some answers each way).
   */
  syllableSource: z.enum(['words', 'nuclei', 'mixed']).nullable(),
  /**
   * What the figures above were taken over: 'answers', each answer's speech from its first sound to
   * its last, pooled (the examiner's questions, the time before an answer starts and Part 2's
   * preparation are not the student's pauses); 'recording', from the first speech to the last (the
   * answers could not be placed on the recording, or an analysis made before the answers were used).
   */
  figuresScope: z.enum(['answers', 'recording']).nullable(),
  segments: z.array(segment),
  /** When each syllable nucleus was heard (ms from the recording's start). */
  syllableTimesMs: z.array(z.number()),
  answers: z.array(
    segment.extend({
      part: z.union([z.literal(1), z.literal(2), z.literal(3)]).nullable(),
      questionNumber: z.number().int(),
      speakingTimeMs: z.number(),
      syllables: z.number().int(),
      speechRateSps: z.number(),
      pauses,
      /** Absent in analyses stored before decision 0031 (they were all counted from nuclei). */
      syllableSource: z.enum(['words', 'nuclei']).optional(),
      /** Stretches inside the answer when the test was held (paused), not counted as the student's; absent when none. */
      held: z.array(segment).optional(),
    }),
  ),
  /** The transcript's words placed on the recording (forced alignment), with how plausibly (0-1). */
  words: z.array(segment.extend({ word: z.string(), confidence: z.number() })),
  /** Words to listen to: placed too briefly, over silence, not found or not in the dictionary; never a score. */
  hints: z.array(segment.extend({ word: z.string(), why: z.string() })),
  /** Whether the words could be placed: 'unavailable' (no aligner on the server) or 'failed' with the reason. */
  alignment: z.object({ status: z.enum(['done', 'unavailable', 'failed']), reason: z.string().nullable() }),
});
export type RecordingAnalysis = z.infer<typeof recordingAnalysis>;

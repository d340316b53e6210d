import { z } from '../zod.js';
import { ATTEMPT_KINDS } from './admin-attempts.js';
import { MEASURED_CRITERIA } from './progress-limits.js';

export * from './progress-limits.js';

/*
 * "My progress": the signed-in student's own attempts of both kinds. The attempt's page
 * uses GET /api/student/attempts/{id}, which answers the same shape as the teacher's attempt detail
 * (admin-attempts.ts `attemptDetail`) with the review as released and no trail.
 */

/** At most this many attempts are listed (newest first). */
export const PROGRESS_LIMIT = 500;

const bands = z.record(z.string(), z.number().nullable());

export const progressAttempt = z.object({
  id: z.uuid(),
  kind: z.enum(ATTEMPT_KINDS),
  completedAt: z.string(),
  assessable: z.boolean(),
  /** The automatic estimate (unrounded); null when not assessable. */
  estimate: bands.nullable(),
  /** The teacher's bands as released; null when no review was released. */
  teacher: bands.nullable(),
  releasedAt: z.string().nullable(),
  /**
   * The result, from one source: the teacher's released bands (the overall their mean) once a review
   * with bands is released, never mixed with the estimate; else the estimate.
   */
  result: bands,
  /** Whose figures the result is. */
  resultSource: z.enum(['teacher', 'estimate', 'none']),
  /**
   * Present (true) when the answers were not transcribed and no review with an overall was released:
   * the teacher will score it (as the teacher's lists say it, admin-attempts-list.ts).
   */
  awaitingTeacher: z.literal(true).optional(),
  /** Present (true) when the answers were neither transcribed nor recorded: nothing to score, retake (nothing-to-score.ts). */
  nothingToScore: z.literal(true).optional(),
  /**
   * Present (true) when the estimate was made by the fixed rules used before the calibrated estimate
   * (shared/band-estimate/earlier-rules.ts): its bands do not compare with those since, so My
   * progress lists the attempt but does not chart its estimate.
   */
  earlierRules: z.literal(true).optional(),
  /**
   * Present on a speaking test whose calibrated estimate rests on fewer words than its agreement with
   * raters was measured on (SHORT_TEST_WORDS): the counted words. My progress calls it a rough guide.
   */
  shortTestWords: z.number().int().min(0).optional(),
  /** True when the attempt's recording can be played: it was saved and the retention period has not deleted it. */
  recording: z.boolean(),
});
export type ProgressAttempt = z.infer<typeof progressAttempt>;

/**
 * What to work on next over the student's latest speaking tests (work-on-next.ts on the server): the
 * measured criterion with the lowest mean result, and any level with it as the page shows the means
 * (to a tenth), each with the advice the newest of those tests gave for it (the newest whose advice
 * can be read).
 */
export const workOnNext = z.object({
  /** One criterion, or several level on the lowest mean, in the criteria's order. */
  criteria: z.array(z.object({ criterion: z.enum(MEASURED_CRITERIA), advice: z.string() })).min(1),
  /** Each measured criterion's mean result over the tests read (teacher's bands where released, else the estimate). */
  means: z.record(z.enum(MEASURED_CRITERIA), z.number()),
  /** How many tests were read (1 to WORK_ON_NEXT_TESTS). */
  tests: z.number().int().min(1),
  /** Whether any of them has the teacher's bands. */
  teacherBands: z.boolean(),
  /** How many of them are short tests whose estimate is a rough guide (shortTestWords). */
  shortTests: z.number().int().min(0),
  /**
   * The test the advice is from: the newest read whose stored advice can be read (`latest` true: the
   * newest of all; false only when the newest test's stored working is damaged).
   */
  from: z.object({ id: z.uuid(), completedAt: z.string(), latest: z.boolean() }),
});
export type WorkOnNext = z.infer<typeof workOnNext>;

/** GET /api/student/attempts: every attempt of the signed-in (or acting) student, newest first. */
export const progressList = z.object({
  attempts: z.array(progressAttempt),
  /** Absent or null: no speaking test with a result the advice can come from. */
  workOnNext: workOnNext.nullable().optional(),
});
export type ProgressList = z.infer<typeof progressList>;

import { z } from '../zod.js';
import { studentStatus } from './entities.js';
import { bandsRecord } from './admin-attempts-bands.js';
import { ATTEMPT_SORTS, ATTEMPTS_PAGE_SIZE, ATTEMPTS_PAGE_SIZE_MAX, calendarDateProblem, DATE_FILTER_MESSAGE } from './admin-attempts-limits.js';

/* The two paged lists of attempts (spec sections 2 and 3) and their CSV export. */

/** '' or absent: every date. */
const dateFilter = z
  .string({ error: DATE_FILTER_MESSAGE })
  .trim()
  .default('')
  .superRefine((value, ctx) => {
    const problem = value === '' ? null : calendarDateProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const attemptsQuery = z.object({
  page: z.coerce.number({ error: 'must be a page number' }).int('must be a page number').min(1, 'must be 1 or more').max(100_000).default(1),
  limit: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be 1 or more')
    .max(ATTEMPTS_PAGE_SIZE_MAX, `must be at most ${ATTEMPTS_PAGE_SIZE_MAX}`)
    .default(ATTEMPTS_PAGE_SIZE),
  /** The attempt's date in the school's time zone. */
  date: dateFilter,
  sort: z.enum(ATTEMPT_SORTS, { error: `must be one of ${ATTEMPT_SORTS.join(', ')}` }).default('newest'),
});
export type AttemptsQuery = z.input<typeof attemptsQuery>;

/** Where an attempt stands among those awaiting review (never released), oldest first. */
export const reviewQueue = z.object({
  /** How many attempts await review, of both kinds. */
  total: z.number().int(),
  /** This attempt's place among them (1 is the oldest); null when it does not await review. */
  position: z.number().int().nullable(),
  /** The awaiting attempts just before (older) and after (newer) this one. */
  previousId: z.uuid().nullable(),
  nextId: z.uuid().nullable(),
});
export type ReviewQueue = z.infer<typeof reviewQueue>;

export const attemptsExportQuery = attemptsQuery.pick({ date: true });

/* Why an attempt has no score, in the teacher's and the student's words (no-result-texts.ts). */
export { nothingToScoreText } from './no-result-texts.js';

/** Spec section 3's attempt list row, plus what the teacher's review adds. */
export const attemptListRow = z.object({
  id: z.uuid(),
  studentName: z.string(),
  course: z.string(),
  mobileNumber: z.string(),
  /** The stored number as the list shows it ("+91 98765 43210"), formatted by the server. */
  mobileNumberDisplay: z.string(),
  /** The student's status. */
  status: studentStatus,
  /** False when there was too little speech for an estimate: scores and overall are null. */
  assessable: z.boolean(),
  /** The automatic estimate as stored (unrounded); null when not assessable. */
  scores: bandsRecord.nullable(),
  overall: z.number().nullable(),
  /** The teacher's saved (working) bands (null where not set) and derived overall; null when none is saved. */
  teacherScores: bandsRecord.nullable(),
  reviewed: z.boolean(),
  /**
   * Where the teacher's review stands: none; a draft (saved, never released); released (the student
   * sees what is saved); changed (released, with saved changes the student does not see yet).
   */
  reviewState: z.enum(['none', 'draft', 'released', 'changed']),
  /** The teacher's bands and overall as released to the student; null when never released. The list sorts by these. */
  releasedScores: bandsRecord.nullable(),
  /** Who last saved the review (display name, else e-mail, else sign-in name); null when none is saved. */
  reviewerName: z.string().nullable(),
  /** Who released it, named the same way; null when never released. */
  releasedByName: z.string().nullable(),
  /** Present (true) when the answers were not transcribed and the teacher has not set the overall band yet. */
  awaitingTeacher: z.literal(true).optional(),
  /**
   * Present (true) when the answers were not transcribed and the device made no recording either:
   * there is nothing to score, and the student should retake the test (never with awaitingTeacher).
   */
  nothingToScore: z.literal(true).optional(),
  /** When the attempt was completed (ISO). */
  createdAt: z.string(),
});
export type AttemptListRow = z.infer<typeof attemptListRow>;

export const attemptsPage = z.object({ attempts: z.array(attemptListRow), total: z.number().int() });
export type AttemptsPage = z.infer<typeof attemptsPage>;

/**
 * The answer to the review page's presence (decision 0050): where the attempt stands in the queue for
 * this teacher, and the other teachers who have its page open now, earliest first.
 */
export const reviewPresence = z.object({
  queue: reviewQueue,
  others: z.array(
    z.object({
      /** The teacher's name as the trail shows it. */
      name: z.string(),
      /** When they opened the page (this stay on it). */
      openedAt: z.string(),
    }),
  ),
});
export type ReviewPresence = z.infer<typeof reviewPresence>;

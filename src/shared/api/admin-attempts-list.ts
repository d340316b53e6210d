import { z } from 'zod';
import { studentStatus } from './entities.js';
import { bandsRecord, CRITERIA_OF, CRITERION_LABELS, KIND_LABELS, type AttemptKind } from './admin-attempts-kinds.js';

/* The two paged lists of attempts (spec sections 2 and 3) and their CSV export. */

export const ATTEMPTS_PAGE_SIZE = 10;
export const ATTEMPTS_PAGE_SIZE_MAX = 100;

/** Spec section 2's columns of an attempts list, shared by the table and its CSV export. */
export function attemptListColumns(kind: AttemptKind): string[] {
  return [
    'Student Name',
    'Course',
    'Mobile',
    'Status',
    'Overall Score',
    ...CRITERIA_OF[kind].map((criterion) => CRITERION_LABELS[criterion]),
    KIND_LABELS[kind].dateColumn,
  ];
}

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
export const DATE_FILTER_MESSAGE = 'must be a date written YYYY-MM-DD';

/** Why `value` is not a calendar date from 1970 to 2999, or null when it is one. */
export function calendarDateProblem(value: string): string | null {
  const match = DATE_PATTERN.exec(value);
  if (!match) return DATE_FILTER_MESSAGE;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1970 || year > 2999) return 'must be a date from 1970 to 2999';
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return 'is not a real calendar date';
  return null;
}

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
});
export type AttemptsQuery = z.input<typeof attemptsQuery>;

export const attemptsExportQuery = attemptsQuery.pick({ date: true });

/** Spec section 3's attempt list row, plus what the teacher's review adds. */
export const attemptListRow = z.object({
  id: z.uuid(),
  studentName: z.string(),
  course: z.string(),
  mobileNumber: z.string(),
  /** The student's status. */
  status: studentStatus,
  /** False when there was too little speech for an estimate: scores and overall are null. */
  assessable: z.boolean(),
  /** The automatic estimate as stored (unrounded); null when not assessable. */
  scores: bandsRecord.nullable(),
  overall: z.number().nullable(),
  /** The teacher's bands (null where not set) and derived overall; null when never reviewed. */
  teacherScores: bandsRecord.nullable(),
  reviewed: z.boolean(),
  /** Present (true) when the answers were not transcribed and the teacher has not set the overall band yet (issue 15). */
  awaitingTeacher: z.literal(true).optional(),
  /** When the attempt was completed (ISO). */
  createdAt: z.string(),
});
export type AttemptListRow = z.infer<typeof attemptListRow>;

export const attemptsPage = z.object({ attempts: z.array(attemptListRow), total: z.number().int() });
export type AttemptsPage = z.infer<typeof attemptsPage>;

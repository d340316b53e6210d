import { CRITERIA_OF, CRITERION_LABELS, KIND_LABELS, type AttemptCriterion, type AttemptKind, type Bands } from './admin-attempts-kinds.js';
import { listed } from '../text/listed.js';

/*
 * The limits, columns and rules of the teacher's lists and review that the pages need without
 * validating anything: no Zod here, so a page that only pages a list or shows a form's limits does
 * not load the contracts' library (decision 0023). The Zod contracts use the same values.
 */

/* The two paged lists (spec sections 2 and 3) and their CSV export. */

export const ATTEMPTS_PAGE_SIZE = 10;
export const ATTEMPTS_PAGE_SIZE_MAX = 100;

/**
 * The lists' orders: by completion date, or by band (the teacher's overall where set, else the
 * estimate; attempts with neither last), ties newest first.
 */
export const ATTEMPT_SORTS = ['newest', 'oldest', 'band-high', 'band-low'] as const;
export type AttemptSort = (typeof ATTEMPT_SORTS)[number];
/** What a list's attempts are scored in: a speaking test has bands, an interview scores. */
export const scoreNoun = (kind: AttemptKind): 'band' | 'score' => (kind === 'ielts' ? 'band' : 'score');

/** The sorts as each list names them. */
export function attemptSortLabels(kind: AttemptKind): Record<AttemptSort, string> {
  const noun = scoreNoun(kind);
  return { newest: 'Newest first', oldest: 'Oldest first', 'band-high': `Highest ${noun} first`, 'band-low': `Lowest ${noun} first` };
}

/**
 * The score cells' key, said above a list where a cell shows a teacher's band (the cells' own words
 * are short so that every column fits a laptop; a screen reader hears each cell in full).
 */
export function scoreKeyText(kind: AttemptKind): string {
  const noun = scoreNoun(kind);
  return `Each ${noun} is the automatic estimate. Under it, T is the teacher's ${noun} released to the student, and Draft a teacher's ${noun} saved but not released.`;
}

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

/* The teacher's own review (decision 0016). */

export const REVIEW_COMMENT_MAX_LENGTH = 2000;

/** How often a review page in view tells the server it is open (decision 0050). */
export const PRESENCE_BEAT_MS = 30_000;
/** A review page not heard from for this long (two beats lost, then a third due) is closed or out of view. */
export const PRESENCE_WINDOW_MS = 3 * PRESENCE_BEAT_MS;
export const REVIEW_REASON_MAX_LENGTH = 500;
/** Teacher bands: 0 to 9 in half steps (the review form offers 1 to 9). */
export const TEACHER_BAND_MIN = 0;
export const TEACHER_BAND_MAX = 9;

/**
 * The teacher's overall, derived from their criterion bands and stored with them: only when every
 * criterion of the kind has a band (an overall from some criteria would not be comparable with the
 * estimate's). IELTS: the mean of the four, unrounded like the estimate's overall (shown to the
 * nearest half band); interview: the mean rounded to a whole number, as the interview's overall is.
 */
export function teacherOverall(kind: AttemptKind, bands: Bands): number | null {
  const values = CRITERIA_OF[kind].map((criterion) => bands[criterion]);
  if (values.some((value) => value === null || value === undefined)) return null;
  const mean = (values as number[]).reduce((sum, value) => sum + value, 0) / values.length;
  return kind === 'ielts' ? mean : Math.round(mean);
}

/** The criteria of the kind without a band in `bands`, in the form's order. */
export function missingBands(kind: AttemptKind, bands: Bands | null | undefined): AttemptCriterion[] {
  return CRITERIA_OF[kind].filter((criterion) => typeof bands?.[criterion] !== 'number');
}

/**
 * Why a review with these bands cannot be released, or null when it can: the student's result is
 * the teacher's overall, the mean of every criterion of the kind, so each needs a band first. The
 * server's 400 and the sentence beside the disabled Release button are this one.
 */
export function releaseBandsProblem(kind: AttemptKind, bands: Bands | null | undefined): string | null {
  const missing = missingBands(kind, bands);
  if (missing.length === 0) return null;
  const noun = kind === 'ielts' ? 'band' : 'score';
  const names = listed(missing.map((criterion) => CRITERION_LABELS[criterion]));
  const mean = kind === 'ielts' ? 'the mean of the four' : 'the rounded mean of the four';
  return `Set the ${names} ${missing.length === 1 ? noun : `${noun}s`} before releasing: the student's overall ${noun} is ${mean}.`;
}

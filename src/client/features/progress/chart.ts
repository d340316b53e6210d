import type { AttemptCriterion, AttemptKind } from '../../../shared/api/admin-attempts';
import { bandText, CRITERIA_OF, CRITERION_LABELS } from '../../../shared/api/admin-attempts-kinds';
import { noResultReason, type NoResultReason } from '../../../shared/api/no-result-texts';
import type { ProgressAttempt } from '../../../shared/api/progress';
import { SHORT_TEST_WORDS } from '../../../shared/band-estimate/short-test';
import { roundToHalfBand } from '../../../shared/speaking-test/overall';

/*
 * My progress: one small chart per criterion (and the overall) for each kind of attempt, oldest to
 * newest, with two series: the automatic estimate of every attempt, and the teacher's band where a
 * review was released. Two lines, never one: a teacher's 6.5 after an estimated 7.0 is not a
 * decline. Each point is the band as shown (shownBand). Pure functions, so the points can be checked without a browser.
 */

export type SeriesKey = AttemptCriterion | 'overall';

export interface ProgressPoint {
  attemptId: string;
  completedAt: string;
  estimate: number | null;
  teacher: number | null;
}

export interface Series {
  kind: AttemptKind;
  key: SeriesKey;
  label: string;
  /** The attempts with an estimate or a teacher's band for this key, oldest first. */
  points: ProgressPoint[];
  /** The kind's attempts older than the chart's CHART_ATTEMPTS, not drawn (the list below has them). */
  earlier: number;
  /** Of the drawn attempts, those whose estimate the earlier fixed rules made: their estimate is not drawn. */
  earlierRules: number;
  /** The estimate is not a measurement here (IELTS Pronunciation follows the other three criteria): only the teacher's bands are drawn. */
  teacherOnly?: boolean;
}

/** IELTS Pronunciation is not measured from a transcript: its estimate follows the other three, so a line of it would chart their mean as a trend of its own. */
const teacherOnly = (kind: AttemptKind, key: SeriesKey) => kind === 'ielts' && key === 'pronunciation';

/**
 * A chart draws the kind's last this many attempts (decision 0041): a year's 170 points made each
 * chart a band of overlapping markers on a phone and its table for screen readers 170 rows.
 */
export const CHART_ATTEMPTS = 30;

/**
 * A band as the page shows it, so the chart plots what the label, the results and the attempt page
 * say: IELTS to the nearest half band as bandText rounds it (an estimated overall of 4.625 is 4.5),
 * interview scores to one decimal.
 */
export function shownBand(kind: AttemptKind, value: number): number {
  return kind === 'ielts' ? roundToHalfBand(value) : Math.round(value * 10) / 10;
}

const valueOf = (kind: AttemptKind, bands: Record<string, number | null> | null, key: SeriesKey) => {
  const value = bands?.[key];
  return value === null || value === undefined ? null : shownBand(kind, value);
};

/** The charts of one kind: the overall first, then each criterion; attempts with neither value left out. */
export function progressSeries(kind: AttemptKind, attempts: readonly ProgressAttempt[]): Series[] {
  const all = attempts.filter((attempt) => attempt.kind === kind).sort((a, b) => Date.parse(a.completedAt) - Date.parse(b.completedAt));
  const ofKind = all.slice(-CHART_ATTEMPTS);
  const earlier = all.length - ofKind.length;
  return (['overall', ...CRITERIA_OF[kind]] as SeriesKey[]).map((key) => ({
    kind,
    key,
    label: key === 'overall' ? 'Overall' : CRITERION_LABELS[key],
    earlier,
    earlierRules: ofKind.filter((attempt) => attempt.earlierRules).length,
    ...(teacherOnly(kind, key) ? { teacherOnly: true } : {}),
    points: ofKind.flatMap((attempt) => {
      // The earlier fixed rules' bands do not compare with the calibrated estimate's: one line would show a change of rules as progress.
      const estimate = attempt.earlierRules || teacherOnly(kind, key) ? null : valueOf(kind, attempt.estimate, key);
      const teacher = attempt.releasedAt ? valueOf(kind, attempt.teacher, key) : null;
      return estimate === null && teacher === null ? [] : [{ attemptId: attempt.id, completedAt: attempt.completedAt, estimate, teacher }];
    }),
  }));
}

/** What a kind's teacher gives: IELTS bands, interview scores (as the attempt cards and pages call them). */
export const TEACHER_LABEL: Record<AttemptKind, string> = { ielts: "Teacher's band", interview: "Teacher's score" };

/** The scale a kind's charts use: IELTS bands 1 to 9, interview scores 0 to 9. */
export const SCALE: Record<AttemptKind, { min: number; max: number }> = { ielts: { min: 1, max: 9 }, interview: { min: 0, max: 9 } };

const plural = (count: number, one: string) => `${count} ${count === 1 ? one : `${one}s`}`;

/** One sentence for screen readers and under the chart. */
export function seriesSummary(series: Series): string {
  const estimates = series.points.flatMap((point) => (point.estimate === null ? [] : [point.estimate]));
  const teacher = series.points.flatMap((point) => (point.teacher === null ? [] : [point.teacher]));
  if (series.teacherOnly && teacher.length === 0) return `${series.label}: not measured from a transcript; your teacher's band shows here once they listen to a recording.`;
  if (estimates.length === 0 && teacher.length === 0) return `${series.label}: no result yet.`;
  const show = (value: number) => bandText(series.kind, value);
  const trend = (values: number[]) => {
    const first = values[0] ?? 0;
    const last = values.at(-1) ?? 0;
    const [low, high] = [Math.min(...values), Math.max(...values)];
    if (values.length === 1) return `${show(first)} on 1 attempt`;
    if (low === high) return `${show(first)} on each of ${values.length} attempts`;
    // The attempts between can lie outside the first and the last: "from 2.7 to 2.7" would hide a 4.6 between them.
    const outside = [low < Math.min(first, last) ? `lowest ${show(low)}` : null, high > Math.max(first, last) ? `highest ${show(high)}` : null].filter(Boolean);
    const between = outside.length > 0 ? ` (${outside.join(', ')})` : '';
    return first === last
      ? `${show(first)} at the first and the last of ${values.length} attempts${between}`
      : `from ${show(first)} to ${show(last)}${between} over ${plural(values.length, 'attempt')}`;
  };
  const parts = [estimates.length > 0 ? `estimate ${trend(estimates)}` : null, teacher.length > 0 ? `your teacher's ${series.kind === 'ielts' ? 'band' : 'score'} ${trend(teacher)}` : null].filter(Boolean);
  const last = series.earlier > 0 ? ` Your last ${CHART_ATTEMPTS} of ${series.earlier + CHART_ATTEMPTS} attempts.` : '';
  return `${series.label}: ${parts.join('; ')}.${last}`;
}

/** Said once above a kind's charts when some estimates are left off them (progressSeries); else null. */
export function earlierRulesNote(series: Series | undefined): string | null {
  if (!series || series.earlierRules === 0) return null;
  const count = series.earlierRules === 1 ? 'estimate of one earlier attempt is' : `estimates of ${series.earlierRules} earlier attempts are`;
  return `The ${count} not on the charts: they were made by the simpler fixed rules Parley used before its current estimate, so they cannot be compared with later ones. Every attempt is listed below.`;
}

/**
 * Said once above the speaking tests' charts when some of the drawn estimates rest on a short test
 * (`shortTestWords`): one test of a few dozen words moves the line as far as a whole test, so the
 * student reads it as a rough guide, not a change of level. `dateOf` names a test by its day. Else null.
 */
export function shortTestsNote(kind: AttemptKind, attempts: readonly ProgressAttempt[], dateOf: (iso: string) => string): string | null {
  const drawn = attempts
    .filter((attempt) => attempt.kind === kind)
    .sort((a, b) => Date.parse(a.completedAt) - Date.parse(b.completedAt))
    .slice(-CHART_ATTEMPTS);
  const short = drawn.filter((attempt) => attempt.shortTestWords !== undefined && !attempt.earlierRules && attempt.estimate !== null);
  const [only] = short;
  if (!only) return null;
  if (short.length === 1)
    return `The estimate of your test on ${dateOf(only.completedAt)} is based on only ${only.shortTestWords ?? 0} words, so read it as a rough guide, not as a change in your level.`;
  // Each day once: two short tests of one day would read "(6 Dec, 6 Dec)".
  const days = [...new Set(short.map((attempt) => dateOf(attempt.completedAt)))];
  return `The estimates of ${short.length} tests (${days.join(', ')}) are each based on fewer than ${SHORT_TEST_WORDS} words, so read them as rough guides, not as changes in your level.`;
}

/**
 * The points a chart draws: its own, or for a chart of the teacher's bands only (IELTS Pronunciation)
 * the overall chart's attempts with the teacher's band where there is one, so that its dates line up
 * with the charts above and below it (on its own three points, 27 Nov sat where the others have
 * 6 Dec). Its own points where one is not among the overall's (a review released with some bands only).
 */
export function alignedPoints(series: Series, overall: Series | undefined): ProgressPoint[] {
  if (!series.teacherOnly || !overall || overall === series) return series.points;
  const teacherOf = new Map(series.points.map((point) => [point.attemptId, point.teacher]));
  if (series.points.some((point) => !overall.points.some((other) => other.attemptId === point.attemptId))) return series.points;
  return overall.points.map((point) => ({ attemptId: point.attemptId, completedAt: point.completedAt, estimate: null, teacher: teacherOf.get(point.attemptId) ?? null }));
}

const NOT_DRAWN_BECAUSE: Record<NoResultReason, string> = {
  awaitingTeacher: 'awaiting your teacher',
  nothingToScore: 'nothing to score',
  tooLittleSpeech: 'too little speech',
};

/**
 * Said above a kind's charts when some of the attempts it covers have no point at all (no estimate
 * and no teacher's band yet: a test taken without a transcript, one with too little speech), so the
 * charts' count is not quietly one short of the list's; and, with one attempt drawn, that the line
 * starts with the next. Else null.
 */
export function notDrawnNote(kind: AttemptKind, attempts: readonly ProgressAttempt[]): string | null {
  const covered = attempts
    .filter((attempt) => attempt.kind === kind)
    .sort((a, b) => Date.parse(a.completedAt) - Date.parse(b.completedAt))
    .slice(-CHART_ATTEMPTS);
  const what = kind === 'ielts' ? 'test' : 'interview';
  const missing = covered.filter((attempt) => attempt.resultSource === 'none');
  // The overall chart's points: an estimate by the earlier rules is not one either (earlierRulesNote says so).
  const drawn = progressSeries(kind, attempts)[0]?.points.length ?? 0;
  const sentences: string[] = [];
  if (missing.length > 0) {
    const reasons = [...new Set(missing.map((attempt) => noResultReason(attempt)))];
    // "Yet" only where a teacher's band is still to come: too little speech or nothing to score gets none.
    const yet = reasons.every((reason) => reason === 'awaitingTeacher') ? ' yet' : '';
    sentences.push(`${plural(missing.length, what)} without a ${kind === 'ielts' ? 'band' : 'score'}${yet} (${reasons.map((reason) => NOT_DRAWN_BECAUSE[reason]).join(', ')}) ${missing.length === 1 ? 'is' : 'are'} in the list below but not on the charts.`);
  }
  if (drawn === 1) sentences.push(`Only one ${what} is on the charts so far: your next ${what} will start the line.`);
  return sentences.length > 0 ? sentences.join(' ') : null;
}

import type { TestHistoryEntry } from '../../../../shared/api/test-history';
import { TEST_HISTORY_LIMIT } from '../../../../shared/api/test-history-limits';
import { roundToHalfBand } from '../../../../shared/speaking-test/scoring';
import type { ChartCategory } from '../../../components/chart/Chart';
import { distinctDateLabels } from '../../../components/chart/scale';

/*
 * The progress chart's data: the student's earlier tests from the server plus the test just
 * finished (which may not be saved yet), and the words the chart (components/chart) shows.
 */

export interface HistoryPoint {
  /** null for the test just finished when it was not submitted. */
  attemptId: string | null;
  completedAt: number;
  /** The overall band (not rounded); null when the test was not assessable. */
  overall: number | null;
  /** The overall band the teacher released; null until then (always for the test just finished). */
  teacherOverall: number | null;
  current: boolean;
}

export interface CurrentTest {
  attemptId: string | null;
  completedAt: number;
  overall: number | null;
}

/** Oldest first, the current test once (replacing its saved copy), at most `limit` points ending with the newest. */
export function historySeries(saved: readonly TestHistoryEntry[] | undefined, current: CurrentTest, limit = TEST_HISTORY_LIMIT): HistoryPoint[] {
  const earlier: HistoryPoint[] = (saved ?? [])
    .filter((entry) => entry.attemptId !== current.attemptId)
    .map((entry) => ({ attemptId: entry.attemptId, completedAt: Date.parse(entry.completedAt), overall: entry.overall, teacherOverall: entry.teacherOverall, current: false }));
  const savedCopy = current.attemptId === null ? undefined : saved?.find((entry) => entry.attemptId === current.attemptId);
  const all = [...earlier, { ...current, teacherOverall: savedCopy?.teacherOverall ?? null, current: true }].sort((a, b) => a.completedAt - b.completedAt);
  return all.slice(Math.max(0, all.length - limit));
}

export function hasEarlierTests(points: readonly HistoryPoint[]): boolean {
  return points.some((point) => !point.current);
}

export function bandLabel(overall: number | null): string {
  return overall === null ? 'not assessed' : roundToHalfBand(overall).toFixed(1);
}

function bandChange(from: number, to: number): string {
  const change = roundToHalfBand(to) - roundToHalfBand(from);
  if (change === 0) return 'no change';
  const size = Math.abs(change);
  return `${change > 0 ? 'up' : 'down'} ${size} ${size === 1 ? 'band' : 'bands'}`;
}

/** The teacher's released bands in one sentence, or '' when none is released yet. */
export function teacherSummary(points: readonly HistoryPoint[]): string {
  const released = points.filter((point): point is HistoryPoint & { teacherOverall: number } => point.teacherOverall !== null);
  const latest = released.at(-1);
  if (latest === undefined) return '';
  const count = `${released.length} ${released.length === 1 ? 'test' : 'tests'}`;
  return ` Your teacher's band on ${count}, the latest ${bandLabel(latest.teacherOverall)}.`;
}

/** One sentence for screen readers: how many tests, where the overall band started and ended, this test. */
export function trendSummary(points: readonly HistoryPoint[]): string {
  const assessed = points.filter((point): point is HistoryPoint & { overall: number } => point.overall !== null);
  const current = points.find((point) => point.current);
  const count = `${points.length} ${points.length === 1 ? 'test' : 'tests'}`;
  const thisTest = `This test: ${current ? bandLabel(current.overall) : 'not shown'}.`;
  const first = assessed[0];
  const last = assessed.at(-1);
  if (first === undefined || last === undefined) return `Overall band over your last ${count}: none assessed yet. ${thisTest}`;
  if (first === last) return `Overall band over your last ${count}: ${bandLabel(first.overall)}, the only one assessed. ${thisTest}`;
  return `Overall band over your last ${count}: from ${bandLabel(first.overall)} to ${bandLabel(last.overall)}, ${bandChange(first.overall, last.overall)}. ${thisTest}`;
}

const fullDate = (timeZone: string) => new Intl.DateTimeFormat('en-GB', { timeZone, day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** The chart's categories: each test by its date (distinct, with the time when two share a day), the one just taken as "This test". */
export function historyCategories(points: readonly HistoryPoint[], timeZone: string): ChartCategory[] {
  const labels = distinctDateLabels(
    points.map((point) => point.completedAt),
    timeZone,
  );
  const format = fullDate(timeZone);
  return points.map((point, i) => ({
    key: point.attemptId ?? `current-${i}`,
    label: point.current ? 'This test' : (labels[i] ?? ''),
    fullLabel: `${format.format(point.completedAt)}${point.current ? ' (this test)' : ''}`,
    emphasis: point.current,
  }));
}

import type { TestHistoryEntry } from '../../../../shared/api/test-history';
import { TEST_HISTORY_LIMIT } from '../../../../shared/api/test-history-limits';
import { BAND_MAX, BAND_MIN } from '../../../../shared/speaking-test/constants';
import { roundToHalfBand } from '../../../../shared/speaking-test/scoring';

/*
 * The progress chart's data: the student's earlier tests from the server plus the test just
 * finished (which may not be saved yet), and the words and geometry the chart draws with.
 */

export interface HistoryPoint {
  /** null for the test just finished when it was not submitted. */
  attemptId: string | null;
  completedAt: number;
  /** The overall band (not rounded); null when the test was not assessable. */
  overall: number | null;
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
    .map((entry) => ({ attemptId: entry.attemptId, completedAt: Date.parse(entry.completedAt), overall: entry.overall, current: false }));
  const all = [...earlier, { ...current, current: true }].sort((a, b) => a.completedAt - b.completedAt);
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

export interface ChartBox {
  width: number;
  height: number;
  /** Room for the band labels on the left and the test numbers below. */
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export interface ChartGeometry {
  /** One per point, in order; y is null for a test not assessed. */
  marks: Array<{ x: number; y: number | null; point: HistoryPoint }>;
  /** SVG path data through the assessed points, broken where a test was not assessed. */
  line: string;
  /** The band gridlines 1..9 with their y. */
  bands: Array<{ band: number; y: number }>;
  baseline: number;
}

export function chartGeometry(points: readonly HistoryPoint[], box: ChartBox): ChartGeometry {
  const plotWidth = box.width - box.left - box.right;
  const plotHeight = box.height - box.top - box.bottom;
  const x = (index: number) => box.left + (points.length <= 1 ? plotWidth / 2 : (plotWidth * index) / (points.length - 1));
  const y = (band: number) => box.top + plotHeight * (1 - (Math.min(BAND_MAX, Math.max(BAND_MIN, band)) - BAND_MIN) / (BAND_MAX - BAND_MIN));
  const round = (value: number) => Math.round(value * 10) / 10;
  const marks = points.map((point, index) => ({ x: round(x(index)), y: point.overall === null ? null : round(y(point.overall)), point }));
  let line = '';
  let drawing = false;
  for (const mark of marks) {
    if (mark.y === null) {
      drawing = false;
      continue;
    }
    line += `${drawing ? 'L' : 'M'}${mark.x} ${mark.y}`;
    drawing = true;
  }
  const bands = Array.from({ length: BAND_MAX - BAND_MIN + 1 }, (_, i) => BAND_MIN + i).map((band) => ({ band, y: round(y(band)) }));
  return { marks, line, bands, baseline: round(box.top + plotHeight) };
}

import type { AttemptCriterion, AttemptKind } from '../../../shared/api/admin-attempts';
import { bandText, CRITERIA_OF, CRITERION_LABELS } from '../../../shared/api/admin-attempts-kinds';
import type { ProgressAttempt } from '../../../shared/api/progress';

/*
 * My progress: one small line chart per criterion (and the overall) for each kind of attempt, oldest
 * to newest, each point the attempt's result (the teacher's released band where there is one, else
 * the estimate). Pure functions, so the points can be checked without a browser.
 */

export type SeriesKey = AttemptCriterion | 'overall';

export interface SeriesPoint {
  attemptId: string;
  completedAt: string;
  value: number;
  /** True when the value is the teacher's released band. */
  teacher: boolean;
}

export interface Series {
  kind: AttemptKind;
  key: SeriesKey;
  label: string;
  points: SeriesPoint[];
}

/** The charts of one kind: the overall first, then each criterion; points oldest first, attempts with no value left out. */
export function progressSeries(kind: AttemptKind, attempts: readonly ProgressAttempt[]): Series[] {
  const ofKind = attempts.filter((attempt) => attempt.kind === kind).sort((a, b) => Date.parse(a.completedAt) - Date.parse(b.completedAt));
  return (['overall', ...CRITERIA_OF[kind]] as SeriesKey[]).map((key) => ({
    kind,
    key,
    label: key === 'overall' ? 'Overall' : CRITERION_LABELS[key],
    points: ofKind.flatMap((attempt) => {
      const value = attempt.result[key];
      if (value === null || value === undefined) return [];
      const teacherValue = attempt.teacher?.[key];
      return [{ attemptId: attempt.id, completedAt: attempt.completedAt, value, teacher: teacherValue !== null && teacherValue !== undefined }];
    }),
  }));
}

export interface Box {
  width: number;
  height: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** The scale a kind's charts use: IELTS bands 1 to 9, interview scores 0 to 9. */
export const SCALE: Record<AttemptKind, { min: number; max: number }> = { ielts: { min: 1, max: 9 }, interview: { min: 0, max: 9 } };

export function seriesGeometry(series: Series, box: Box) {
  const { min, max } = SCALE[series.kind];
  const plotWidth = box.width - box.left - box.right;
  const plotHeight = box.height - box.top - box.bottom;
  const n = series.points.length;
  const round = (value: number) => Math.round(value * 10) / 10;
  const x = (index: number) => round(box.left + (n <= 1 ? plotWidth / 2 : (plotWidth * index) / (n - 1)));
  const y = (value: number) => round(box.top + plotHeight * (1 - (Math.min(max, Math.max(min, value)) - min) / (max - min)));
  const marks = series.points.map((point, index) => ({ x: x(index), y: y(point.value), point }));
  const line = marks.map((mark, index) => `${index === 0 ? 'M' : 'L'}${mark.x} ${mark.y}`).join('');
  const gridValues = series.kind === 'ielts' ? [1, 3, 5, 7, 9] : [0, 3, 6, 9];
  return { marks, line, grid: gridValues.map((value) => ({ value, y: y(value) })), baseline: round(box.top + plotHeight) };
}

/** One sentence for screen readers and the chart's caption. */
export function seriesSummary(series: Series): string {
  const first = series.points[0];
  const last = series.points.at(-1);
  const count = `${series.points.length} ${series.points.length === 1 ? 'attempt' : 'attempts'}`;
  if (!first || !last) return `${series.label}: no result yet.`;
  if (first === last) return `${series.label}: ${bandText(series.kind, first.value)} over ${count}.`;
  return `${series.label}: from ${bandText(series.kind, first.value)} to ${bandText(series.kind, last.value)} over ${count}.`;
}

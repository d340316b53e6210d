import { describe, expect, it } from 'vitest';
import { axisGeometry, DODGE, DODGE_SHARE_OF_SPACING, placeBars, placeLines, type ChartSeries } from './geometry';
import { distinctDateLabels, labelIndexes, niceTicks, wholeTicks } from './scale';

describe('ticks', () => {
  it('counts up to 1 read 0, 1 (never 1, 1, 0); larger counts get round steps', () => {
    expect(niceTicks(0, 1, { integer: true }).values).toEqual([0, 1]);
    expect(niceTicks(0, 2, { integer: true }).values).toEqual([0, 1, 2]);
    expect(niceTicks(0, 3, { integer: true }).values).toEqual([0, 1, 2, 3]);
    expect(niceTicks(0, 7, { integer: true }).values).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(0, 12, { integer: true })).toEqual({ values: [0, 5, 10, 15], min: 0, max: 15 });
    expect(niceTicks(0, 0, { integer: true }).values).toEqual([0, 1]);
  });

  it('fractional ranges get 0.5 or 2.5-style steps, covering the data', () => {
    expect(niceTicks(5.5, 7).values).toEqual([5.5, 6, 6.5, 7]);
    expect(niceTicks(4, 7).values).toEqual([4, 5, 6, 7]);
    expect(niceTicks(0, 10).values).toEqual([0, 2.5, 5, 7.5, 10]);
    for (const [min, max] of [
      [0.3, 8.7],
      [1, 9],
      [2.2, 2.3],
    ] as const) {
      const ticks = niceTicks(min, max);
      expect(ticks.min).toBeLessThanOrEqual(min);
      expect(ticks.max).toBeGreaterThanOrEqual(max);
      expect(ticks.values.length).toBeLessThanOrEqual(5);
      expect(new Set(ticks.values).size).toBe(ticks.values.length);
    }
  });

  it('band and score scales: whole numbers landing on both ends', () => {
    expect(wholeTicks(1, 9).values).toEqual([1, 3, 5, 7, 9]);
    expect(wholeTicks(0, 9).values).toEqual([0, 3, 6, 9]);
    expect(wholeTicks(4, 7).values).toEqual([4, 5, 6, 7]);
  });
});

describe('date labels', () => {
  const at = (iso: string) => Date.parse(iso);

  it('one day each: the day only; two on a day: with the time; the same minute: numbered', () => {
    expect(distinctDateLabels([at('2026-03-01T10:00:00Z'), at('2026-03-02T10:00:00Z')], 'UTC')).toEqual(['1 Mar', '2 Mar']);
    expect(distinctDateLabels([at('2026-03-01T10:00:00Z'), at('2026-03-01T14:30:00Z'), at('2026-03-04T09:00:00Z')], 'UTC')).toEqual(['1 Mar 10:00', '1 Mar 14:30', '4 Mar']);
    expect(distinctDateLabels([at('2026-03-01T10:00:05Z'), at('2026-03-01T10:00:40Z')], 'UTC')).toEqual(['1 Mar 10:00', '1 Mar 10:00 #2']);
  });

  it('at the school: a late evening in UTC is the next morning in Kolkata; years shown when they differ', () => {
    expect(distinctDateLabels([at('2026-03-01T20:00:00Z')], 'Asia/Kolkata')).toEqual(['2 Mar']);
    expect(distinctDateLabels([at('2025-12-30T10:00:00Z'), at('2026-01-02T10:00:00Z')], 'UTC')).toEqual(['30 Dec 2025', '2 Jan 2026']);
  });

  it('writes the first and last label and evenly spaced ones that fit', () => {
    const labels = Array.from({ length: 12 }, (_, i) => `${i + 1} Mar`);
    const shown = labelIndexes(labels, 280);
    expect(shown[0]).toBe(0);
    expect(shown.at(-1)).toBe(11);
    const slot = 280 / 11;
    for (let i = 1; i < shown.length; i += 1) expect(((shown[i] ?? 0) - (shown[i - 1] ?? 0)) * slot).toBeGreaterThanOrEqual(6 * 6.6 + 10);
    expect(labelIndexes(['1 Mar', '2 Mar'], 280)).toEqual([0, 1]);
    expect(labelIndexes(['only'], 280)).toEqual([0]);
  });

  it('a year of attempts: no written label runs into another, the first and last drawn from their ends', () => {
    // As My progress of 170 attempts labels them: the first day had two attempts, so its label has the time.
    const labels = ['30 Nov 2025 01:12', ...Array.from({ length: 168 }, (_, i) => `${(i % 28) + 1} ${['Jan', 'Apr', 'Aug'][i % 3]} 2026`), '26 Nov 2026'];
    const width = 280;
    const slot = width / (labels.length - 1);
    const charWidth = 6.6;
    const shown = labelIndexes(labels, width);
    expect(shown[0]).toBe(0);
    expect(shown.at(-1)).toBe(labels.length - 1);
    // Each written label's extent: the first from its point rightwards, the last leftwards, the others centred.
    const extent = (index: number): [number, number] => {
      const x = index * slot;
      const w = (labels[index]?.length ?? 0) * charWidth;
      if (index === 0) return [x, x + w];
      if (index === labels.length - 1) return [x - w, x];
      return [x - w / 2, x + w / 2];
    };
    for (let i = 1; i < shown.length; i += 1) {
      expect(extent(shown[i] ?? 0)[0], `label ${shown[i]} after label ${shown[i - 1]}`).toBeGreaterThan(extent(shown[i - 1] ?? 0)[1]);
    }
  });
});

describe('series', () => {
  const box = { width: 200, height: 110, left: 20, right: 20, top: 10, bottom: 20 };
  const ticks = { values: [1, 5, 9], min: 1, max: 9 };
  const categories = ['a', 'b', 'c'].map((key) => ({ key, label: key }));
  const series = (key: string, values: Array<number | null>, extra: Partial<ChartSeries> = {}): ChartSeries => ({ key, label: key, colour: 'indigo', marker: 'circle', values, ...extra });

  it('places each series on its own line; equal values at one category are set side by side', () => {
    const axis = axisGeometry(categories, ticks, box, 'line');
    expect(axis.yTicks).toEqual([
      { value: 1, y: 90 },
      { value: 5, y: 50 },
      { value: 9, y: 10 },
    ]);
    const [estimate, teacher] = placeLines([series('estimate', [7, 7, 5]), series('teacher', [null, 6.5, 5], { connectGaps: true, marker: 'square' })], axis, ticks, box);
    // 7 and 6.5 are 5 units apart (closer than OVERLAP): side by side, as are the two 5s.
    expect(estimate?.points.map((p) => [p.category, p.value])).toEqual([
      [0, 7],
      [1, 7],
      [2, 5],
    ]);
    expect(teacher?.points.map((p) => p.category)).toEqual([1, 2]);
    const centre = axis.categoryX[2] ?? 0;
    expect(estimate?.points[2]?.x).toBe(centre - DODGE / 2);
    expect(teacher?.points[1]?.x).toBe(centre + DODGE / 2);
    expect(estimate?.points[0]?.x).toBe(axis.categoryX[0]);
    // Two lines, not one: 7.0 to 6.5 is not drawn as a decline.
    expect(estimate?.path.split(/[ML]/).filter(Boolean)).toHaveLength(3);
    expect(teacher?.path.startsWith('M')).toBe(true);
    expect(teacher?.path.split('M')).toHaveLength(2);
  });

  it('keeps a cluster within half the space between categories when the categories stand close (many weeks)', () => {
    const weeks = Array.from({ length: 26 }, (_, i) => ({ key: `w${i}`, label: `w${i}` }));
    const axis = axisGeometry(weeks, ticks, box, 'line');
    const spacing = (axis.categoryX[1] ?? 0) - (axis.categoryX[0] ?? 0);
    expect(spacing).toBeLessThan(3 * DODGE);
    const four = ['fluency', 'vocabulary', 'grammar', 'pronunciation'].map((key) => series(key, weeks.map(() => 6)));
    const placed = placeLines(four, axis, ticks, box);
    const xs = placed.map((s) => s.points[10]?.x ?? 0);
    // All four still apart, in order, and the cluster no wider than half a week's spacing.
    expect(new Set(xs).size).toBe(4);
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
    expect(Math.max(...xs) - Math.min(...xs)).toBeLessThanOrEqual(spacing * DODGE_SHARE_OF_SPACING + 0.1);
  });

  it('breaks a line at a missing value unless it joins gaps', () => {
    const axis = axisGeometry(categories, ticks, box, 'line');
    const [broken, joined] = placeLines([series('x', [3, null, 8]), series('y', [3, null, 8], { connectGaps: true })], axis, ticks, box);
    expect(broken?.path.match(/M/g)).toHaveLength(2);
    expect(joined?.path.match(/M/g)).toHaveLength(1);
  });

  it('bars rise from zero to their count', () => {
    const counts = { values: [0, 1], min: 0, max: 1 };
    const axis = axisGeometry(categories, counts, box, 'bar');
    const [bars] = placeBars([series('students', [1, 0, null])], axis, counts, box);
    expect(bars?.map((bar) => [bar.category, bar.y, bar.height])).toEqual([
      [0, 10, 80],
      [1, 90, 0],
    ]);
  });
});

import { labelIndexes, type Ticks } from './scale';

/*
 * Where Chart.tsx draws things: categories along the bottom (attempts, tests, weeks, half bands),
 * values up the side. Points of different series that would sit on one another are set side by
 * side, so that two criteria or the estimate and the teacher's band at the same value both show.
 */

export type MarkerShape = 'circle' | 'square' | 'triangle' | 'diamond';

export interface ChartSeries {
  key: string;
  label: string;
  /** A Mantine colour name (its shade 7 or 8 is drawn: at least 3:1 on white). */
  colour: string;
  marker: MarkerShape;
  /** Filled markers; otherwise outlined, white inside. */
  filled?: boolean;
  /** How the points are joined (line charts): a solid or a dashed line, or not at all. */
  line?: 'solid' | 'dashed' | 'none';
  /** Join the points across categories without a value (a sparse series, e.g. the teacher's bands). */
  connectGaps?: boolean;
  /** One per category; null where the series has no value. */
  values: ReadonlyArray<number | null>;
  /**
   * Drawn over the other series' point at the same place (e.g. "this test" on the line), never set
   * beside it; left out of the table for screen readers, whose row label names the marked category.
   */
  overlay?: boolean;
}

export interface ChartCategory {
  key: string;
  /** Under the plot (short, distinct). */
  label: string;
  /** In the table for screen readers, when longer than the label. */
  fullLabel?: string;
  /** Drawn in bold (e.g. the test just taken). */
  emphasis?: boolean;
}

export interface ChartBox {
  width: number;
  height: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export interface PlacedPoint {
  category: number;
  value: number;
  x: number;
  y: number;
}

export interface PlacedSeries {
  series: ChartSeries;
  points: PlacedPoint[];
  /** SVG path data (line charts); empty when not joined. */
  path: string;
}

export interface PlacedBar {
  category: number;
  value: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ChartGeometry {
  /** Where each category sits along the bottom (its centre). */
  categoryX: number[];
  yTicks: Array<{ value: number; y: number }>;
  /** The categories whose labels are written (the others are in the table). */
  labelled: number[];
  baseline: number;
}

/** Points closer than this (in the drawing's units) are set side by side. */
export const OVERLAP = 10;
/** How far apart side-by-side points are set, at most. */
export const DODGE = 8;
/** A cluster set side by side spans at most this share of the space between two categories, so it never reaches the next one's points. */
export const DODGE_SHARE_OF_SPACING = 0.5;

const round = (value: number) => Math.round(value * 10) / 10;

function scaleY(ticks: Ticks, box: ChartBox) {
  const plotHeight = box.height - box.top - box.bottom;
  return (value: number) => round(box.top + plotHeight * (1 - (Math.min(ticks.max, Math.max(ticks.min, value)) - ticks.min) / (ticks.max - ticks.min || 1)));
}

export function axisGeometry(categories: readonly ChartCategory[], ticks: Ticks, box: ChartBox, kind: 'line' | 'bar'): ChartGeometry {
  const plotWidth = box.width - box.left - box.right;
  const n = categories.length;
  // Line charts keep room at either end for points set side by side; bars sit in equal slots.
  const inset = kind === 'line' ? DODGE * 1.5 : 0;
  const categoryX = categories.map((_, i) => {
    if (kind === 'bar') return round(box.left + (plotWidth / Math.max(1, n)) * (i + 0.5));
    return round(n <= 1 ? box.left + plotWidth / 2 : box.left + inset + ((plotWidth - 2 * inset) * i) / (n - 1));
  });
  const y = scaleY(ticks, box);
  const labelWidth = kind === 'bar' ? plotWidth - plotWidth / Math.max(1, n) : plotWidth - 2 * inset;
  return {
    categoryX,
    yTicks: ticks.values.map((value) => ({ value, y: y(value) })),
    labelled: labelIndexes(
      categories.map((category) => category.label),
      labelWidth,
      undefined,
      kind === 'line',
    ),
    baseline: round(box.height - box.bottom),
  };
}

/** The line series' points, side by side where they would overlap, and the lines joining them. */
export function placeLines(series: readonly ChartSeries[], axis: ChartGeometry, ticks: Ticks, box: ChartBox): PlacedSeries[] {
  const y = scaleY(ticks, box);
  const offsets = series.map(() => axis.categoryX.map(() => 0));
  const spacing = axis.categoryX.length > 1 ? Math.abs((axis.categoryX[1] ?? 0) - (axis.categoryX[0] ?? 0)) : Infinity;
  axis.categoryX.forEach((_, category) => {
    const present = series
      .map((s, index) => ({ index, value: s.overlay ? null : s.values[category] }))
      .filter((entry): entry is { index: number; value: number } => entry.value !== null && entry.value !== undefined)
      .sort((a, b) => y(a.value) - y(b.value) || a.index - b.index);
    // Runs of points each within OVERLAP of the one before: one cluster, spread across.
    let cluster: number[] = [];
    const spread = () => {
      const step = cluster.length > 1 ? Math.min(DODGE, (spacing * DODGE_SHARE_OF_SPACING) / (cluster.length - 1)) : 0;
      cluster.forEach((index, j) => {
        const row = offsets[index];
        if (row) row[category] = round((j - (cluster.length - 1) / 2) * step);
      });
    };
    present.forEach((entry, j) => {
      const previous = present[j - 1];
      if (previous && Math.abs(y(entry.value) - y(previous.value)) >= OVERLAP) {
        spread();
        cluster = [];
      }
      cluster.push(entry.index);
    });
    spread();
  });
  return series.map((s, index) => {
    const points: PlacedPoint[] = [];
    let path = '';
    let joined = false;
    s.values.forEach((value, category) => {
      if (value === null || value === undefined) {
        if (!s.connectGaps) joined = false;
        return;
      }
      const point = { category, value, x: round((axis.categoryX[category] ?? 0) + (offsets[index]?.[category] ?? 0)), y: y(value) };
      points.push(point);
      path += `${joined ? 'L' : 'M'}${point.x} ${point.y}`;
      joined = true;
    });
    return { series: s, points, path: s.line === 'none' ? '' : path };
  });
}

/** The bars of each series, side by side within each category's slot. */
export function placeBars(series: readonly ChartSeries[], axis: ChartGeometry, ticks: Ticks, box: ChartBox): PlacedBar[][] {
  const y = scaleY(ticks, box);
  const slot = (box.width - box.left - box.right) / Math.max(1, axis.categoryX.length);
  const width = round(Math.min(40, (slot * 0.7) / Math.max(1, series.length)));
  const zero = y(Math.max(ticks.min, 0));
  return series.map((s, index) =>
    s.values.flatMap((value, category) => {
      if (value === null || value === undefined) return [];
      const top = y(value);
      const x = round((axis.categoryX[category] ?? 0) - (width * series.length) / 2 + width * index);
      return [{ category, value, x, y: Math.min(top, zero), width, height: round(Math.abs(zero - top)) }];
    }),
  );
}

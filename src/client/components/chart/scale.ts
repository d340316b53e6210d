/*
 * The axes of the app's charts (Chart.tsx): round tick values, date labels that never repeat, and
 * which category labels fit under the plot. Pure functions, checked without a browser.
 */

export interface Ticks {
  /** The tick values, lowest first; the axis runs from the first to the last. */
  values: number[];
  min: number;
  max: number;
}

const tidy = (value: number) => Math.round(value * 1e9) / 1e9;

/**
 * Round ticks (steps of 1, 2, 2.5 or 5 times a power of ten) covering `min`..`max`, at most
 * `maxTicks` of them. `integer` (counts of people or attempts): whole steps only, so an axis up to 1
 * reads 0, 1 and never 0, 1, 1.
 */
export function niceTicks(min: number, max: number, { maxTicks = 5, integer = false }: { maxTicks?: number; integer?: boolean } = {}): Ticks {
  let low = Number.isFinite(min) ? min : 0;
  let high = Number.isFinite(max) ? max : low + 1;
  if (high < low) [low, high] = [high, low];
  if (high === low) high = low + 1;
  const intervals = Math.max(1, maxTicks - 1);
  const raw = (high - low) / intervals;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const steps = integer ? [1, 2, 5, 10] : [1, 2, 2.5, 5, 10];
  let step = 0;
  for (const factor of steps) {
    const candidate = factor * magnitude;
    if (integer && candidate < 1) continue;
    const start = Math.floor(tidy(low / candidate)) * candidate;
    const end = Math.ceil(tidy(high / candidate)) * candidate;
    if (Math.round((end - start) / candidate) <= intervals) {
      step = candidate;
      break;
    }
  }
  if (step === 0) step = integer ? Math.max(1, Math.ceil(raw)) : raw;
  const start = tidy(Math.floor(tidy(low / step)) * step);
  const end = tidy(Math.ceil(tidy(high / step)) * step);
  const values: number[] = [];
  for (let i = 0; tidy(start + i * step) <= end; i += 1) values.push(tidy(start + i * step));
  return { values, min: start, max: end };
}

/**
 * Whole-number ticks from `min` to `max` (a band or score scale), at most `maxTicks`: every one, or
 * every second or third, preferring a step that lands on both ends (1, 3, 5, 7, 9; 0, 3, 6, 9).
 */
export function wholeTicks(min: number, max: number, maxTicks = 6): Ticks {
  const first = Math.ceil(min);
  const span = Math.floor(max) - first;
  const least = Math.max(1, Math.ceil((span + 1) / maxTicks));
  let every = least;
  for (let candidate = least; candidate <= least * 2; candidate += 1) {
    if (span % candidate === 0) {
      every = candidate;
      break;
    }
  }
  const values: number[] = [];
  for (let value = first; value <= first + span; value += every) values.push(value);
  return { values, min, max };
}

/** "3 Mar" (with the year when the dates span more than one), at the school's time zone. */
function dayFormat(timeZone: string, withYear: boolean) {
  return new Intl.DateTimeFormat('en-GB', { timeZone, day: 'numeric', month: 'short', ...(withYear ? { year: 'numeric' } : {}) });
}

/**
 * One label per date (ms since epoch), none the same: the day ("3 Mar"); the time as well when another
 * date falls on that day ("3 Mar 10:05"); "#2", "#3" after a label that would still repeat (same minute).
 */
export function distinctDateLabels(times: readonly number[], timeZone: string): string[] {
  const yearOf = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric' });
  const years = new Set(times.map((time) => yearOf.format(time)));
  const day = dayFormat(timeZone, years.size > 1);
  const clock = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const days = times.map((time) => day.format(time));
  const perDay = new Map<string, number>();
  for (const label of days) perDay.set(label, (perDay.get(label) ?? 0) + 1);
  const labels = times.map((time, i) => {
    const label = days[i] ?? '';
    return (perDay.get(label) ?? 0) > 1 ? `${label} ${clock.format(time)}` : label;
  });
  const seen = new Map<string, number>();
  return labels.map((label) => {
    const count = (seen.get(label) ?? 0) + 1;
    seen.set(label, count);
    return count === 1 ? label : `${label} #${count}`;
  });
}

/** Room between two labels under a chart, in the drawing's units. */
const LABEL_GAP = 10;

/**
 * Which of `labels` to write under a plot `width` wide (in the drawing's units, ~`charWidth` per
 * character): the first and the last (the last left out only where the two would touch), and evenly
 * spaced ones between them where they fit. A line chart's first label is written from its point
 * rightwards and its last leftwards to it (Chart.tsx anchors them at their ends; a bar chart's are
 * centred: `endsAnchored` false), so the label beside either must clear the whole of it, not half:
 * a first label with a time ("30 Nov 2025 01:12") ran into a centred date beside it.
 */
export function labelIndexes(labels: readonly string[], width: number, charWidth = 6.6, endsAnchored = true): number[] {
  const count = labels.length;
  if (count === 0) return [];
  if (count === 1) return [0];
  const last = count - 1;
  // A bar chart centres every label: the first and last then reach half their width beside them.
  const widthOf = (index: number) => (labels[index]?.length ?? 0) * charWidth * (!endsAnchored && (index === 0 || index === last) ? 0.5 : 1);
  const widest = Math.max(...labels.map((label) => label.length)) * charWidth + LABEL_GAP;
  const slot = width / (count - 1);
  // Neighbouring labels are centred `slot * every` apart: far enough for the widest label.
  const every = Math.max(1, Math.ceil(widest / slot));
  const indexes: number[] = [];
  for (let i = 0; i < count; i += every) indexes.push(i);
  // Where a label centred at `index` would begin or end, beside the first or the last written whole.
  const clearsFirst = (index: number) => index * slot - widthOf(index) / 2 >= widthOf(0) + LABEL_GAP;
  const clearsLast = (index: number) => (last - index) * slot - widthOf(index) / 2 >= widthOf(last) + LABEL_GAP;
  const middle = indexes.filter((index) => index !== 0 && index !== last && clearsFirst(index) && clearsLast(index));
  // The first and the last always show; with no room between them for either whole, the first alone.
  if (last * slot < widthOf(0) + widthOf(last) + LABEL_GAP) return [0, ...middle];
  return [0, ...middle, last];
}

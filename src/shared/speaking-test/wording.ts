import type { NextStep } from './tiers.js';

/** "half a band", "a full band", "one and a half bands", "two bands". */
export function bandGainText(gain: number): string {
  const whole = Math.floor(gain);
  const half = gain - whole >= 0.5;
  if (whole === 0) return 'half a band';
  if (whole === 1 && !half) return 'a full band';
  const wholeText = NUMBER_WORDS[whole] ?? String(whole);
  return half ? `${wholeText} and a half bands` : `${wholeText} bands`;
}

const NUMBER_WORDS: Record<number, string> = { 1: 'one', 2: 'two', 3: 'three', 4: 'four', 5: 'five', 6: 'six', 7: 'seven', 8: 'eight' };

/**
 * A figure for people, with as few decimals as it needs (at least `decimals`) not to read as the
 * threshold it is compared with: 89.96 words a minute next to "more than 90" shows as 89.96.
 */
export function showNear(value: number, threshold: number, decimals = 0): string {
  let places = decimals;
  while (places < 4 && value !== threshold && round(value, places) === threshold) places++;
  return String(round(value, places));
}

export function round(value: number, places: number): number {
  return Number(value.toFixed(places));
}

/** "more than 90", "10% or less": `show` writes the threshold with its unit. */
export function stepText(step: NextStep, show: (threshold: number) => string): string {
  const threshold = show(step.threshold);
  switch (step.comparison) {
    case 'more than':
      return `more than ${threshold}`;
    case 'at least':
      return `${threshold} or more`;
    case 'under':
      return `under ${threshold}`;
    case 'at most':
      return `${threshold} or less`;
  }
}

/** A 0..1 ratio as a percentage for people, away from the threshold (also a ratio). */
export function percentNear(ratio: number, thresholdRatio: number): string {
  return `${showNear(ratio * 100, round(thresholdRatio * 100, 6), 1)}%`;
}

export function percent(ratio: number): string {
  return `${round(ratio * 100, 6)}%`;
}

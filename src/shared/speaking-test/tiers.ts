import type { ScoreTier } from './constants.js';

/** The first tier of the list that fires for the value, if any. */
export function firingTier(tiers: readonly ScoreTier[], value: number): ScoreTier | undefined {
  return tiers.find((tier) => (tier.op === '>' ? value > tier.threshold : value < tier.threshold));
}

export function tierDelta(tiers: readonly ScoreTier[], value: number): number {
  return firingTier(tiers, value)?.delta ?? 0;
}

/**
 * The nearest value that would score better, for advice: reaching a threshold ("60 or more",
 * "10% or less") or passing it ("more than 90", "under 2 s"), whichever is closer to the value and
 * actually gains; null when no value scores better.
 */
export interface NextStep {
  threshold: number;
  /** How the value must compare with the threshold. */
  comparison: 'more than' | 'at least' | 'under' | 'at most';
  gain: number;
}

/** Small enough to sit between a threshold and any value a person could reach. */
const PAST = 1e-9;

export function nextStep(tiers: readonly ScoreTier[], value: number): NextStep | null {
  const current = tierDelta(tiers, value);
  let best: (NextStep & { distance: number }) | null = null;
  for (const { threshold } of tiers) {
    const candidates: { at: number; comparison: NextStep['comparison'] }[] = [];
    if (threshold >= value) candidates.push({ at: threshold, comparison: 'at least' }, { at: threshold + PAST, comparison: 'more than' });
    if (threshold <= value) candidates.push({ at: threshold, comparison: 'at most' }, { at: threshold - PAST, comparison: 'under' });
    for (const { at, comparison } of candidates) {
      const gain = tierDelta(tiers, at) - current;
      const distance = Math.abs(at - value);
      if (gain <= 0) continue;
      if (best === null || distance < best.distance || (distance === best.distance && gain > best.gain)) {
        best = { threshold, comparison, gain, distance };
      }
    }
  }
  return best === null ? null : { threshold: best.threshold, comparison: best.comparison, gain: best.gain };
}

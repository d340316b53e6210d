import { BAND_MAX, BAND_MIN, type ScoreTier } from './constants.js';
import { firingTier, nextStep, type NextStep } from './tiers.js';
import { bandGainText } from './wording.js';

/*
 * What every criterion of the spec's band heuristics (section 9) shares: a base, the rules that
 * fire with their deltas, the clamp to 1..9, and one sentence of advice (scoring.ts says more).
 */

export type Criterion = 'fluency' | 'vocabulary' | 'grammar' | 'pronunciation';

/** A rule that fired: 'wpm > 120' with +1. */
export interface RuleHit {
  rule: string;
  delta: number;
}

export interface CriterionScore<C extends Criterion, F> {
  criterion: C;
  base: number;
  rules: RuleHit[];
  /** base + the deltas, clamped to 1..9 (a multiple of 0.5). */
  band: number;
  /** The figures the rules looked at. */
  figures: F;
  /** One sentence on what would raise the band, from the figures. */
  advice: string;
  /**
   * The listed words said more often than they count, in one sentence (decision 0046), and on
   * Fluency linking words over-used (decision 0051): why the linking words, stance adverbs, clause
   * linkers or modals read fewer than were said. Absent when none were, and on results scored before.
   */
  repeated?: string;
}

export function clampBand(band: number): number {
  return Math.min(BAND_MAX, Math.max(BAND_MIN, band));
}

/** One rule of a criterion: the hit when it fires, and the advice when a better tier is in reach. */
export interface Check {
  rule: RuleHit | null;
  advice: { gain: number; text: string } | null;
}

export function tierCheck(
  label: string,
  unit: string,
  tiers: readonly ScoreTier[],
  value: number | null,
  advise: (value: number, step: NextStep, gain: string) => string,
): Check {
  if (value === null) return { rule: null, advice: null };
  const tier = firingTier(tiers, value);
  const step = nextStep(tiers, value);
  return {
    rule: tier === undefined ? null : { rule: `${label} ${tier.op} ${tier.threshold}${unit}`, delta: tier.delta },
    advice: step === null ? null : { gain: step.gain, text: advise(value, step, gainText(step.gain)) },
  };
}

/** The check that would gain most gives the advice; on a tie, the first listed. */
export function criterionScore<C extends Criterion, F>(criterion: C, base: number, figures: F, checks: Check[], topAdvice: string): CriterionScore<C, F> {
  const rules = checks.flatMap((check) => (check.rule === null ? [] : [check.rule]));
  let advice: Check['advice'] = null;
  for (const check of checks) {
    if (check.advice !== null && (advice === null || check.advice.gain > advice.gain)) advice = check.advice;
  }
  const raw = rules.reduce((band, rule) => band + rule.delta, base);
  return { criterion, base, rules, band: clampBand(raw), figures, advice: advice?.text ?? topAdvice };
}

export function gainText(gain: number): string {
  return `adds ${bandGainText(gain)}`;
}

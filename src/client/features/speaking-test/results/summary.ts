import { MEASURED_CRITERIA } from '../../../../shared/api/progress-limits';
import { withoutCountingNote } from '../../../../shared/band-estimate/counting-note';
import { lowestCriteria } from '../../../../shared/band-estimate/lowest';
import { isNothingMoreAdvice } from '../../../../shared/band-estimate/nothing-more';
import type { RuleHit } from '../../../../shared/speaking-test/criterion';
import type { SpeakingTestResult } from '../../../../shared/speaking-test/scoring';
import { isSmallerEffectsRule } from '../../../../shared/speaking-test/smaller-effects';
import { CRITERIA, CRITERION_NAMES } from './criteria';

/*
 * The results' opening summary: each criterion in one line with the evidence that moved it most,
 * and the one thing to work on next. The rule-by-rule detail stays under "How this was worked out".
 */

type Assessable = Pick<Extract<SpeakingTestResult, { assessable: true }>, 'bands' | 'criteria'>;

export interface CriterionLine {
  criterion: (typeof CRITERIA)[number];
  name: string;
  band: number;
  /** The main reason, in words. */
  reason: string;
  /** False for a band that only follows the others (Pronunciation from a transcript): shown quieter than a measured one. */
  measured: boolean;
}

/**
 * The evidence that moved the band most in the way it went (down from the average learner's band: the
 * largest fall; else the largest rise); the largest of any when none moved it that way. The line
 * gathering the smallest effects is several pieces of evidence, never the main one.
 */
function mainRule(rules: readonly RuleHit[], way: 'up' | 'down'): RuleHit | undefined {
  const byEffect = rules.filter((rule) => !isSmallerEffectsRule(rule.rule)).sort((a, b) => Math.abs(b.delta) - Math.abs(a.delta));
  return byEffect.find((rule) => (way === 'down' ? rule.delta < 0 : rule.delta > 0)) ?? byEffect[0];
}

/** Why a criterion's band is where it is, in one line: the evidence that moved it most from the average learner's band, the way it went. */
export function criterionLines(result: Assessable): CriterionLine[] {
  return CRITERIA.map((criterion) => {
    const { rules, base } = result.criteria[criterion];
    const band = result.bands[criterion];
    const main = mainRule(rules, band < base ? 'down' : 'up');
    let reason: string;
    const measured = !(criterion === 'pronunciation' && rules.length === 0);
    if (!measured) reason = 'Not measured: until your teacher listens, it is the average of the other three.';
    else if (!main) reason = "Nothing measured moved it up or down from the average learner's band.";
    // How a listed word is counted stays in the rule-by-rule detail: the line is a glance.
    else reason = `${main.delta > 0 ? 'Helped most by' : 'Lowered most by'} ${beside(withoutCountingNote(main.rule))}.`;
    return { criterion, name: CRITERION_NAMES[criterion], band, reason, measured };
  });
}

/**
 * An estimate's evidence line: "label: yours (average learner theirs)", figures as shown (16, 0.3,
 * 65%); attempts saved before the plainer wording say "typical learner".
 */
const EVIDENCE_LINE = /^(.+): (\d+(?:\.\d+)?)(%?) \((?:average|typical) learner (\d+(?:\.\d+)?)%?\)$/u;

/**
 * The evidence line with the student's figure beside the average learner's, both named: "Helped
 * most by verb … mistakes found … per 100 words: you 0.1, average learner 0.3" reads as fewer
 * mistakes helping, where "Raised most by … slips: 0.1 (typical learner 0.3)" read as mistakes
 * raising the band. Other lines (section 9's rules) are left as they are.
 */
function beside(rule: string): string {
  const match = EVIDENCE_LINE.exec(rule);
  if (!match) return rule;
  const [, label, yours = '', unit = '', theirs = ''] = match;
  return `${label}: you ${yours}${unit}, average learner ${theirs}${unit}`;
}

/** What to work on next: the criterion, its advice, and any criteria level with it on the band shown. */
export interface NextStep {
  criterion: string;
  advice: string;
  /** Criteria on the same band as `criterion` (lowest.ts), in the criteria's order. */
  levelWith: string[];
}

/** A criterion's band before rounding, as "How this was worked out" adds it up: its base and steps. */
const unrounded = (score: { base: number; rules: readonly RuleHit[] }) => score.rules.reduce((sum, rule) => sum + rule.delta, score.base);

/**
 * What to work on next: the advice of the lowest of the measured criteria (Pronunciation is not
 * measured) that has something to work on. Criteria level with it on the band shown are named
 * beside it, since the estimate does not tell them apart; the advice is the one lower before
 * rounding (the sum the worked-out detail shows), else the first in order, and the others' advice
 * is in the detail. One piece of advice keeps the summary within a phone's first screen.
 * A criterion whose evidence is all at the strongest learners' level says "nothing more to work
 * on": under "Work on next" that read as nothing to do, beside another criterion's advice (a
 * Grammar of 6 chosen over a Vocabulary of 6.5 that had some).
 */
export function nextStep(result: Assessable): NextStep {
  const withAdvice = MEASURED_CRITERIA.filter((criterion) => !isNothingMoreAdvice(result.criteria[criterion].advice));
  const bands = { fluency: result.criteria.fluency.band, vocabulary: result.criteria.vocabulary.band, grammar: result.criteria.grammar.band };
  const named = lowestCriteria(bands, withAdvice.length > 0 ? withAdvice : MEASURED_CRITERIA);
  const first = named.reduce((low, criterion) => (unrounded(result.criteria[criterion]) < unrounded(result.criteria[low]) ? criterion : low));
  return {
    criterion: CRITERION_NAMES[first],
    advice: result.criteria[first].advice,
    levelWith: named.filter((criterion) => criterion !== first).map((criterion) => CRITERION_NAMES[criterion]),
  };
}

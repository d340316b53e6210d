/*
 * Attempts saved before the calibrated estimate (decision 0030) were scored by section 9's fixed
 * rules: each criterion started from a set band (fluency 5, vocabulary 5, grammar 6) and moved by set
 * steps. Their stored working tells them apart only by those starting bands: the calibrated estimate
 * starts each criterion from its fit's typical learner (3.3 each when this was written; the test checks
 * the two never meet). The agreement with raters measured for the calibrated estimate, and the bands
 * matching what raters gave the learners it gave a band, are not theirs to claim.
 */

const SECTION_9_BASES: Readonly<Record<string, number>> = { fluency: 5, vocabulary: 5, grammar: 6 };

/** True when an attempt's stored working is section 9's fixed rules, not the calibrated estimate. */
export function scoredByEarlierRules(criteria: readonly { criterion: string; base: number }[]): boolean {
  return Object.entries(SECTION_9_BASES).every(([name, base]) => criteria.find((criterion) => criterion.criterion === name)?.base === base);
}

/** Said in place of the estimate's agreement with examiners on such an attempt (to the teacher and the student alike). */
export const EARLIER_RULES_TEXT =
  'Scored by the simpler fixed rules Parley used before its current estimate: each criterion started from a set band and moved by set steps, shown below. ' +
  'These rules were never checked against how people grade speaking, so what Parley says about its accuracy today does not apply to this attempt, ' +
  'and its bands cannot be compared directly with those of later attempts.';

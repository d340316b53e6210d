import { FEATURE_WORDING } from './evidence.js';
import type { CriterionEstimate, LanguageEstimate } from './estimate.js';
import { countedZ, CRITERION_FEATURES, linkedLevel, type BandModel, type Contribution, type FeatureSpec, type LinearModel } from './model.js';
import { NOTHING_MORE_ADVICE } from './nothing-more.js';
import { bandOfLevel } from './scale.js';

/*
 * The one piece of advice for an estimated criterion: what the evidence with the most room to gain
 * says to do. The speaking test's results (speaking-test/calibrated.ts) and the interview's "work on
 * next" (interview/next-step.ts) both read it; it moves no band.
 */

/** Less room than this (levels) is none: the advice names something worth the student's effort. */
const MIN_ROOM_LEVELS = 0.05;

/**
 * The evidence with the most to gain: its weight times how far it stands from the strongest
 * learners' mean (levels 8 and 9 of the development data, `strongest` in the fit) in its good
 * direction. Not the evidence that moved the band least: a student whose short stretches are 2%,
 * under the strongest learners' share, was told to "answer in full sentences". A feature a
 * student cannot lower further (no repeats made) has no room either. Undefined when nothing has
 * MIN_ROOM_LEVELS of room.
 */
function mostRoom(linear: LinearModel, criterion: CriterionEstimate, specs: readonly FeatureSpec[]): Contribution | undefined {
  let best: { contribution: Contribution; room: number } | undefined;
  for (const contribution of criterion.contributions) {
    const term = linear.terms.find((item) => item.feature === contribution.feature);
    const spec = specs.find((item) => item.feature === contribution.feature);
    if (!term || term.strongest === undefined || term.weight === 0) continue;
    if ((spec?.sign ?? 1) < 0 && contribution.value <= 0) continue;
    const z = countedZ(term, contribution.value, term.weight);
    const room = Math.abs(term.weight) * Math.max(0, Math.sign(term.weight) * (term.strongest - z));
    if (room >= MIN_ROOM_LEVELS && (!best || room > best.room)) best = { contribution, room };
  }
  return best?.contribution;
}

/** What to work on to raise `criterion`, in the student's own figures. */
export function criterionAdvice(estimate: LanguageEstimate, criterion: CriterionEstimate, model: BandModel): string {
  if (criterion.contributions.length === 0) return 'Say more so that this criterion can be estimated.';
  // Something over-used (linking words at the head of every sentence) is said first: an examiner would.
  const overUsed = criterion.contributions.find((contribution) => FEATURE_WORDING[contribution.feature].overUsed?.(estimate.features));
  if (overUsed) return FEATURE_WORDING[overUsed.feature].advice(estimate.features);
  const next = mostRoom(model[criterion.criterion], criterion, CRITERION_FEATURES[criterion.criterion]);
  if (next === undefined) return NOTHING_MORE_ADVICE;
  const advice = FEATURE_WORDING[next.feature].advice(estimate.features);
  // "Above the typical learner's" only where no piece of evidence moved the band down: beside a
  // minus line on the same card it would read as a contradiction.
  const allAbove = criterion.contributions.every((contribution) => contribution.levels >= 0);
  // The typical learner's own band said with it: beside a low score, "above the typical learner's"
  // read as a contradiction to a student who took the typical learner for a typical candidate.
  const linear = model[criterion.criterion];
  const typicalBand = Math.round(bandOfLevel(linkedLevel(linear, linear.intercept)) * 2) / 2;
  return allAbove ? `Everything measured here is above the typical rated learner's (band ${typicalBand.toFixed(1)}). Next: ${lowerFirst(advice)}` : advice;
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

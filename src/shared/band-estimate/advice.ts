import { FEATURE_WORDING } from './evidence.js';
import type { CriterionEstimate, LanguageEstimate } from './estimate.js';
import { countedZ, CRITERION_FEATURES, heldZ, linkedLevel, type BandModel, type Contribution, type FeatureName, type FeatureSpec, type LinearModel } from './model.js';
import { NOTHING_MORE_ADVICE } from './nothing-more.js';
import { bandOfLevel } from './scale.js';

/*
 * The one piece of advice for an estimated criterion: what the evidence with the most room to gain
 * says to do. The speaking test's results (speaking-test/calibrated.ts) and the interview's "work on
 * next" (interview/next-step.ts) both read it; it moves no band.
 */

/** Less room than this (levels) is none: the advice names something worth the student's effort. */
const MIN_ROOM_LEVELS = 0.05;

type Term = LinearModel['terms'][number];

/** Whom the advice measures the student's room against: each feature's mean among them (standard deviations), and how the advice names them. */
interface Aim {
  mean: (term: Term) => number | undefined;
  who: string;
}

/** The strongest learners (levels 8 and 9 of the development data; decision 0048). */
const STRONGEST: Aim = { mean: (term) => term.strongest, who: 'the strongest learners' };

/**
 * The learners one level above the student's estimated level for the criterion, rounded to a whole
 * level as the raters give them (decision 0069): the first level of the fit's `levelMeans` at or
 * above it, and past the last (a student at level 6.5 or above), or in a model without them, the
 * strongest learners. What separates a level-3 student from level 4 is not what separates them from
 * levels 8-9: aimed at the strongest, 114 of the 143 development learners of levels 2-3 were told to
 * say "probably" and "definitely".
 */
function nextLevelAim(linear: LinearModel, level: number): Aim {
  const next = Math.round(level) + 1;
  const aimed = Math.min(...linear.terms.flatMap((term) => (term.levelMeans ?? []).map(([at]) => at)).filter((at) => at >= next));
  if (!Number.isFinite(aimed)) return STRONGEST;
  return { mean: (term) => term.levelMeans?.find(([at]) => at === aimed)?.[1], who: 'the learners one level above you' };
}

/**
 * The evidence with the most to gain: its weight times how far it stands from `aim`'s mean in its
 * good direction. Not the evidence that moved the band least: a student whose short stretches are
 * 2%, under the strongest learners' share, was told to "answer in full sentences" (decision 0048).
 * A feature a student cannot lower further (no repeats made) has no room either. Undefined when
 * nothing has MIN_ROOM_LEVELS of room.
 */
function mostRoom(linear: LinearModel, criterion: CriterionEstimate, specs: readonly FeatureSpec[], aim: Aim, leaveOut: ReadonlySet<FeatureName>): Contribution | undefined {
  let best: { contribution: Contribution; room: number } | undefined;
  for (const contribution of criterion.contributions) {
    if (leaveOut.has(contribution.feature)) continue;
    const term = linear.terms.find((item) => item.feature === contribution.feature);
    const spec = specs.find((item) => item.feature === contribution.feature);
    const target = term === undefined ? undefined : aim.mean(term);
    if (!term || target === undefined || term.weight === 0) continue;
    if ((spec?.sign ?? 1) < 0 && contribution.value <= 0) continue;
    const z = countedZ(term, contribution.value, term.weight);
    // A listed-word count counts no further than `best` (decision 0046): past it there is nothing to
    // gain, though a level's learners said more (level 7's linking words are past the strongest's).
    const reachable = heldZ(term, target, term.weight);
    const room = Math.abs(term.weight) * Math.max(0, Math.sign(term.weight) * (reachable - z));
    if (room >= MIN_ROOM_LEVELS && (!best || room > best.room)) best = { contribution, room };
  }
  return best?.contribution;
}

/**
 * The evidence to work on and whom it was measured against: aimed at the level above the student's
 * own, and when the student is at or past that level's means in everything, at the strongest
 * learners' (so that "nothing more to work on" still means at or past the strongest learners').
 */
function nextEvidence(linear: LinearModel, criterion: CriterionEstimate, specs: readonly FeatureSpec[], leaveOut: ReadonlySet<FeatureName>): { contribution: Contribution; aim: Aim } | undefined {
  for (const aim of [nextLevelAim(linear, criterion.level), STRONGEST]) {
    const contribution = mostRoom(linear, criterion, specs, aim, leaveOut);
    if (contribution) return { contribution, aim };
  }
  return undefined;
}

/**
 * What to work on to raise `criterion`, in the student's own figures. `leaveOut`: evidence not to
 * advise on, whatever its room (the interview's linking words once the student links clauses as the
 * strongest learners do: interview/next-step.ts).
 */
export function criterionAdvice(estimate: LanguageEstimate, criterion: CriterionEstimate, model: BandModel, leaveOut: ReadonlySet<FeatureName> = new Set()): string {
  if (criterion.contributions.length === 0) return 'Say more so that this criterion can be estimated.';
  // Something over-used (linking words at the head of every sentence) is said first: an examiner would.
  const overUsed = criterion.contributions.find((contribution) => FEATURE_WORDING[contribution.feature].overUsed?.(estimate.features));
  if (overUsed) return FEATURE_WORDING[overUsed.feature].advice(estimate.features);
  const next = nextEvidence(model[criterion.criterion], criterion, CRITERION_FEATURES[criterion.criterion], leaveOut);
  if (next === undefined) return NOTHING_MORE_ADVICE;
  const advice = FEATURE_WORDING[next.contribution.feature].advice(estimate.features, next.aim.who);
  // "Better than the average learner's" only where no piece of evidence moved the band down: beside a
  // minus line on the same card it would read as a contradiction.
  const allAbove = criterion.contributions.every((contribution) => contribution.levels >= 0);
  // The average learner's own band said with it: beside a low score, "above the typical learner's"
  // read as a contradiction to a student who took the typical learner for a typical candidate.
  const linear = model[criterion.criterion];
  const typicalBand = Math.round(bandOfLevel(linkedLevel(linear, linear.intercept)) * 2) / 2;
  return allAbove ? `Everything measured here is better than the average learner's (band ${typicalBand.toFixed(1)}). Next: ${lowerFirst(advice)}` : advice;
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

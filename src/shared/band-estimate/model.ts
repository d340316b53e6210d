import type { LanguageFeatures } from './features.js';

/*
 * The band model: for each criterion a linear model from its features (standardised) to the
 * development data's proficiency level, fitted by ridge regression with each weight's sign fixed
 * by what the feature is evidence of (scripts/band-model/fit.ts; decision 0030). A feature whose
 * fitted weight comes out against its expected sign is dropped, not used backwards. The weighted
 * sum is then linked to the raters' levels so that it spreads as they do (decision 0058).
 */

export type EstimatedCriterion = 'fluency' | 'vocabulary' | 'grammar';
export type FeatureName = Exclude<keyof LanguageFeatures, 'words' | 'utterances' | 'distinctStems' | 'saidOften' | 'linkingWordsSaidPer100' | 'writtenLinkingSaidPer100'> | 'logWordsPerAnswer' | 'logDistinctStems';

/** Features as the models read them: counts on a log scale. */
export type ModelInputs = Record<FeatureName, number>;

export interface FeatureSpec {
  feature: FeatureName;
  /** +1: more is better evidence of proficiency; -1: less is. */
  sign: 1 | -1;
  /**
   * Counts no further in its good direction than the strongest learners' mean (decision 0046): the
   * counts of listed words, which a student can add at will.
   */
  saturates?: true;
  /**
   * Fitted beside the others, so that their weights are not bent by its absence, but never counted
   * in an estimate: every student counts as the development set's average learner on it. For
   * evidence the learners' transcripts carry and a recogniser may drop (repeats; decision 0047).
   */
  heldAtMean?: true;
}

/** Which evidence each criterion weighs; filled pauses are reported but never weighed, and repeats are held at the mean (recognisers drop them). */
export const CRITERION_FEATURES: Readonly<Record<EstimatedCriterion, readonly FeatureSpec[]>> = {
  fluency: [
    { feature: 'logWordsPerAnswer', sign: 1 },
    { feature: 'wordsPerUtterance', sign: 1 },
    { feature: 'longTurnWords', sign: 1 },
    { feature: 'shortUtteranceShare', sign: -1 },
    { feature: 'repairsPer100', sign: -1, heldAtMean: true },
    { feature: 'discourseMarkersPer100', sign: 1, saturates: true },
  ],
  vocabulary: [
    { feature: 'mattr', sign: 1 },
    { feature: 'logDistinctStems', sign: 1 },
    { feature: 'contentWordLength', sign: 1 },
    { feature: 'rareWordShare', sign: 1 },
    { feature: 'derivedWordShare', sign: 1 },
    { feature: 'phrasalVerbsPer100', sign: 1, saturates: true },
    { feature: 'stanceAdverbsPer100', sign: 1, saturates: true },
  ],
  grammar: [
    { feature: 'wordsPerUtterance', sign: 1 },
    { feature: 'subordinatorsPer100', sign: 1, saturates: true },
    { feature: 'verbFormRange', sign: 1 },
    { feature: 'articlesPer100', sign: 1 },
    { feature: 'pastFormsPer100', sign: 1 },
    { feature: 'pluralNounShare', sign: 1, saturates: true },
    { feature: 'perfectPassivePer100', sign: 1 },
    { feature: 'tentativeModalsPer100', sign: 1, saturates: true },
    { feature: 'grammarSlipsPer100', sign: -1 },
    { feature: 'functionWordShare', sign: 1, saturates: true },
  ],
};

export interface LinearModel {
  intercept: number;
  /**
   * Per feature: the training mean and standard deviation, the weight per standard deviation, and
   * `best`, the strongest learners' mean in standard deviations: the feature counts in its good
   * direction (the weight's sign) no further than that (decision 0046). `strongest`: the same mean for
   * every feature, which the advice measures the room left against (advice.ts); it moves no estimate.
   * `levelMeans`: `[level, mean]`, each level's learners' mean in standard deviations, levels 2 to 7:
   * what the advice measures the room against for a student a level below (decision 0069); it moves
   * no estimate either.
   */
  terms: readonly { feature: FeatureName; mean: number; sd: number; weight: number; best?: number; strongest?: number; levelMeans?: readonly (readonly [level: number, mean: number])[] }[];
  /**
   * From the weighted sum (the predicted level) to the raters' level (decision 0058): knots
   * `[predicted, level]`, rising, joined by straight lines and continued past the ends at one level
   * per level. Without it the predicted level is the level.
   */
  link?: readonly (readonly [predicted: number, level: number])[];
}

export type BandModel = Readonly<Record<EstimatedCriterion, LinearModel>>;

export interface Contribution {
  feature: FeatureName;
  value: number;
  /** Levels this feature moves the estimate from the development set's average learner. */
  levels: number;
}

export function modelInputs(features: LanguageFeatures): ModelInputs {
  const { words: _words, utterances: _utterances, distinctStems, saidOften: _saidOften, linkingWordsSaidPer100: _linkingSaid, writtenLinkingSaidPer100: _writtenSaid, ...rest } = features;
  return { ...rest, logWordsPerAnswer: Math.log1p(features.wordsPerAnswer), logDistinctStems: Math.log1p(distinctStems) };
}

/**
 * A feature counts at most this many standard deviations from the development set's mean: past
 * that the data say nothing of its effect (answers of 300 words on average are 4.7 standard
 * deviations past the data's words per answer), so it is held at the edge instead of extrapolated.
 */
export const MAX_STANDARD_DEVIATIONS = 3;

/** A distance in standard deviations as the model counts it: within 3, and not past the term's `best` in the good direction (`sign`). */
export function heldZ(term: LinearModel['terms'][number], z: number, sign: number): number {
  const within = Math.max(-MAX_STANDARD_DEVIATIONS, Math.min(MAX_STANDARD_DEVIATIONS, z));
  if (term.best === undefined) return within;
  return sign >= 0 ? Math.min(within, term.best) : Math.max(within, term.best);
}

/** A feature's value in standard deviations from the development set's mean, as the model counts it (heldZ). */
export function countedZ(term: LinearModel['terms'][number], value: number, sign: number): number {
  return heldZ(term, term.sd === 0 ? 0 : (value - term.mean) / term.sd, sign);
}

/**
 * The weighted sum of the features (`predicted`, on the levels' scale: `contributions` add up to it
 * from the intercept) and the raters' level it links to (`level`, through `link`).
 */
export function predictLevel(model: LinearModel, inputs: ModelInputs): { predicted: number; level: number; contributions: Contribution[] } {
  const contributions = model.terms.map((term) => ({ feature: term.feature, value: inputs[term.feature], levels: term.weight * countedZ(term, inputs[term.feature], term.weight) }));
  const predicted = model.intercept + contributions.reduce((total, item) => total + item.levels, 0);
  return { predicted, level: linkedLevel(model, predicted), contributions };
}

/** The raters' level a predicted level links to (`LinearModel.link`). */
export function linkedLevel(model: Pick<LinearModel, 'link'>, predicted: number): number {
  const knots = model.link;
  if (!knots || knots.length === 0) return predicted;
  const [firstPredicted, firstLevel] = knots[0] as readonly [number, number];
  if (predicted <= firstPredicted) return firstLevel + (predicted - firstPredicted);
  for (let i = 1; i < knots.length; i++) {
    const [highPredicted, highLevel] = knots[i] as readonly [number, number];
    if (predicted > highPredicted) continue;
    const [lowPredicted, lowLevel] = knots[i - 1] as readonly [number, number];
    return lowLevel + ((predicted - lowPredicted) / (highPredicted - lowPredicted)) * (highLevel - lowLevel);
  }
  const [lastPredicted, lastLevel] = knots[knots.length - 1] as readonly [number, number];
  return lastLevel + (predicted - lastPredicted);
}

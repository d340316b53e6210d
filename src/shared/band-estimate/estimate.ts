import { words } from '../text/words.js';
import { BAND_MODEL } from './coefficients.js';
import { languageFeatures, type LanguageFeatures } from './features.js';
import { modelInputs, predictLevel, type BandModel, type Contribution, type EstimatedCriterion } from './model.js';
import { bandOfLevel } from './scale.js';

/*
 * The calibrated estimate of the three criteria a transcript gives evidence of (decision 0030):
 * each criterion's features -> a predicted level (the fitted model) -> the raters' level it links
 * to (decision 0058) -> an IELTS band (the published alignments in scale.ts). Pronunciation needs the sounds, which a transcript does not
 * have: it is not estimated here, and the overall rests on these three.
 */

export interface CriterionEstimate {
  criterion: EstimatedCriterion;
  /** On the development data's 1-9 proficiency scale (the raters' level the prediction links to), before the mapping to bands. */
  level: number;
  /** Unrounded IELTS band, 1 to 9. */
  band: number;
  /** What moved the estimate, largest effect first. */
  contributions: Contribution[];
}

export interface LanguageEstimate {
  features: LanguageFeatures;
  criteria: Record<EstimatedCriterion, CriterionEstimate>;
  /** The mean of the three criteria's unrounded bands. */
  overall: number;
}

/** One answer's text: the recogniser's final results, one per line (or all on one). */
export interface AnswerText {
  answer: string;
}

/**
 * The features of a test's answers (features.ts: how the recogniser split them into results does
 * not count). Words per answer are over the answers spoken, or over `answerCount` when given (the
 * interview counts every question asked, so an unanswered one lowers it).
 */
export function answerFeatures(answers: readonly AnswerText[], answerCount?: number): LanguageFeatures {
  const spoken = answers.filter((answer) => words(answer.answer).length > 0);
  return languageFeatures(spoken.map((answer) => answer.answer), answerCount ?? spoken.length);
}

export function estimateLanguage(answers: readonly AnswerText[], model: BandModel | undefined = BAND_MODEL, answerCount?: number): LanguageEstimate {
  const features = answerFeatures(answers, answerCount);
  const inputs = modelInputs(features);
  const fitted = model ?? BAND_MODEL;
  const criterion = (name: EstimatedCriterion): CriterionEstimate => {
    const { level, contributions } = predictLevel(fitted[name], inputs);
    contributions.sort((a, b) => Math.abs(b.levels) - Math.abs(a.levels));
    return { criterion: name, level, band: clamp(bandOfLevel(level)), contributions };
  };
  const criteria = { fluency: criterion('fluency'), vocabulary: criterion('vocabulary'), grammar: criterion('grammar') };
  return { features, criteria, overall: (criteria.fluency.band + criteria.vocabulary.band + criteria.grammar.band) / 3 };
}

function clamp(band: number): number {
  return Math.min(9, Math.max(1, band));
}

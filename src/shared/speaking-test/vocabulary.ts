import { VOCABULARY_BASE_BAND, VOCABULARY_UNIQUE_RATIO_TIERS, VOCABULARY_WORD_COUNT_TIERS } from './constants.js';
import { criterionScore, tierCheck, type CriterionScore } from './criterion.js';
import type { SpeechMetrics } from './metrics.js';
import { percent, percentNear, stepText } from './wording.js';

/* Vocabulary (the spec's band heuristics, section 9). */

export type VocabularyScore = CriterionScore<'vocabulary', Pick<SpeechMetrics, 'uniqueWordRatio' | 'wordCount'>>;

export function scoreVocabulary(figures: VocabularyScore['figures']): VocabularyScore {
  const { uniqueWordRatio, wordCount } = figures;
  return criterionScore('vocabulary', VOCABULARY_BASE_BAND, { uniqueWordRatio, wordCount }, [
    tierCheck('unique-word ratio', '', VOCABULARY_UNIQUE_RATIO_TIERS, uniqueWordRatio, (value, step, gain) =>
      `Use a wider range of words: ${percentNear(value, step.threshold)} of your words were different ones; ${stepText(step, percent)} ${gain}.`,
    ),
    tierCheck('word count', '', VOCABULARY_WORD_COUNT_TIERS, wordCount, (value, step, gain) =>
      `Give longer answers: ${value} words in the whole test; ${stepText(step, (t) => `${t} words`)} ${gain}.`,
    ),
  ], 'Nothing in this estimate would raise vocabulary further: keep using a wide range of words.');
}

import { GRAMMAR_BASE_BAND, GRAMMAR_ERROR_RATIO_TIERS, GRAMMAR_SENTENCE_LENGTH_RANGE } from './constants.js';
import { criterionScore, gainText, tierCheck, type Check, type CriterionScore } from './criterion.js';
import type { SpeechMetrics } from './metrics.js';
import { percent, percentNear, showNear, stepText } from './wording.js';

/* Grammar (the spec's band heuristics, section 9). */

export type GrammarScore = CriterionScore<'grammar', Pick<SpeechMetrics, 'grammarErrorRatio' | 'avgWordsPerSentence'>>;

export function scoreGrammar(figures: GrammarScore['figures']): GrammarScore {
  const { grammarErrorRatio, avgWordsPerSentence } = figures;
  const { min, max, delta } = GRAMMAR_SENTENCE_LENGTH_RANGE;
  const inRange = avgWordsPerSentence >= min && avgWordsPerSentence <= max;
  const shown = (threshold: number) => showNear(avgWordsPerSentence, threshold, 1);
  const sentenceLength: Check = {
    rule: inRange ? { rule: `words per sentence ${min}–${max}`, delta } : null,
    advice: inRange
      ? null
      : {
          gain: delta,
          text:
            avgWordsPerSentence < min
              ? `Answer in fuller sentences: ${shown(min)} words a sentence on average; ${min} or more ${gainText(delta)}.`
              : `Pause between ideas: ${shown(max)} words a sentence on average; ${max} or fewer ${gainText(delta)}.`,
        },
  };
  return criterionScore('grammar', GRAMMAR_BASE_BAND, { grammarErrorRatio, avgWordsPerSentence }, [
    tierCheck('error ratio', '', GRAMMAR_ERROR_RATIO_TIERS, grammarErrorRatio, (value, step, gain) =>
      `Check verb agreement and articles ("she are", "the the"): slips were ${percentNear(value, step.threshold)} of your words; ${stepText(step, percent)} ${gain}.`,
    ),
    sentenceLength,
  ], 'Nothing in this estimate would raise grammar further: slips are rare and sentences a good length.');
}

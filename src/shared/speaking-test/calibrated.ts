import { FEATURE_WORDING } from '../band-estimate/evidence.js';
import type { CriterionEstimate, LanguageEstimate } from '../band-estimate/estimate.js';
import type { BandModel } from '../band-estimate/model.js';
import { bandOfLevel } from '../band-estimate/scale.js';
import { clampBand, type RuleHit } from './criterion.js';
import type { AudioFluency, FluencyFigures, FluencyScore } from './fluency.js';
import type { GrammarScore } from './grammar.js';
import type { SpeechMetrics } from './metrics.js';
import { roundToHalfBand } from './overall.js';
import type { PronunciationScore } from './pronunciation.js';
import type { VocabularyScore } from './vocabulary.js';

/*
 * The four criteria from the calibrated estimate (decision 0030), in the shape the results show: a
 * base (the band of the development set's typical learner), one line per piece of evidence with
 * how far it moved the band, the band (nearest half), the spec's figures and one piece of advice.
 * Pronunciation needs the sounds: it is not estimated from a transcript, and is shown at the level
 * of the other three with a sentence that says so.
 */

export const PRONUNCIATION_NOT_MEASURED_ADVICE =
  'Pronunciation is not measured from a transcript: this band follows your other three until your teacher listens to your recording.';

export interface CalibratedCriteria {
  fluency: FluencyScore;
  vocabulary: VocabularyScore;
  grammar: GrammarScore;
  pronunciation: PronunciationScore;
}

export function calibratedCriteria(estimate: LanguageEstimate, model: BandModel, metrics: SpeechMetrics, audio: AudioFluency | null): CalibratedCriteria {
  const fluency = criterionParts(estimate, estimate.criteria.fluency, model);
  const textFigures = { wordsPerMinute: metrics.wordsPerMinute, fillerRatio: metrics.fillerRatio, responseTimeMs: metrics.responseTimeMs };
  const fluencyFigures: FluencyFigures = audio
    ? { speechRateSps: audio.speechRateSps, meanLengthOfRunSyllables: audio.meanLengthOfRunSyllables, ...textFigures, transcriptTimingBand: fluency.band }
    : textFigures;
  const vocabulary = criterionParts(estimate, estimate.criteria.vocabulary, model);
  const grammar = criterionParts(estimate, estimate.criteria.grammar, model);
  const pronunciationBand = roundToHalfBand(clampBand(estimate.overall));
  return {
    fluency: { criterion: 'fluency', ...fluency, figures: fluencyFigures, ...(audio ? { audio } : {}) },
    vocabulary: { criterion: 'vocabulary', ...vocabulary, figures: { uniqueWordRatio: metrics.uniqueWordRatio, wordCount: metrics.wordCount } },
    grammar: { criterion: 'grammar', ...grammar, figures: { grammarErrorRatio: metrics.grammarErrorRatio, avgWordsPerSentence: metrics.avgWordsPerSentence } },
    pronunciation: {
      criterion: 'pronunciation',
      base: pronunciationBand,
      rules: [],
      band: pronunciationBand,
      figures: { fillerRatio: metrics.fillerRatio },
      advice: PRONUNCIATION_NOT_MEASURED_ADVICE,
    },
  };
}

interface CriterionParts {
  base: number;
  rules: RuleHit[];
  band: number;
  advice: string;
}

/** Base, evidence lines and advice of one estimated criterion. */
function criterionParts(estimate: LanguageEstimate, criterion: CriterionEstimate, model: BandModel): CriterionParts {
  const linear = model[criterion.criterion];
  const means = new Map(linear.terms.map((term) => [term.feature, term.mean]));
  const rules: RuleHit[] = [];
  let level = linear.intercept;
  for (const contribution of criterion.contributions) {
    const delta = Math.round((bandOfLevel(level + contribution.levels) - bandOfLevel(level)) * 10) / 10;
    level += contribution.levels;
    if (delta === 0) continue;
    const wording = FEATURE_WORDING[contribution.feature];
    rules.push({ rule: `${wording.label}: ${wording.shown(estimate.features)} (typical learner ${wording.typical(means.get(contribution.feature) ?? 0)})`, delta });
  }
  const weakest = [...criterion.contributions].sort((a, b) => a.levels - b.levels)[0];
  const advice =
    weakest === undefined
      ? 'Say more so that this criterion can be estimated.'
      : weakest.levels < 0
        ? FEATURE_WORDING[weakest.feature].advice(estimate.features)
        : `Everything measured here is above the typical learner's. Next: ${lowerFirst(FEATURE_WORDING[weakest.feature].advice(estimate.features))}`;
  return { base: Math.round(bandOfLevel(linear.intercept) * 10) / 10, rules, band: roundToHalfBand(criterion.band), advice };
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

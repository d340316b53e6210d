import { PRONUNCIATION_BASE_BAND, PRONUNCIATION_FILLER_RATIO_TIERS } from './constants.js';
import { criterionScore, tierCheck, type CriterionScore } from './criterion.js';
import type { SpeechMetrics } from './metrics.js';
import { percent, percentNear, stepText } from './wording.js';

/* Pronunciation (the spec's band heuristics, section 9). */

export type PronunciationScore = CriterionScore<'pronunciation', Pick<SpeechMetrics, 'fillerRatio'>>;

export function scorePronunciation(figures: PronunciationScore['figures']): PronunciationScore {
  const { fillerRatio } = figures;
  const threshold = PRONUNCIATION_FILLER_RATIO_TIERS[0]?.threshold ?? 0;
  return criterionScore('pronunciation', PRONUNCIATION_BASE_BAND, { fillerRatio }, [
    tierCheck('filler ratio', '', PRONUNCIATION_FILLER_RATIO_TIERS, fillerRatio, (value, step, gain) =>
      `Hesitation makes speech harder to follow: fillers were ${percentNear(value, step.threshold)} of your words; ${stepText(step, percent)} ${gain}.`,
    ),
  ], `This estimate lowers pronunciation only for frequent fillers (yours: ${percentNear(fillerRatio, threshold)} of your words); it cannot hear your sounds, so ask a teacher to listen to your recording.`);
}

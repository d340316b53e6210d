import type { SpeakingTestAnswer } from './answer.js';
import {
  BAND_MAX,
  BAND_MIN,
  FLUENCY_BASE_BAND,
  FLUENCY_FILLER_RATIO_TIERS,
  FLUENCY_RESPONSE_TIME_MS_TIERS,
  FLUENCY_WORDS_PER_MINUTE_TIERS,
  GRAMMAR_BASE_BAND,
  GRAMMAR_ERROR_RATIO_TIERS,
  GRAMMAR_SENTENCE_LENGTH_RANGE,
  MIN_ASSESSABLE_WORDS,
  NO_TRANSCRIPT_RESULT_TEXT,
  PRONUNCIATION_BASE_BAND,
  PRONUNCIATION_FILLER_RATIO_TIERS,
  VOCABULARY_BASE_BAND,
  VOCABULARY_UNIQUE_RATIO_TIERS,
  VOCABULARY_WORD_COUNT_TIERS,
  type ScoreTier,
} from './constants.js';
import { analyseSpeech, type SpeechMetrics } from './metrics.js';
import { judgeAnswers, nonAnswersReason, type NonAnswer } from './non-answers.js';
import { partNotes, type PartNote } from './part-notes.js';
import { firingTier, nextStep, type NextStep } from './tiers.js';
import { bandGainText, percent, percentNear, showNear, stepText } from './wording.js';

/*
 * The spec's band heuristics (section 9). Each criterion starts from its base, adds the delta of
 * every rule that fires, and is clamped to 1..9; overall is the mean of the four. With the spec's
 * bases and deltas no criterion can leave 1..9 (fluency spans 2.5 to 7, vocabulary 3 to 7.5,
 * grammar 4 to 7.5, pronunciation 6 to 6.5), so the clamp is a guard for changed constants.
 */

export type Criterion = 'fluency' | 'vocabulary' | 'grammar' | 'pronunciation';

/** A rule that fired: 'wpm > 120' with +1. */
export interface RuleHit {
  rule: string;
  delta: number;
}

export interface CriterionScore<C extends Criterion, F> {
  criterion: C;
  base: number;
  rules: RuleHit[];
  /** base + the deltas, clamped to 1..9 (a multiple of 0.5). */
  band: number;
  /** The figures the rules looked at. */
  figures: F;
  /** One sentence on what would raise the band, from the figures. */
  advice: string;
}

export type FluencyScore = CriterionScore<'fluency', Pick<SpeechMetrics, 'wordsPerMinute' | 'fillerRatio' | 'responseTimeMs'>>;
export type VocabularyScore = CriterionScore<'vocabulary', Pick<SpeechMetrics, 'uniqueWordRatio' | 'wordCount'>>;
export type GrammarScore = CriterionScore<'grammar', Pick<SpeechMetrics, 'grammarErrorRatio' | 'avgWordsPerSentence'>>;
export type PronunciationScore = CriterionScore<'pronunciation', Pick<SpeechMetrics, 'fillerRatio'>>;

/** The numbers a saved attempt stores (spec: test session scores). Overall is not rounded. */
export interface SpeakingBands {
  fluency: number;
  vocabulary: number;
  grammar: number;
  pronunciation: number;
  overall: number;
}

export type SpeakingTestResult =
  | {
      assessable: true;
      bands: SpeakingBands;
      criteria: { fluency: FluencyScore; vocabulary: VocabularyScore; grammar: GrammarScore; pronunciation: PronunciationScore };
      /** Over the answers that count (non-answers left out). */
      metrics: SpeechMetrics;
      partNotes: PartNote[];
      /** Answers that were not counted, with the reason the student reads. */
      nonAnswers: NonAnswer[];
    }
  | {
      assessable: false;
      reason: string;
      /** True when there is no transcript to score: the teacher gives the bands from the recording. */
      awaitingTeacher: boolean;
      /** Over the answers that count (non-answers left out). */
      metrics: SpeechMetrics;
      partNotes: PartNote[];
      /** Answers that were not counted, with the reason the student reads (none without a transcript). */
      nonAnswers: NonAnswer[];
    };

export interface ScoreOptions {
  /** False when the answers were not transcribed (default true): no band is estimated then. */
  transcript?: boolean;
}

export function clampBand(band: number): number {
  return Math.min(BAND_MAX, Math.max(BAND_MIN, band));
}

/**
 * The nearest half band, for display. Ties round up, as IELTS rounds an overall band: x.25 shows
 * as x.5 and x.75 as x+1 (6.25 -> 6.5, 6.75 -> 7); below a tie it rounds down (6.2 -> 6).
 */
export function roundToHalfBand(band: number): number {
  return Math.round(band * 2) / 2;
}

export function overallBand(bands: Omit<SpeakingBands, 'overall'>): number {
  return (bands.fluency + bands.vocabulary + bands.grammar + bands.pronunciation) / 4;
}

export function scoreFluency(figures: FluencyScore['figures']): FluencyScore {
  const { wordsPerMinute, fillerRatio, responseTimeMs } = figures;
  return criterionScore('fluency', FLUENCY_BASE_BAND, { wordsPerMinute, fillerRatio, responseTimeMs }, [
    tierCheck('wpm', '', FLUENCY_WORDS_PER_MINUTE_TIERS, wordsPerMinute, (value, step, gain) =>
      `Speak a little faster: ${showNear(value, step.threshold)} words a minute; ${stepText(step, String)} ${gain}.`,
    ),
    tierCheck('filler ratio', '', FLUENCY_FILLER_RATIO_TIERS, fillerRatio, (value, step, gain) =>
      `Use fewer fillers such as um, like and you know: they were ${percentNear(value, step.threshold)} of your words; ${stepText(step, percent)} ${gain}.`,
    ),
    tierCheck('response time', ' ms', FLUENCY_RESPONSE_TIME_MS_TIERS, responseTimeMs, (value, step, gain) =>
      `Start your answers sooner: you took ${showNear(value / 1000, step.threshold / 1000, 1)} s on average to begin; ${stepText(step, seconds)} ${gain}.`,
    ),
  ], wordsPerMinute === null
    ? 'Your speaking speed could not be measured, and fillers and response time are already at their best for this estimate.'
    : 'Nothing in this estimate would raise fluency further: keep this pace and keep fillers rare.');
}

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

export function scorePronunciation(figures: PronunciationScore['figures']): PronunciationScore {
  const { fillerRatio } = figures;
  const threshold = PRONUNCIATION_FILLER_RATIO_TIERS[0]?.threshold ?? 0;
  return criterionScore('pronunciation', PRONUNCIATION_BASE_BAND, { fillerRatio }, [
    tierCheck('filler ratio', '', PRONUNCIATION_FILLER_RATIO_TIERS, fillerRatio, (value, step, gain) =>
      `Hesitation makes speech harder to follow: fillers were ${percentNear(value, step.threshold)} of your words; ${stepText(step, percent)} ${gain}.`,
    ),
  ], `This estimate lowers pronunciation only for frequent fillers (yours: ${percentNear(fillerRatio, threshold)} of your words); it cannot hear your sounds, so ask a teacher to listen to your recording.`);
}

/**
 * The whole result. Answers that are not answers (only fillers, repeated, off-topic: non-answers.ts)
 * are listed and left out of the figures. Fewer than MIN_ASSESSABLE_WORDS words in the answers that
 * count give no bands: the formulas would give silence about band 5.
 */
export function scoreSpeakingTest(answers: readonly SpeakingTestAnswer[], options: ScoreOptions = {}): SpeakingTestResult {
  if (options.transcript === false) {
    // Only the timing figures were measured (from the microphone's level): word-based notes would be false.
    const notes = partNotes(answers).filter((note) => note.part === 2);
    return { assessable: false, reason: NO_TRANSCRIPT_RESULT_TEXT, awaitingTeacher: true, metrics: analyseSpeech(answers), partNotes: notes, nonAnswers: [] };
  }
  const { counted, nonAnswers } = judgeAnswers(answers);
  const metrics = analyseSpeech(counted);
  const notes = partNotes(answers);
  if (metrics.wordCount < MIN_ASSESSABLE_WORDS) {
    const recognised = nonAnswers.length === 0 ? metrics.wordCount : analyseSpeech(answers).wordCount;
    const reason =
      recognised < MIN_ASSESSABLE_WORDS ? notAssessableReason(recognised) : nonAnswersReason(nonAnswers, metrics.wordCount, MIN_ASSESSABLE_WORDS);
    return { assessable: false, reason, awaitingTeacher: false, metrics, partNotes: notes, nonAnswers };
  }
  const criteria = {
    fluency: scoreFluency(metrics),
    vocabulary: scoreVocabulary(metrics),
    grammar: scoreGrammar(metrics),
    pronunciation: scorePronunciation(metrics),
  };
  const subBands = {
    fluency: criteria.fluency.band,
    vocabulary: criteria.vocabulary.band,
    grammar: criteria.grammar.band,
    pronunciation: criteria.pronunciation.band,
  };
  return { assessable: true, bands: { ...subBands, overall: overallBand(subBands) }, criteria, metrics, partNotes: notes, nonAnswers };
}

function notAssessableReason(wordCount: number): string {
  const heard = wordCount === 0 ? 'No speech was recognised' : `Only ${wordCount} ${wordCount === 1 ? 'word was' : 'words were'} recognised`;
  return `${heard}; a band estimate needs at least ${MIN_ASSESSABLE_WORDS} words. Check that the microphone works and speak clearly, then take the test again.`;
}

interface Check {
  rule: RuleHit | null;
  advice: { gain: number; text: string } | null;
}

function tierCheck(
  label: string,
  unit: string,
  tiers: readonly ScoreTier[],
  value: number | null,
  advise: (value: number, step: NextStep, gain: string) => string,
): Check {
  if (value === null) return { rule: null, advice: null };
  const tier = firingTier(tiers, value);
  const step = nextStep(tiers, value);
  return {
    rule: tier === undefined ? null : { rule: `${label} ${tier.op} ${tier.threshold}${unit}`, delta: tier.delta },
    advice: step === null ? null : { gain: step.gain, text: advise(value, step, gainText(step.gain)) },
  };
}

/** The check that would gain most gives the advice; on a tie, the first listed. */
function criterionScore<C extends Criterion, F>(criterion: C, base: number, figures: F, checks: Check[], topAdvice: string): CriterionScore<C, F> {
  const rules = checks.flatMap((check) => (check.rule === null ? [] : [check.rule]));
  let advice: Check['advice'] = null;
  for (const check of checks) {
    if (check.advice !== null && (advice === null || check.advice.gain > advice.gain)) advice = check.advice;
  }
  const raw = rules.reduce((band, rule) => band + rule.delta, base);
  return { criterion, base, rules, band: clampBand(raw), figures, advice: advice?.text ?? topAdvice };
}

function gainText(gain: number): string {
  return `adds ${bandGainText(gain)}`;
}

function seconds(ms: number): string {
  return `${ms / 1000} s`;
}

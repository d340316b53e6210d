import type { SpeakingTestAnswer } from './answer.js';
import {
  BAND_MAX,
  BAND_MIN,
  FLUENCY_BASE_BAND,
  FLUENCY_FILLER_RATIO_TIERS,
  FLUENCY_MEAN_LENGTH_OF_RUN_TIERS,
  FLUENCY_RESPONSE_TIME_MS_TIERS,
  FLUENCY_SPEECH_RATE_SPS_TIERS,
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
import { bandGainText, percent, percentNear, round, showNear, stepText } from './wording.js';

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

/**
 * What Fluency reads. From the text: words per minute (browser-timed), filler ratio, response time.
 * When the recording was analysed (decision 0019) the speed comes from the audio instead: speech rate
 * and mean length of run; words per minute and the band the text alone gave are kept beside them,
 * so that the page can say what the recording changed.
 */
export type TextFluencyFigures = Pick<SpeechMetrics, 'wordsPerMinute' | 'fillerRatio' | 'responseTimeMs'>;
export type AudioFluencyFigures = TextFluencyFigures & {
  speechRateSps: number;
  meanLengthOfRunSyllables: number;
  /** The band the text-only formula gave (words per minute in place of the audio). */
  transcriptTimingBand: number;
};
export type FluencyFigures = TextFluencyFigures | AudioFluencyFigures;

/** The recording's speed figures Fluency reads in place of words per minute (decision 0019). */
export interface AudioFluency {
  /** Syllables per second over the answers' speaking spans (pauses inside an answer included). */
  speechRateSps: number;
  /** Syllables between two pauses, on average. */
  meanLengthOfRunSyllables: number;
  /** 'answers': over the answers that were counted; 'recording': the whole recording (the answers could not be placed on it). */
  scope: 'answers' | 'recording';
}

export type FluencyScore = CriterionScore<'fluency', FluencyFigures> & {
  /** Present when the speed came from the recording; absent: the text formula (words per minute). */
  audio?: AudioFluency;
};
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
      /**
       * Present when Fluency came from the recording: the bands and Fluency the text alone gave
       * (browser-timed words per minute), as the results showed right after the test.
       */
      textOnly?: { bands: SpeakingBands; fluency: FluencyScore };
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

/** One answer's figures from the recording analysis (RecordingAnalysis['answers'] fits). */
export interface AudioAnswerFigures {
  part: 1 | 2 | 3 | null;
  questionNumber: number;
  speakingTimeMs: number;
  syllables: number;
  pauses: { count: number; meanMs: number };
}

/** What the server measured in the recording (a done RecordingAnalysis fits). */
export interface AudioFigures {
  /** Over the whole recording, first speech to last. */
  speechRateSps: number | null;
  meanLengthOfRunSyllables: number | null;
  /** Per answer, placed by the attempt's timeline. */
  answers?: readonly AudioAnswerFigures[];
}

export interface ScoreOptions {
  /** False when the answers were not transcribed (default true): no band is estimated then. */
  transcript?: boolean;
  /**
   * The recording's figures, when it was analysed: Fluency reads its speed from them instead of
   * words per minute (decision 0019). Absent or null: the text formula (demo mode, no recording,
   * analysis pending or failed).
   */
  audio?: AudioFigures | null;
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

/**
 * Fluency. Without `audio`, the spec's formula: words per minute, filler ratio, response time. With
 * it, speech rate and mean length of run replace words per minute (decision 0019); the filler and
 * response-time rules stay.
 */
export function scoreFluency(figures: TextFluencyFigures, audio?: AudioFluency): FluencyScore {
  if (audio !== undefined) return scoreFluencyFromAudio(figures, audio);
  const { wordsPerMinute, fillerRatio, responseTimeMs } = figures;
  return criterionScore('fluency', FLUENCY_BASE_BAND, { wordsPerMinute, fillerRatio, responseTimeMs }, [
    tierCheck('wpm', '', FLUENCY_WORDS_PER_MINUTE_TIERS, wordsPerMinute, (value, step, gain) =>
      `Speak a little faster: ${showNear(value, step.threshold)} words a minute; ${stepText(step, String)} ${gain}.`,
    ),
    fillerCheck(fillerRatio),
    responseTimeCheck(responseTimeMs),
  ], wordsPerMinute === null
    ? 'Your speaking speed could not be measured, and fillers and response time are already at their best for this estimate.'
    : 'Nothing in this estimate would raise fluency further: keep this pace and keep fillers rare.');
}

function fillerCheck(fillerRatio: number): Check {
  return tierCheck('filler ratio', '', FLUENCY_FILLER_RATIO_TIERS, fillerRatio, (value, step, gain) =>
    `Use fewer fillers such as um, like and you know: they were ${percentNear(value, step.threshold)} of your words; ${stepText(step, percent)} ${gain}.`,
  );
}

function responseTimeCheck(responseTimeMs: number | null): Check {
  return tierCheck('response time', ' ms', FLUENCY_RESPONSE_TIME_MS_TIERS, responseTimeMs, (value, step, gain) =>
    `Start your answers sooner: you took ${showNear(value / 1000, step.threshold / 1000, 1)} s on average to begin; ${stepText(step, seconds)} ${gain}.`,
  );
}

function scoreFluencyFromAudio(figures: TextFluencyFigures, audio: AudioFluency): FluencyScore {
  const { wordsPerMinute, fillerRatio, responseTimeMs } = figures;
  const { speechRateSps, meanLengthOfRunSyllables } = audio;
  const transcriptTimingBand = scoreFluency({ wordsPerMinute, fillerRatio, responseTimeMs }).band;
  const over = audio.scope === 'answers' ? 'over your answers' : 'over the recording';
  const score = criterionScore(
    'fluency',
    FLUENCY_BASE_BAND,
    { speechRateSps, meanLengthOfRunSyllables, fillerRatio, responseTimeMs, wordsPerMinute, transcriptTimingBand },
    [
      tierCheck('speech rate', ' syll/s', FLUENCY_SPEECH_RATE_SPS_TIERS, speechRateSps, (value, step, gain) =>
        `Keep talking with fewer and shorter pauses: the recording measured ${showNear(value, step.threshold, 1)} syllables a second ${over}, pauses included; ${stepText(step, (t) => `${t} syllables a second`)} ${gain}.`,
      ),
      tierCheck('length of run', ' syllables', FLUENCY_MEAN_LENGTH_OF_RUN_TIERS, meanLengthOfRunSyllables, (value, step, gain) =>
        `Say more between pauses, in whole phrases: the recording measured ${showNear(value, step.threshold, 1)} syllables between pauses on average ${over}; ${stepText(step, (t) => `${t} syllables`)} ${gain}.`,
      ),
      fillerCheck(fillerRatio),
      responseTimeCheck(responseTimeMs),
    ],
    'Nothing in this estimate would raise fluency further: keep this pace, speak in long stretches and keep fillers rare.',
  );
  return { ...score, audio };
}

/**
 * The recording's speed over the answers that count (non-answers left out), summed from the
 * per-answer figures: syllables over the answers' speaking spans (speech plus the pauses inside
 * each answer) and over their runs (pauses + 1). When some counted answer with words has no figures
 * of its own (the timeline did not place it), the whole recording's figures; null when neither
 * gives a speed (then the text formula is used).
 */
export function audioFluency(audio: AudioFigures, counted: readonly SpeakingTestAnswer[]): AudioFluency | null {
  const perAnswer = audio.answers ?? [];
  const spoken = counted.filter((answer) => answer.answer.trim() !== '');
  const matched = spoken.map((answer) => perAnswer.find((figures) => figures.part === answer.part && figures.questionNumber === answer.questionNumber));
  if (spoken.length > 0 && matched.every((figures) => figures !== undefined)) {
    let syllables = 0;
    let spanMs = 0;
    let runs = 0;
    for (const figures of matched) {
      if (!figures || figures.syllables <= 0 || figures.speakingTimeMs <= 0) continue;
      syllables += figures.syllables;
      spanMs += figures.speakingTimeMs + figures.pauses.count * figures.pauses.meanMs;
      runs += figures.pauses.count + 1;
    }
    if (syllables > 0 && spanMs > 0) {
      return { speechRateSps: round(syllables / (spanMs / 1000), 2), meanLengthOfRunSyllables: round(syllables / runs, 1), scope: 'answers' };
    }
  }
  const { speechRateSps, meanLengthOfRunSyllables } = audio;
  if (speechRateSps !== null && speechRateSps > 0 && meanLengthOfRunSyllables !== null && meanLengthOfRunSyllables > 0) {
    return { speechRateSps, meanLengthOfRunSyllables, scope: 'recording' };
  }
  return null;
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
  const textFluency = scoreFluency(metrics);
  const audio = options.audio ? audioFluency(options.audio, counted) : null;
  const criteria = {
    fluency: audio ? scoreFluency(metrics, audio) : textFluency,
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
  const bands = { ...subBands, overall: overallBand(subBands) };
  if (!audio) return { assessable: true, bands, criteria, metrics, partNotes: notes, nonAnswers };
  const textSubBands = { ...subBands, fluency: textFluency.band };
  const textOnly = { bands: { ...textSubBands, overall: overallBand(textSubBands) }, fluency: textFluency };
  return { assessable: true, bands, criteria, metrics, partNotes: notes, nonAnswers, textOnly };
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

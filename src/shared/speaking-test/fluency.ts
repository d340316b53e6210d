import type { SpeakingTestAnswer } from './answer.js';
import {
  FLUENCY_BASE_BAND,
  FLUENCY_FILLER_RATIO_TIERS,
  FLUENCY_MEAN_LENGTH_OF_RUN_TIERS,
  FLUENCY_RESPONSE_TIME_MS_TIERS,
  FLUENCY_SPEECH_RATE_SPS_TIERS,
  FLUENCY_WORDS_PER_MINUTE_TIERS,
} from './constants.js';
import { criterionScore, tierCheck, type Check, type CriterionScore } from './criterion.js';
import type { SpeechMetrics } from './metrics.js';
import { percent, percentNear, round, showNear, stepText } from './wording.js';

/* Fluency (the spec's band heuristics, section 9), its speed read from the recording when it was analysed (decision 0019). */

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

function seconds(ms: number): string {
  return `${ms / 1000} s`;
}

import { fillerCount, grammarSlipCount, sentences, words } from '../text/index.js';
import type { SpeakingTestAnswer } from './answer.js';

/** The figures the scores are computed from (spec section 3), plus the ratios they use. */
export interface SpeechMetrics {
  wordCount: number;
  /** Different words over the whole test. */
  uniqueWords: number;
  sentenceCount: number;
  /** 0 when there are no sentences. */
  avgWordsPerSentence: number;
  fillerWords: number;
  /** Sentences minus one (never below 0). */
  pauseCount: number;
  /** The spec's responseTime: mean of the measured response times; null when no answer was spoken. */
  responseTimeMs: number | null;
  grammarErrors: number;
  /** Sum of the answers' measured speaking times. */
  speakingTimeMs: number;
  /**
   * Words a minute over the answers whose speaking time was measured and could be speech (timedWords);
   * null when none was (the speed is unknown).
   */
  wordsPerMinute: number | null;
  /** fillerWords / wordCount ('you know' is one filler); 0 without words. */
  fillerRatio: number;
  /** uniqueWords / wordCount; 0 without words. */
  uniqueWordRatio: number;
  /** grammarErrors / wordCount; 0 without words. */
  grammarErrorRatio: number;
}

/**
 * Metrics over every answer of the test (questions are not counted). Each answer is split into
 * sentences on its own, so an unpunctuated answer is at least one sentence and two answers never
 * run together.
 */
export function analyseSpeech(answers: readonly SpeakingTestAnswer[]): SpeechMetrics {
  const answerWords = answers.map((answer) => words(answer.answer));
  const allWords = answerWords.flat();
  const wordCount = allWords.length;
  const uniqueWords = new Set(allWords).size;
  const sentenceCount = sentences(answers.map((answer) => answer.answer)).length;
  const fillerWords = sum(answers.map((answer) => fillerCount(answer.answer)));
  const grammarErrors = sum(answers.map((answer) => grammarSlipCount(answer.answer)));
  const responseTimes = answers.map((answer) => answer.responseTimeMs).filter((time): time is number => time !== null);
  const speakingTimeMs = sum(answers.map((answer) => answer.speakingTimeMs));
  const timed = answers.map((answer, index) => timedWords(answerWords[index]?.length ?? 0, answer.speakingTimeMs)).filter((count) => count !== null);
  const timedMs = sum(timed.map((count) => count.ms));
  return {
    wordCount,
    uniqueWords,
    sentenceCount,
    avgWordsPerSentence: sentenceCount === 0 ? 0 : wordCount / sentenceCount,
    fillerWords,
    pauseCount: Math.max(0, sentenceCount - 1),
    responseTimeMs: responseTimes.length === 0 ? null : sum(responseTimes) / responseTimes.length,
    grammarErrors,
    speakingTimeMs,
    wordsPerMinute: timedMs > 0 ? sum(timed.map((count) => count.words)) / (timedMs / 60_000) : null,
    fillerRatio: ratio(fillerWords, wordCount),
    uniqueWordRatio: ratio(uniqueWords, wordCount),
    grammarErrorRatio: ratio(grammarErrors, wordCount),
  };
}

/**
 * The fastest speech on record: 655 words a minute (Sean Shannon, 1995, Guinness World Records'
 * "fastest talker"). An answer timed faster than that was not timed while it was spoken: its
 * recogniser gave its words in one burst (the time runs from the first recognised speech to the last),
 * and counting them over the other answers' time would show a speed nobody speaks (decision 0068).
 */
export const FASTEST_SPEECH_WORDS_PER_MINUTE = 655;

/** An answer's words and speaking time, when its time was measured and its words could fill it; else null. */
function timedWords(count: number, ms: number): { words: number; ms: number } | null {
  if (count === 0 || ms <= 0 || count / (ms / 60_000) > FASTEST_SPEECH_WORDS_PER_MINUTE) return null;
  return { words: count, ms };
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

function ratio(part: number, whole: number): number {
  return whole === 0 ? 0 : part / whole;
}

import type { InterviewScores } from '../api/interview.js';
import { fillerCount, findFillers, sentences, wordCount } from '../text/index.js';
import {
  COMMUNICATION_FULL_MARKS_WORDS_PER_ANSWER,
  CONFIDENCE_FULL_MARKS_TOTAL_WORDS,
  INTERVIEW_MIN_ASSESSABLE_WORDS,
  INTERVIEW_SCORE_MAX,
  type InterviewCategory,
} from './constants.js';
import { isEmptyAnswer } from './answers.js';
import { scoreAnswerRelevance } from './relevance.js';

/*
 * Interview scores, each on the spec's 0-9 scale (section 9). The browser shows them on the
 * completed view and the server recomputes them from the saved answers with these same functions,
 * so they are pure and deterministic: the same answers always give the same scores.
 *
 * - communication = min(9, averageWordsPerAnswer / 50 x 9): the spec's "words per answer divided
 *   by 50, scaled to 9", read as a linear scale reaching 9 at 50 words per answer. The average is
 *   over every asked question, so an unanswered question counts as 0 words.
 * - confidence = min(9, totalWords / 1000 x 9): "total words divided by 1000, scaled to 9".
 * - relevance: the mean over asked questions of each answer's relevance (relevance.ts). The
 *   spec's "about 8-9 random" is a placeholder; this measures something.
 * - clarity: fillers, sentence length and the recognizer's confidence (see scoreClarity). The
 *   spec's "about 7-9 random" is a placeholder too.
 * - overall = Math.round of the mean of the four, as the spec says. The four are not rounded
 *   (displays round them); overall is computed from the unrounded values.
 *
 * Words, sentences and fillers come from src/shared/text, as in the speaking test. An answer that
 * is empty or the spec's 'No response recorded' placeholder counts as no words.
 */

/** One asked question and what the student said. */
export interface ScoringAnswer {
  question: string;
  answer: string;
  category?: InterviewCategory | null;
  /**
   * The recognizer's mean confidence (0..1) for this answer's final results, if it reported one.
   * 0 counts as not reported: recognizers that have no estimate (Safari, some Chrome builds)
   * report 0 for every result.
   */
  confidence?: number | null;
}

// Clarity (ours; the spec's value is a placeholder).
/** A filler ratio at or above this gives the filler part of clarity nothing (one word in five). */
export const CLARITY_FILLER_RATIO_AT_ZERO = 0.2;
/** Average sentence lengths (words) in this range get the full sentence-length part. */
export const CLARITY_BEST_SENTENCE_WORDS = { min: 8, max: 20 } as const;
/** Above the best range, the sentence-length part falls linearly to nothing over this many more words. */
export const CLARITY_SENTENCE_WORDS_FALLOFF = 20;
/** Recognizer confidence mapped linearly from 0 (at or below `low`) to 1 (at or above `high`). */
export const CLARITY_CONFIDENCE_RANGE = { low: 0.5, high: 0.9 } as const;
/** Weights of the clarity parts; when no confidence is reported, the other two are renormalised. */
export const CLARITY_WEIGHTS = { fillers: 0.4, sentenceLength: 0.3, recognizerConfidence: 0.3 } as const;

export interface QuestionRelevanceFigures {
  question: string;
  category: InterviewCategory | null;
  wordCount: number;
  /** 0-9. */
  score: number;
  matchedWords: string[];
  referenceTermCount: number;
}

/** The parts of clarity, each 0..1. */
export interface ClarityParts {
  fillers: number;
  sentenceLength: number;
  /** Null when the recognizer reported no confidence. */
  recognizerConfidence: number | null;
}

/** The scores and the figures behind each, for the completed view to explain. */
export interface InterviewScoreReport {
  /**
   * False when the answers hold fewer than INTERVIEW_MIN_ASSESSABLE_WORDS words that are not fillers:
   * then there is nothing to score, `reason` says so, and `scores` (what the formulas give, kept
   * because the save body carries them) are neither shown nor stored.
   */
  assessable: boolean;
  /** Why there are no scores; null when assessable. */
  reason: string | null;
  scores: InterviewScores;
  figures: {
    questionCount: number;
    answeredCount: number;
    totalWords: number;
    averageWordsPerAnswer: number;
    relevance: QuestionRelevanceFigures[];
    fillerCount: number;
    /** Fillers per word, 0 when nothing was said. */
    fillerRatio: number;
    sentenceCount: number;
    /** Words per sentence, 0 when nothing was said. */
    averageSentenceLength: number;
    /** Word-weighted mean of the reported confidences, null when none was reported. */
    meanConfidence: number | null;
    clarityParts: ClarityParts | null;
  };
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const toScale = (fraction: number) => INTERVIEW_SCORE_MAX * clamp(fraction, 0, 1);

export function scoreCommunication(averageWordsPerAnswer: number): number {
  return toScale(averageWordsPerAnswer / COMMUNICATION_FULL_MARKS_WORDS_PER_ANSWER);
}

export function scoreConfidence(totalWords: number): number {
  return toScale(totalWords / CONFIDENCE_FULL_MARKS_TOTAL_WORDS);
}

/** 1 inside the best range; linear down to 0 at no words, and to 0 at `max + falloff` words. */
export function sentenceLengthPart(averageSentenceLength: number): number {
  const { min, max } = CLARITY_BEST_SENTENCE_WORDS;
  if (averageSentenceLength < min) return clamp(averageSentenceLength / min, 0, 1);
  if (averageSentenceLength <= max) return 1;
  return clamp(1 - (averageSentenceLength - max) / CLARITY_SENTENCE_WORDS_FALLOFF, 0, 1);
}

export function fillerPart(fillerRatio: number): number {
  return clamp(1 - fillerRatio / CLARITY_FILLER_RATIO_AT_ZERO, 0, 1);
}

export function recognizerConfidencePart(meanConfidence: number): number {
  const { low, high } = CLARITY_CONFIDENCE_RANGE;
  return clamp((meanConfidence - low) / (high - low), 0, 1);
}

/**
 * Clarity: 9 x the weighted mean of three parts, each 0..1: few fillers (fillerPart), sentences
 * of a listenable length (sentenceLengthPart: best 8-20 words) and how sure the recognizer was of
 * the words (recognizerConfidencePart), with CLARITY_WEIGHTS. Without a reported confidence that
 * part is left out and the other two weights renormalised. Nothing said: 0.
 */
export function scoreClarity(parts: ClarityParts | null): number {
  if (!parts) return 0;
  let weighted = CLARITY_WEIGHTS.fillers * parts.fillers + CLARITY_WEIGHTS.sentenceLength * parts.sentenceLength;
  let weights = CLARITY_WEIGHTS.fillers + CLARITY_WEIGHTS.sentenceLength;
  if (parts.recognizerConfidence !== null) {
    weighted += CLARITY_WEIGHTS.recognizerConfidence * parts.recognizerConfidence;
    weights += CLARITY_WEIGHTS.recognizerConfidence;
  }
  return toScale(weighted / weights);
}

export function overallScore(parts: Pick<InterviewScores, 'communication' | 'confidence' | 'relevance' | 'clarity'>): number {
  return Math.round((parts.communication + parts.confidence + parts.relevance + parts.clarity) / 4);
}

function reportedConfidence(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? clamp(value, 0, 1) : null;
}

export function scoreInterview(answers: readonly ScoringAnswer[]): InterviewScoreReport {
  const spoken = answers.map((entry) => (isEmptyAnswer(entry.answer) ? '' : entry.answer));
  const counts = spoken.map((text) => wordCount(text));
  const totalWords = counts.reduce((sum, count) => sum + count, 0);
  const questionCount = answers.length;
  const averageWordsPerAnswer = questionCount === 0 ? 0 : totalWords / questionCount;

  const relevance = answers.map((entry, index): QuestionRelevanceFigures => {
    const result = scoreAnswerRelevance(entry.question, spoken[index] ?? '', entry.category);
    return { question: entry.question, category: entry.category ?? null, wordCount: counts[index] ?? 0, ...result };
  });
  const relevanceScore = questionCount === 0 ? 0 : relevance.reduce((sum, item) => sum + item.score, 0) / questionCount;

  const fillers = spoken.reduce((sum, text) => sum + fillerCount(text), 0);
  const sentenceCount = sentences(spoken).length;
  let confidenceWeight = 0;
  let confidenceSum = 0;
  answers.forEach((entry, index) => {
    const value = reportedConfidence(entry.confidence);
    const words = counts[index] ?? 0;
    if (value !== null && words > 0) {
      confidenceSum += value * words;
      confidenceWeight += words;
    }
  });
  const meanConfidence = confidenceWeight === 0 ? null : confidenceSum / confidenceWeight;
  const fillerRatio = totalWords === 0 ? 0 : fillers / totalWords;
  const averageSentenceLength = sentenceCount === 0 ? 0 : totalWords / sentenceCount;
  const clarityParts: ClarityParts | null =
    totalWords === 0
      ? null
      : {
          fillers: fillerPart(fillerRatio),
          sentenceLength: sentenceLengthPart(averageSentenceLength),
          recognizerConfidence: meanConfidence === null ? null : recognizerConfidencePart(meanConfidence),
        };

  const four = {
    communication: scoreCommunication(averageWordsPerAnswer),
    confidence: scoreConfidence(totalWords),
    relevance: relevanceScore,
    clarity: scoreClarity(clarityParts),
  };
  // Words that are not fillers ('you know' is one filler of two words).
  const spokenWords = totalWords - spoken.reduce((sum, text) => sum + findFillers(text).reduce((n, f) => n + wordCount(text.slice(f.index, f.index + f.length)), 0), 0);
  const assessable = spokenWords >= INTERVIEW_MIN_ASSESSABLE_WORDS;
  return {
    assessable,
    reason: assessable ? null : notEnoughSpeechReason(spokenWords),
    scores: { ...four, overall: overallScore(four) },
    figures: {
      questionCount,
      answeredCount: counts.filter((count) => count > 0).length,
      totalWords,
      averageWordsPerAnswer,
      relevance,
      fillerCount: fillers,
      fillerRatio,
      sentenceCount,
      averageSentenceLength,
      meanConfidence,
      clarityParts,
    },
  };
}

/** Why an interview with too little speech has no scores. */
export function notEnoughSpeechReason(spokenWords: number): string {
  const heard =
    spokenWords === 0
      ? 'No speech was recognised in your answers'
      : `Only ${spokenWords} ${spokenWords === 1 ? 'word was' : 'words were'} recognised in your answers (fillers such as um and uh not counted)`;
  return `${heard}, so there is nothing to score: scores need at least ${INTERVIEW_MIN_ASSESSABLE_WORDS} words. Check that the microphone works and answer aloud, then try the interview again.`;
}

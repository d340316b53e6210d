import type { InterviewScores } from '../api/interview.js';
import { BAND_MODEL } from '../band-estimate/coefficients.js';
import { estimateLanguage } from '../band-estimate/estimate.js';
import type { BandModel } from '../band-estimate/model.js';
import { COMMON_NON_ANSWER_REASONS, commonNonAnswerKind, mostlyNonAnswers, nothingSaid } from '../non-answers/checks.js';
import { fillerCount, findFillers, sentences, tokenisingOnce, wordCount } from '../text/index.js';
import { type InterviewCategory } from './constants.js';
import { CONFIDENCE_FULL_MARKS_WORDS_PER_ANSWER, INTERVIEW_MIN_ASSESSABLE_WORDS, INTERVIEW_SCORE_MAX } from './score-scale.js';
import { NOT_TRANSCRIBED_TEXT } from './answer-texts.js';
import { answerWords } from './answers.js';
import { interviewNextStep, type InterviewNextStep } from './next-step.js';
import { interviewNonAnswersReason, notEnoughSpeechReason, NOT_TRANSCRIBED_REASON, type InterviewNonAnswer } from './no-scores-reasons.js';
import { scoreAnswerRelevance } from './relevance.js';

/*
 * Interview scores, each on the spec's 0-9 scale (section 9). The browser shows them on the
 * completed view and the server recomputes them from the saved answers with these same functions,
 * so they are pure and deterministic: the same answers always give the same scores.
 *
 * - communication: the mean of the fluency and vocabulary bands of the speaking test's calibrated
 *   estimate (decision 0030) over the answers, words per answer counted over every question asked.
 *   The spec's "words per answer divided by 50, scaled to 9" ranks learners by length alone.
 * - confidence: how much was said, not how confident it sounded (decision 0072): each answer's words
 *   up to 50 (CONFIDENCE_FULL_MARKS_WORDS_PER_ANSWER), over 50 for every question asked, scaled to 9.
 *   The spec's "total words divided by 1000" is the same at its 20 questions; it asked a 7-question
 *   profile for 143 words an answer and let one long answer make up for silent questions.
 * - relevance: the mean over asked questions of each answer's relevance (relevance.ts). The
 *   spec's "about 8-9 random" is a placeholder; this measures something.
 * - clarity: the grammar band of the same estimate (sentence building, clause linkers, verb forms,
 *   agreement). The spec's "about 7-9 random" is a placeholder. Fillers, sentence length and the
 *   recognizer's confidence are kept as evidence beside it (clarityParts), not weighed.
 * - overall = Math.round of the mean of the four, as the spec says. The four are not rounded
 *   (displays round them); overall is computed from the unrounded values.
 *
 * Words, sentences and fillers come from src/shared/text, as in the speaking test. An answer that
 * is empty or the spec's 'No response recorded' placeholder counts as no words.
 *
 * Answers that are not answers (decision 0018: only fillers, not in English, the question read back,
 * a repeat of what was said before; not the speaking test's off-topic rule, which relevance already
 * scores) are listed with their reasons and count as no words in every figure. An interview more
 * than half of whose answers given are such gets no scores.
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

export interface QuestionRelevanceFigures {
  question: string;
  category: InterviewCategory | null;
  wordCount: number;
  /** 0-9. */
  score: number;
  matchedWords: string[];
  referenceTermCount: number;
  /** Stock phrases said (stock-phrases.ts): not counted as key words. Absent on attempts scored before decision 0072. */
  stockPhrases?: string[];
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
  /** Answers not counted, in the order asked; the figures leave them out. */
  nonAnswers: InterviewNonAnswer[];
  scores: InterviewScores;
  /** The lowest score and what to do to raise it (next-step.ts); null when not assessable. */
  nextStep: InterviewNextStep | null;
  figures: {
    questionCount: number;
    answeredCount: number;
    totalWords: number;
    averageWordsPerAnswer: number;
    /** The words confidence counted: each answer's up to CONFIDENCE_FULL_MARKS_WORDS_PER_ANSWER (absent on attempts scored before decision 0072). */
    confidenceWords?: number;
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
    /** The calibrated estimate's bands (IELTS scale) that communication and clarity read; null when nothing was said. */
    language?: { fluency: number; vocabulary: number; grammar: number } | null;
  };
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const toScale = (fraction: number) => INTERVIEW_SCORE_MAX * clamp(fraction, 0, 1);

/** The words confidence counts: each answer's, up to CONFIDENCE_FULL_MARKS_WORDS_PER_ANSWER. */
export function confidenceWordCount(wordsPerAnswer: readonly number[]): number {
  return wordsPerAnswer.reduce((sum, words) => sum + Math.min(words, CONFIDENCE_FULL_MARKS_WORDS_PER_ANSWER), 0);
}

/** 0-9: the counted words over CONFIDENCE_FULL_MARKS_WORDS_PER_ANSWER for every question asked. */
export function scoreConfidence(countedWords: number, questionCount: number): number {
  return questionCount === 0 ? 0 : toScale(countedWords / (CONFIDENCE_FULL_MARKS_WORDS_PER_ANSWER * questionCount));
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

export function overallScore(parts: Pick<InterviewScores, 'communication' | 'confidence' | 'relevance' | 'clarity'>): number {
  return Math.round((parts.communication + parts.confidence + parts.relevance + parts.clarity) / 4);
}

function reportedConfidence(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? clamp(value, 0, 1) : null;
}

/** `model`: the band model (default: the committed one); the validity check passes each fold's own. */
export function scoreInterview(answers: readonly ScoringAnswer[], options: { model?: BandModel } = {}): InterviewScoreReport {
  return tokenisingOnce(() => scoreAnswers(answers, options));
}

function scoreAnswers(answers: readonly ScoringAnswer[], options: { model?: BandModel }): InterviewScoreReport {
  const heard = answers.map((entry) => answerWords(entry.answer));
  const said = nothingSaid();
  const nonAnswers: InterviewNonAnswer[] = [];
  heard.forEach((text, index) => {
    const kind = commonNonAnswerKind(text, answers[index]?.question ?? '', said);
    if (kind) nonAnswers.push({ questionNumber: index + 1, kind, reason: COMMON_NON_ANSWER_REASONS[kind], wordCount: wordCount(text) });
  });
  const spoken = heard.map((text, index) => (nonAnswers.some((item) => item.questionNumber === index + 1) ? '' : text));
  const counts = spoken.map((text) => wordCount(text));
  const totalWords = counts.reduce((sum, count) => sum + count, 0);
  const confidenceWords = confidenceWordCount(counts);
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

  const estimate = totalWords === 0 ? null : estimateLanguage(spoken.map((text) => ({ answer: text })), options.model, questionCount);
  const language = estimate
    ? { fluency: estimate.criteria.fluency.band, vocabulary: estimate.criteria.vocabulary.band, grammar: estimate.criteria.grammar.band }
    : null;
  const four = {
    communication: language ? (language.fluency + language.vocabulary) / 2 : 0,
    confidence: scoreConfidence(confidenceWords, questionCount),
    relevance: relevanceScore,
    clarity: language ? language.grammar : 0,
  };
  const heardWords = nonFillerWordCount(heard);
  const spokenWords = nonFillerWordCount(spoken);
  const given = heard.filter((text) => wordCount(text) > 0).length;
  // Answered aloud where the browser could not transcribe (Firefox, Safari without recognition): the
  // answers are on the recording for the teacher, and no microphone is at fault.
  const recordedWithoutWords = answers.some((entry) => entry.answer.trim() === NOT_TRANSCRIBED_TEXT);
  // The questions nothing was heard for: a reason that counted only the answers given hid them.
  const silent = heard.flatMap((text, index) => (wordCount(text) === 0 ? [index + 1] : []));
  const reason =
    heardWords < INTERVIEW_MIN_ASSESSABLE_WORDS
      ? recordedWithoutWords && heardWords === 0
        ? NOT_TRANSCRIBED_REASON
        : notEnoughSpeechReason(heardWords, silent, questionCount)
      : mostlyNonAnswers(nonAnswers, given) || spokenWords < INTERVIEW_MIN_ASSESSABLE_WORDS
        ? interviewNonAnswersReason(nonAnswers, given, spokenWords, silent, questionCount)
        : null;
  const nextStep =
    reason === null && estimate
      ? interviewNextStep({ scores: four, estimate, model: options.model ?? BAND_MODEL, averageWordsPerAnswer, questionCount, relevance })
      : null;
  return {
    assessable: reason === null,
    reason,
    nonAnswers,
    scores: { ...four, overall: overallScore(four) },
    nextStep,
    figures: {
      questionCount,
      answeredCount: counts.filter((count) => count > 0).length,
      totalWords,
      averageWordsPerAnswer,
      confidenceWords,
      relevance,
      fillerCount: fillers,
      fillerRatio,
      sentenceCount,
      averageSentenceLength,
      meanConfidence,
      clarityParts,
      language,
    },
  };
}

/** Words that are not fillers ('you know' is one filler of two words). */
function nonFillerWordCount(texts: readonly string[]): number {
  return texts.reduce((sum, text) => sum + wordCount(text) - findFillers(text).reduce((n, f) => n + wordCount(text.slice(f.index, f.index + f.length)), 0), 0);
}

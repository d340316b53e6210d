import { z } from '../zod.js';
import { IELTS_CRITERIA } from './admin-attempts-kinds.js';

/* What lies behind an attempt's scores (spec section 9): the speaking test's estimate per criterion, or the interview's figures. */

const ruleHit = z.object({ rule: z.string(), delta: z.number() });

/** One criterion of the speaking-test estimate: the base, the rules that fired, the figures they read, the advice. */
export const criterionAnalysis = z.object({
  criterion: z.enum(IELTS_CRITERIA),
  base: z.number(),
  band: z.number(),
  rules: z.array(ruleHit),
  figures: z.record(z.string(), z.number().nullable()),
  advice: z.string(),
  /** The listed words said more often than they count (decision 0046); absent on attempts scored before. */
  repeated: z.string().optional(),
});
export type CriterionAnalysis = z.infer<typeof criterionAnalysis>;

export const speechMetrics = z.object({
  wordCount: z.number(),
  uniqueWords: z.number(),
  sentenceCount: z.number(),
  avgWordsPerSentence: z.number(),
  fillerWords: z.number(),
  pauseCount: z.number(),
  responseTimeMs: z.number().nullable(),
  grammarErrors: z.number(),
  speakingTimeMs: z.number(),
  wordsPerMinute: z.number().nullable(),
  fillerRatio: z.number(),
  uniqueWordRatio: z.number(),
  grammarErrorRatio: z.number(),
});
export type SpeechMetricsDto = z.infer<typeof speechMetrics>;

/** An answer that was not counted (decision 0018): only fillers, not in English, the question read back, repeated, or not about its question. */
export const nonAnswer = z.object({
  part: z.number().int(),
  questionNumber: z.number().int(),
  kind: z.enum(['fillers-only', 'not-english', 'question-echo', 'did-not-know', 'repetition', 'word-list', 'off-topic']),
  /** The sentence the student reads. */
  reason: z.string(),
  wordCount: z.number(),
});
export type NonAnswerDto = z.infer<typeof nonAnswer>;

/** The stored SpeakingTestResult, as the review page reads it. */
export const ieltsAnalysis = z.object({
  assessable: z.boolean(),
  /** Why no band was given, when it was not. */
  reason: z.string().nullable(),
  criteria: z.array(criterionAnalysis),
  metrics: speechMetrics,
  /**
   * Notes on parts far below a sensible length: `message` is the sentence the student read; the kind and
   * its figure (absent on attempts saved before they were kept) let the teacher's page word it for them.
   */
  partNotes: z.array(
    z.object({
      part: z.number().int(),
      message: z.string(),
      kind: z.enum(['short-answers', 'short-long-turn']).optional(),
      averageWords: z.number().optional(),
      speakingTimeMs: z.number().optional(),
    }),
  ),
  /** Answers left out of the figures, with their reasons; absent on attempts saved before they were judged. */
  nonAnswers: z.array(nonAnswer).optional(),
});
export type IeltsAnalysis = z.infer<typeof ieltsAnalysis>;

/** The stored InterviewScoreReport's figures. */
export const interviewAnalysis = z.object({
  /** False when there was not enough speech to score (absent on attempts saved before this was judged). */
  assessable: z.boolean().optional(),
  /** Why there are no scores, when there are none. */
  reason: z.string().nullable().optional(),
  /** The questions saved are not all the ones the student's profile gives; the answers were scored against the profile's. */
  questionsDiffer: z.boolean().optional(),
  /** Answers left out of the figures (decision 0018), by their place in the interview; absent on attempts saved before they were judged. */
  nonAnswers: z
    .array(z.object({ questionNumber: z.number().int(), kind: nonAnswer.shape.kind, reason: z.string(), wordCount: z.number() }))
    .optional(),
  figures: z.object({
    questionCount: z.number(),
    answeredCount: z.number(),
    totalWords: z.number(),
    averageWordsPerAnswer: z.number(),
    /** The words confidence counted, each answer's up to 50 (absent on attempts scored by the spec's total before decision 0072). */
    confidenceWords: z.number().optional(),
    relevance: z.array(
      z.object({
        question: z.string(),
        category: z.string().nullable(),
        wordCount: z.number(),
        score: z.number(),
        matchedWords: z.array(z.string()),
        referenceTermCount: z.number(),
        /** Stock phrases said, whose words were not counted (absent on attempts scored before decision 0072). */
        stockPhrases: z.array(z.string()).optional(),
      }),
    ),
    fillerCount: z.number(),
    fillerRatio: z.number(),
    sentenceCount: z.number(),
    averageSentenceLength: z.number(),
    meanConfidence: z.number().nullable(),
    clarityParts: z
      .object({ fillers: z.number(), sentenceLength: z.number(), recognizerConfidence: z.number().nullable() })
      .nullable(),
    /** The calibrated estimate's bands communication and clarity read (absent on attempts scored before it). */
    language: z.object({ fluency: z.number(), vocabulary: z.number(), grammar: z.number() }).nullable().optional(),
  }),
});
export type InterviewAnalysis = z.infer<typeof interviewAnalysis>;

import { z } from 'zod';
import { recordingAnalysis } from './recording-analysis.js';
import { roundToHalfBand } from '../speaking-test/scoring.js';
import { studentStatus } from './entities.js';

/*
 * The teacher's view of saved attempts (spec sections 2, 3, 7 and 9): the two paged lists, one
 * attempt with everything behind its scores, the teacher's own review, and the CSV export.
 */

export const ATTEMPTS_PAGE_SIZE = 10;
export const ATTEMPTS_PAGE_SIZE_MAX = 100;
export const REVIEW_COMMENT_MAX_LENGTH = 2000;
export const REVIEW_REASON_MAX_LENGTH = 500;
/** Teacher bands: 0 to 9 in half steps (the review form offers 1 to 9). */
export const TEACHER_BAND_MIN = 0;
export const TEACHER_BAND_MAX = 9;

export const ATTEMPT_KINDS = ['ielts', 'interview'] as const;
export type AttemptKind = (typeof ATTEMPT_KINDS)[number];

export const IELTS_CRITERIA = ['fluency', 'vocabulary', 'grammar', 'pronunciation'] as const;
export const INTERVIEW_CRITERIA = ['communication', 'confidence', 'relevance', 'clarity'] as const;
export type IeltsCriterion = (typeof IELTS_CRITERIA)[number];
export type InterviewCriterion = (typeof INTERVIEW_CRITERIA)[number];
export type AttemptCriterion = IeltsCriterion | InterviewCriterion;

export const CRITERIA_OF: { readonly [K in AttemptKind]: readonly AttemptCriterion[] } = {
  ielts: IELTS_CRITERIA,
  interview: INTERVIEW_CRITERIA,
};

export const CRITERION_LABELS: Record<AttemptCriterion, string> = {
  fluency: 'Fluency',
  vocabulary: 'Vocabulary',
  grammar: 'Grammar',
  pronunciation: 'Pronunciation',
  communication: 'Communication',
  confidence: 'Confidence',
  relevance: 'Relevance',
  clarity: 'Clarity',
};

/** What a kind of attempt is called on screen and in file names. */
export const KIND_LABELS: Record<AttemptKind, { tab: string; attempt: string; dateColumn: string; file: string }> = {
  ielts: { tab: 'IELTS Attempts', attempt: 'IELTS attempt', dateColumn: 'Test Date', file: 'ielts-attempts' },
  interview: { tab: 'Interview Attempts', attempt: 'Interview attempt', dateColumn: 'Interview Date', file: 'interview-attempts' },
};

/** Spec section 2's columns of an attempts list, shared by the table and its CSV export. */
export function attemptListColumns(kind: AttemptKind): string[] {
  return [
    'Student Name',
    'Course',
    'Mobile',
    'Status',
    'Overall Score',
    ...CRITERIA_OF[kind].map((criterion) => CRITERION_LABELS[criterion]),
    KIND_LABELS[kind].dateColumn,
  ];
}

/** A band per criterion and an overall; null where none is set (teacher) or none could be given. */
export type Bands = Partial<Record<AttemptCriterion | 'overall', number | null>>;

/**
 * The teacher's overall, derived from their criterion bands and stored with them: only when every
 * criterion of the kind has a band (an overall from some criteria would not be comparable with the
 * estimate's). IELTS: the mean of the four, unrounded like the estimate's overall (shown to the
 * nearest half band); interview: the mean rounded to a whole number, as the interview's overall is.
 */
export function teacherOverall(kind: AttemptKind, bands: Bands): number | null {
  const values = CRITERIA_OF[kind].map((criterion) => bands[criterion]);
  if (values.some((value) => value === null || value === undefined)) return null;
  const mean = (values as number[]).reduce((sum, value) => sum + value, 0) / values.length;
  return kind === 'ielts' ? mean : Math.round(mean);
}

/**
 * A band as the lists, the review page and the export show it: IELTS to the nearest half band with
 * one decimal ("6.5", "7.0"), as the test's results show it; interview scores as stored, to one
 * decimal, and a whole overall as a whole number.
 */
export function bandText(kind: AttemptKind, value: number): string {
  if (kind === 'ielts') return roundToHalfBand(value).toFixed(1);
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}

/* The lists. */

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
export const DATE_FILTER_MESSAGE = 'must be a date written YYYY-MM-DD';

/** Why `value` is not a calendar date from 1970 to 2999, or null when it is one. */
export function calendarDateProblem(value: string): string | null {
  const match = DATE_PATTERN.exec(value);
  if (!match) return DATE_FILTER_MESSAGE;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1970 || year > 2999) return 'must be a date from 1970 to 2999';
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return 'is not a real calendar date';
  return null;
}

/** '' or absent: every date. */
const dateFilter = z
  .string({ error: DATE_FILTER_MESSAGE })
  .trim()
  .default('')
  .superRefine((value, ctx) => {
    const problem = value === '' ? null : calendarDateProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const attemptsQuery = z.object({
  page: z.coerce.number({ error: 'must be a page number' }).int('must be a page number').min(1, 'must be 1 or more').max(100_000).default(1),
  limit: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be 1 or more')
    .max(ATTEMPTS_PAGE_SIZE_MAX, `must be at most ${ATTEMPTS_PAGE_SIZE_MAX}`)
    .default(ATTEMPTS_PAGE_SIZE),
  /** The attempt's date in the school's time zone. */
  date: dateFilter,
});
export type AttemptsQuery = z.input<typeof attemptsQuery>;

export const attemptsExportQuery = attemptsQuery.pick({ date: true });

const bands = z.record(z.string(), z.number().nullable());

/** Spec section 3's attempt list row, plus what the teacher's review adds. */
export const attemptListRow = z.object({
  id: z.uuid(),
  studentName: z.string(),
  course: z.string(),
  mobileNumber: z.string(),
  /** The student's status. */
  status: studentStatus,
  /** False when there was too little speech for an estimate: scores and overall are null. */
  assessable: z.boolean(),
  /** The automatic estimate as stored (unrounded); null when not assessable. */
  scores: bands.nullable(),
  overall: z.number().nullable(),
  /** The teacher's bands (null where not set) and derived overall; null when never reviewed. */
  teacherScores: bands.nullable(),
  reviewed: z.boolean(),
  /** Present (true) when the answers were not transcribed and the teacher has not set the overall band yet (issue 15). */
  awaitingTeacher: z.literal(true).optional(),
  /** When the attempt was completed (ISO). */
  createdAt: z.string(),
});
export type AttemptListRow = z.infer<typeof attemptListRow>;

export const attemptsPage = z.object({ attempts: z.array(attemptListRow), total: z.number().int() });
export type AttemptsPage = z.infer<typeof attemptsPage>;

export const attemptIdParams = z.object({ id: z.uuid('must be an attempt id (UUID)') });

/* One attempt. */

const ruleHit = z.object({ rule: z.string(), delta: z.number() });

/** One criterion of the speaking-test estimate: the base, the rules that fired, the figures they read, the advice. */
export const criterionAnalysis = z.object({
  criterion: z.enum(IELTS_CRITERIA),
  base: z.number(),
  band: z.number(),
  rules: z.array(ruleHit),
  figures: z.record(z.string(), z.number().nullable()),
  advice: z.string(),
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

/** An answer that was not counted (issue 14, decision 0018): only fillers, repeated, or not about its question. */
export const nonAnswer = z.object({
  part: z.number().int(),
  questionNumber: z.number().int(),
  kind: z.enum(['fillers-only', 'repetition', 'off-topic']),
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
  partNotes: z.array(z.object({ part: z.number().int(), message: z.string() })),
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
  figures: z.object({
    questionCount: z.number(),
    answeredCount: z.number(),
    totalWords: z.number(),
    averageWordsPerAnswer: z.number(),
    relevance: z.array(
      z.object({
        question: z.string(),
        category: z.string().nullable(),
        wordCount: z.number(),
        score: z.number(),
        matchedWords: z.array(z.string()),
        referenceTermCount: z.number(),
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
  }),
});
export type InterviewAnalysis = z.infer<typeof interviewAnalysis>;

export const ieltsAnswer = z.object({
  part: z.number().int(),
  questionNumber: z.number().int(),
  question: z.string(),
  answer: z.string(),
  /** Part 2: the cue card the question came from, when it is one of the bank's. */
  cueCard: z.object({ topic: z.string(), bullets: z.array(z.string()) }).nullable(),
  responseTimeMs: z.number().nullable(),
  speakingTimeMs: z.number().nullable(),
  /** Present (true) when the student asked to hear the question again (issue 15). */
  repeated: z.literal(true).optional(),
  /** Part 2: what the student wrote while preparing, when anything. */
  notes: z.string().optional(),
});
export type IeltsAnswer = z.infer<typeof ieltsAnswer>;

export const interviewAnswer = z.object({
  questionId: z.number().int(),
  question: z.string(),
  category: z.string().nullable(),
  answer: z.string(),
  /** Elapsed ms since the interview started. */
  timestamp: z.number().nullable(),
});
export type InterviewAnswer = z.infer<typeof interviewAnswer>;

/** A teacher's review as stored: the comment and the bands (with the derived overall). */
export const reviewContent = z.object({ comment: z.string().nullable(), scores: bands.nullable() });
export type ReviewContent = z.infer<typeof reviewContent>;

/** The review as last released to the student. */
export const releasedReview = z.object({
  comment: z.string().nullable(),
  scores: bands.nullable(),
  releasedAt: z.string(),
  releasedByUsername: z.string().nullable(),
});
export type ReleasedReview = z.infer<typeof releasedReview>;

/** One entry of the append-only review trail (decision 0016). */
export const reviewEvent = z.object({
  id: z.number().int(),
  at: z.string(),
  byUsername: z.string().nullable(),
  /** saved: the comment or bands changed; released: the review was released to the student. */
  action: z.enum(['saved', 'released']),
  from: reviewContent.nullable(),
  to: reviewContent.nullable(),
  reason: z.string().nullable(),
});
export type ReviewEvent = z.infer<typeof reviewEvent>;

const attemptDetailBase = z.object({
  id: z.uuid(),
  student: z.object({ id: z.number().int(), studentName: z.string(), mobileNumber: z.string(), status: studentStatus }),
  course: z.string(),
  completedAt: z.string(),
  durationMs: z.number().int(),
  assessable: z.boolean(),
  /** Why there is no estimate, when there is none. */
  notAssessableReason: z.string().nullable(),
  scores: bands.nullable(),
  overall: z.number().nullable(),
  teacherComment: z.string().nullable(),
  teacherScores: bands.nullable(),
  reviewedAt: z.string().nullable(),
  reviewerUsername: z.string().nullable(),
  /** Where the recording plays (with range requests), or null when none was saved. */
  audioUrl: z.string().nullable(),
  /** When the retention period deleted the recording (audioUrl is null then). */
  recordingExpiredAt: z.string().nullable(),
  /** What the server measured in the recording (null: no recording was analysed). */
  recordingAnalysis: recordingAnalysis.nullable(),
  /** What the student sees: the review as last released; null when never released. */
  release: releasedReview.nullable(),
  /** True when the saved review differs from what was released (or was never released). */
  releasePending: z.boolean(),
  /** Every change to the teacher's comment or bands and every release, oldest first. Empty on the student's view. */
  trail: z.array(reviewEvent),
});

export const attemptDetail = z.discriminatedUnion('kind', [
  attemptDetailBase.extend({
    kind: z.literal('ielts'),
    /** True when the test ran without a microphone. */
    demo: z.boolean(),
    answers: z.array(ieltsAnswer),
    analysis: ieltsAnalysis.nullable(),
  }),
  attemptDetailBase.extend({
    kind: z.literal('interview'),
    answers: z.array(interviewAnswer),
    analysis: interviewAnalysis.nullable(),
  }),
]);
export type AttemptDetail = z.infer<typeof attemptDetail>;

/* The teacher's review. */

const teacherBand = z
  .number({ error: `must be a band from ${TEACHER_BAND_MIN} to ${TEACHER_BAND_MAX}, or null` })
  .min(TEACHER_BAND_MIN, `must be at least ${TEACHER_BAND_MIN}`)
  .max(TEACHER_BAND_MAX, `must be at most ${TEACHER_BAND_MAX}`)
  .refine((value) => Number.isInteger(value * 2), 'must be in half steps (6, 6.5, 7...)')
  .nullable();

/**
 * Body of PATCH /api/admin/attempts/{id}/review: the whole review, as the form shows it. A
 * criterion left out or null has no teacher band; only the attempt kind's four criteria may be
 * given. An empty comment with no band clears the review.
 */
export const reviewBody = z.strictObject({
  /** Why the review changed: required once it has been released (an amendment), optional before. */
  reason: z
    .string({ error: 'must be text' })
    .max(REVIEW_REASON_MAX_LENGTH, `must be at most ${REVIEW_REASON_MAX_LENGTH} characters`)
    .optional(),
  comment: z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') })
    .max(REVIEW_COMMENT_MAX_LENGTH, `must be at most ${REVIEW_COMMENT_MAX_LENGTH} characters`),
  scores: z.strictObject(
    Object.fromEntries([...IELTS_CRITERIA, ...INTERVIEW_CRITERIA].map((criterion) => [criterion, teacherBand.optional()])) as Record<
      AttemptCriterion,
      z.ZodOptional<typeof teacherBand>
    >,
    {
      error: (issue) => {
        if (issue.code === 'unrecognized_keys') return `has an unknown criterion: ${(issue.keys ?? []).join(', ')}`;
        return issue.input === undefined ? 'is required' : 'must be an object of bands';
      },
    },
  ),
});
export type ReviewBody = z.infer<typeof reviewBody>;

export const reviewSaved = z.object({
  reviewed: z.boolean(),
  teacherComment: z.string().nullable(),
  teacherScores: bands.nullable(),
  reviewedAt: z.string().nullable(),
  reviewerUsername: z.string().nullable(),
  releasePending: z.boolean(),
  /** The trail entry this save added; null when nothing changed. */
  event: reviewEvent.nullable(),
});
export type ReviewSaved = z.infer<typeof reviewSaved>;

/** Body of POST /api/admin/attempts/{id}/review/release: nothing needed; a reason may go with a re-release. */
export const releaseBody = z
  .strictObject({
    reason: z
      .string({ error: 'must be text' })
      .max(REVIEW_REASON_MAX_LENGTH, `must be at most ${REVIEW_REASON_MAX_LENGTH} characters`)
      .optional(),
  })
  .nullish();

export const releaseDone = z.object({
  release: releasedReview,
  event: reviewEvent,
  /** How the student was told: by e-mail (to the address on file), or not (none on file). */
  notified: z.enum(['email', 'no-email']),
});
export type ReleaseDone = z.infer<typeof releaseDone>;

import { z } from '../zod.js';
import { ANSWER_TEXT_MAX_LENGTH, speakingTestAnswerFields } from '../speaking-test/answer.js';
import { PART2_NOTES_MAX_LENGTH } from '../speaking-test/constants.js';
import { requiredOr, strictObjectError } from './common.js';
import { TEST_DURATION_MAX_SECONDS, TEST_MAX_ANSWERS, TEST_TRANSCRIPT_MAX_ENTRIES } from './attempts-limits.js';

export * from './attempts-limits.js';

/**
 * The questions' and answers' text of one saved test together. The longest of 716 rated 15-minute
 * speaking tests (shared/data/speaking-levels) holds 10,643 characters; the scoring reads every one
 * on the event loop (about 1.5 µs a character), and 30 answers of 20,000 characters held the server
 * for close to a second a save.
 */
export const TEST_TEXT_MAX_TOTAL_LENGTH = 100_000;

const timestamp = z.union([z.string().max(40), z.number().finite()], { error: requiredOr('must be a time') });
const { part } = speakingTestAnswerFields;

export const testTranscriptEntry = z.strictObject(
  {
    speaker: z.string().max(40),
    text: z.string().max(ANSWER_TEXT_MAX_LENGTH),
    timestamp,
    part: part.optional(),
  },
  { error: strictObjectError },
);

/**
 * Spec section 3: questionNumber, question, answer, part, timestamp; plus the measured timings the
 * honest scores need (absent in the spec's payload: then speed and response time are unknown). The
 * fields are the client's answer (shared/speaking-test/answer.ts): one shape from client to server.
 */
export const questionAnswerPair = z.strictObject(
  {
    ...speakingTestAnswerFields,
    timestamp: timestamp.optional(),
    responseTimeMs: speakingTestAnswerFields.responseTimeMs.optional(),
    speakingTimeMs: speakingTestAnswerFields.speakingTimeMs.optional(),
  },
  { error: strictObjectError },
);
export type QuestionAnswerPair = z.infer<typeof questionAnswerPair>;

export const testSessionData = z.strictObject(
  {
    // Each check names its limit: the list's own error ('must be a list') would otherwise be its message too.
    transcript: z
      .array(testTranscriptEntry, { error: requiredOr('must be a list') })
      .max(TEST_TRANSCRIPT_MAX_ENTRIES, `must have at most ${TEST_TRANSCRIPT_MAX_ENTRIES} entries`),
    /** What the client showed; never trusted: the server computes and stores its own. */
    scores: z.record(z.string().max(40), z.number().finite().nullable()).optional(),
    /** Seconds from Start Test to completion. */
    duration: z
      .number({ error: requiredOr('must be a number of seconds') })
      .finite()
      .min(0, 'must be at least 0 seconds')
      .max(TEST_DURATION_MAX_SECONDS, `must be at most ${TEST_DURATION_MAX_SECONDS.toLocaleString('en-US')} seconds (2 hours)`),
    completedAt: z.iso.datetime({ offset: true, error: requiredOr('must be an ISO date and time') }),
    questionAnswerPairs: z
      .array(questionAnswerPair, { error: requiredOr('must be a list') })
      .max(TEST_MAX_ANSWERS, `must have at most ${TEST_MAX_ANSWERS} answers`)
      .refine((pairs) => pairs.reduce((sum, pair) => sum + pair.question.length + pair.answer.length, 0) <= TEST_TEXT_MAX_TOTAL_LENGTH, {
        message: `hold more than ${TEST_TEXT_MAX_TOTAL_LENGTH.toLocaleString('en-US')} characters of questions and answers together, more than any test's speech`,
      }),
    /** True when the test ran without a microphone (demo mode). */
    demo: z.boolean().optional(),
    /**
     * True when some answers were taken without speech recognition (the browser has none, an Apple
     * device, or the student went on without it after a failure): the words are not known, so no
     * band is estimated and the teacher scores the recording.
     */
    noTranscript: z.boolean().optional(),
    /** True when the device's recorder gave no audio at all (no recording will be uploaded). */
    noRecording: z.boolean().optional(),
    /** What the student wrote while preparing Part 2. */
    part2Notes: z.string().max(PART2_NOTES_MAX_LENGTH).optional(),
  },
  { error: strictObjectError },
);
export type TestSessionData = z.infer<typeof testSessionData>;

/**
 * Body of POST /api/test-sessions (spec section 7) plus `attemptId`, a UUID the client makes once per
 * test so a retried save stores the attempt once. studentId must be the session's student.
 */
export const saveTestSessionBody = z.strictObject(
  {
    attemptId: z.uuid('must be a UUID').optional(),
    studentId: z.number({ error: requiredOr('must be a student id') }).int().min(1).max(2_147_483_647),
    sessionData: testSessionData,
    audioUrl: z.string().max(500).nullable().optional(),
  },
  { error: strictObjectError },
);
export type SaveTestSessionBody = z.infer<typeof saveTestSessionBody>;

export const speakingBands = z.object({
  fluency: z.number(),
  vocabulary: z.number(),
  grammar: z.number(),
  pronunciation: z.number(),
  overall: z.number(),
});

export const testSessionSaved = z.object({
  attemptId: z.uuid(),
  /** False when there was too little speech to estimate a band (then `scores` is null). */
  assessable: z.boolean(),
  scores: speakingBands.nullable(),
  audioUrl: z.string().nullable(),
  /** True when this attempt had been saved before (a retry). */
  alreadySaved: z.boolean(),
});
export type TestSessionSaved = z.infer<typeof testSessionSaved>;

export const recordingSaved = z.object({ audioUrl: z.string(), sizeBytes: z.number().int() });

/** GET /api/admin/storage: what recordings take and the rules in force (the admin's Settings tab). */
export const recordingStorage = z.object({
  /** Recordings kept now, and their bytes. */
  recordings: z.number().int(),
  bytes: z.number(),
  /** Recordings deleted by the retention period (their attempts stay). */
  expired: z.number().int(),
  store: z.enum(['file', 'database']),
  /** 0: kept for ever. */
  retentionDays: z.number().int(),
  studentCapBytes: z.number(),
});
export type RecordingStorage = z.infer<typeof recordingStorage>;
export type RecordingSaved = z.infer<typeof recordingSaved>;

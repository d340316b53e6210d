import { z } from '../zod.js';
import { recordingAnalysis } from './recording-analysis.js';
import { studentStatus } from './entities.js';
import { bandsRecord } from './admin-attempts-bands.js';
import { ieltsAnalysis, interviewAnalysis } from './admin-attempts-analysis.js';
import { releasedReview, reviewEvent } from './admin-attempts-review.js';

/* One attempt with everything behind its scores (spec sections 2, 3 and 7). */

export const attemptIdParams = z.object({ id: z.uuid('must be an attempt id (UUID)') });

export const ieltsAnswer = z.object({
  part: z.number().int(),
  questionNumber: z.number().int(),
  question: z.string(),
  answer: z.string(),
  /** Part 2: the cue card the question came from, when it is one of the bank's. */
  cueCard: z.object({ topic: z.string(), bullets: z.array(z.string()) }).nullable(),
  responseTimeMs: z.number().nullable(),
  speakingTimeMs: z.number().nullable(),
  /** Present (true) when the student asked to hear the question again. */
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
  /** Where the answer lies on the interview's recording (which runs only while answers are listened to), when saved. */
  recording: z.object({ startMs: z.number(), endMs: z.number() }).optional(),
});
export type InterviewAnswer = z.infer<typeof interviewAnswer>;

const attemptDetailBase = z.object({
  id: z.uuid(),
  /** mobileNumberDisplay: the stored number as the review shows it ("+91 98765 43210"), formatted by the server. */
  student: z.object({ id: z.number().int(), studentName: z.string(), mobileNumber: z.string(), mobileNumberDisplay: z.string(), status: studentStatus }),
  course: z.string(),
  completedAt: z.string(),
  durationMs: z.number().int(),
  assessable: z.boolean(),
  /** Why there is no estimate, when there is none. */
  notAssessableReason: z.string().nullable(),
  /** Neither a transcript nor a recording was made: nothing to score, the student should retake. */
  nothingToScore: z.boolean(),
  /**
   * The answers were not transcribed and the reader's teacher bands (the working ones for a teacher,
   * the released ones for the student) have no overall yet: the teacher will score it. Never with nothingToScore.
   */
  awaitingTeacher: z.boolean(),
  /**
   * The answers were taken without speech recognition (sessionData.noTranscript: Firefox, an Apple
   * device, or "Continue without transcript"): their words are not known, only their timings and the
   * recording. Stays true once the teacher has given bands, unlike awaitingTeacher.
   */
  noTranscript: z.boolean(),
  /** The device made no recording (sessionData.noRecording) and none is stored. */
  noRecording: z.boolean(),
  scores: bandsRecord.nullable(),
  overall: z.number().nullable(),
  teacherComment: z.string().nullable(),
  teacherScores: bandsRecord.nullable(),
  reviewedAt: z.string().nullable(),
  reviewerUsername: z.string().nullable(),
  /** Who last saved the review: display name, else e-mail, else sign-in name (null on the student's view). */
  reviewerName: z.string().nullable(),
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
  /**
   * The review's version: the id of its trail's last entry (0 before the first). A save or release
   * sends the version it was made from; any other is refused (409). 0 on the student's view.
   */
  reviewVersion: z.number().int(),
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

import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { SaveInterviewSessionBody } from '../../shared/api/interview.js';
import type { QuestionAnswerPair, SaveTestSessionBody } from '../../shared/api/attempts.js';
import { INTERVIEW_NO_TRANSCRIPT_TEXT } from '../../shared/interview/constants.js';
import { scoreInterview } from '../../shared/interview/scoring.js';
import type { SpeakingTestAnswer } from '../../shared/speaking-test/answer.js';
import { scoreSpeakingTest } from '../../shared/speaking-test/scoring.js';
import type { Db } from '../db/open.js';
import { attempts, type AttemptKind, type AttemptRow } from '../db/schema.js';
import { conflict } from '../lib/http-errors.js';
import { invalidateReadCaches } from '../lib/read-cache.js';

/** A saved completion time may not be in the future, nor older than a queued save can plausibly be. */
const COMPLETED_AT_FUTURE_SLACK_MS = 5 * 60_000;
const COMPLETED_AT_MAX_AGE_MS = 30 * 24 * 3600_000;

function trustedCompletedAt(claimed: string, now: Date): Date {
  const at = new Date(claimed);
  const time = at.getTime();
  if (Number.isNaN(time) || time > now.getTime() + COMPLETED_AT_FUTURE_SLACK_MS || time < now.getTime() - COMPLETED_AT_MAX_AGE_MS) return now;
  return at;
}

export interface SavedAttempt {
  row: AttemptRow;
  alreadySaved: boolean;
}

/**
 * Inserts the attempt once per attempt id. A retry of the same attempt returns what was stored; an id
 * already used for another student's attempt (or the other kind) is refused.
 */
async function insertOnce(db: Db, values: typeof attempts.$inferInsert): Promise<SavedAttempt> {
  const [inserted] = await db.insert(attempts).values(values).onConflictDoNothing({ target: attempts.id }).returning();
  if (inserted) {
    invalidateReadCaches(db);
    return { row: inserted, alreadySaved: false };
  }
  const [existing] = await db.select().from(attempts).where(eq(attempts.id, values.id));
  if (!existing || existing.studentId !== values.studentId || existing.kind !== values.kind) {
    throw conflict('This attempt id is already used by another attempt. Start a new test to save it.');
  }
  return { row: existing, alreadySaved: true };
}

/** The answers as the shared scoring reads them; timings the client did not measure are unknown. */
export function speakingAnswersOf(body: SaveTestSessionBody): SpeakingTestAnswer[] {
  return speakingAnswersOfPairs(body.sessionData.questionAnswerPairs);
}

/** The same from the saved (or stored) question-answer pairs: the recording's analysis rescores from them. */
export function speakingAnswersOfPairs(pairs: readonly QuestionAnswerPair[]): SpeakingTestAnswer[] {
  return pairs.map((pair) => ({
    part: pair.part,
    questionNumber: pair.questionNumber,
    question: pair.question,
    answer: pair.answer,
    responseTimeMs: pair.responseTimeMs ?? null,
    speakingTimeMs: pair.speakingTimeMs ?? 0,
    ...(pair.confidence !== undefined ? { confidence: pair.confidence } : {}),
  }));
}

/** Stores a speaking test with the server's own scores (spec section 9 with measured inputs). */
export async function saveSpeakingAttempt(
  db: Db,
  input: { body: SaveTestSessionBody; studentId: number; savedByUserId: number | null; now: Date },
): Promise<SavedAttempt> {
  const { sessionData } = input.body;
  const result = scoreSpeakingTest(speakingAnswersOf(input.body), { transcript: sessionData.noTranscript !== true });
  return insertOnce(db, {
    id: input.body.attemptId ?? randomUUID(),
    kind: 'ielts',
    studentId: input.studentId,
    savedByUserId: input.savedByUserId,
    sessionData: { ...sessionData, scores: undefined },
    assessable: result.assessable,
    overall: result.assessable ? result.bands.overall : null,
    scores: result.assessable ? result.bands : null,
    analysis: result,
    durationMs: Math.round(sessionData.duration * 1000),
    completedAt: trustedCompletedAt(sessionData.completedAt, input.now),
  });
}

/** Stores an interview with the server's own scores (communication, confidence, relevance, clarity). */
export async function saveInterviewAttempt(
  db: Db,
  input: { body: SaveInterviewSessionBody; studentId: number; savedByUserId: number | null; now: Date },
): Promise<SavedAttempt> {
  const { sessionData } = input.body;
  const scored = scoreInterview(sessionData.questions);
  // Without a transcript the word-based scores would be invented: the teacher gives them. With too
  // little speech there is nothing to score (the report says why).
  const report = sessionData.noTranscript === true ? { ...scored, assessable: false, reason: INTERVIEW_NO_TRANSCRIPT_TEXT } : scored;
  return insertOnce(db, {
    id: input.body.attemptId,
    kind: 'interview',
    studentId: input.studentId,
    savedByUserId: input.savedByUserId,
    sessionData: { ...sessionData, scores: undefined },
    assessable: report.assessable,
    overall: report.assessable ? report.scores.overall : null,
    scores: report.assessable ? report.scores : null,
    analysis: report,
    durationMs: Math.round(sessionData.duration),
    completedAt: trustedCompletedAt(sessionData.completedAt, input.now),
  });
}

export async function findAttempt(db: Db, attemptId: string): Promise<AttemptRow | null> {
  const [row] = await db.select().from(attempts).where(eq(attempts.id, attemptId));
  return row ?? null;
}

export async function attemptsOfStudent(db: Db, studentId: number, kind: AttemptKind): Promise<AttemptRow[]> {
  return db.select().from(attempts).where(and(eq(attempts.studentId, studentId), eq(attempts.kind, kind)));
}

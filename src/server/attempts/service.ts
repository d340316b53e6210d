import { eq } from 'drizzle-orm';
import type { Db } from '../db/open.js';
import { attempts, type AttemptRow } from '../db/schema.js';
import { conflict, notFound } from '../lib/http-errors.js';
import { isForeignKeyViolation } from '../lib/sql-errors.js';
import { invalidateReadCaches } from '../db/read-cache.js';

/*
 * The stored attempt rows both kinds share: how a save is stored once, when it was completed, and
 * reading an attempt back. Each kind's own save (its payload and its scoring) lives in its area:
 * speaking-test/save-attempt.ts and interview/save-attempt.ts.
 */

/** A saved completion time may not be in the future, nor older than a queued save can plausibly be. */
const COMPLETED_AT_FUTURE_SLACK_MS = 5 * 60_000;
const COMPLETED_AT_MAX_AGE_MS = 30 * 24 * 3600_000;

/** The completion time the client sent, or now when it is not a plausible one. */
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

/** An attempt as a save route stores it: the client's session data, the server's own scores. */
export interface AttemptToSave extends Omit<typeof attempts.$inferInsert, 'sessionData' | 'completedAt'> {
  /** Stored without the scores the client may have sent (the server's are stored beside it). */
  sessionData: { completedAt: string; scores?: unknown };
  /** The completion time is the client's when it is plausible (trustedCompletedAt), else this. */
  now: Date;
}

/**
 * A save already stored under this attempt id (a retry: what was stored), or null when the id is
 * new. An id already used for another student's attempt (or the other kind) is refused. Asked before
 * scoring, so that a retried save costs a read, not the scoring of every answer again.
 */
export async function savedBefore(db: Db, id: string, owner: Pick<AttemptRow, 'studentId' | 'kind'>): Promise<SavedAttempt | null> {
  const [existing] = await db.select().from(attempts).where(eq(attempts.id, id));
  if (!existing) return null;
  if (existing.studentId !== owner.studentId || existing.kind !== owner.kind) {
    throw conflict('This attempt id is already used by another attempt. Start a new test to save it.');
  }
  return { row: existing, alreadySaved: true };
}

/** A save whose student was deleted on its way (404; the upload route answers the same race alike). */
export const STUDENT_DELETED_WHILE_SAVING = "This attempt could not be saved: the student's account was deleted while it was on its way.";

/**
 * Inserts the attempt once per attempt id. A retry of the same attempt returns what was stored
 * (savedBefore, also when two saves of it race); an id already used for another student's attempt
 * (or the other kind) is refused.
 */
export async function insertAttemptOnce(db: Db, { sessionData, now, ...values }: AttemptToSave): Promise<SavedAttempt> {
  const stored = { ...values, sessionData: { ...sessionData, scores: undefined }, completedAt: trustedCompletedAt(sessionData.completedAt, now) };
  const [inserted] = await db
    .insert(attempts)
    .values(stored)
    .onConflictDoNothing({ target: attempts.id })
    .returning()
    .catch((error: unknown) => {
      // The student (or the course) named was deleted while the save was on its way.
      if (isForeignKeyViolation(error)) throw notFound(STUDENT_DELETED_WHILE_SAVING);
      throw error;
    });
  if (inserted) {
    invalidateReadCaches(db);
    return { row: inserted, alreadySaved: false };
  }
  const existing = await savedBefore(db, values.id, values);
  // Only a row deleted between the insert and the read (its student deleted meanwhile) leaves nothing.
  if (!existing) throw conflict('This attempt id is already used by another attempt. Start a new test to save it.');
  return existing;
}

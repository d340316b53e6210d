import { and, eq, isNull, ne, sum } from 'drizzle-orm';
import type { Db } from '../db/open.js';
import { attempts, students } from '../db/schema.js';
import { recordings } from '../db/schema-recordings.js';

/*
 * What may be stored, checked again inside saveRecording's transaction after the upload's bytes are
 * written: the route's early checks (before a byte is read) refuse most uploads at once, but two
 * uploads at the same time, or a teacher's review saved while one arrives, pass them together.
 */

/** A replaced recording would sit beside bands the teacher gave for different audio. */
export const REVIEWED_RECORDING_MESSAGE =
  "Your teacher has already reviewed this test's recording, so it can no longer be replaced. The recording your teacher heard is kept.";

/** A retried upload whose bytes hold no audio ffmpeg can read, where a readable recording is kept. */
export const UNREADABLE_REPLACEMENT_MESSAGE =
  'This recording could not be read as audio, so the one saved earlier for this test is kept.';

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(bytes < 10_000_000 ? 1 : 0)} MB`;

/** The sentence of the per-student cap (413): what the student's other recordings take of what they may keep. */
export function overCapMessage(usedBytes: number, capBytes: number): string {
  return `This student's recordings already take ${megabytes(usedBytes)} of the ${megabytes(capBytes)} each student may keep, so this one was not stored. The attempt itself is saved; the school can make room.`;
}

/** An upload whose body held no bytes (a chunked request can announce no length): nothing is stored or replaced. */
export const EMPTY_RECORDING_MESSAGE = 'The recording is empty.';

type Refusal = { kind: 'overCap'; usedBytes: number } | { kind: 'reviewed' } | { kind: 'unreadable' } | { kind: 'empty' };

/** The error's message: the sentence the route answers with, or (over the cap) a note for the log; the route words the 413 itself. */
function refusalMessage(refusal: Refusal): string {
  switch (refusal.kind) {
    case 'reviewed':
      return REVIEWED_RECORDING_MESSAGE;
    case 'unreadable':
      return UNREADABLE_REPLACEMENT_MESSAGE;
    case 'empty':
      return EMPTY_RECORDING_MESSAGE;
    case 'overCap':
      return `over the student's recording cap (${refusal.usedBytes} bytes used)`;
  }
}

/** Why saveRecording refused the bytes it had written (and removed again). */
export class RecordingRefused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusalMessage(refusal));
    this.name = 'RecordingRefused';
  }
}

/** Bytes a student's kept recordings take, leaving out one attempt's (the one being replaced). */
export async function storedBytesOfStudent(db: Db, studentId: number, exceptAttemptId: string): Promise<number> {
  const [row] = await db
    .select({ bytes: sum(recordings.sizeBytes).mapWith(Number) })
    .from(recordings)
    .where(and(eq(recordings.studentId, studentId), isNull(recordings.expiredAt), ne(recordings.attemptId, exceptAttemptId)));
  return row?.bytes ?? 0;
}

/** Whether a teacher has saved a review of the attempt (a draft or released). */
export async function attemptReviewed(db: Db, attemptId: string, lock: boolean): Promise<boolean> {
  const query = db.select({ reviewedAt: attempts.reviewedAt, releasedAt: attempts.releasedAt }).from(attempts).where(eq(attempts.id, attemptId));
  // Shared: a review being saved (review.ts locks the attempt for update) waits for this upload, or this sees it.
  const [row] = lock ? await query.for('share') : await query;
  return row !== undefined && (row.reviewedAt !== null || row.releasedAt !== null);
}

/**
 * Locks the student's row so one upload at a time counts (with several processes too: the lock is
 * PostgreSQL's), then re-counts the student's kept recordings without this attempt's old one. Called
 * after attemptReviewed (lock order attempts → students, as a review's trigger update takes them).
 */
export async function checkCapLocked(tx: Db, input: { studentId: number; attemptId: string; sizeBytes: number; capBytes: number }): Promise<void> {
  // "No key update": serialises uploads without holding back the student's attempt saves (their foreign-key check).
  await tx.select({ id: students.id }).from(students).where(eq(students.id, input.studentId)).for('no key update');
  const usedBytes = await storedBytesOfStudent(tx, input.studentId, input.attemptId);
  if (usedBytes + input.sizeBytes > input.capBytes) throw new RecordingRefused({ kind: 'overCap', usedBytes });
}

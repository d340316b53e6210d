import type { Readable } from 'node:stream';
import { and, count, eq, inArray, isNotNull, isNull, lt, sql, sum } from 'drizzle-orm';
import type { Db } from '../db/open.js';
import { attempts } from '../db/schema.js';
import { recordingAnalyses } from '../db/schema-analysis.js';
import { recordings, type RecordingStoreKind } from '../db/schema-recordings.js';
import { queueAnalysis } from './analysis-queue.js';
import { keptReadable, remuxStored, type RemuxLog, type RemuxOutcome } from './seekable.js';
import type { RecordingStores } from './store.js';
import { readWhenAsked } from './recording-store.js';
import { attemptReviewed, checkCapLocked, RecordingRefused } from './upload-guards.js';

export const recordingUrl = (attemptId: string) => `/api/attempts/${attemptId}/recording`;

/** The attempt a recording belongs to, with its student: whose it is decides who may upload and play it. */
export async function findAttempt(db: Db, attemptId: string): Promise<{ id: string; studentId: number } | null> {
  const [row] = await db.select({ id: attempts.id, studentId: attempts.studentId }).from(attempts).where(eq(attempts.id, attemptId));
  return row ?? null;
}

export interface RecordingInfo {
  mimeType: string;
  sizeBytes: number;
  store: RecordingStoreKind;
  storageKey: string | null;
  createdAt: Date;
  /** When the retention period deleted the bytes; null while they are kept. */
  expiredAt: Date | null;
}

export async function recordingInfo(db: Db, attemptId: string): Promise<RecordingInfo | null> {
  const [row] = await db
    .select({
      mimeType: recordings.mimeType,
      sizeBytes: recordings.sizeBytes,
      store: recordings.store,
      storageKey: recordings.storageKey,
      createdAt: recordings.createdAt,
      expiredAt: recordings.expiredAt,
    })
    .from(recordings)
    .where(eq(recordings.attemptId, attemptId));
  return row ?? null;
}

/**
 * Stores (or, on a retried upload, replaces) an attempt's recording. The bytes are written in full
 * first, then re-muxed with their seek index (seekable.ts; the original is kept when that fails);
 * only then does the row point to them, in one transaction, and the replaced bytes are deleted.
 * An upload that fails half-way leaves the attempt and any earlier recording as they were.
 * `receivedBytes` is what arrived; `sizeBytes` what is stored. Inside the transaction, once the
 * attempt is reviewed its stored recording is never replaced, and with `capBytes` the student's kept
 * recordings stay within it however many uploads run at once (upload-guards.ts): either refusal, or
 * a body with no bytes, throws RecordingRefused and the new bytes are removed.
 */
export async function saveRecording(
  db: Db,
  stores: RecordingStores,
  input: { attemptId: string; studentId: number; mimeType: string; source: AsyncIterable<Uint8Array>; log?: RemuxLog; capBytes?: number },
): Promise<{ sizeBytes: number; receivedBytes: number }> {
  const store = stores.writeTo;
  const received = await store.write(input.source);
  // No bytes (a chunked body that ended at once): refused before anything is stored or replaced.
  if (received.sizeBytes === 0) {
    await store.remove(received.storageKey).catch(() => {});
    throw new RecordingRefused({ kind: 'empty' });
  }
  let { storageKey, sizeBytes } = received;
  const remuxing = await remuxStored(store, { ...received, mimeType: input.mimeType }, input.log ?? (() => {})).catch((): RemuxOutcome => ({ kind: 'asIs' }));
  if (remuxing.kind === 'remuxed') {
    await store.remove(storageKey).catch(() => {});
    ({ storageKey, sizeBytes } = remuxing);
  }
  let replaced: { store: RecordingStoreKind; storageKey: string | null } | undefined;
  try {
    // Bytes with no audio ffmpeg can read are kept for a first upload (its analysis then says so), but
    // never replace a recording that was read: its head is read before the transaction (the database
    // store reads bytes through the same database), and the row checked in it as it is then.
    const keptGood = remuxing.kind === 'unreadable' ? await readableKeptKey(db, stores, input.attemptId) : null;
    replaced = await db.transaction(async (tx) => {
      // Every stored recording is analysed (again, when replaced): analysis/runner.ts. Queued first so
      // the locks are taken in the runner's order (its analysis row, then the attempt, then the
      // student): the attempt and student locks below cannot deadlock with an analysis finishing.
      await queueAnalysis(tx as unknown as Db, input.attemptId);
      const reviewed = await attemptReviewed(tx as unknown as Db, input.attemptId, true);
      if (input.capBytes !== undefined) {
        await checkCapLocked(tx as unknown as Db, { studentId: input.studentId, attemptId: input.attemptId, sizeBytes, capBytes: input.capBytes });
      }
      const [old] = await tx
        .select({ store: recordings.store, storageKey: recordings.storageKey })
        .from(recordings)
        .where(eq(recordings.attemptId, input.attemptId))
        .for('update');
      if (old && reviewed) throw new RecordingRefused({ kind: 'reviewed' });
      if (keptGood !== null && old?.storageKey === keptGood) throw new RecordingRefused({ kind: 'unreadable' });
      const values = { mimeType: input.mimeType, sizeBytes, store: store.kind, storageKey, studentId: input.studentId, expiredAt: null };
      await tx
        .insert(recordings)
        .values({ attemptId: input.attemptId, ...values })
        .onConflictDoUpdate({ target: recordings.attemptId, set: { ...values, createdAt: sql`now()` } });
      return old;
    });
  } catch (error) {
    await store.remove(storageKey).catch(() => {});
    throw error;
  }
  if (replaced?.storageKey) await stores.of(replaced.store).remove(replaced.storageKey).catch(() => {});
  return { sizeBytes, receivedBytes: received.sizeBytes };
}

/** The storage key of an attempt's kept recording that ffmpeg could read (keptReadable), or null. */
async function readableKeptKey(db: Db, stores: RecordingStores, attemptId: string): Promise<string | null> {
  const kept = await recordingInfo(db, attemptId);
  if (!kept?.storageKey || kept.expiredAt) return null;
  const readable = await keptReadable(stores, { ...kept, storageKey: kept.storageKey }).catch(() => false);
  return readable ? kept.storageKey : null;
}

/** Where a kept recording's bytes are: the store its row names, and its key there. */
export interface KeptBytes {
  store: RecordingStoreKind;
  storageKey: string;
}

/**
 * Where a student's kept recordings' bytes are, read inside the transaction that deletes the student
 * (the rows go with the student; the bytes are removed after it commits). First it locks what an
 * upload locks, in an upload's order (saveRecording: the attempt's analysis row, then the attempt), so
 * an upload saving at the same moment either commits first, and its recording is read here, or waits
 * for the delete and then finds its attempt gone and removes its own bytes. So no recording of a
 * deleted student is left behind, and neither transaction waits for the other in a cycle.
 */
export async function lockedRecordingsOfStudent(tx: Db, studentId: number): Promise<KeptBytes[]> {
  const theirAttempts = tx.select({ id: attempts.id }).from(attempts).where(eq(attempts.studentId, studentId));
  await tx.select({ attemptId: recordingAnalyses.attemptId }).from(recordingAnalyses).where(inArray(recordingAnalyses.attemptId, theirAttempts)).for('update');
  await tx.select({ id: attempts.id }).from(attempts).where(eq(attempts.studentId, studentId)).for('update');
  const rows = await tx
    .select({ store: recordings.store, storageKey: recordings.storageKey })
    .from(recordings)
    .where(and(inArray(recordings.attemptId, theirAttempts), isNotNull(recordings.storageKey)));
  return rows.flatMap((row) => (row.storageKey ? [{ store: row.store, storageKey: row.storageKey }] : []));
}

/**
 * Deletes recordings' bytes whose rows are gone (a deleted student's): a deleted student's voice is
 * not kept. A removal that fails does not stop the rest; those are returned, for the log (the
 * database store's sweep clears pieces no row names; a file stays until someone removes it).
 */
export async function removeRecordingBytes(stores: RecordingStores, kept: readonly KeptBytes[]): Promise<KeptBytes[]> {
  const failed: KeptBytes[] = [];
  for (const bytes of kept) {
    await stores
      .of(bytes.store)
      .remove(bytes.storageKey)
      .catch(() => failed.push(bytes));
  }
  return failed;
}

/** Bytes [start, end] of a kept recording, streamed from its store. */
export function openRecording(stores: RecordingStores, info: RecordingInfo & { storageKey: string }, start: number, end: number): Readable {
  return stores.of(info.store).read(info.storageKey, start, end);
}

/** The same bytes for a reader that starts later: opened only when first asked for (readWhenAsked). */
export function recordingBytesWhenAsked(stores: RecordingStores, info: RecordingInfo & { storageKey: string }, start: number, end: number): AsyncIterable<Uint8Array> {
  return readWhenAsked(stores.of(info.store), info.storageKey, start, end);
}

/**
 * Deletes the bytes of recordings older than the retention period (at most `batch` per call); the
 * attempts, transcripts and scores stay, and the row says when the recording expired.
 */
export async function expireOldRecordings(db: Db, stores: RecordingStores, options: { now: Date; retentionDays: number; batch?: number }): Promise<number> {
  if (options.retentionDays <= 0) return 0;
  const cutoff = new Date(options.now.getTime() - options.retentionDays * 24 * 3600_000);
  const due = await db
    .select({ attemptId: recordings.attemptId, store: recordings.store, storageKey: recordings.storageKey })
    .from(recordings)
    .where(and(isNull(recordings.expiredAt), lt(recordings.createdAt, cutoff)))
    .limit(options.batch ?? 200);
  let expired = 0;
  for (const row of due) {
    // Marked first: a reader then sees "expired" rather than a file that is about to vanish.
    const [marked] = await db
      .update(recordings)
      .set({ expiredAt: options.now, storageKey: null })
      .where(and(eq(recordings.attemptId, row.attemptId), isNull(recordings.expiredAt)))
      .returning({ attemptId: recordings.attemptId });
    if (!marked) continue;
    if (row.storageKey) await stores.of(row.store).remove(row.storageKey);
    expired += 1;
  }
  return expired;
}

export interface RecordingUsage {
  recordings: number;
  bytes: number;
  expired: number;
}

/** What recordings take now (kept ones) and how many the retention period has deleted. */
export async function recordingUsage(db: Db): Promise<RecordingUsage> {
  const [kept] = await db
    .select({ recordings: count(), bytes: sum(recordings.sizeBytes).mapWith(Number) })
    .from(recordings)
    .where(isNull(recordings.expiredAt));
  const [gone] = await db.select({ expired: count() }).from(recordings).where(isNotNull(recordings.expiredAt));
  return { recordings: kept?.recordings ?? 0, bytes: kept?.bytes ?? 0, expired: gone?.expired ?? 0 };
}

import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/open.js';
import { recordingAnalyses, type AnalysisStatus } from '../db/schema-analysis.js';

/** A process working on an analysis holds it this long; a crash lets it run out, and another takes it. */
export const ANALYSIS_LEASE_MS = 10 * 60_000;
/** An analysis taken on this often without finishing (it stopped its process each time) is marked failed. */
export const ANALYSIS_MAX_TRIES = 3;

/** A stored (or replaced) recording is analysed (again). */
export async function queueAnalysis(db: Db, attemptId: string): Promise<void> {
  await db
    .insert(recordingAnalyses)
    .values({ attemptId, status: 'pending' })
    .onConflictDoUpdate({
      target: recordingAnalyses.attemptId,
      set: { status: 'pending', tries: 0, leaseUntil: null, reason: null, result: null, updatedAt: sql`now()` },
    });
}

/**
 * The next analysis due, taken by this process: a pending one, or a running one whose lease ran out
 * (its process died). Each is taken by one process only, with several on one PostgreSQL.
 */
export async function claimAnalysis(db: Db): Promise<{ attemptId: string; tries: number } | null> {
  const result = (await db.execute(sql`
    update ${recordingAnalyses} set status = 'running', tries = tries + 1,
      lease_until = now() + ${ANALYSIS_LEASE_MS} * interval '1 millisecond', updated_at = now()
    where attempt_id = (
      select attempt_id from ${recordingAnalyses}
      where status = 'pending' or (status = 'running' and lease_until < now())
      order by updated_at
      limit 1
      for update skip locked)
    returning attempt_id, tries`)) as unknown as { rows: Array<{ attempt_id: string; tries: number | string }> };
  const row = result.rows[0];
  return row ? { attemptId: row.attempt_id, tries: Number(row.tries) } : null;
}

/**
 * Ends an analysis this process holds (a replaced recording meanwhile made it pending again: then
 * nothing changes). True when it was ended.
 */
export async function finishAnalysis(db: Db, attemptId: string, outcome: { status: Exclude<AnalysisStatus, 'pending' | 'running'>; reason?: string; result?: unknown }): Promise<boolean> {
  const ended = await db
    .update(recordingAnalyses)
    .set({ status: outcome.status, reason: outcome.reason ?? null, result: outcome.result ?? null, leaseUntil: null, updatedAt: sql`now()` })
    .where(and(eq(recordingAnalyses.attemptId, attemptId), eq(recordingAnalyses.status, 'running')))
    .returning({ attemptId: recordingAnalyses.attemptId });
  return ended.length > 0;
}

/** Keeps the lease of an analysis this process is still working on (held back for requests, it may take longer than one lease). */
export async function renewAnalysisLease(db: Db, attemptId: string): Promise<void> {
  await db
    .update(recordingAnalyses)
    .set({ leaseUntil: sql`now() + ${ANALYSIS_LEASE_MS} * interval '1 millisecond'`, updatedAt: sql`now()` })
    .where(and(eq(recordingAnalyses.attemptId, attemptId), eq(recordingAnalyses.status, 'running')));
}

/** Gives an analysis this process holds back to the queue (its tries kept): the fault was the server's. */
export async function releaseAnalysis(db: Db, attemptId: string): Promise<void> {
  await db
    .update(recordingAnalyses)
    .set({ status: 'pending', leaseUntil: null, updatedAt: sql`now()` })
    .where(and(eq(recordingAnalyses.attemptId, attemptId), eq(recordingAnalyses.status, 'running')));
}

export async function analysisOf(db: Db, attemptId: string) {
  const [row] = await db.select().from(recordingAnalyses).where(eq(recordingAnalyses.attemptId, attemptId));
  return row ?? null;
}

import { and, asc, count, desc, eq, isNull, not, sql } from 'drizzle-orm';
import type { ReviewQueue } from '../../shared/api/admin-attempts.js';
import type { Db } from '../db/open.js';
import { attempts } from '../db/schema.js';
import { openByAnotherTeacher } from './review-presence.js';

/*
 * The queue of attempts awaiting review (never released to the student), of both kinds, oldest first:
 * the class view's "awaiting review", read from attempts_awaiting_review_idx (completed_at, id).
 * Previous and Next pass by an attempt another teacher has open (decision 0050), so two teachers
 * working through the queue at once do not land on the same attempt; the count and place do not.
 */

const awaiting = isNull(attempts.releasedAt);

/** The attempt's place in the queue and its neighbours there for `teacherId`; null when there is no such attempt. */
export async function reviewQueue(db: Db, attemptId: string, teacherId: number, now: Date): Promise<ReviewQueue | null> {
  const [current] = await db
    .select({ at: sql<string>`${attempts.completedAt}::text`, releasedAt: attempts.releasedAt })
    .from(attempts)
    .where(eq(attempts.id, attemptId));
  if (!current) return null;
  // (completed_at, id) compared as the index orders them, to the microsecond.
  const key = sql`(${current.at}::timestamptz, ${attemptId}::uuid)`;
  const row = sql`(${attempts.completedAt}, ${attempts.id})`;
  const free = not(openByAnotherTeacher(teacherId, now));
  const [[totals], [previous], [next]] = await Promise.all([
    // The queue's length and the attempt's place in it, in one pass over the partial index.
    db
      .select({ n: count(), before: sql<number>`count(*) filter (where ${row} < ${key})`.mapWith(Number) })
      .from(attempts)
      .where(awaiting),
    db.select({ id: attempts.id }).from(attempts).where(and(awaiting, sql`${row} < ${key}`, free)).orderBy(desc(attempts.completedAt), desc(attempts.id)).limit(1),
    db.select({ id: attempts.id }).from(attempts).where(and(awaiting, sql`${row} > ${key}`, free)).orderBy(asc(attempts.completedAt), asc(attempts.id)).limit(1),
  ]);
  return {
    total: totals?.n ?? 0,
    position: current.releasedAt === null ? (totals?.before ?? 0) + 1 : null,
    previousId: previous?.id ?? null,
    nextId: next?.id ?? null,
  };
}

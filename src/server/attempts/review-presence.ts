import { and, asc, eq, gt, lt, ne, sql, type SQL } from 'drizzle-orm';
import { PRESENCE_WINDOW_MS } from '../../shared/api/admin-attempts-limits.js';
import type { ReviewPresence } from '../../shared/api/admin-attempts.js';
import { teacherName } from '../../shared/api/teachers-limits.js';
import type { Db } from '../db/open.js';
import { reviewPresence } from '../db/schema-review-presence.js';
import { attempts, users } from '../db/schema.js';

/*
 * Which teachers have an attempt's review page open (decision 0050). The page says so every
 * PRESENCE_BEAT_MS while it is in view and once more as it closes; a row not heard from within
 * PRESENCE_WINDOW_MS counts for nothing, and rows a day old are cleared as others are written.
 */

const STALE_ROWS_MS = 24 * 60 * 60_000;

/** Another teacher than `teacherId` has the attempt's page open: the review queue's Next and Previous pass it by. */
export function openByAnotherTeacher(teacherId: number, now: Date): SQL {
  return sql`exists (select 1 from ${reviewPresence} where ${reviewPresence.attemptId} = ${attempts.id}
    and ${reviewPresence.userId} <> ${teacherId} and ${reviewPresence.seenAt} > ${new Date(now.getTime() - PRESENCE_WINDOW_MS)})`;
}

/**
 * Notes that `teacherId` has the attempt's page open at `now`, and answers who else has; null when
 * there is no such attempt (the row is written only beside an attempt, in one statement, so an
 * attempt deleted meanwhile is a 404, not a broken reference).
 */
export async function notePresence(db: Db, attemptId: string, teacherId: number, now: Date): Promise<ReviewPresence['others'] | null> {
  const since = new Date(now.getTime() - PRESENCE_WINDOW_MS);
  const written = (await db.execute(sql`
    insert into ${reviewPresence} (attempt_id, user_id, opened_at, seen_at)
    select ${attempts.id}, ${teacherId}, ${now}, ${now} from ${attempts} where ${attempts.id} = ${attemptId}
    on conflict (attempt_id, user_id) do update set
      opened_at = case when ${reviewPresence.seenAt} < ${since} then excluded.opened_at else ${reviewPresence.openedAt} end,
      seen_at = excluded.seen_at
    returning attempt_id`)) as unknown as { rows: unknown[] };
  if (written.rows.length === 0) return null;
  await db.delete(reviewPresence).where(lt(reviewPresence.seenAt, new Date(now.getTime() - STALE_ROWS_MS)));
  const others = await db
    .select({ openedAt: reviewPresence.openedAt, displayName: users.displayName, email: users.email, username: users.username })
    .from(reviewPresence)
    .innerJoin(users, eq(users.id, reviewPresence.userId))
    .where(and(eq(reviewPresence.attemptId, attemptId), ne(reviewPresence.userId, teacherId), gt(reviewPresence.seenAt, since), eq(users.isActive, true)))
    .orderBy(asc(reviewPresence.openedAt), asc(reviewPresence.userId));
  return others.map((row) => ({ name: teacherName(row) ?? 'Another teacher', openedAt: row.openedAt.toISOString() }));
}

/** The teacher's page on the attempt has closed: the others' Next awaiting may come to it at once. */
export async function leavePresence(db: Db, attemptId: string, teacherId: number): Promise<void> {
  await db.delete(reviewPresence).where(and(eq(reviewPresence.attemptId, attemptId), eq(reviewPresence.userId, teacherId)));
}

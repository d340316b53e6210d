import { and, desc, eq } from 'drizzle-orm';
import { TEST_HISTORY_LIMIT, type TestHistory } from '../../shared/api/test-history.js';
import type { Db } from '../db/open.js';
import { attempts } from '../db/schema.js';
import { asBands } from './admin-queries.js';

/**
 * A student's latest speaking tests, oldest first, for the progress chart on the results: the
 * estimate and, once released, the teacher's overall band. Reads
 * attempts_student_idx (student_id, kind, completed_at desc): newest first, cut at the limit.
 */
export function speakingTestHistoryQuery(db: Db, studentId: number, limit = TEST_HISTORY_LIMIT) {
  return db
    .select({
      id: attempts.id,
      completedAt: attempts.completedAt,
      overall: attempts.overall,
      assessable: attempts.assessable,
      releasedScores: attempts.releasedScores,
      releasedAt: attempts.releasedAt,
    })
    .from(attempts)
    .where(and(eq(attempts.studentId, studentId), eq(attempts.kind, 'ielts')))
    .orderBy(desc(attempts.completedAt), desc(attempts.id))
    .limit(limit);
}

export async function speakingTestHistory(db: Db, studentId: number, limit = TEST_HISTORY_LIMIT): Promise<TestHistory> {
  const rows = await speakingTestHistoryQuery(db, studentId, limit);
  return {
    attempts: rows.reverse().map((row) => ({
      attemptId: row.id,
      completedAt: row.completedAt.toISOString(),
      overall: row.assessable ? row.overall : null,
      teacherOverall: row.releasedAt ? (asBands(row.releasedScores)?.overall ?? null) : null,
    })),
  };
}

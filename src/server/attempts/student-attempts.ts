import { count, desc, eq, sql } from 'drizzle-orm';
import { STUDENT_ATTEMPTS_PAGE_SIZE, type StudentAttemptsPage } from '../../shared/api/admin-student-attempts.js';
import type { Db } from '../db/open.js';
import { inlineLimit, LIST_PAGES_KEPT, preparedOnce, seekPage } from '../db/page-statements.js';
import { attempts } from '../db/schema.js';
import type { ReadCache, ReadCaches } from '../db/read-cache.js';
import { notFound } from '../lib/http-errors.js';
import { findAdminStudent } from '../students/admin-rows.js';
import type { AttemptCursor } from './admin-queries.js';
import { selectListRows, toListRow } from './list-row.js';

/*
 * The teacher's page of one student: the student as the Students list shows them, and their attempts
 * of both kinds, newest first, read from attempts_student_completed_idx (student_id, completed_at, id)
 * backwards and seeking past the last row of the page before, as the attempts lists are.
 */

export const noSuchStudentMessage = (id: number) => `There is no student with id ${id}. They may have been deleted.`;

/** The student's attempts newest first; ties (the same microsecond) by id. */
const newestFirst = () => [desc(attempts.completedAt), desc(attempts.id)];

/** One page of a student's attempts, every value a placeholder but the page size (see attemptsPageQuery). Exported for the EXPLAIN test. */
export function studentAttemptsPageQuery(db: Db, shape: { afterCursor: boolean; limit: number }) {
  const after = shape.afterCursor
    ? sql` and (${attempts.completedAt}, ${attempts.id}) < (${sql.placeholder('afterAt')}::timestamptz, ${sql.placeholder('afterId')}::uuid)`
    : sql``;
  return selectListRows(db)
    .where(sql`${attempts.studentId} = ${sql.placeholder('studentId')}${after}`)
    .orderBy(...newestFirst())
    .limit(inlineLimit(shape.limit));
}

/** The attempt just before a page, counted through the index once per page (then kept in pageStarts). */
function studentCursorQuery(db: Db, studentId: number, before: number) {
  return db
    .select({ at: sql<string>`${attempts.completedAt}::text`, id: attempts.id })
    .from(attempts)
    .where(eq(attempts.studentId, studentId))
    .orderBy(...newestFirst())
    .limit(1)
    .offset(before - 1);
}

/** The page's read caches (read-cache.ts): reused for a few seconds, cleared by every write; every key names the student. */
export interface StudentAttemptsCaches {
  pages: ReadCache<StudentAttemptsPage>;
  pageStarts: ReadCache<AttemptCursor | null>;
}

export function studentAttemptsCaches(caches: ReadCaches): StudentAttemptsCaches {
  return { pages: caches.create<StudentAttemptsPage>({ maxEntries: LIST_PAGES_KEPT }), pageStarts: caches.create<AttemptCursor | null>() };
}

function readPage(db: Db, studentId: number, limit: number, after: AttemptCursor | undefined) {
  const name = `parley_student_attempts_page${after ? '_after' : ''}_${limit}`;
  const statement = preparedOnce(db, name, limit === STUDENT_ATTEMPTS_PAGE_SIZE, (as) =>
    studentAttemptsPageQuery(db, { afterCursor: after !== undefined, limit }).prepare(as),
  );
  return statement.execute({ studentId, ...(after ? { afterAt: after.at, afterId: after.id } : {}) });
}

/** One page of the student's attempts with the student; 404 with a sentence for an unknown student. */
export function studentAttempts(db: Db, caches: StudentAttemptsCaches, input: { studentId: number; page: number; limit: number }): Promise<StudentAttemptsPage> {
  const { studentId, page, limit } = input;
  const listKey = `student:${studentId}`;
  return caches.pages.get(`${listKey}:${limit}:${page}`, async () => {
    const student = await findAdminStudent(db, studentId);
    if (!student) throw notFound(noSuchStudentMessage(studentId));
    const [rows, [counted]] = await Promise.all([
      seekPage({
        starts: caches.pageStarts,
        listKey,
        page,
        limit,
        rowBefore: async (rowsBefore) => (await studentCursorQuery(db, studentId, rowsBefore))[0] ?? null,
        read: (after) => readPage(db, studentId, limit, after),
        cursorOf: (row): AttemptCursor => ({ at: row.cursorAt, id: row.id }),
      }),
      // A student's few hundred index entries at most: counted with the page.
      db.select({ total: count() }).from(attempts).where(eq(attempts.studentId, studentId)),
    ]);
    return { student, attempts: rows.map((row) => ({ ...toListRow(row), kind: row.kind })), total: counted?.total ?? 0 };
  });
}

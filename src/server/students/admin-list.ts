import { setImmediate as afterPendingIo } from 'node:timers/promises';
import { and, sql } from 'drizzle-orm';
import { STUDENTS_PAGE_SIZE, type AdminStudent, type StudentsPage } from '../../shared/api/students.js';
import { schoolDateLabel } from '../lib/school-day.js';
import type { Db } from '../db/open.js';
import { inlineLimit, LIST_PAGES_KEPT, preparedOnce, seekPage } from '../db/page-statements.js';
import { students } from '../db/schema.js';
import type { ReadCache, ReadCaches } from '../db/read-cache.js';
import { newestFirst, selectAdminStudents, toAdminStudentDto, toStudentExportRow, type StudentExportRow } from './admin-rows.js';
import { searchKey, searchMatches, searchMatchesCache, searchPage, searchPatterns, studentSearch, studentsCountQuery, type SearchMatches } from './admin-search.js';

/* The admin's student list: the unfiltered pages (read by cursor), a page of the list or of a search, and the CSV export's rows. */

/** Where a page of the unfiltered list starts: the last student of the page before (created_at to the microsecond, and id). */
export interface StudentCursor {
  at: string;
  id: number;
}

/**
 * A page of the unfiltered list (the list as it opens, and its pager), read from students_created_idx
 * (created_at, id) by seeking past the cursor, with the page size written into the SQL: PostgreSQL
 * plans the prepared statement once per connection and keeps the plan (see attemptsPageQuery and
 * docs/decisions/0011). Searches are read otherwise (listStudents). Exported for the benchmark's EXPLAIN.
 */
export function studentsFirstPagesQuery(db: Db, { afterCursor, limit }: { afterCursor: boolean; limit: number }) {
  return selectAdminStudents(db)
    .where(
      afterCursor
        ? sql`(${students.createdAt}, ${students.id}) < (${sql.placeholder('afterAt')}::timestamptz, ${sql.placeholder('afterId')}::integer)`
        : undefined,
    )
    .orderBy(...newestFirst)
    .limit(inlineLimit(limit));
}

/** The student just before a page of the unfiltered list, counted through the index once per page (then kept in pageStarts). */
export function studentCursorQuery(db: Db, before: number) {
  return db
    .select({ at: sql<string>`${students.createdAt}::text`, id: students.id })
    .from(students)
    .orderBy(...newestFirst)
    .limit(1)
    .offset(before - 1);
}

/** The list's read caches (read-cache.ts), made once per app: reused for a few seconds, cleared by every write. */
export interface StudentListCaches {
  /** Each page as it was sent, per search, page and size: teachers opening the same page at once share one read. */
  pages: ReadCache<StudentsPage>;
  /** The unfiltered list's total. */
  totals: ReadCache<number>;
  /** Each page's start of the unfiltered list, learned from the page before it or counted once. */
  pageStarts: ReadCache<StudentCursor | null>;
  /** A search's matches (admin-search.ts). */
  searchMatches: ReadCache<SearchMatches>;
}

export function studentListCaches(caches: ReadCaches): StudentListCaches {
  return {
    pages: caches.create<StudentsPage>({ maxEntries: LIST_PAGES_KEPT }),
    totals: caches.create<number>(),
    pageStarts: caches.create<StudentCursor | null>(),
    searchMatches: searchMatchesCache(caches),
  };
}

function unfilteredPage(db: Db, pageStarts: StudentListCaches['pageStarts'], page: number, limit: number) {
  return seekPage({
    starts: pageStarts,
    listKey: 'students',
    page,
    limit,
    rowBefore: async (rowsBefore) => (await studentCursorQuery(db, rowsBefore))[0] ?? null,
    read: (after) => {
      const name = `parley_students_page${after ? '_after' : ''}_${limit}`;
      const statement = preparedOnce(db, name, limit === STUDENTS_PAGE_SIZE, (as) =>
        studentsFirstPagesQuery(db, { afterCursor: after !== undefined, limit }).prepare(as),
      );
      return statement.execute(after ? { afterAt: after.at, afterId: after.id } : {});
    },
    cursorOf: (row): StudentCursor => ({ at: row.cursorAt, id: row.student.id }),
  });
}

/** One page of the list or of a search, each student with the day they were added at the school (`timeZone`'s date). */
export function listStudents(db: Db, caches: StudentListCaches, query: { page: number; limit: number; search: string }, timeZone: string): Promise<StudentsPage> {
  return caches.pages.get(`${searchKey(query.search)}:${query.limit}:${query.page}`, async () => {
    const { rows, total } = await readStudentsPage(db, caches, query);
    return { students: rows.map((student) => ({ ...student, createdOn: schoolDateLabel(new Date(student.createdAt), timeZone) })), total };
  });
}

async function readStudentsPage(
  db: Db,
  caches: StudentListCaches,
  query: { page: number; limit: number; search: string },
): Promise<{ rows: AdminStudent[]; total: number }> {
  const patterns = searchPatterns(query.search);
  if (!patterns) {
    const [rows, total] = await Promise.all([
      unfilteredPage(db, caches.pageStarts, query.page, query.limit),
      // Reused for a few seconds; this process's writes clear it (read-cache.ts).
      caches.totals.get('students:', async () => (await studentsCountQuery(db, ''))[0]?.total ?? 0),
    ]);
    return { rows: rows.map(toAdminStudentDto), total };
  }
  // A search's matches come first: how many there are decides how its page is read.
  const matches = await searchMatches(db, caches.searchMatches, query.search);
  const rows = matches.total === 0 ? [] : await searchPage(db, query, patterns, matches);
  return { rows: rows.map(toAdminStudentDto), total: matches.total };
}

/** The students export reads this many rows a statement (as the attempts export: attempts/admin-queries.ts). */
export const STUDENT_EXPORT_PAGE_ROWS = 500;

/**
 * Every student matching the search, newest first, for the CSV export: a page of at most `pageRows`
 * at a time, each seeking past the last by (created_at, id). A school's thousands of students read in
 * one statement and written as one string held this process's only thread (and, on PGlite, its only
 * database connection) for as long. Before each page after the first it waits for the event loop's
 * next turn, so a request that arrived meanwhile is read and its statements go first (see
 * attemptExportPages).
 */
export async function* studentExportPages(db: Db, search: string, pageRows: number = STUDENT_EXPORT_PAGE_ROWS): AsyncGenerator<StudentExportRow[]> {
  let after: StudentCursor | undefined;
  for (;;) {
    if (after) await afterPendingIo();
    const seek = after
      ? sql`(${students.createdAt}, ${students.id}) < (${after.at}::timestamptz, ${after.id}::integer)`
      : undefined;
    const rows = await selectAdminStudents(db)
      .where(and(studentSearch(search), seek))
      .orderBy(...newestFirst)
      .limit(inlineLimit(pageRows));
    if (rows.length > 0) yield rows.map(toStudentExportRow);
    const last = rows.at(-1);
    if (!last || rows.length < pageRows) return;
    after = { at: last.cursorAt, id: last.student.id };
  }
}

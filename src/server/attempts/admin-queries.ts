import { setImmediate as afterPendingIo } from 'node:timers/promises';
import { and, asc, count, desc, eq, gte, lt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { ATTEMPTS_PAGE_SIZE, type AttemptKind, type AttemptListRow, type AttemptSort } from '../../shared/api/admin-attempts.js';
import type { Db } from '../db/open.js';
import { inlineLimit, LIST_PAGES_KEPT, preparedOnce, seekPage } from '../db/page-statements.js';
import { attempts } from '../db/schema.js';
import type { ReadCache, ReadCaches } from '../db/read-cache.js';
import { selectListRows, toListRow, toStoredListRow, type StoredListRow } from './list-row.js';

export { asBands } from './list-row.js';

/* The teacher's attempts lists: the SQL of a page, its cursor and its count, and reading them (one attempt: attempt-detail.ts). */

/** A [start, end) range of completion times; null for every date. */
export type CompletedRange = { start: Date; end: Date } | null;

/** kind = ? [and completed_at in [start, end)]: the leading columns of attempts_kind_completed_idx. */
function listFilter(kind: AttemptKind | Placeholder, range: CompletedRange | { start: Placeholder; end: Placeholder }): SQL | undefined {
  return and(
    eq(attempts.kind, kind),
    range ? gte(attempts.completedAt, range.start) : undefined,
    range ? lt(attempts.completedAt, range.end) : undefined,
  );
}

/**
 * Newest first: completed_at desc, ties (the same microsecond) by id desc: attempts_kind_completed_idx
 * (kind, completed_at, id) read backwards, so no page is sorted.
 */
const newestFirst = () => [desc(attempts.completedAt), desc(attempts.id)];

/** Every attempt of a kind in the range, newest first, joined for the list, in one statement (the export reads it in pages: attemptExportPages). */
export function attemptsListQuery(db: Db, kind: AttemptKind, range: CompletedRange) {
  return selectListRows(db).where(listFilter(kind, range)).orderBy(...newestFirst());
}

/**
 * Where a page starts: the last attempt of the page before it, by its completion time as PostgreSQL
 * writes it (to the microsecond; a JavaScript Date keeps milliseconds) and its id.
 */
export interface AttemptCursor {
  at: string;
  id: string;
}

/** The shape of a page query: with a date or not, from the top or after a cursor. */
export interface AttemptPageShape {
  withRange: boolean;
  afterCursor: boolean;
  limit: number;
}

/**
 * One page, read from attempts_kind_completed_idx by seeking past the cursor (no OFFSET: page 1000
 * costs what page 1 costs), with every value a placeholder but the page size, which is written into
 * the SQL. So PostgreSQL can plan the statement once per connection (a "generic plan") and keep the
 * plan: with LIMIT or OFFSET as parameters it would assume a tenth of the kind's attempts were wanted
 * and either plan every request anew or pick a plan that reads them all (docs/decisions/0011).
 * Exported so a test and the benchmark can EXPLAIN the generic plan.
 */
export function attemptsPageQuery(db: Db, shape: AttemptPageShape) {
  return selectListRows(db)
    .where(
      and(
        listFilter(sql.placeholder('kind'), shape.withRange ? { start: sql.placeholder('start'), end: sql.placeholder('end') } : null),
        // After the cursor in the list's order: one condition on the index's columns, where the index scan starts.
        shape.afterCursor
          ? sql`(${attempts.completedAt}, ${attempts.id}) < (${sql.placeholder('afterAt')}::timestamptz, ${sql.placeholder('afterId')}::uuid)`
          : undefined,
      ),
    )
    .orderBy(...newestFirst())
    .limit(inlineLimit(shape.limit));
}

/**
 * The cursor a page starts after: the attempt just before it in the list, found by counting through
 * the index (OFFSET). Used once per page and filter; the answer is kept in pageStarts.
 */
export function attemptCursorQuery(db: Db, kind: AttemptKind, range: CompletedRange, before: number) {
  return db
    .select({ at: sql<string>`${attempts.completedAt}::text`, id: attempts.id })
    .from(attempts)
    .where(listFilter(kind, range))
    .orderBy(...newestFirst())
    .limit(1)
    .offset(before - 1);
}

/** One page of a list as the teacher's page is sent it. */
export interface AttemptListPage {
  attempts: AttemptListRow[];
  total: number;
}

/** The lists' read caches (read-cache.ts), made once per app: reused for a few seconds, cleared by every write. */
export interface AttemptListCaches {
  /** Each page as it was sent, per filter, page and size: teachers opening the same page at once share one read. */
  pages: ReadCache<AttemptListPage>;
  /** Each list's total per filter. */
  totals: ReadCache<number>;
  /** Each list page's start per filter, learned from the page before it or counted once. */
  pageStarts: ReadCache<AttemptCursor | null>;
}

export function attemptListCaches(caches: ReadCaches): AttemptListCaches {
  return {
    pages: caches.create<AttemptListPage>({ maxEntries: LIST_PAGES_KEPT }),
    totals: caches.create<number>(),
    pageStarts: caches.create<AttemptCursor | null>(),
  };
}

/** Every attempt has a student (the foreign key cascades), so the count needs no join. Exported for the benchmark's EXPLAIN. */
export function attemptsCountQuery(db: Db, kind: AttemptKind, range: CompletedRange) {
  return db.select({ total: count() }).from(attempts).where(listFilter(kind, range));
}

/** One page of rows: from the top, or after the cursor where the page starts. */
function readPage(db: Db, kind: AttemptKind, range: CompletedRange, limit: number, after: AttemptCursor | undefined) {
  const shape = { withRange: range !== null, afterCursor: after !== undefined, limit };
  const name = `parley_attempts_page${shape.withRange ? '_on_date' : ''}${shape.afterCursor ? '_after' : ''}_${limit}`;
  const statement = preparedOnce(db, name, limit === ATTEMPTS_PAGE_SIZE, (as) => attemptsPageQuery(db, shape).prepare(as));
  return statement.execute({
    kind,
    ...(range ? { start: range.start.toISOString(), end: range.end.toISOString() } : {}),
    ...(after ? { afterAt: after.at, afterId: after.id } : {}),
  });
}

/**
 * The band an attempt sorts by: the teacher's overall as released to the student, else the estimate
 * (null: neither, sorted last). A draft does not count: it is not the student's result yet.
 */
const sortBand = sql`coalesce(case when ${attempts.releasedAt} is not null then (${attempts.releasedScores}->>'overall')::float8 end,
  case when ${attempts.assessable} then ${attempts.overall} end)`;

/** The orders other than newest first, each ending on (completed_at, id) so that pages do not overlap. */
const OTHER_ORDERS: Record<Exclude<AttemptSort, 'newest'>, () => SQL[]> = {
  oldest: () => [asc(attempts.completedAt), asc(attempts.id)],
  'band-high': () => [sql`${sortBand} desc nulls last`, desc(attempts.completedAt), desc(attempts.id)],
  'band-low': () => [sql`${sortBand} asc nulls last`, desc(attempts.completedAt), desc(attempts.id)],
};

/**
 * A page in another order than the list's own: read with OFFSET and sorted, which the index cannot
 * spare. A teacher sorts a day's or a class's attempts, a few hundred at most; the newest-first list
 * that everyone opens keeps its seek (readPage).
 */
function readSortedPage(db: Db, kind: AttemptKind, range: CompletedRange, sort: Exclude<AttemptSort, 'newest'>, page: number, limit: number) {
  return selectListRows(db)
    .where(listFilter(kind, range))
    .orderBy(...OTHER_ORDERS[sort]())
    .limit(limit)
    .offset((page - 1) * limit);
}

export function listAttempts(
  db: Db,
  caches: AttemptListCaches,
  input: { kind: AttemptKind; range: CompletedRange; page: number; limit: number; sort?: AttemptSort },
): Promise<AttemptListPage> {
  const filterKey = `attempts:${input.kind}:${input.range ? `${input.range.start.toISOString()}/${input.range.end.toISOString()}` : 'all'}`;
  const sort = input.sort ?? 'newest';
  if (sort !== 'newest') {
    return caches.pages.get(`${filterKey}:${sort}:${input.limit}:${input.page}`, async () => {
      const [rows, total] = await Promise.all([
        readSortedPage(db, input.kind, input.range, sort, input.page, input.limit),
        caches.totals.get(filterKey, async () => (await attemptsCountQuery(db, input.kind, input.range))[0]?.total ?? 0),
      ]);
      return { attempts: rows.map(toListRow), total };
    });
  }
  return caches.pages.get(`${filterKey}:${input.limit}:${input.page}`, () => readAttemptsPage(db, caches, input, filterKey));
}

async function readAttemptsPage(
  db: Db,
  caches: AttemptListCaches,
  input: { kind: AttemptKind; range: CompletedRange; page: number; limit: number },
  filterKey: string,
): Promise<AttemptListPage> {
  const [rows, total] = await Promise.all([
    seekPage({
      starts: caches.pageStarts,
      listKey: filterKey,
      page: input.page,
      limit: input.limit,
      rowBefore: async (rowsBefore) => (await attemptCursorQuery(db, input.kind, input.range, rowsBefore))[0] ?? null,
      read: (after) => readPage(db, input.kind, input.range, input.limit, after),
      cursorOf: (row): AttemptCursor => ({ at: row.cursorAt, id: row.id }),
    }),
    // The exact count over ~100,000 index entries costs more than the page itself: reused for a few seconds (read-cache.ts).
    caches.totals.get(filterKey, async () => (await attemptsCountQuery(db, input.kind, input.range))[0]?.total ?? 0),
  ]);
  return { attempts: rows.map(toListRow), total };
}

export type ExportRow = StoredListRow & { teacherComment: string | null };

/**
 * The CSV export reads this many rows a statement. A school's year is thousands of attempts: read in
 * one statement and written in one piece, they held the server's only thread for a second or more
 * (every other request waited) and the whole file in memory.
 */
export const EXPORT_PAGE_ROWS = 500;

/**
 * Every attempt of a kind in the range, newest first, for the CSV export: a page of at most
 * `pageRows` at a time, each seeking past the last (attempts_kind_completed_idx, as the list's pages).
 *
 * Before each page after the first it waits for the event loop's next turn (setImmediate). On PGlite
 * a statement runs in this thread and resolves without any I/O, so page after page (and the CSV
 * written from it while the client reads fast enough) was one chain of promise callbacks: the loop
 * never polled its sockets, so another teacher's request was not even read until the export ended
 * or its socket filled (ten exports at once held a list request for seconds). After the turn, a
 * request that arrived meanwhile has queued its statements, and the database serves them first.
 */
export async function* attemptExportPages(
  db: Db,
  kind: AttemptKind,
  range: CompletedRange,
  pageRows: number = EXPORT_PAGE_ROWS,
): AsyncGenerator<ExportRow[]> {
  let after: AttemptCursor | undefined;
  for (;;) {
    if (after) await afterPendingIo();
    const rows = await readPage(db, kind, range, pageRows, after);
    if (rows.length > 0) yield rows.map((row) => ({ ...toStoredListRow(row), teacherComment: row.teacherComment }));
    const last = rows.at(-1);
    if (!last || rows.length < pageRows) return;
    after = { at: last.cursorAt, id: last.id };
  }
}

/* The teacher's review. */

export { releasePending, releasedOf, releaseReview, reviewTrail, saveReview } from './review.js';

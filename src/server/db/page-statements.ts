import { sql } from 'drizzle-orm';
import type { Db } from './open.js';
import type { ReadCache } from './read-cache.js';

/**
 * A row count written into the SQL text instead of sent as a parameter: Drizzle inlines an SQL chunk
 * given to `.limit()`. With the page size known, PostgreSQL can plan a prepared page statement once
 * and keep the plan; as a parameter it assumes a tenth of the table is wanted (docs/decisions/0011).
 */
export function inlineLimit(rows: number): number {
  if (!Number.isSafeInteger(rows) || rows < 0) throw new Error(`not a row count: ${rows}`);
  return sql.raw(String(rows)) as unknown as number;
}

/**
 * How many pages of a list (per filter, search, page and size) its read cache keeps at most: a page
 * is reused for the cache's few seconds, so a class of teachers opening the same page costs the
 * database one read (docs/decisions/0011), and cleared with the other read caches by every write.
 */
export const LIST_PAGES_KEPT = 200;

/** Something `.prepare(name)` gives: run with the placeholders' values. */
interface Prepared<R> {
  execute(values?: Record<string, unknown>): Promise<R>;
}

const statementsOf = new WeakMap<Db, Map<string, Prepared<unknown>>>();

/**
 * A statement built and prepared once per database handle under `name` (PostgreSQL then plans it once
 * per connection). `named` false prepares it without a name: for shapes asked for rarely, such as a
 * page size other than the default, which should not each hold a plan on every connection.
 */
export function preparedOnce<R>(db: Db, name: string, named: boolean, prepare: (name: string) => Prepared<R>): Prepared<R> {
  let statements = statementsOf.get(db);
  if (!statements) {
    statements = new Map();
    statementsOf.set(db, statements);
  }
  let statement = statements.get(name) as Prepared<R> | undefined;
  if (!statement) {
    statement = prepare(named ? name : '');
    statements.set(name, statement as Prepared<unknown>);
  }
  return statement;
}

/**
 * One page of a list read by seeking ("keyset" paging) while the pager still jumps to any page number.
 * Page 1 is read from the top. Page n starts after the last row of page n - 1: known when that page
 * was read (paging on costs nothing extra), otherwise counted through the index once (`rowBefore`,
 * an OFFSET) and kept in `starts` for the cache's time to live. A write clears `starts` with the other
 * read caches, so a page never starts at a cursor older than this process's last write.
 */
export async function seekPage<C, R>(options: {
  starts: ReadCache<C | null>;
  /** The list and filter, so each keeps its own page starts. */
  listKey: string;
  page: number;
  limit: number;
  rowBefore: (rowsBefore: number) => Promise<C | null>;
  read: (after: C | undefined) => Promise<R[]>;
  cursorOf: (row: R) => C;
}): Promise<R[]> {
  const { starts, page, limit } = options;
  const generation = starts.generation;
  const startKey = (n: number) => `${options.listKey}:${limit}:${n}`;
  let after: C | undefined;
  if (page > 1) {
    let start = starts.peek(startKey(page));
    if (start === undefined) {
      start = await options.rowBefore((page - 1) * limit);
      starts.put(startKey(page), start, generation);
    }
    // Past the last row: an empty page.
    if (start === null) return [];
    after = start;
  }
  const rows = await options.read(after);
  const last = rows.at(-1);
  if (rows.length === limit && last !== undefined) starts.put(startKey(page + 1), options.cursorOf(last), generation);
  return rows;
}

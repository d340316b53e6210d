import { and, count, like, or, sql, type SQL } from 'drizzle-orm';
import { STUDENTS_PAGE_SIZE } from '../../shared/api/students.js';
import { mobileSearchDigits } from '../../shared/phone.js';
import { foldName } from '../db/name-fold.js';
import type { Db } from '../db/open.js';
import { inlineLimit, preparedOnce } from '../db/page-statements.js';
import { students } from '../db/schema.js';
import type { ReadCache, ReadCaches } from '../db/read-cache.js';
import { newestFirst, selectAdminStudents } from './admin-rows.js';

/* Searching the admin's student list: what a search text matches, its count, and how a page of its matches is read. */

/** `%text%` for LIKE, with the text's own wildcards taken literally. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A search's words, at most: the walk's prepared statement takes this many; a search of more reads the rest as one, in order. */
export const SEARCH_WALK_WORDS = 3;

/**
 * What a search text looks for: its words, folded as names are for searching (name-fold.ts: any case,
 * no accents, apostrophes or hyphens; each must be in the name, in any order: "priya rao" finds "Rao,
 * Priya", "jose obrien" finds "José O'Brien"), and, when it can be part of a phone number, its digits.
 */
export interface SearchPatterns {
  words: string[];
  digits: string | null;
}

/**
 * Students whose name holds every word of the search text (any case, any order), or, when the text is
 * part of a phone number, whose mobile number contains its digits: "98765 43", "+91 98765" and
 * "098765" find "+919876543210" ("Pupil 1" is a name, not a number). An empty search matches everyone.
 */
export function searchPatterns(search: string): SearchPatterns | null {
  const text = search.trim();
  const all = text
    .split(/\s+/)
    .map(foldName)
    .filter((word) => word !== '');
  if (all.length === 0) return null;
  // As many words as the walk takes, the rest as one in order: every way of reading a search matches alike.
  const words = all.length > SEARCH_WALK_WORDS ? [...all.slice(0, SEARCH_WALK_WORDS - 1), all.slice(SEARCH_WALK_WORDS - 1).join(' ')] : all;
  if (!/^[+\d\s().-]+$/.test(text)) return { words, digits: null };
  // A phone number's digits are one word, whatever the spaces: "98765 43" is found in a name as typed.
  const asTyped = [foldName(text)];
  // Without a leading +, leading zeros are a trunk or international prefix ("098765", "0091 98765").
  const digits = text.startsWith('+') ? mobileSearchDigits(text) : mobileSearchDigits(text).replace(/^0+/, '');
  return { words: asTyped, digits: digits || null };
}

/** The walk's words (at most SEARCH_WALK_WORDS: searchPatterns), padded with '', which is found in every name. */
function walkWords(words: readonly string[]): string[] {
  return Array.from({ length: SEARCH_WALK_WORDS }, (_, i) => words[i] ?? '');
}

export function studentSearch(search: string): SQL | undefined {
  const patterns = searchPatterns(search);
  if (!patterns) return undefined;
  // LIKE '%word%' on the folded name, which its trigram index serves (3 characters or more).
  const byName = and(...patterns.words.map((word) => like(students.searchName, contains(word))));
  return patterns.digits ? or(byName, like(students.mobileNumber, contains(patterns.digits))) : byName;
}

/** One page of a search of the admin's student list. Exported, with the count, so the benchmark can EXPLAIN them. */
export function studentsPageQuery(db: Db, { page, limit, search }: { page: number; limit: number; search: string }) {
  return selectAdminStudents(db)
    .where(studentSearch(search))
    .orderBy(...newestFirst)
    .limit(limit)
    .offset((page - 1) * limit);
}

/**
 * The first page of a search by reading students newest first and testing each: the same match as
 * studentSearch (each folded word, padded to SEARCH_WALK_WORDS with '', in the folded name), written as
 * strpos, which no index serves and whose selectivity PostgreSQL guesses the same with or without
 * the text, so it plans the prepared statement once per connection and keeps the walk. Cheap when
 * matches are common; a rare text would read every student, so its matches' ids are kept instead
 * (searchMatches). Exported for the benchmark's EXPLAIN.
 */
export function studentsSearchWalkQuery(db: Db, { byMobile, limit }: { byMobile: boolean; limit: number }) {
  const byName = sql.join(
    Array.from({ length: SEARCH_WALK_WORDS }, (_, i) => sql`strpos(${students.searchName}, ${sql.placeholder(`word${i}`)}) > 0`),
    sql` and `,
  );
  return selectAdminStudents(db)
    .where(byMobile ? or(sql`(${byName})`, sql`strpos(${students.mobileNumber}, ${sql.placeholder('digits')}) > 0`) : byName)
    .orderBy(...newestFirst)
    .limit(inlineLimit(limit));
}

/**
 * A search with at most this many matches keeps their ids (newest first) with its total, and reads
 * each page by id; one with more walks newest first for its first page (about page size x students /
 * matches rows: under 200 for 50,000 students).
 */
export const SEARCH_IDS_MAX = 2_500;

/** A search's total, and its matches' ids in list order when there are at most SEARCH_IDS_MAX. */
export interface SearchMatches {
  total: number;
  ids: number[] | null;
}

/** The ids of a search's matches, newest first, up to `limit` (exported for the benchmark's EXPLAIN). */
export function studentSearchIdsQuery(db: Db, search: string, limit: number) {
  return db.select({ id: students.id }).from(students).where(studentSearch(search)).orderBy(...newestFirst).limit(limit);
}

/** Per search text (trimmed, any case), for a few seconds; this process's writes clear it (read-cache.ts). At most 100 texts (2,500 ids each). */
export function searchMatchesCache(caches: ReadCaches): ReadCache<SearchMatches> {
  return caches.create<SearchMatches>({ maxEntries: 100 });
}

/** What a search is kept under: searches match whatever the case, accents and spaces, so `ANIKA`, `anika` and ` Anika ` are one. */
export function searchKey(search: string): string {
  const patterns = searchPatterns(search);
  return patterns ? JSON.stringify(patterns) : '';
}

export function searchMatches(db: Db, cache: ReadCache<SearchMatches>, search: string): Promise<SearchMatches> {
  return cache.get(searchKey(search), async () => {
    const first = await studentSearchIdsQuery(db, search, SEARCH_IDS_MAX + 1);
    if (first.length <= SEARCH_IDS_MAX) return { total: first.length, ids: first.map((row) => row.id) };
    return { total: (await studentsCountQuery(db, search))[0]?.total ?? 0, ids: null };
  });
}

/**
 * Students by id, in list order: a page of a search whose matches are known. A prepared statement
 * (an array parameter: PostgreSQL plans it once per connection and keeps the primary-key plan).
 */
export function studentsByIdsQuery(db: Db) {
  return selectAdminStudents(db)
    .where(sql`${students.id} = any(${sql.placeholder('ids')}::integer[])`)
    .orderBy(...newestFirst);
}

export async function searchPage(db: Db, query: { page: number; limit: number; search: string }, patterns: SearchPatterns, matches: SearchMatches) {
  if (matches.ids) {
    const ids = matches.ids.slice((query.page - 1) * query.limit, query.page * query.limit);
    if (ids.length === 0) return [];
    return preparedOnce(db, 'parley_students_by_ids', true, (as) => studentsByIdsQuery(db).prepare(as)).execute({ ids });
  }
  if (query.page > 1) return studentsPageQuery(db, query);
  const byMobile = patterns.digits !== null;
  const name = `parley_students_search_walk${byMobile ? '_mobile' : ''}_${query.limit}`;
  const statement = preparedOnce(db, name, query.limit === STUDENTS_PAGE_SIZE, (as) => studentsSearchWalkQuery(db, { byMobile, limit: query.limit }).prepare(as));
  const words = Object.fromEntries(walkWords(patterns.words).map((word, i) => [`word${i}`, word]));
  return statement.execute({ ...words, ...(byMobile ? { digits: patterns.digits } : {}) });
}

export function studentsCountQuery(db: Db, search: string) {
  return db.select({ total: count() }).from(students).where(studentSearch(search));
}

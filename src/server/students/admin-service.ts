import { and, count, desc, eq, ilike, inArray, like, ne, or, sql, type SQL } from 'drizzle-orm';
import { STUDENTS_PAGE_SIZE, type AdminStudent, type StudentFormValues } from '../../shared/api/students.js';
import { formatMobileNumber, mobileSearchDigits } from '../../shared/phone.js';
import { generatePassword, hashPassword } from '../auth/passwords.js';
import { setPasswordHash } from '../auth/service.js';
import type { Db } from '../db/open.js';
import { inlineLimit, preparedOnce, seekPage } from '../db/page-statements.js';
import { courses, students, users, type CourseRow } from '../db/schema.js';
import { badRequest, conflict } from '../lib/http-errors.js';
import { uniqueViolationConstraint } from '../lib/sql-errors.js';
import { invalidateReadCaches, listTotals, readCachePerDatabase } from '../lib/read-cache.js';
import { toStudentDto } from './queries.js';
import { setStudentStatus } from './service.js';

/** Groups in a generated student password ("abcd-efgh-jkmn", about 69 bits): typed on a phone, read aloud. */
export const GENERATED_PASSWORD_GROUPS = 3;

export const studentNotFoundMessage = (id: number) => `There is no student with id ${id}. They may have been deleted.`;
export const duplicateMobileMessage = (mobileNumber: string, holder?: string) =>
  `A student with mobile number ${formatMobileNumber(mobileNumber)} already exists${holder ? ` (${holder})` : ''}. Each student needs their own number.`;
export const duplicateUsernameMessage = (username: string) => `The username "${username}" is already taken. Choose another one, or leave it empty.`;
export const inactiveCourseMessage = (courseId: number) =>
  `courseId: there is no active course with id ${courseId}. Choose one of the active courses.`;

const adminStudentColumns = {
  student: students,
  course: { courseName: courses.courseName },
  user: { username: users.username, email: users.email },
  /** created_at as PostgreSQL writes it, to the microsecond: where the next page of the unfiltered list starts. */
  cursorAt: sql<string>`${students.createdAt}::text`,
};

function selectAdminStudents(db: Db) {
  return db
    .select(adminStudentColumns)
    .from(students)
    .innerJoin(courses, eq(courses.id, students.courseId))
    .innerJoin(users, eq(users.id, students.userId));
}

type AdminStudentRow = Awaited<ReturnType<ReturnType<typeof selectAdminStudents>['execute']>>[number];

export function toAdminStudentDto(row: AdminStudentRow): AdminStudent {
  return { ...toStudentDto(row.student, row.course), email: row.user.email, username: row.user.username };
}

/** `%text%` for LIKE, with the text's own wildcards taken literally. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** What a search text looks for: the text (trimmed), and, when it can be part of a phone number, its digits. */
interface SearchPatterns {
  text: string;
  digits: string | null;
}

/**
 * Students whose name contains the search text (any case), or, when the text is part of a phone
 * number, whose mobile number contains its digits: "98765 43", "+91 98765" and "098765" find
 * "+919876543210" ("Pupil 1" is a name, not a number). An empty search matches everyone.
 */
function searchPatterns(search: string): SearchPatterns | null {
  const text = search.trim();
  if (!text) return null;
  if (!/^[+\d\s().-]+$/.test(text)) return { text, digits: null };
  // Without a leading +, leading zeros are a trunk or international prefix ("098765", "0091 98765").
  const digits = text.startsWith('+') ? mobileSearchDigits(text) : mobileSearchDigits(text).replace(/^0+/, '');
  return { text, digits: digits || null };
}

export function studentSearch(search: string): SQL | undefined {
  const patterns = searchPatterns(search);
  if (!patterns) return undefined;
  const byName = ilike(students.studentName, contains(patterns.text));
  return patterns.digits ? or(byName, like(students.mobileNumber, contains(patterns.digits))) : byName;
}

/** Newest first; by id among students created in the same instant, so pages never overlap. */
const newestFirst = [desc(students.createdAt), desc(students.id)];

/** One page of a search of the admin's student list. Exported, with the count, so the benchmark can EXPLAIN them. */
export function studentsPageQuery(db: Db, { page, limit, search }: { page: number; limit: number; search: string }) {
  return selectAdminStudents(db)
    .where(studentSearch(search))
    .orderBy(...newestFirst)
    .limit(limit)
    .offset((page - 1) * limit);
}

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

/** Each page's start of the unfiltered list, learned from the page before it or counted once (read-cache.ts). */
const pageStarts = readCachePerDatabase<StudentCursor | null>();

function unfilteredPage(db: Db, page: number, limit: number) {
  return seekPage({
    starts: pageStarts(db),
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

/**
 * The first page of a search by reading students newest first and testing each: the same match as
 * studentSearch (ILIKE lower-cases both sides in a UTF-8 database, as lower() does here), written as
 * strpos, which no index serves and whose selectivity PostgreSQL guesses the same with or without
 * the text, so it plans the prepared statement once per connection and keeps the walk. Cheap when
 * matches are common; a rare text would read every student, so its matches' ids are kept instead
 * (searchMatches). Exported for the benchmark's EXPLAIN.
 */
export function studentsSearchWalkQuery(db: Db, { byMobile, limit }: { byMobile: boolean; limit: number }) {
  const byName = sql`strpos(lower(${students.studentName}), lower(${sql.placeholder('text')})) > 0`;
  return selectAdminStudents(db)
    .where(byMobile ? or(byName, sql`strpos(${students.mobileNumber}, ${sql.placeholder('digits')}) > 0`) : byName)
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
interface SearchMatches {
  total: number;
  ids: number[] | null;
}

/** The ids of a search's matches, newest first, up to `limit` (exported for the benchmark's EXPLAIN). */
export function studentSearchIdsQuery(db: Db, search: string, limit: number) {
  return db.select({ id: students.id }).from(students).where(studentSearch(search)).orderBy(...newestFirst).limit(limit);
}

/** Per search text (trimmed, any case), for a few seconds; this process's writes clear it (read-cache.ts). At most 100 texts (2,500 ids each). */
const searchMatchesCache = readCachePerDatabase<SearchMatches>({ maxEntries: 100 });

function searchMatches(db: Db, search: string): Promise<SearchMatches> {
  return searchMatchesCache(db).get(search.trim().toLowerCase(), async () => {
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

async function searchPage(db: Db, query: { page: number; limit: number; search: string }, patterns: SearchPatterns, matches: SearchMatches) {
  if (matches.ids) {
    const ids = matches.ids.slice((query.page - 1) * query.limit, query.page * query.limit);
    if (ids.length === 0) return [];
    return preparedOnce(db, 'parley_students_by_ids', true, (as) => studentsByIdsQuery(db).prepare(as)).execute({ ids });
  }
  if (query.page > 1) return studentsPageQuery(db, query);
  const byMobile = patterns.digits !== null;
  const name = `parley_students_search_walk${byMobile ? '_mobile' : ''}_${query.limit}`;
  const statement = preparedOnce(db, name, query.limit === STUDENTS_PAGE_SIZE, (as) => studentsSearchWalkQuery(db, { byMobile, limit: query.limit }).prepare(as));
  return statement.execute({ text: patterns.text, ...(byMobile ? { digits: patterns.digits } : {}) });
}

export function studentsCountQuery(db: Db, search: string) {
  return db.select({ total: count() }).from(students).where(studentSearch(search));
}

export async function listStudents(
  db: Db,
  query: { page: number; limit: number; search: string },
): Promise<{ rows: AdminStudent[]; total: number }> {
  const patterns = searchPatterns(query.search);
  if (!patterns) {
    const [rows, total] = await Promise.all([
      unfilteredPage(db, query.page, query.limit),
      // Reused for a few seconds; this process's writes clear it (read-cache.ts).
      listTotals(db).get('students:', async () => (await studentsCountQuery(db, ''))[0]?.total ?? 0),
    ]);
    return { rows: rows.map(toAdminStudentDto), total };
  }
  // A search's matches come first: how many there are decides how its page is read.
  const matches = await searchMatches(db, query.search);
  const rows = matches.total === 0 ? [] : await searchPage(db, query, patterns, matches);
  return { rows: rows.map(toAdminStudentDto), total: matches.total };
}

/** Every student matching the search, newest first (the CSV export). */
export async function allStudents(db: Db, search: string): Promise<AdminStudent[]> {
  const rows = await selectAdminStudents(db).where(studentSearch(search)).orderBy(...newestFirst);
  return rows.map(toAdminStudentDto);
}

export async function findAdminStudents(db: Db, ids: number[]): Promise<AdminStudent[]> {
  if (ids.length === 0) return [];
  return (await selectAdminStudents(db).where(inArray(students.id, ids))).map(toAdminStudentDto);
}

export async function findAdminStudent(db: Db, id: number): Promise<AdminStudent | null> {
  const [row] = await selectAdminStudents(db).where(eq(students.id, id));
  return row ? toAdminStudentDto(row) : null;
}

/**
 * The course a student is being put in: it must exist and be active, unless the student is already
 * in it (editing a student of a course that was deactivated later keeps them there). The row is
 * locked until the transaction ends, so the course cannot be deactivated or deleted in between.
 */
async function lockCourseForStudent(tx: Db, courseId: number, currentCourseId?: number): Promise<CourseRow> {
  const [course] = await tx.select().from(courses).where(eq(courses.id, courseId)).for('share');
  if (!course || (!course.isActive && course.id !== currentCourseId)) throw badRequest(inactiveCourseMessage(courseId));
  return course;
}

/** 409s for a mobile number or username another account already has. */
async function checkUnique(db: Db, values: { mobileNumber: string; username: string | null }, except?: { studentId: number; userId: number }) {
  const [holder] = await db
    .select({ studentName: students.studentName })
    .from(students)
    .where(and(eq(students.mobileNumber, values.mobileNumber), except ? ne(students.id, except.studentId) : undefined));
  if (holder) throw conflict(duplicateMobileMessage(values.mobileNumber, holder.studentName));
  if (values.username) {
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.username, values.username), except ? ne(users.id, except.userId) : undefined));
    if (taken) throw conflict(duplicateUsernameMessage(values.username));
  }
}

/** A unique violation that slipped past checkUnique (two admins at once) as the same 409. */
export function conflictFromUniqueViolation(error: unknown, values: { mobileNumber: string; username: string | null }): unknown {
  const constraint = uniqueViolationConstraint(error);
  if (constraint === 'students_mobile_unique') return conflict(duplicateMobileMessage(values.mobileNumber));
  if (constraint === 'users_username_unique' && values.username) return conflict(duplicateUsernameMessage(values.username));
  return error;
}

/** Inserts a student's account and student row (inside the caller's transaction); returns the student id. */
export async function insertStudentAccount(tx: Db, values: StudentFormValues, passwordHash: string): Promise<number> {
  const [user] = await tx
    .insert(users)
    .values({ username: values.username, email: values.email, passwordHash, isAdmin: false })
    .returning({ id: users.id });
  if (!user) throw new Error('user not inserted');
  const [row] = await tx
    .insert(students)
    .values({ userId: user.id, studentName: values.studentName, courseId: values.courseId, mobileNumber: values.mobileNumber, status: values.status })
    .returning({ id: students.id });
  if (!row) throw new Error('student not inserted');
  return row.id;
}

/** Creates the student and their account. With no password given, one is generated and returned once. */
export async function createStudentAccount(
  db: Db,
  values: StudentFormValues,
): Promise<{ student: AdminStudent; generatedPassword: string | null }> {
  await checkUnique(db, values);
  const generatedPassword = values.password ? null : generatePassword(GENERATED_PASSWORD_GROUPS);
  const passwordHash = await hashPassword(values.password ?? generatedPassword ?? '');
  let studentId: number;
  try {
    studentId = await db.transaction(async (tx) => {
      await lockCourseForStudent(tx, values.courseId);
      return insertStudentAccount(tx, values, passwordHash);
    });
  } catch (error) {
    throw conflictFromUniqueViolation(error, values);
  }
  invalidateReadCaches(db);
  const student = await findAdminStudent(db, studentId);
  if (!student) throw new Error(`student ${studentId} vanished after being created`);
  return { student, generatedPassword };
}

/**
 * Replaces a student's details; null when there is no such student. Deactivating ends their sessions
 * at once (setStudentStatus); a new password signs them out everywhere (setPassword). An empty
 * password keeps the current one.
 */
export async function updateStudentAccount(db: Db, id: number, values: StudentFormValues): Promise<AdminStudent | null> {
  const [existing] = await db.select().from(students).where(eq(students.id, id));
  if (!existing) return null;
  await checkUnique(db, values, { studentId: id, userId: existing.userId });
  const passwordHash = values.password ? await hashPassword(values.password) : null;
  try {
    await db.transaction(async (tx) => {
      await lockCourseForStudent(tx, values.courseId, existing.courseId);
      await tx.update(users).set({ username: values.username, email: values.email }).where(eq(users.id, existing.userId));
      await tx
        .update(students)
        .set({ studentName: values.studentName, courseId: values.courseId, mobileNumber: values.mobileNumber })
        .where(eq(students.id, id));
      if (values.status !== existing.status) await setStudentStatus(tx, id, values.status);
      if (passwordHash) await setPasswordHash(tx, existing.userId, passwordHash, null);
    });
  } catch (error) {
    throw conflictFromUniqueViolation(error, values);
  }
  // A new name or mobile number changes which searches find the student.
  invalidateReadCaches(db);
  return findAdminStudent(db, id);
}

/** Activated <-> Deactivated; null when there is no such student. Deactivating ends their sessions. */
export async function toggleStudentStatus(db: Db, id: number): Promise<AdminStudent | null> {
  const [existing] = await db.select({ status: students.status }).from(students).where(eq(students.id, id));
  if (!existing) return null;
  const updated = await setStudentStatus(db, id, existing.status === 'Activated' ? 'Deactivated' : 'Activated');
  return updated ? findAdminStudent(db, id) : null;
}

/** The mobile numbers and usernames among these that accounts already have (for an import preview). */
export async function takenIdentifiers(db: Db, mobileNumbers: string[], usernames: string[]) {
  const [mobiles, names] = await Promise.all([
    mobileNumbers.length
      ? db.select({ mobileNumber: students.mobileNumber, studentName: students.studentName }).from(students).where(inArray(students.mobileNumber, mobileNumbers))
      : [],
    usernames.length ? db.select({ username: users.username }).from(users).where(inArray(users.username, usernames)) : [],
  ]);
  return {
    mobileHolders: new Map(mobiles.map((row) => [row.mobileNumber, row.studentName])),
    usernames: new Set(names.map((row) => row.username)),
  };
}

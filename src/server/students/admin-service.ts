import { and, count, desc, eq, ilike, inArray, like, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AdminStudent, StudentFormValues } from '../../shared/api/students.js';
import { formatMobileNumber, mobileSearchDigits } from '../../shared/phone.js';
import { generatePassword, hashPassword } from '../auth/passwords.js';
import { setPasswordHash } from '../auth/service.js';
import type { Db } from '../db/open.js';
import { courses, students, users, type CourseRow } from '../db/schema.js';
import { badRequest, conflict } from '../lib/http-errors.js';
import { uniqueViolationConstraint } from '../lib/sql-errors.js';
import { invalidateTotals, totalsCache } from '../lib/totals-cache.js';
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

/**
 * Students whose name contains the search text (any case), or, when the text is part of a phone
 * number, whose mobile number contains its digits: "98765 43", "+91 98765" and "098765" find
 * "+919876543210" ("Pupil 1" is a name, not a number). An empty search matches everyone.
 */
export function studentSearch(search: string): SQL | undefined {
  const text = search.trim();
  if (!text) return undefined;
  const byName = ilike(students.studentName, contains(text));
  if (!/^[+\d\s().-]+$/.test(text)) return byName;
  // Without a leading +, leading zeros are a trunk or international prefix ("098765", "0091 98765").
  const digits = text.startsWith('+') ? mobileSearchDigits(text) : mobileSearchDigits(text).replace(/^0+/, '');
  return digits ? or(byName, like(students.mobileNumber, contains(digits))) : byName;
}

/** Newest first; by id among students created in the same instant, so pages never overlap. */
const newestFirst = [desc(students.createdAt), desc(students.id)];

/** One page of the admin's student list. Exported, with the count, so the benchmark can EXPLAIN them. */
export function studentsPageQuery(db: Db, { page, limit, search }: { page: number; limit: number; search: string }) {
  return selectAdminStudents(db)
    .where(studentSearch(search))
    .orderBy(...newestFirst)
    .limit(limit)
    .offset((page - 1) * limit);
}

/**
 * The unfiltered page (the list as it opens) as a named prepared statement, planned once per
 * connection. Searches are not prepared: their plan depends on the text (a rare number is found
 * through the trigram indexes, a common name by walking the newest first).
 */
function prepareFirstPages(db: Db) {
  return selectAdminStudents(db)
    .orderBy(...newestFirst)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('parley_students_page');
}

const preparedPages = new WeakMap<Db, ReturnType<typeof prepareFirstPages>>();

function studentsPage(db: Db, query: { page: number; limit: number; search: string }) {
  if (studentSearch(query.search)) return studentsPageQuery(db, query);
  let prepared = preparedPages.get(db);
  if (!prepared) {
    prepared = prepareFirstPages(db);
    preparedPages.set(db, prepared);
  }
  return prepared.execute({ limit: query.limit, offset: (query.page - 1) * query.limit });
}

export function studentsCountQuery(db: Db, search: string) {
  return db.select({ total: count() }).from(students).where(studentSearch(search));
}

export async function listStudents(
  db: Db,
  query: { page: number; limit: number; search: string },
): Promise<{ rows: AdminStudent[]; total: number }> {
  const [rows, total] = await Promise.all([
    studentsPage(db, query),
    // Reused for a few seconds per search text; this process's writes clear it (totals-cache.ts).
    totalsCache(db).get(`students:${query.search.trim().toLowerCase()}`, async () => (await studentsCountQuery(db, query.search))[0]?.total ?? 0),
  ]);
  return { rows: rows.map(toAdminStudentDto), total };
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
  invalidateTotals(db);
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
  invalidateTotals(db);
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

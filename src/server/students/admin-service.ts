import { and, eq, inArray, ne } from 'drizzle-orm';
import type { AdminStudent, StudentEditedFrom, StudentFormValues } from '../../shared/api/students.js';
import type { StudentStatus } from '../../shared/api/entities.js';
import { formatMobileNumber } from '../../shared/phone.js';
import { generatePassword, hashPassword } from '../lib/passwords.js';
import { setPasswordHash } from '../auth/service.js';
import type { Db } from '../db/open.js';
import { courses, students, users, type CourseRow } from '../db/schema.js';
import { badRequest, conflict } from '../lib/http-errors.js';
import { uniqueViolationConstraint } from '../lib/sql-errors.js';
import { invalidateReadCaches } from '../db/read-cache.js';
import { findAdminStudent } from './admin-rows.js';
import { setStudentStatus } from './service.js';
import { changesSince, editConflictMessage } from './edit-conflict.js';

/* The admin's changes to students: create, edit, activate or deactivate (the list is read in admin-list.ts). */

/** Groups in a generated student password ("abcd-efgh-jkmn", about 69 bits): typed on a phone, read aloud. */
export const GENERATED_PASSWORD_GROUPS = 3;

export const studentNotFoundMessage = (id: number) => `There is no student with id ${id}. They may have been deleted.`;
export const duplicateMobileMessage = (mobileNumber: string, holder?: string) =>
  `A student with mobile number ${formatMobileNumber(mobileNumber)} already exists${holder ? ` (${holder})` : ''}. Each student needs their own number.`;
export const duplicateUsernameMessage = (username: string) => `The username "${username}" is already taken. Choose another one, or leave it empty.`;
export const inactiveCourseMessage = (courseId: number) =>
  `courseId: there is no active course with id ${courseId}. Choose one of the active courses.`;

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
 * Refuses (409) an Edit form's save when the student, locked here until the transaction ends, is no
 * longer as the form opened on them: another teacher saved a change meanwhile (edit-conflict.ts).
 */
async function checkUnchangedSince(tx: Db, id: number, opened: StudentEditedFrom): Promise<void> {
  const [row] = await tx
    .select({ studentName: students.studentName, courseId: students.courseId, course: courses.courseName, mobileNumber: students.mobileNumber, status: students.status, email: users.email, username: users.username })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .innerJoin(courses, eq(courses.id, students.courseId))
    .where(eq(students.id, id))
    .for('update', { of: students });
  if (!row) return;
  const changes = changesSince(opened, row);
  if (changes.length > 0) throw conflict(editConflictMessage(opened.studentName, changes));
}

/**
 * Replaces a student's details; null when there is no such student. Deactivating ends their sessions
 * at once (setStudentStatus); a new password signs them out everywhere (setPassword). An empty
 * password keeps the current one. With `editedFrom` (the student as the form opened on them), a
 * change another teacher saved since is refused with 409 instead of being overwritten.
 */
export async function updateStudentAccount(db: Db, id: number, values: StudentFormValues, editedFrom?: StudentEditedFrom): Promise<AdminStudent | null> {
  const [existing] = await db.select().from(students).where(eq(students.id, id));
  if (!existing) return null;
  await checkUnique(db, values, { studentId: id, userId: existing.userId });
  const passwordHash = values.password ? await hashPassword(values.password) : null;
  try {
    await db.transaction(async (tx) => {
      if (editedFrom) await checkUnchangedSince(tx, id, editedFrom);
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

/**
 * Activated <-> Deactivated; null when there is no such student. Deactivating ends their sessions.
 * With `from` (the status the teacher's list shows) the status becomes the other one, whatever it is now.
 */
export async function toggleStudentStatus(db: Db, id: number, from?: StudentStatus): Promise<AdminStudent | null> {
  const [existing] = await db.select({ status: students.status }).from(students).where(eq(students.id, id));
  if (!existing) return null;
  const target = (from ?? existing.status) === 'Activated' ? 'Deactivated' : 'Activated';
  // Already so (another teacher set it after this teacher's list was read): nothing to undo.
  if (existing.status === target) return findAdminStudent(db, id);
  const updated = await setStudentStatus(db, id, target);
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

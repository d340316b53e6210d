import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { AdminStudent } from '../../shared/api/students.js';
import type { Db } from '../db/open.js';
import { courses, students, users } from '../db/schema.js';
import { mobileNumberDisplay } from '../lib/mobile-number-display.js';
import { toStudentDto } from './queries.js';

/* The admin's student list: the row it reads (student, course, account), its order, and students by id. */

const adminStudentColumns = {
  student: students,
  course: { courseName: courses.courseName },
  user: { username: users.username, email: users.email },
  /** created_at as PostgreSQL writes it, to the microsecond: where the next page of the unfiltered list starts. */
  cursorAt: sql<string>`${students.createdAt}::text`,
};

export function selectAdminStudents(db: Db) {
  return db
    .select(adminStudentColumns)
    .from(students)
    .innerJoin(courses, eq(courses.id, students.courseId))
    .innerJoin(users, eq(users.id, students.userId));
}

type AdminStudentRow = Awaited<ReturnType<ReturnType<typeof selectAdminStudents>['execute']>>[number];

/** A student of the CSV export: the list's row without the number formatted for display (the file has it as stored). */
export type StudentExportRow = Omit<AdminStudent, 'mobileNumberDisplay'>;

export function toStudentExportRow(row: AdminStudentRow): StudentExportRow {
  return { ...toStudentDto(row.student, row.course), email: row.user.email, username: row.user.username };
}

export function toAdminStudentDto(row: AdminStudentRow): AdminStudent {
  return { ...toStudentExportRow(row), mobileNumberDisplay: mobileNumberDisplay(row.student.mobileNumber) };
}

/** Newest first; by id among students created in the same instant, so pages never overlap. */
export const newestFirst = [desc(students.createdAt), desc(students.id)];

export async function findAdminStudents(db: Db, ids: number[]): Promise<AdminStudent[]> {
  if (ids.length === 0) return [];
  return (await selectAdminStudents(db).where(inArray(students.id, ids))).map(toAdminStudentDto);
}

export async function findAdminStudent(db: Db, id: number): Promise<AdminStudent | null> {
  const [row] = await selectAdminStudents(db).where(eq(students.id, id));
  return row ? toAdminStudentDto(row) : null;
}

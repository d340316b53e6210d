import { asc, count, eq, sql } from 'drizzle-orm';
import type { CourseFormValues } from '../../shared/api/courses.js';
import { destinationLabel, isRoutingCourseName } from '../../shared/courses.js';
import type { Db } from '../db/open.js';
import { courses, students, type CourseRow } from '../db/schema.js';
import { conflict } from '../lib/http-errors.js';
import { isStillReferenced, isUniqueViolation } from '../lib/sql-errors.js';

export { toCourseDto as courseDto } from '../students/queries.js';

/**
 * Alphabetical (ignoring capitals), then by id. Course names are unique ignoring capitals, so the
 * order is total and a page never shows a course twice or skips one. By name rather than newest
 * first: a school has a handful of long-lived courses that admins look up by name, and the same
 * order is used by the active-course list the student form picks from.
 */
const byName = [asc(sql`lower(${courses.courseName})`), asc(courses.id)];

export async function listCourses(db: Db, page: number, pageSize: number): Promise<{ rows: CourseRow[]; total: number }> {
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(courses)
      .orderBy(...byName)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(courses),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

export async function listActiveCourses(db: Db): Promise<CourseRow[]> {
  return db.select().from(courses).where(eq(courses.isActive, true)).orderBy(...byName);
}

export async function findCourse(db: Db, id: number): Promise<CourseRow | null> {
  const [row] = await db.select().from(courses).where(eq(courses.id, id));
  return row ?? null;
}


async function duplicateNameError(db: Db, courseName: string) {
  const [existing] = await db
    .select({ courseName: courses.courseName })
    .from(courses)
    .where(sql`lower(${courses.courseName}) = lower(${courseName})`);
  const name = existing?.courseName ?? courseName;
  return conflict(`A course named "${name}" already exists. Course names must be different (capital letters do not count).`);
}

export function enrolledMessage(enrolled: number, courseName: string): string {
  const who = enrolled === 1 ? '1 student is' : `${enrolled} students are`;
  return `${who} enrolled in ${courseName}: move them to another course or deactivate the course instead.`;
}

export function routingRenameMessage(courseName: string): string {
  return (
    `"${courseName}" cannot be renamed: its name decides that its students go to ${destinationLabel(courseName)} after signing in. ` +
    'Change its description instead, or add a new course.'
  );
}

export async function createCourse(db: Db, values: CourseFormValues): Promise<CourseRow> {
  try {
    const [row] = await db.insert(courses).values(values).returning();
    if (!row) throw new Error('course not inserted');
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw await duplicateNameError(db, values.courseName);
    throw error;
  }
}

/**
 * Replaces a course's name, description and status; null when there is no such course. The three
 * routing courses keep their exact names (see routingRenameMessage).
 */
export async function updateCourse(db: Db, id: number, values: CourseFormValues): Promise<CourseRow | null> {
  const existing = await findCourse(db, id);
  if (!existing) return null;
  if (isRoutingCourseName(existing.courseName) && values.courseName !== existing.courseName) {
    throw conflict(routingRenameMessage(existing.courseName));
  }
  try {
    const [row] = await db
      .update(courses)
      .set({ courseName: values.courseName, description: values.description, isActive: values.isActive })
      .where(eq(courses.id, id))
      .returning();
    return row ?? null;
  } catch (error) {
    if (isUniqueViolation(error)) throw await duplicateNameError(db, values.courseName);
    throw error;
  }
}

async function countStudents(db: Pick<Db, 'select'>, courseId: number): Promise<number> {
  const [row] = await db.select({ enrolled: count() }).from(students).where(eq(students.courseId, courseId));
  return row?.enrolled ?? 0;
}

/**
 * Deletes a course nobody is enrolled in; null when there is no such course, a 409 naming the number
 * of students otherwise. The course row is locked first (FOR UPDATE), so a student being added to it
 * at the same moment waits for this transaction, and the count cannot go stale before the delete.
 * Should a student reach it anyway, the foreign key refuses the delete and the answer is the same 409.
 */
export async function deleteCourse(db: Db, id: number): Promise<CourseRow | null> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.select().from(courses).where(eq(courses.id, id)).for('update');
      if (!row) return null;
      const enrolled = await countStudents(tx, id);
      if (enrolled > 0) throw conflict(enrolledMessage(enrolled, row.courseName));
      await tx.delete(courses).where(eq(courses.id, id));
      return row;
    });
  } catch (error) {
    if (!isStillReferenced(error)) throw error;
    const row = await findCourse(db, id);
    const enrolled = await countStudents(db, id);
    throw conflict(enrolledMessage(Math.max(enrolled, 1), row?.courseName ?? 'this course'));
  }
}

import { eq } from 'drizzle-orm';
import type { StudentStatus } from '../../shared/api/entities.js';
import type { Db } from '../db/open.js';
import { sessions, students, users, type StudentRow } from '../db/schema.js';
import { invalidateReadCaches } from '../db/read-cache.js';
import { signOutEverywhere } from '../auth/sessions.js';

/**
 * Sets a student's status. Deactivating ends the student's own sessions at once and takes them off any
 * teacher's device where they were the acting student.
 */
export async function setStudentStatus(db: Db, studentId: number, status: StudentStatus): Promise<StudentRow | null> {
  const row = await db.transaction(async (tx) => {
    const [row] = await tx.update(students).set({ status }).where(eq(students.id, studentId)).returning();
    if (row && status === 'Deactivated') {
      await signOutEverywhere(tx, row.userId);
      await tx.update(sessions).set({ actingStudentId: null }).where(eq(sessions.actingStudentId, studentId));
    }
    return row ?? null;
  });
  // Cached sessions of this student (and teachers acting for them) are read again.
  invalidateReadCaches(db);
  return row;
}

/** Deletes a student and their account; their sessions go with it (foreign keys cascade). */
export async function deleteStudent(db: Db, studentId: number): Promise<boolean> {
  const [row] = await db.select({ userId: students.userId }).from(students).where(eq(students.id, studentId));
  if (!row) return false;
  await db.delete(users).where(eq(users.id, row.userId));
  // The student and their attempts are gone (cascade): both lists' totals change.
  invalidateReadCaches(db);
  return true;
}

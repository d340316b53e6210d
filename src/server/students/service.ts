import { eq } from 'drizzle-orm';
import type { StudentStatus } from '../../shared/api/entities.js';
import type { Db } from '../db/open.js';
import { sessions, students, users, type StudentRow } from '../db/schema.js';
import { invalidateReadCaches } from '../db/read-cache.js';
import { signOutEverywhere } from '../auth/sessions.js';
import { type KeptBytes, lockedRecordingsOfStudent } from '../recordings/service.js';

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

/**
 * Deletes a student and their account; their sessions, attempts and recordings' rows go with it
 * (foreign keys cascade). Returns where the recordings' bytes are, to be removed once this has
 * committed (read under the locks an upload takes: lockedRecordingsOfStudent), or null when there is
 * no such student.
 */
export async function deleteStudent(db: Db, studentId: number): Promise<KeptBytes[] | null> {
  const kept = await db.transaction(async (tx) => {
    const [row] = await tx.select({ userId: students.userId }).from(students).where(eq(students.id, studentId));
    if (!row) return null;
    const theirs = await lockedRecordingsOfStudent(tx, studentId);
    await tx.delete(users).where(eq(users.id, row.userId));
    return theirs;
  });
  // The student and their attempts are gone (cascade): both lists' totals change.
  if (kept) invalidateReadCaches(db);
  return kept;
}

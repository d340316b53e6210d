import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, students } from '../db/schema.js';
import { createTestApp, sessionCookieForUser, type TestApp } from '../test/app.js';
import { createAdmin, createStudent } from '../test/factories.js';
import { deleteStudent, setStudentStatus } from './service.js';

describe('student status and deletion end sessions at once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const whoAmI = (cookie: string) => t.app.inject({ url: '/api/user', headers: { cookie } });

  it('deactivating signs the student out everywhere and ends a teacher device acting for them', async () => {
    const { db } = t.database;
    const student = await createStudent(db);
    const admin = await createAdmin(db);
    const phone = await sessionCookieForUser(db, student.user.id);
    const laptop = await sessionCookieForUser(db, student.user.id);
    const teacher = await sessionCookieForUser(db, admin.user.id, { actingStudentId: student.student.id });
    expect((await whoAmI(phone)).statusCode).toBe(200);

    const updated = await setStudentStatus(db, student.student.id, 'Deactivated');
    expect(updated?.status).toBe('Deactivated');
    expect((await whoAmI(phone)).statusCode).toBe(401);
    expect((await whoAmI(laptop)).statusCode).toBe(401);
    const teacherView = await whoAmI(teacher);
    expect(teacherView.statusCode).toBe(200);
    expect(teacherView.json().actingStudent).toBeNull();

    // Activating again does not bring sessions back; the student signs in anew.
    await setStudentStatus(db, student.student.id, 'Activated');
    expect((await whoAmI(phone)).statusCode).toBe(401);
  });

  it('returns null for an unknown student', async () => {
    expect(await setStudentStatus(t.database.db, 999_999, 'Deactivated')).toBeNull();
  });

  it('deleting removes the account and its sessions', async () => {
    const { db } = t.database;
    const student = await createStudent(db);
    const cookie = await sessionCookieForUser(db, student.user.id);
    expect(await deleteStudent(db, student.student.id)).toEqual([]);
    expect((await whoAmI(cookie)).statusCode).toBe(401);
    expect(await db.select().from(students).where(eq(students.id, student.student.id))).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.userId, student.user.id))).toEqual([]);
    expect(await deleteStudent(db, student.student.id)).toBeNull();
  });

  it('the database refuses a status other than Activated or Deactivated', async () => {
    const { db } = t.database;
    const student = await createStudent(db);
    await expect(
      db.update(students).set({ status: 'Suspended' as 'Activated' }).where(eq(students.id, student.student.id)),
    ).rejects.toThrow();
  });
});

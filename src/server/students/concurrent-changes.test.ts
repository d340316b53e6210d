import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminStudent } from '../../shared/api/students.js';
import { createTestApp, sessionCookieForUser, type TestApp } from '../test/app.js';
import { testDrivers } from '../test/databases.js';
import { createAdmin, createStudent, seededCourse } from '../test/factories.js';
import { findAdminStudent } from './admin-rows.js';

/**
 * Two teachers change one student at once. Each acts on the student as their own page shows them
 * (lists are not refetched on focus, spec section 7), so the server must not turn a stale view into
 * a silent undo of the other teacher's change: a status badge clicked on a stale row, or an Edit
 * form opened before the other teacher saved.
 */
describe.each(testDrivers)('two teachers changing one student on %s', (driver) => {
  let t: TestApp;
  let teacherA: string;
  let teacherB: string;
  let ielts: number;
  let interview: number;

  beforeAll(async () => {
    t = await createTestApp({ driver });
    teacherA = await sessionCookieForUser(t.database.db, (await createAdmin(t.database.db)).user.id);
    teacherB = await sessionCookieForUser(t.database.db, (await createAdmin(t.database.db)).user.id);
    ielts = (await seededCourse(t.database.db, 'IELTS')).id;
    interview = (await seededCourse(t.database.db, 'Interview Aspirant')).id;
  });
  afterAll(() => t?.close());

  const as = (cookie: string, options: InjectOptions): Promise<LightMyRequestResponse> =>
    t.app.inject({ ...options, headers: { ...options.headers, cookie } });
  const studentOf = (response: LightMyRequestResponse): AdminStudent => {
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { student: AdminStudent }).student;
  };
  /** The Edit form's body as it opened on `row`, with the teacher's `changes`. */
  const formOf = (row: AdminStudent, changes: Record<string, unknown>) => ({
    studentName: row.studentName,
    course: row.course,
    courseId: row.courseId,
    mobileNumber: row.mobileNumber,
    status: row.status,
    email: row.email,
    username: row.username,
    ...changes,
  });
  const editedFrom = (row: AdminStudent) => ({
    studentName: row.studentName,
    courseId: row.courseId,
    mobileNumber: row.mobileNumber,
    status: row.status,
    email: row.email,
    username: row.username,
  });
  const stored = async (id: number): Promise<AdminStudent> => {
    const row = await findAdminStudent(t.database.db, id);
    if (!row) throw new Error(`student ${id} is gone`);
    return row;
  };

  it('a badge clicked on a stale row sets the status the teacher meant: a student the other teacher deactivated stays deactivated', async () => {
    const { student } = await createStudent(t.database.db);
    const toggleFrom = (cookie: string, from: string) =>
      as(cookie, { method: 'PATCH', url: `/api/admin/students/${student.id}/toggle-status`, payload: { from } });

    // Both lists show Activated; B clicks first, then A.
    expect(studentOf(await toggleFrom(teacherB, 'Activated')).status).toBe('Deactivated');
    expect(studentOf(await toggleFrom(teacherA, 'Activated')).status).toBe('Deactivated');
    // Both reactivate from a list showing Deactivated: activated once, not flipped back.
    expect(studentOf(await toggleFrom(teacherA, 'Deactivated')).status).toBe('Activated');
    expect(studentOf(await toggleFrom(teacherB, 'Deactivated')).status).toBe('Activated');
    // The spec's call without a body still flips.
    expect(studentOf(await as(teacherA, { method: 'PATCH', url: `/api/admin/students/${student.id}/toggle-status` })).status).toBe('Deactivated');
    const bad = await toggleFrom(teacherA, 'Paused');
    expect(bad.statusCode, bad.body).toBe(400);
  });

  it("an Edit form opened before the other teacher's change is refused with 409 naming it, and nothing is saved", async () => {
    const { student } = await createStudent(t.database.db, { studentName: 'Kiran Shared' });
    const row = await stored(student.id);
    expect(row.status).toBe('Activated');

    // B deactivates Kiran, moves the course and adds an e-mail address.
    const byB = studentOf(
      await as(teacherB, {
        method: 'PUT',
        url: `/api/admin/students/${student.id}`,
        payload: { ...formOf(row, { status: 'Deactivated', courseId: interview, email: 'kiran@home.test' }), editedFrom: editedFrom(row) },
      }),
    );
    expect(byB).toMatchObject({ status: 'Deactivated', courseId: interview, email: 'kiran@home.test' });

    // A's form still holds the row as it opened: A corrects the name only.
    const byA = await as(teacherA, {
      method: 'PUT',
      url: `/api/admin/students/${student.id}`,
      payload: { ...formOf(row, { studentName: 'Kiran Sharma' }), editedFrom: editedFrom(row) },
    });
    expect(byA.statusCode, byA.body).toBe(409);
    const message = (byA.json() as { message: string }).message;
    expect(message).toContain('Another teacher changed Kiran Shared after you opened this form');
    expect(message).toContain('status is now Deactivated');
    expect(message).toContain('course is now Interview Aspirant');
    expect(message).toContain('e-mail address');
    expect(message).toContain('Nothing is saved');

    const now = await stored(student.id);
    expect(now).toMatchObject({ studentName: 'Kiran Shared', status: 'Deactivated', courseId: interview, email: 'kiran@home.test' });

    // Opened again on the student as they now are, A's change is saved.
    const again = studentOf(
      await as(teacherA, {
        method: 'PUT',
        url: `/api/admin/students/${student.id}`,
        payload: { ...formOf(now, { studentName: 'Kiran Sharma' }), editedFrom: editedFrom(now) },
      }),
    );
    expect(again).toMatchObject({ studentName: 'Kiran Sharma', status: 'Deactivated', courseId: interview });
    expect(ielts).not.toBe(interview);
  });
});

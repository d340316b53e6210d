import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttemptsPage } from '../../shared/api/admin-attempts.js';
import type { CreateStudentResponse, StudentsPage } from '../../shared/api/students.js';
import { attempts } from '../db/schema.js';
import { createTestApp, sessionCookieForUser, type TestApp } from '../test/app.js';
import { testSessionBody } from '../test/attempt-fixtures.js';
import { testDrivers } from '../test/databases.js';
import { createAdmin, createStudent, seededCourse, type CreatedStudent } from '../test/factories.js';
import { READ_CACHE_TTL_MS } from '../db/read-cache.js';

/**
 * The list pages and totals are cached for a few seconds (src/server/db/read-cache.ts); every write this
 * process makes to students or attempts shows in the very next total. A write the cache cannot see
 * (another process: here, SQL straight to the database) shows within READ_CACHE_TTL_MS.
 */
describe.each(testDrivers)('list totals after writes on %s', (driver) => {
  let t: TestApp;
  let adminCookie: string;
  let student: CreatedStudent;
  let studentCookie: string;
  let ielts: number;
  // The app's clock: the cache's time passes when the test says so. While `frozenAt` is set, real
  // time does not move it at all (a loaded machine may take over 100 ms between two requests).
  let clockOffsetMs = 0;
  let frozenAt: number | null = null;

  beforeAll(async () => {
    t = await createTestApp({ driver, now: () => new Date((frozenAt ?? Date.now()) + clockOffsetMs) });
    const admin = await createAdmin(t.database.db, { username: 'headteacher' });
    adminCookie = await sessionCookieForUser(t.database.db, admin.user.id);
    student = await createStudent(t.database.db, { studentName: 'Asha Rao' });
    studentCookie = await sessionCookieForUser(t.database.db, student.user.id);
    ielts = (await seededCourse(t.database.db, 'IELTS')).id;
  });
  afterAll(() => t.close());

  const request = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, cookie = adminCookie) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const studentsTotal = async (search = '') => {
    const response = await request('GET', `/api/admin/students${search ? `?search=${encodeURIComponent(search)}` : ''}`);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as StudentsPage).total;
  };
  const attemptsTotal = async () => {
    const response = await request('GET', '/api/admin/test-attempts');
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as AttemptsPage).total;
  };
  const firstStudentsPage = async () => (await request('GET', '/api/admin/students')).json() as StudentsPage;
  const newStudent = (studentName: string, mobileNumber: string) =>
    request('POST', '/api/admin/students', { studentName, course: 'IELTS', courseId: ielts, mobileNumber, status: 'Activated' });

  it('a created, renamed, imported or deleted student shows in the next total at once', async () => {
    const before = await studentsTotal();
    expect(await studentsTotal('zubin')).toBe(0);
    expect((await firstStudentsPage()).students.some((row) => row.studentName === 'Zubin Mehta')).toBe(false);
    const created = await newStudent('Zubin Mehta', '97000 00001');
    expect(created.statusCode, created.body).toBe(201);
    const { student: zubin } = created.json() as CreateStudentResponse;
    expect(await studentsTotal()).toBe(before + 1);
    expect(await studentsTotal('zubin')).toBe(1);

    const renamed = await request('PUT', `/api/admin/students/${zubin.id}`, {
      studentName: 'Zara Mehta',
      course: 'IELTS',
      courseId: ielts,
      mobileNumber: '97000 00001',
      status: 'Activated',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    // The page itself, not only its total (pages are kept like totals).
    expect((await firstStudentsPage()).students.find((row) => row.id === zubin.id)?.studentName).toBe('Zara Mehta');
    expect(await studentsTotal('zubin')).toBe(0);
    expect(await studentsTotal('zara')).toBe(1);

    const csv = 'Student Name,Course,Mobile Number\nZed One,IELTS,97000 00002\nZed Two,IELTS,97000 00003\n';
    const imported = await request('POST', '/api/admin/students/import/commit', { csv });
    expect(imported.statusCode, imported.body).toBeLessThan(300);
    expect(await studentsTotal()).toBe(before + 3);

    expect((await request('DELETE', `/api/admin/students/${zubin.id}`)).statusCode).toBeLessThan(300);
    expect(await studentsTotal()).toBe(before + 2);
    expect(await studentsTotal('zara')).toBe(0);
  });

  it('a saved attempt shows in the next total at once, and goes with its deleted student', async () => {
    const before = await attemptsTotal();
    const attemptId = randomUUID();
    const listed = async () => ((await request('GET', '/api/admin/test-attempts')).json() as AttemptsPage).attempts.some((row) => row.id === attemptId);
    expect(await listed()).toBe(false);
    const saved = await request('POST', '/api/test-sessions', testSessionBody(student.student.id, { attemptId }), studentCookie);
    expect(saved.statusCode, saved.body).toBe(201);
    expect(await attemptsTotal()).toBe(before + 1);
    expect(await listed()).toBe(true);

    const other = await createStudent(t.database.db, { studentName: 'Short Lived' });
    const otherCookie = await sessionCookieForUser(t.database.db, other.user.id);
    const body = testSessionBody(other.student.id, { attemptId: randomUUID() });
    expect((await request('POST', '/api/test-sessions', body, otherCookie)).statusCode).toBe(201);
    expect(await attemptsTotal()).toBe(before + 2);
    // The same attempt again (a retried save) adds nothing.
    expect((await request('POST', '/api/test-sessions', body, otherCookie)).statusCode).toBe(200);
    expect(await attemptsTotal()).toBe(before + 2);

    expect((await request('DELETE', `/api/admin/students/${other.student.id}`)).statusCode).toBeLessThan(300);
    expect(await attemptsTotal()).toBe(before + 1);
  });

  it('a write made outside this process shows within the cache time', async () => {
    const ghost = await createStudent(t.database.db, { studentName: 'Ghost Writer' });
    frozenAt = Date.now();
    const beforeAttempts = await attemptsTotal();
    // Straight to the database, as another server process or the admin CLI would.
    await t.database.db.insert(attempts).values({
      id: randomUUID(),
      kind: 'ielts',
      studentId: ghost.student.id,
      sessionData: {},
      assessable: false,
      durationMs: 1_000,
      completedAt: new Date(),
    });
    expect(await attemptsTotal()).toBe(beforeAttempts); // cached: not seen yet
    clockOffsetMs += READ_CACHE_TTL_MS - 100;
    expect(await attemptsTotal()).toBe(beforeAttempts); // still within the cache time
    clockOffsetMs += 200;
    expect(await attemptsTotal()).toBe(beforeAttempts + 1);
    frozenAt = null;
  });
});

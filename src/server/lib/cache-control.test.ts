import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionCookieForUser, type TestApp } from '../test/app.js';
import { createAttempt } from '../test/attempt-fixtures.js';
import { createAdmin, createStudent, type CreatedAdmin, type CreatedStudent } from '../test/factories.js';

/**
 * Answers about a signed-in user are never stored by the browser or a proxy: `Cache-Control:
 * no-store` on every /api answer of a non-public route or to a request with a valid session, unless
 * the route chose its own (the recording, the CSV exports).
 */

let t: TestApp;
let admin: CreatedAdmin;
let student: CreatedStudent;
let adminCookie: string;
let studentCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.database.db);
  student = await createStudent(t.database.db);
  adminCookie = await sessionCookieForUser(t.database.db, admin.user.id);
  studentCookie = await sessionCookieForUser(t.database.db, student.user.id);
});
afterAll(async () => {
  await t?.close();
});

const cacheControl = async (method: 'GET' | 'POST', url: string, cookie?: string, payload?: object) => {
  const response = await t.app.inject({ method, url, ...(cookie ? { headers: { cookie } } : {}), ...(payload ? { payload } : {}) });
  return { status: response.statusCode, cacheControl: response.headers['cache-control'] };
};

describe('Cache-Control on API answers', () => {
  it.each([
    ['GET', '/api/admin/students', 'admin'],
    ['GET', '/api/admin/courses', 'admin'],
    ['GET', '/api/admin/test-attempts', 'admin'],
    ['GET', '/api/user', 'admin'],
    ['GET', '/api/student/profile', 'student'],
    ['GET', '/api/interview/profile', 'student'],
    ['GET', '/api/student/test-history', 'student'],
  ] as const)('%s %s as %s: no-store', async (method, url, who) => {
    const answer = await cacheControl(method, url, who === 'admin' ? adminCookie : studentCookie);
    expect(answer).toEqual({ status: 200, cacheControl: 'no-store' });
  });

  it('no-store on refusals of non-public routes too (signed out, wrong role)', async () => {
    expect(await cacheControl('GET', '/api/admin/students')).toEqual({ status: 401, cacheControl: 'no-store' });
    expect(await cacheControl('GET', '/api/admin/students', studentCookie)).toEqual({ status: 403, cacheControl: 'no-store' });
  });

  it('no-store on a public route answered to a valid session or setting the session cookie, not to a visitor', async () => {
    expect(await cacheControl('GET', '/api/health', studentCookie)).toEqual({ status: 200, cacheControl: 'no-store' });
    expect(await cacheControl('GET', '/api/health')).toEqual({ status: 200, cacheControl: undefined });
    const login = await cacheControl('POST', '/api/login', undefined, { username: admin.username, password: admin.password });
    expect(login).toEqual({ status: 200, cacheControl: 'no-store' });
  });

  it("keeps a route's own Cache-Control", async () => {
    const attemptId = await createAttempt(t.database.db, student.student.id, { recording: new Uint8Array([1, 2, 3, 4]) });
    const recording = await t.app.inject({ method: 'GET', url: `/api/attempts/${attemptId}/recording`, headers: { cookie: adminCookie } });
    expect(recording.statusCode).toBe(200);
    expect(recording.headers['cache-control']).toBe('private, no-store');
    const csv = await cacheControl('GET', '/api/admin/students/export.csv', adminCookie);
    expect(csv).toEqual({ status: 200, cacheControl: 'no-store' });
  });
});

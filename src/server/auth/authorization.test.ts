import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { attempts, students, users } from '../db/schema.js';
import { createTestApp, sessionCookieForUser, type TestApp } from '../test/app.js';
import { invalidateReadCaches } from '../db/read-cache.js';
import { createAttempt, interviewSessionBody, testSessionBody, WEBM_SIGNATURE } from '../test/attempt-fixtures.js';
import { emptyInterviewProfile } from '../../shared/api/interview.js';
import { createAdmin, createCourse, createSchoolQuestion, createStudent, type CreatedAdmin, type CreatedStudent } from '../test/factories.js';
import { hashPasswordBeside } from '../lib/passwords.js';
import { addTeacher, PASSWORD_LINK_INVALID_MESSAGE } from '../teachers/service.js';
import { ACTING_TEACHER_NAME } from './service.js';

// Every route the app registers, seen through an onRoute hook added to each Fastify instance, so
// that a route missing from the table below fails this suite.
const registered = vi.hoisted(() => [] as Array<{ method: string; url: string; access: unknown }>);
vi.mock('fastify', async (importOriginal) => {
  const original = await importOriginal<typeof import('fastify')>();
  const withRouteLog = ((options?: Record<string, unknown>) => {
    const app = (original.default as unknown as (o?: Record<string, unknown>) => import('fastify').FastifyInstance)(options);
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) registered.push({ method, url: route.url, access: route.config?.access });
    });
    return app;
  }) as unknown as typeof original.default;
  return { ...original, default: withRouteLog };
});

const DEACTIVATED = 'Your access has been revoked or deactivated. Please contact the school for assistance.';
const SIGN_IN_FIRST = 'Please sign in first.';
const STUDENT_ONLY = 'This is for students only.';
const ADMIN_ONLY = "You don't have permission to do this: it is for the school's admins only.";
const ACTING_STUDENT_DEACTIVATED =
  'The student selected on this device has been deactivated, so nothing can be done for them here. Open the student access page to select another student.';
const NO_ACTING_STUDENT =
  "No student is selected on this device. Open the student access page and enter the student's mobile number and password first.";

const ACTING_DEVICE =
  "This device is acting for a student, so the school's admin pages are closed on it. Open the admin dashboard and sign in again with your own password.";

const CALLERS = ['signedOut', 'student', 'deactivated', 'admin', 'adminActing'] as const;
type Caller = (typeof CALLERS)[number];
/** A status, or a status with the exact message the body must carry. */
type Expected = number | [number, string];

interface Fixtures {
  student: CreatedStudent;
  deactivated: CreatedStudent;
  admin: CreatedAdmin;
  /** The student whose credentials are typed on the teacher's device and who signs in through /api/login. */
  target: CreatedStudent;
}

interface Row {
  /** The URL to call for a route with path parameters, e.g. "/api/admin/courses/7" for ".../:id". */
  path?: (f: Fixtures, caller: Caller) => string | Promise<string>;
  body?: (f: Fixtures, caller: Caller) => Record<string, unknown>;
  /** A non-JSON body (a recording upload). */
  raw?: { contentType: string; payload: Buffer };
  expected: Record<Caller, Expected>;
}

const everyone = (expected: Expected): Record<Caller, Expected> => ({
  signedOut: expected,
  student: expected,
  deactivated: expected,
  admin: expected,
  adminActing: expected,
});

/** Admins on their own session get `status`; everyone else, a device acting for a student too, is refused before the route runs. */
const adminOnly = (status: number): Record<Caller, Expected> => ({
  signedOut: [401, SIGN_IN_FIRST],
  student: [403, ADMIN_ONLY],
  deactivated: [403, ADMIN_ONLY],
  admin: status,
  adminActing: [403, ACTING_DEVICE],
});

/** The authorization table: every /api route, every kind of caller, with a valid body. */
const TABLE: Record<string, Row> = {
  'GET /api/health': { expected: everyone(200) },
  // Spec section 7: the /test page's device report (src/server/device-debug/); any signed-in caller.
  'POST /api/device-debug': {
    body: () => ({ userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0.0.0 Mobile', platform: 'Linux armv81', testData: { android: true, timestamp: new Date().toISOString(), action: 'listening-start' } }),
    expected: { signedOut: [401, SIGN_IN_FIRST], student: 204, deactivated: [403, DEACTIVATED], admin: 204, adminActing: 204 },
  },
  'GET /api/user': {
    expected: { signedOut: [401, SIGN_IN_FIRST], student: 200, deactivated: 200, admin: 200, adminActing: 200 },
  },
  'POST /api/login': {
    body: (f) => ({ username: f.target.mobileNumber, password: f.target.password }),
    expected: everyone(200),
  },
  'POST /api/logout': { expected: everyone(204) },
  'POST /api/change-password': {
    body: () => ({ currentPassword: 'correct-horse-42', newPassword: 'a brand new password' }),
    // A deactivated student's access is revoked: they are told who is signed in (GET /api/user), nothing more.
    // A device acting for a student is the teacher's session: the student there may not try the teacher's password.
    expected: { signedOut: [401, SIGN_IN_FIRST], student: 200, deactivated: [403, DEACTIVATED], admin: 200, adminActing: [403, ACTING_DEVICE] },
  },
  'POST /api/forgot-password': {
    body: (_f, caller) => ({ email: `nobody-${caller}@example.org` }),
    expected: everyone(200),
  },
  'GET /api/student/profile': {
    expected: {
      signedOut: [401, SIGN_IN_FIRST],
      student: 200,
      deactivated: [403, DEACTIVATED],
      admin: [403, NO_ACTING_STUDENT],
      adminActing: 200,
    },
  },
  'POST /api/student/check-access': {
    body: (f) => ({ username: f.target.mobileNumber, password: f.target.password }),
    expected: {
      signedOut: [401, SIGN_IN_FIRST],
      student: [403, ADMIN_ONLY],
      deactivated: [403, ADMIN_ONLY],
      admin: 200,
      adminActing: 200,
    },
  },
  'POST /api/admin/clear-sessions': {
    expected: { signedOut: [401, SIGN_IN_FIRST], student: [403, ADMIN_ONLY], deactivated: [403, ADMIN_ONLY], admin: 204, adminActing: 204 },
  },
  'GET /api/admin/courses': { expected: adminOnly(200) },
  'POST /api/admin/courses': {
    body: (_f, caller) => ({ courseName: `Added by ${caller}`, description: null, isActive: true }),
    expected: adminOnly(201),
  },
  'PUT /api/admin/courses/:id': {
    path: async () => `/api/admin/courses/${(await createCourse(t.database.db)).id}`,
    body: (_f, caller) => ({ courseName: `Renamed by ${caller}`, description: 'Changed', isActive: false }),
    expected: adminOnly(200),
  },
  'DELETE /api/admin/courses/:id': {
    path: async () => `/api/admin/courses/${(await createCourse(t.database.db)).id}`,
    expected: adminOnly(204),
  },
  'GET /api/courses/active': { expected: adminOnly(200) },
  // The school's own questions (school-questions/routes.ts).
  'GET /api/admin/school-questions': { expected: adminOnly(200) },
  'POST /api/admin/school-questions': { body: (_f, caller) => ({ part: 1, text: `Do you know ${caller}?` }), expected: adminOnly(201) },
  'PUT /api/admin/school-questions/:id': {
    path: async () => `/api/admin/school-questions/${(await createSchoolQuestion(t.database.db)).id}`,
    body: (_f, caller) => ({ part: 3, text: `Is ${caller} a good question?` }),
    expected: adminOnly(200),
  },
  'POST /api/admin/school-questions/:id/retire': {
    path: async () => `/api/admin/school-questions/${(await createSchoolQuestion(t.database.db)).id}/retire`,
    expected: adminOnly(200),
  },
  'POST /api/admin/school-questions/:id/restore': {
    path: async () => `/api/admin/school-questions/${(await createSchoolQuestion(t.database.db)).id}/restore`,
    expected: adminOnly(200),
  },
  'GET /api/school-questions': {
    // Question text only: any signed-in account may read it, as a teacher's own practice test does, but a deactivated student.
    expected: { signedOut: [401, SIGN_IN_FIRST], student: 200, deactivated: [403, DEACTIVATED], admin: 200, adminActing: 200 },
  },
  'GET /api/interview/profile': {
    expected: { signedOut: [401, SIGN_IN_FIRST], student: 200, deactivated: [403, DEACTIVATED], admin: [403, STUDENT_ONLY], adminActing: [403, STUDENT_ONLY] },
  },
  'POST /api/interview/profile': {
    body: () => ({ ...emptyInterviewProfile(), profile: 'Analyst' }),
    expected: { signedOut: [401, SIGN_IN_FIRST], student: 200, deactivated: [403, DEACTIVATED], admin: [403, STUDENT_ONLY], adminActing: [403, STUDENT_ONLY] },
  },
  'POST /api/test-sessions': {
    body: (f, caller) => testSessionBody(caller === 'adminActing' ? f.target.student.id : f.student.student.id) as unknown as Record<string, unknown>,
    expected: { signedOut: [401, SIGN_IN_FIRST], student: 201, deactivated: [403, DEACTIVATED], admin: [403, NO_ACTING_STUDENT], adminActing: 201 },
  },
  'POST /api/interview-sessions': {
    body: (f, caller) => interviewSessionBody(caller === 'adminActing' ? f.target.student.id : f.student.student.id) as unknown as Record<string, unknown>,
    expected: { signedOut: [401, SIGN_IN_FIRST], student: 201, deactivated: [403, DEACTIVATED], admin: [403, NO_ACTING_STUDENT], adminActing: 201 },
  },
  'GET /api/student/test-history': {
    expected: { signedOut: [401, SIGN_IN_FIRST], student: 200, deactivated: [403, DEACTIVATED], admin: [403, NO_ACTING_STUDENT], adminActing: 200 },
  },
  'PUT /api/attempts/:id/recording': {
    path: async (f, caller) => `/api/attempts/${await createAttempt(t.database.db, caller === 'adminActing' ? f.target.student.id : f.student.student.id)}/recording`,
    raw: { contentType: 'audio/webm;codecs=opus', payload: Buffer.concat([WEBM_SIGNATURE, Buffer.from('not really opus, but bytes')]) },
    expected: { signedOut: [401, SIGN_IN_FIRST], student: 200, deactivated: [403, DEACTIVATED], admin: [403, NO_ACTING_STUDENT], adminActing: 200 },
  },
  'GET /api/attempts/:id/recording': {
    path: async (f) => `/api/attempts/${await createAttempt(t.database.db, f.student.student.id, { recording: Buffer.from('recorded bytes') })}/recording`,
    // Only the student whose attempt it is, or a teacher on their own session; anyone else (a device
    // acting for another student too) is told it does not exist.
    expected: { signedOut: [401, SIGN_IN_FIRST], student: 200, deactivated: [403, DEACTIVATED], admin: 200, adminActing: [404, 'There is no such attempt.'] },
  },
  'GET /api/admin/storage': { expected: adminOnly(200) },
  // The class view of the student's course (without courseId: the course picker, tried in class-view/routes.test.ts).
  'GET /api/admin/class': {
    path: (f) => `/api/admin/class?courseId=${f.student.course.id}`,
    expected: adminOnly(200),
  },
  'GET /api/admin/test-attempts': { expected: adminOnly(200) },
  'GET /api/admin/interview-attempts': { expected: adminOnly(200) },
  'GET /api/admin/test-attempts/export.csv': { expected: adminOnly(200) },
  'GET /api/admin/interview-attempts/export.csv': { expected: adminOnly(200) },
  'GET /api/admin/attempts/:id': {
    path: async (f) => `/api/admin/attempts/${await createAttempt(t.database.db, f.student.student.id)}`,
    expected: adminOnly(200),
  },
  'PATCH /api/admin/attempts/:id/review': {
    path: async (f) => `/api/admin/attempts/${await createAttempt(t.database.db, f.student.student.id)}/review`,
    // Version 0: the attempt is new, its review not saved yet.
    body: () => ({ comment: 'Speak a little more slowly.', scores: { fluency: 6.5, grammar: null }, version: 0 }),
    expected: adminOnly(200),
  },
  'POST /api/admin/attempts/:id/review/release': {
    path: async (f) => {
      const id = await createAttempt(t.database.db, f.student.student.id);
      await t.database.db
        .update(attempts)
        .set({
          teacherComment: 'Ready for the student.',
          teacherScores: { fluency: 7, vocabulary: 7, grammar: 6.5, pronunciation: 7, overall: 6.875 },
          reviewedAt: new Date(),
          reviewedByUserId: f.admin.user.id,
        })
        .where(eq(attempts.id, id));
      return `/api/admin/attempts/${id}/review/release`;
    },
    // Saved straight into the row, with no trail entry: version 0.
    body: () => ({ version: 0 }),
    expected: adminOnly(200),
  },
  'GET /api/admin/attempts/:id/queue': {
    path: async (f) => `/api/admin/attempts/${await createAttempt(t.database.db, f.student.student.id)}/queue`,
    expected: adminOnly(200),
  },
  'PUT /api/admin/attempts/:id/presence': {
    path: async (f) => `/api/admin/attempts/${await createAttempt(t.database.db, f.student.student.id)}/presence`,
    expected: adminOnly(200),
  },
  'DELETE /api/admin/attempts/:id/presence': {
    path: async (f) => `/api/admin/attempts/${await createAttempt(t.database.db, f.student.student.id)}/presence`,
    expected: adminOnly(204),
  },
  // The teachers tab (src/server/teachers/): admins only; a new teacher of their own for each call.
  'GET /api/admin/teachers': { expected: adminOnly(200) },
  'POST /api/admin/teachers': {
    body: (_f, caller) => ({ displayName: `Added by ${caller}`, email: `added-by-${caller}@school.example` }),
    expected: adminOnly(201),
  },
  'POST /api/admin/teachers/:id/password-link': {
    // A teacher added and not signed in yet: the admin may be shown their link (one with a password of their own gets it by e-mail only).
    path: async (_f, caller) => {
      const invited = await addTeacher(t.database.db, { displayName: `Invited by ${caller}`, email: `invited-by-${caller}@school.example`, now: new Date(), callerId: 0 });
      return `/api/admin/teachers/${invited.teacher.id}/password-link`;
    },
    expected: adminOnly(200),
  },
  // The caller's own name (and e-mail, on an account that signs in with another name).
  'PATCH /api/admin/me': {
    body: (_f, caller) => ({ displayName: `Named by ${caller}`, email: '' }),
    expected: adminOnly(200),
  },
  'POST /api/admin/teachers/:id/deactivate': {
    path: async () => `/api/admin/teachers/${(await createAdmin(t.database.db)).user.id}/deactivate`,
    expected: adminOnly(200),
  },
  'POST /api/admin/teachers/:id/reactivate': {
    path: async () => `/api/admin/teachers/${(await createAdmin(t.database.db)).user.id}/reactivate`,
    expected: adminOnly(200),
  },
  // The set-password link's own page: open to anyone, the token is the key (a made-up one is refused alike).
  'POST /api/password-link/check': { body: () => ({ token: 'not-a-real-link-token' }), expected: everyone([400, PASSWORD_LINK_INVALID_MESSAGE]) },
  'POST /api/password-link': {
    body: () => ({ token: 'not-a-real-link-token', newPassword: 'a brand new password' }),
    expected: everyone([400, PASSWORD_LINK_INVALID_MESSAGE]),
  },
  'GET /api/student/attempts': {
    expected: { signedOut: [401, SIGN_IN_FIRST], student: 200, deactivated: [403, DEACTIVATED], admin: [403, NO_ACTING_STUDENT], adminActing: 200 },
  },
  'GET /api/student/attempts/:id': {
    // Asha's attempt: Asha reads it; a teacher acting for Tara is told it does not exist, as any other student would be.
    path: async (f) => `/api/student/attempts/${await createAttempt(t.database.db, f.student.student.id)}`,
    expected: {
      signedOut: [401, SIGN_IN_FIRST],
      student: 200,
      deactivated: [403, DEACTIVATED],
      admin: [403, NO_ACTING_STUDENT],
      adminActing: [404, 'There is no such attempt among yours.'],
    },
  },
  'GET /api/admin/students': { expected: adminOnly(200) },
  'POST /api/admin/students': {
    body: (f, caller) => ({ studentName: `Added by ${caller}`, courseId: f.student.course.id, mobileNumber: callerMobile('98200', caller) }),
    expected: adminOnly(201),
  },
  'PUT /api/admin/students/:id': {
    path: async () => `/api/admin/students/${(await createStudent(t.database.db)).student.id}`,
    body: (f, caller) => ({ studentName: `Edited by ${caller}`, courseId: f.student.course.id, mobileNumber: callerMobile('98201', caller) }),
    expected: adminOnly(200),
  },
  'DELETE /api/admin/students/:id': {
    path: async () => `/api/admin/students/${(await createStudent(t.database.db)).student.id}`,
    expected: adminOnly(204),
  },
  'GET /api/admin/students/:id/attempts': {
    path: async () => `/api/admin/students/${(await createStudent(t.database.db)).student.id}/attempts`,
    expected: adminOnly(200),
  },
  'PATCH /api/admin/students/:id/toggle-status': {
    path: async () => `/api/admin/students/${(await createStudent(t.database.db)).student.id}/toggle-status`,
    expected: adminOnly(200),
  },
  'GET /api/admin/students/export.csv': { expected: adminOnly(200) },
  'POST /api/admin/students/import/preview': {
    body: (_f, caller) => ({ csv: `studentName,course,mobileNumber\nPreviewed by ${caller},IELTS,${callerMobile('98202', caller)}\n` }),
    expected: adminOnly(200),
  },
  'POST /api/admin/students/import/commit': {
    body: (_f, caller) => ({ csv: `studentName,course,mobileNumber\nImported by ${caller},IELTS,${callerMobile('98203', caller)}\n` }),
    expected: adminOnly(201),
  },
};

/** A valid mobile number of its own for each caller, so that admins' creates never collide. */
function callerMobile(prefix: string, caller: Caller): string {
  return `${prefix} 0000${CALLERS.indexOf(caller)}`;
}

/** GET routes also answer HEAD, with the same access rule. */
const ROUTES: Array<[string, Row]> = Object.entries(TABLE).flatMap(([key, row]): Array<[string, Row]> =>
  key.startsWith('GET ') ? [[key, row], [`HEAD ${key.slice(4)}`, row]] : [[key, row]],
);

const CASES = ROUTES.flatMap(([key, row]) =>
  CALLERS.map((caller) => {
    const [method, url] = key.split(' ') as [string, string];
    const expected = row.expected[caller];
    const [status, message] = Array.isArray(expected) ? expected : [expected, undefined];
    return { key, method, url, caller, status, message, row };
  }),
);

let t: TestApp;
let f: Fixtures;
const originalHashes = new Map<number, string>();

beforeAll(async () => {
  // Generous budgets: this suite is about who may call what, not about throttling.
  const roomy = { max: 10_000, windowMs: 60_000 };
  t = await createTestApp({ rateLimits: { signInPerAccount: roomy, signInPerClient: roomy, forgotPerClient: roomy, forgotPerEmail: roomy } });
  const db = t.database.db;
  const [student, deactivated, admin, target] = await Promise.all([
    createStudent(db, { studentName: 'Asha Active' }),
    createStudent(db, { studentName: 'Dev Deactivated', status: 'Deactivated' }),
    createAdmin(db),
    createStudent(db, { studentName: 'Tara Target' }),
  ]);
  f = { student, deactivated, admin, target };
  for (const account of [student, deactivated, admin, target]) originalHashes.set(account.user.id, account.user.passwordHash);
});
afterAll(() => t.close());
// change-password changes the caller's password: put it back so every case starts alike.
afterEach(async () => {
  for (const [id, passwordHash] of originalHashes) {
    await t.database.db.update(users).set({ passwordHash, mustChangePassword: false }).where(eq(users.id, id));
  }
});

/** A new session for the caller, made directly (no password hashing), as a Cookie header value. */
async function cookieFor(caller: Caller): Promise<string | undefined> {
  if (caller === 'signedOut') return undefined;
  const account = { student: f.student, deactivated: f.deactivated, admin: f.admin, adminActing: f.admin }[caller];
  return sessionCookieForUser(t.database.db, account.user.id, caller === 'adminActing' ? { actingStudentId: f.target.student.id } : {});
}

async function call(
  method: string,
  url: string,
  cookie: string | undefined,
  body?: Record<string, unknown>,
  raw?: Row['raw'],
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: method as 'GET',
    url,
    headers: { ...(cookie ? { cookie } : {}), ...(raw ? { 'content-type': raw.contentType } : {}) },
    ...(body ? { payload: body } : {}),
    ...(raw ? { payload: raw.payload } : {}),
  });
}

describe('the authorization table', () => {
  it('lists exactly the /api routes the app registers', () => {
    const apiRoutes = registered.filter((r) => r.url.startsWith('/api')).map((r) => `${r.method} ${r.url}`);
    expect(apiRoutes.length).toBeGreaterThan(0);
    expect([...new Set(apiRoutes)].sort()).toEqual(ROUTES.map(([key]) => key).sort());
  });

  it('every /api route declares an access rule', () => {
    const allowed = ['public', 'signedIn', 'student', 'studentOrActing', 'admin'];
    for (const route of registered.filter((r) => r.url.startsWith('/api'))) {
      expect(allowed, `${route.method} ${route.url}`).toContain(route.access);
    }
  });

  it.each(CASES)('$key as $caller answers $status', async ({ method, url, caller, status, message, row }) => {
    const cookie = await cookieFor(caller);
    const response = await call(method, (await row.path?.(f, caller)) ?? url, cookie, row.body?.(f, caller), row.raw);
    expect(response.statusCode, response.body).toBe(status);
    if (method === 'HEAD') return;
    if (status >= 400) {
      expect(response.json()).toEqual({ message: message ?? expect.any(String) });
    } else if (status === 204) {
      expect(response.body).toBe('');
    }
  });
});

describe('what the allowed callers get', () => {
  it('/api/user describes the signed-in user; a deactivated student is still signed in', async () => {
    const asStudent = await call('GET', '/api/user', await cookieFor('student'));
    expect(asStudent.json()).toEqual({
      id: f.student.user.id,
      username: f.student.student.mobileNumber,
      isAdmin: false,
      displayName: 'Asha Active',
      mustChangePassword: false,
      actingStudent: null,
    });
    expect((await call('GET', '/api/user', await cookieFor('deactivated'))).json()).toMatchObject({ displayName: 'Dev Deactivated', isAdmin: false });
    expect((await call('GET', '/api/user', await cookieFor('admin'))).json()).toMatchObject({ username: f.admin.username, isAdmin: true, actingStudent: null });
    // The student at the teacher's device never sees the teacher's sign-in name (decision 0029): the
    // teacher's name, or "Teacher" for one without a name (the table above may have named this one).
    for (const displayName of [null, 'Mrs Iyer']) {
      await t.database.db.update(users).set({ displayName }).where(eq(users.id, f.admin.user.id));
      invalidateReadCaches(t.database.db);
      const acting = (await call('GET', '/api/user', await cookieFor('adminActing'))).json();
      expect(acting).toMatchObject({ isAdmin: true, actingStudent: { id: f.target.student.id, studentName: 'Tara Target' } });
      expect(acting).toMatchObject({ username: displayName ?? ACTING_TEACHER_NAME, displayName: displayName ?? ACTING_TEACHER_NAME });
      expect(JSON.stringify(acting)).not.toContain(f.admin.username);
    }
  });

  it('/api/student/profile gives a student their own record and a teacher the acting student', async () => {
    const own = (await call('GET', '/api/student/profile', await cookieFor('student'))).json();
    expect(own.student).toMatchObject({ id: f.student.student.id, studentName: 'Asha Active', status: 'Activated', course: 'IELTS' });
    expect(own.course).toMatchObject({ courseName: 'IELTS', isActive: true });
    const acting = (await call('GET', '/api/student/profile', await cookieFor('adminActing'))).json();
    expect(acting.student).toMatchObject({ id: f.target.student.id, studentName: 'Tara Target' });
  });

  it('a signed-in response never carries a password hash', async () => {
    for (const url of ['/api/user', '/api/student/profile']) {
      const body = (await call('GET', url, await cookieFor('student'))).body;
      expect(body).not.toMatch(/scrypt|password_?hash/i);
    }
  });
});

describe('the acting student on a teacher session', () => {
  it('check-access records the student on the session; clear-sessions removes it', async () => {
    const cookie = await cookieFor('admin');
    expect((await call('GET', '/api/student/profile', cookie)).statusCode).toBe(403);
    const granted = await call('POST', '/api/student/check-access', cookie, { username: f.student.mobileNumber, password: f.student.password });
    expect(granted.statusCode).toBe(200);
    expect(granted.json().student).toMatchObject({ id: f.student.student.id, studentName: 'Asha Active' });
    expect(JSON.stringify(granted.json())).not.toMatch(/scrypt/);
    const profile = await call('GET', '/api/student/profile', cookie);
    expect(profile.json().student.id).toBe(f.student.student.id);
    expect((await call('GET', '/api/user', cookie)).json().actingStudent).toEqual({ id: f.student.student.id, studentName: 'Asha Active' });

    // The acting device is a student's device now: the admin API is closed to it.
    const closed = await call('GET', '/api/admin/students', cookie);
    expect(closed.statusCode).toBe(403);
    expect(closed.json().message).toBe(ACTING_DEVICE);

    // Ending the acting student signs the device out: the admin console needs the teacher's password again.
    const ended = await call('POST', '/api/admin/clear-sessions', cookie);
    expect(ended.statusCode).toBe(204);
    expect(String(ended.headers['set-cookie'])).toMatch(/^parley_session=;/);
    expect((await call('GET', '/api/user', cookie)).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/students', cookie)).statusCode).toBe(401);
    const own = await cookieFor('admin');
    expect((await call('GET', '/api/admin/students', own)).statusCode).toBe(200);
  });

  it("clear-sessions on a teacher's own session keeps them signed in", async () => {
    const cookie = await cookieFor('admin');
    expect((await call('POST', '/api/admin/clear-sessions', cookie)).statusCode).toBe(204);
    const cleared = await call('GET', '/api/student/profile', cookie);
    expect(cleared.statusCode).toBe(403);
    expect(cleared.json().message).toBe(NO_ACTING_STUDENT);
    expect((await call('GET', '/api/user', cookie)).json().actingStudent).toBeNull();
  });

  it('a device acting for a student may switch to the next student, who types their own password', async () => {
    const cookie = await cookieFor('adminActing');
    const next = await call('POST', '/api/student/check-access', cookie, { username: f.student.mobileNumber, password: f.student.password });
    expect(next.statusCode).toBe(200);
    expect((await call('GET', '/api/user', cookie)).json().actingStudent).toEqual({ id: f.student.student.id, studentName: 'Asha Active' });
    expect((await call('GET', '/api/admin/courses', cookie)).statusCode).toBe(403);
  });

  it('the acting student is per session: another device of the same teacher has none', async () => {
    const acting = await cookieFor('adminActing');
    const other = await cookieFor('admin');
    expect((await call('GET', '/api/student/profile', acting)).statusCode).toBe(200);
    expect((await call('GET', '/api/student/profile', other)).statusCode).toBe(403);
  });

  it('check-access refuses a wrong password, an admin account, a temporary password and a deactivated student', async () => {
    const cookie = await cookieFor('admin');
    const invalid = 'Invalid mobile number or password. Please check them, or contact the school.';
    const wrong = await call('POST', '/api/student/check-access', cookie, { username: f.student.mobileNumber, password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(invalid);
    const adminAccount = await call('POST', '/api/student/check-access', cookie, { username: f.admin.username, password: f.admin.password });
    expect(adminAccount.statusCode).toBe(401);
    expect(adminAccount.json().message).toBe(invalid);

    // A mailed temporary password (hashed beside the account's, as mailed) signs in to the student's own account only, not on a teacher's device.
    await t.database.db
      .update(users)
      .set({ tempPasswordHash: await hashPasswordBeside('temporary-pw', f.student.user.passwordHash), tempPasswordExpiresAt: new Date(Date.now() + 600_000) })
      .where(eq(users.id, f.student.user.id));
    const temporary = await call('POST', '/api/student/check-access', cookie, { username: f.student.mobileNumber, password: 'temporary-pw' });
    expect(temporary.statusCode).toBe(401);
    await t.database.db.update(users).set({ tempPasswordHash: null, tempPasswordExpiresAt: null }).where(eq(users.id, f.student.user.id));

    const deactivated = await call('POST', '/api/student/check-access', cookie, { username: f.deactivated.mobileNumber, password: f.deactivated.password });
    expect(deactivated.statusCode).toBe(403);
    expect(deactivated.json().message).toBe(DEACTIVATED);
    // None of the refusals selected a student.
    expect((await call('GET', '/api/user', cookie)).json().actingStudent).toBeNull();
  });

  it('a student deactivated while acting can no longer be acted for, on any route', async () => {
    const db = t.database.db;
    const cookie = await cookieFor('adminActing');
    // Straight in the table, past setStudentStatus (which also takes the student off the device), as a
    // check-access racing the deactivation would leave it.
    await db.update(students).set({ status: 'Deactivated' }).where(eq(students.id, f.target.student.id));
    try {
      const refused = [
        await call('GET', '/api/student/profile', cookie),
        await call('GET', '/api/student/test-history', cookie),
        await call('POST', '/api/test-sessions', cookie, testSessionBody(f.target.student.id) as unknown as Record<string, unknown>),
        await call('PUT', `/api/attempts/${await createAttempt(db, f.target.student.id)}/recording`, cookie, undefined, {
          contentType: 'audio/webm;codecs=opus',
          payload: Buffer.concat([WEBM_SIGNATURE, Buffer.from('bytes')]),
        }),
      ];
      for (const response of refused) {
        expect(response.statusCode).toBe(403);
        expect(response.json().message).toBe(ACTING_STUDENT_DEACTIVATED);
      }
      // The teacher's device still says who it acts for, and the admin pages stay closed to it.
      expect((await call('GET', '/api/user', cookie)).statusCode).toBe(200);
    } finally {
      await db.update(students).set({ status: 'Activated' }).where(eq(students.id, f.target.student.id));
    }
  });
});

describe('paths and origins', () => {
  it('an unknown /api path answers 404 with a JSON message, signed in or not', async () => {
    for (const cookie of [undefined, await cookieFor('admin')]) {
      const response = await call('GET', '/api/admin/nothing-here', cookie);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'There is no API endpoint GET /api/admin/nothing-here.' });
    }
  });

  it('a percent-encoded path reaches the same access rule as the plain one', async () => {
    // find-my-way decodes "/%61pi/..." to the /api route; the access rule must still apply to it.
    const cases: Array<[Caller, string, string, number]> = [
      ['student', 'GET', '/%61pi/student/profile', 200],
      ['deactivated', 'GET', '/%61pi/student/profile', 403],
      ['deactivated', 'GET', '/%61pi/user', 200],
      ['student', 'POST', '/%61pi/admin/clear-sessions', 403],
      ['admin', 'POST', '/%61pi/admin/clear-sessions', 204],
      ['signedOut', 'GET', '/%61pi/user', 401],
    ];
    for (const [caller, method, url, status] of cases) {
      const response = await call(method, url, await cookieFor(caller));
      expect(response.statusCode, `${caller} ${method} ${url}: ${response.body}`).toBe(status);
    }
  });

  it('a state-changing request from another site is refused before anything else', async () => {
    const cookie = await cookieFor('admin');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/clear-sessions',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toMatch(/^Cross-site request refused/);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'sec-fetch-site': 'cross-site' },
      payload: { username: f.target.mobileNumber, password: f.target.password },
    });
    expect(login.statusCode).toBe(403);
    expect(login.cookies).toHaveLength(0);
    const sameOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/admin/clear-sessions',
      headers: { cookie, host: 'parley.example.org', origin: 'http://parley.example.org' },
    });
    expect(sameOrigin.statusCode).toBe(204);
  });
});

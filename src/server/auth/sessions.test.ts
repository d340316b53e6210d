import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, students, users } from '../db/schema.js';
import { explainGeneric, planNodes, planOf } from '../db/explain.js';
import { createTestApp, sessionCookieForUser, sessionCookieFrom, signIn, type TestApp } from '../test/app.js';
import { testDrivers } from '../test/databases.js';
import { createAdmin, createStudent } from '../test/factories.js';
import { SESSION_ENDED_MESSAGE } from './access.js';
import { deleteSessionsOfUser, findSessionSelect, SECURE_SESSION_COOKIE } from './sessions.js';

const HOUR = 3600_000;

/** A clock the test moves by hand. */
function manualClock(start = Date.now()) {
  let current = start;
  return {
    now: () => new Date(current),
    advance: (ms: number) => {
      current += ms;
    },
  };
}

function tokenOf(cookie: string): string {
  return cookie.slice(cookie.indexOf('=') + 1);
}

describe('sessions', () => {
  const clock = manualClock();
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now, env: { SESSION_TTL_HOURS: '6' } });
  });
  afterAll(() => t.close());

  const directSession = (userId: number) => sessionCookieForUser(t.database.db, userId, { now: clock.now() });
  const whoAmI = (cookie: string) => t.app.inject({ url: '/api/user', headers: { cookie } });
  const sessionsOf = (userId: number) => t.database.db.select().from(sessions).where(eq(sessions.userId, userId));

  it('sets an HttpOnly, SameSite=Lax cookie on /, expiring after SESSION_TTL_HOURS, not Secure by default', async () => {
    const student = await createStudent(t.database.db);
    const response = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: student.mobileNumber, password: student.password } });
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((c) => c.name === 'parley_session');
    // Besides it only the known-browser token (decision 0029), which is scoped to the sign-in route.
    expect(response.cookies.filter((c) => c.name !== 'parley_session').map((c) => [c.name, c.path])).toEqual([['parley_device', '/api/login']]);
    expect(cookie).toMatchObject({ name: 'parley_session', httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const expires = cookie?.expires?.getTime() ?? 0;
    // Cookie dates have whole seconds.
    expect(Math.abs(expires - (clock.now().getTime() + 6 * HOUR))).toBeLessThan(1000);
    const header = String(response.headers['set-cookie']);
    expect(header).toMatch(/; HttpOnly/);
    expect(header).toMatch(/; SameSite=Lax/);
    expect(header).not.toMatch(/; Secure/i);
    expect(header).not.toMatch(/Domain=/i);
    // The session in the database ends when the cookie does.
    const [row] = await sessionsOf(student.user.id);
    expect(Math.abs((row?.expiresAt.getTime() ?? 0) - (clock.now().getTime() + 6 * HOUR))).toBeLessThan(1000);
  });

  it('stores only a hash of the token', async () => {
    const admin = await createAdmin(t.database.db);
    const cookie = await signIn(t.app, admin.username, admin.password);
    const token = tokenOf(cookie);
    const rows = await sessionsOf(admin.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toBe(createHash('sha256').update(token).digest('base64url'));
    // The token appears nowhere in the table, in any column.
    const dump = (await t.database.db.execute(sql`select * from sessions`)) as unknown as { rows: unknown[] };
    expect(dump.rows.length).toBeGreaterThan(0);
    const text = JSON.stringify(dump.rows);
    expect(text).toContain(rows[0]!.tokenHash);
    expect(text).not.toContain(token);
  });

  it('a second sign-in from the same browser rotates the token; the old one stops working', async () => {
    const student = await createStudent(t.database.db);
    const first = await signIn(t.app, student.mobileNumber, student.password);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { cookie: first },
      payload: { username: student.mobileNumber, password: student.password },
    });
    expect(again.statusCode).toBe(200);
    const second = sessionCookieFrom(again);
    expect(second).not.toBe(first);
    expect((await whoAmI(first)).statusCode).toBe(401);
    expect((await whoAmI(second)).statusCode).toBe(200);
    expect(await sessionsOf(student.user.id)).toHaveLength(1);
  });

  it('signing in on another device keeps the first device signed in', async () => {
    const student = await createStudent(t.database.db);
    const phone = await signIn(t.app, student.mobileNumber, student.password);
    const laptop = await signIn(t.app, student.mobileNumber, student.password);
    expect((await whoAmI(phone)).statusCode).toBe(200);
    expect((await whoAmI(laptop)).statusCode).toBe(200);
  });

  it('after logout the token is useless and the cookie is cleared', async () => {
    const student = await createStudent(t.database.db);
    const cookie = await directSession(student.user.id);
    const logout = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(logout.statusCode).toBe(204);
    const cleared = logout.cookies.find((c) => c.name === 'parley_session');
    expect(cleared?.value).toBe('');
    expect(cleared?.expires?.getTime()).toBeLessThan(Date.now());
    const after = await whoAmI(cookie);
    expect(after.statusCode).toBe(401);
    // The old cookie is told apart from never having signed in.
    expect(after.json()).toEqual({ message: SESSION_ENDED_MESSAGE });
    expect((await t.app.inject({ url: '/api/user' })).json()).toEqual({ message: 'Please sign in first.' });
    expect(await sessionsOf(student.user.id)).toHaveLength(0);
  });

  it('a made-up or over-long token is simply signed out', async () => {
    expect((await whoAmI('parley_session=not-a-real-token')).statusCode).toBe(401);
    expect((await whoAmI(`parley_session=${'a'.repeat(5000)}`)).statusCode).toBe(401);
  });

  it('a session expires after SESSION_TTL_HOURS', async () => {
    const student = await createStudent(t.database.db);
    const cookie = await signIn(t.app, student.mobileNumber, student.password);
    clock.advance(6 * HOUR - 1000);
    expect((await whoAmI(cookie)).statusCode).toBe(200);
    clock.advance(2000);
    expect((await whoAmI(cookie)).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/student/profile', headers: { cookie } })).statusCode).toBe(401);
  });

  it('deactivating a student refuses their student pages at once, and ending their sessions signs them out', async () => {
    const db = t.database.db;
    const student = await createStudent(db);
    const cookie = await directSession(student.user.id);
    expect((await t.app.inject({ url: '/api/student/profile', headers: { cookie } })).statusCode).toBe(200);

    await db.update(students).set({ status: 'Deactivated' }).where(eq(students.id, student.student.id));
    const refused = await t.app.inject({ url: '/api/student/profile', headers: { cookie } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Your access has been revoked or deactivated. Please contact the school for assistance.');

    await deleteSessionsOfUser(db, student.user.id);
    expect((await whoAmI(cookie)).statusCode).toBe(401);
  });

  it('deleting a user deletes their sessions', async () => {
    const db = t.database.db;
    const student = await createStudent(db);
    const cookie = await directSession(student.user.id);
    await db.delete(users).where(eq(users.id, student.user.id));
    expect(await sessionsOf(student.user.id)).toHaveLength(0);
    expect((await whoAmI(cookie)).statusCode).toBe(401);
  });

  describe('change-password', () => {
    const change = (cookie: string, body: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/change-password', headers: { cookie }, payload: body });

    it('keeps this session, signs out the others, and swaps the password', async () => {
      const student = await createStudent(t.database.db);
      const here = await directSession(student.user.id);
      const elsewhere = await directSession(student.user.id);
      const response = await change(here, { currentPassword: student.password, newPassword: 'a much better password' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'Your password has been updated successfully' });
      expect((await whoAmI(here)).statusCode).toBe(200);
      expect((await whoAmI(elsewhere)).statusCode).toBe(401);
      expect(await sessionsOf(student.user.id)).toHaveLength(1);

      const oldLogin = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: student.mobileNumber, password: student.password } });
      expect(oldLogin.statusCode).toBe(401);
      expect(oldLogin.json()).toEqual({ message: 'Invalid username or password' });
      await signIn(t.app, student.mobileNumber, 'a much better password');
    });

    it('requires the right current password', async () => {
      const admin = await createAdmin(t.database.db);
      const cookie = await directSession(admin.user.id);
      const wrong = await change(cookie, { currentPassword: 'not my password', newPassword: 'a much better password' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toMatch(/^currentPassword: /);
      const missing = await change(cookie, { newPassword: 'a much better password' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toMatch(/^currentPassword: /);
      // Nothing changed.
      await signIn(t.app, admin.username, admin.password);
      expect((await whoAmI(cookie)).statusCode).toBe(200);
    });

    it('refuses a too-short new password and one equal to the current password', async () => {
      const admin = await createAdmin(t.database.db);
      const cookie = await directSession(admin.user.id);
      const short = await change(cookie, { currentPassword: admin.password, newPassword: 'short' });
      expect(short.statusCode).toBe(400);
      expect(short.json().message).toBe('newPassword: must be at least 8 characters');
      const same = await change(cookie, { currentPassword: admin.password, newPassword: admin.password });
      expect(same.statusCode).toBe(400);
      expect(same.json().message).toMatch(/^newPassword: /);
      await signIn(t.app, admin.username, admin.password);
    });

    it("holds a teacher's new password to the first admin's bar (12 characters, not digits only, not one character repeated), and a student's to 8", async () => {
      const admin = await createAdmin(t.database.db);
      const cookie = await directSession(admin.user.id);
      for (const [weak, problem] of [
        ['eleven-char', 'must be at least 12 characters'],
        ['111111111111', 'must not be digits only: use letters too'],
        ['aaaaaaaaaaaa', 'must not be one character repeated'],
      ] as const) {
        const refused = await change(cookie, { currentPassword: admin.password, newPassword: weak });
        expect(refused.statusCode, weak).toBe(400);
        expect(refused.json().message).toBe(`newPassword: A teacher's password ${problem}`);
      }
      await signIn(t.app, admin.username, admin.password);
      const student = await createStudent(t.database.db);
      const own = await change(await directSession(student.user.id), { currentPassword: student.password, newPassword: 'eleven-char' });
      expect(own.statusCode, own.body).toBe(200);
    });
  });
});

describe('the Secure cookie flag', () => {
  it('is set when COOKIE_SECURE=true', async () => {
    const t = await createTestApp({ env: { COOKIE_SECURE: 'true' } });
    try {
      const admin = await createAdmin(t.database.db);
      const response = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: admin.username, password: admin.password } });
      expect(response.statusCode).toBe(200);
      expect(response.cookies.find((c) => c.name === SECURE_SESSION_COOKIE)).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
      expect(String(response.headers['set-cookie'])).toMatch(/; Secure/);
      const logout = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: sessionCookieFrom(response) } });
      expect(logout.statusCode).toBe(204);
      expect(logout.cookies.find((c) => c.name === SECURE_SESSION_COOKIE)).toMatchObject({ value: '', path: '/' });
    } finally {
      await t.close();
    }
  });

  it('is set behind an https proxy (TRUST_PROXY=true, X-Forwarded-Proto: https) where PUBLIC_URL was left unset; not when the proxy says http, nor without TRUST_PROXY', async () => {
    const behindProxy = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    const direct = await createTestApp({});
    try {
      const signIn = async (app: typeof behindProxy, proto: string) => {
        const admin = await createAdmin(app.database.db);
        const response = await app.app.inject({ method: 'POST', url: '/api/login', headers: { 'x-forwarded-proto': proto }, payload: { username: admin.username, password: admin.password } });
        expect(response.statusCode).toBe(200);
        return response;
      };
      const overHttps = await signIn(behindProxy, 'https');
      expect(overHttps.cookies.filter((c) => c.secure === true).map((c) => c.name).sort()).toEqual([SECURE_SESSION_COOKIE, 'parley_device']);
      const logout = await behindProxy.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: sessionCookieFrom(overHttps), 'x-forwarded-proto': 'https' } });
      expect(String(logout.headers['set-cookie'])).toMatch(/; Secure/);
      expect((await signIn(behindProxy, 'http')).cookies.some((c) => c.secure === true)).toBe(false);
      expect((await signIn(direct, 'https')).cookies.some((c) => c.secure === true)).toBe(false);
    } finally {
      await behindProxy.close();
      await direct.close();
    }
  });
});

// The plan is PostgreSQL's, on a school's numbers with their statistics; PGlite is not asked to plan them. Defined only there, not skipped.
if (testDrivers.includes('postgres'))
  describe('the session lookup every signed-in request runs', () => {
    it('reads each table by an index (the token, the user, the acting student), never scanning one', async () => {
      const t = await createTestApp({ driver: 'postgres' });
      try {
        const { student } = await createStudent(t.database.db);
        // 3,000 students and 6,000 sessions, half of them a teacher's device acting for a student.
        await t.database.db.execute(sql`
          insert into users (username, password_hash) select 'plan-user-' || g, 'x' from generate_series(1, 3000) as g`);
        await t.database.db.execute(sql`
          insert into students (user_id, student_name, course_id, mobile_number)
          select id, 'Plan Student ' || id, ${student.courseId}::int, '+4470' || lpad(id::text, 8, '0') from users where username like 'plan-user-%'`);
        await t.database.db.execute(sql`
          insert into sessions (token_hash, user_id, acting_student_id, expires_at)
          select md5(g::text), u.id, case when g % 2 = 0 then s.id end, now() + interval '6 hours'
          from generate_series(1, 6000) as g
          join users u on u.username = 'plan-user-' || (1 + g % 3000)
          join students s on s.user_id = u.id`);
        await t.database.db.execute(sql`analyze users; analyze students; analyze sessions`);
        const rows = await explainGeneric(t.database.db, findSessionSelect(t.database.db), { tokenHash: createHash('sha256').update('x').digest('hex'), now: new Date() }, 'json');
        const plan = planOf(rows);
        const described = JSON.stringify(plan);
        const scans = planNodes(plan).filter((node) => node['Node Type'] === 'Seq Scan').map((node) => node['Relation Name']);
        expect(scans, described).toEqual([]);
        const indexes = planNodes(plan).map((node) => node['Index Name']);
        for (const index of ['sessions_token_unique', 'users_pkey', 'students_user_unique', 'students_pkey']) expect(indexes, described).toContain(index);
      } finally {
        await t.close();
      }
    });
  });

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../db/schema.js';
import { READ_CACHE_TTL_MS } from '../db/read-cache.js';
import { createTestApp, sessionCookieForUser, type TestApp } from '../test/app.js';
import { createAdmin, createStudent } from '../test/factories.js';

/**
 * Every signed-in request looks its session up; the lookup is kept for a few seconds
 * (src/server/auth/sessions.ts, docs/decisions/0011). These tests hold the bounds: this process's
 * writes take effect at once, an outside write within the cache's time to live, expiry at its time.
 */
describe('the session cache', () => {
  let t: TestApp;
  let clock = new Date('2026-11-21T09:00:00Z');
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
  });
  afterAll(() => t.close());
  /** Time passes for the app: its read caches tell time by its clock. */
  const advance = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };

  const whoAmI = (cookie: string) => t.app.inject({ url: '/api/user', headers: { cookie } });

  it('signing out through the app refuses the token at the next request', async () => {
    const { user } = await createAdmin(t.database.db);
    const cookie = await sessionCookieForUser(t.database.db, user.id);
    expect((await whoAmI(cookie)).statusCode).toBe(200);
    expect((await whoAmI(cookie)).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(out.statusCode).toBeLessThan(300);
    expect((await whoAmI(cookie)).statusCode).toBe(401);
  });

  it('a change made by another process shows within the time to live, and at once after any state-changing request here', async () => {
    const { db } = t.database;
    const student = await createStudent(db);
    const cookie = await sessionCookieForUser(db, student.user.id);
    expect((await whoAmI(cookie)).json().displayName).toBe(student.student.studentName);

    // Another process (the admin CLI, SQL by hand) ends the session: this process does not know yet.
    await db.delete(sessions).where(eq(sessions.userId, student.user.id));
    expect((await whoAmI(cookie)).statusCode).toBe(200);
    advance(READ_CACHE_TTL_MS - 1);
    expect((await whoAmI(cookie)).statusCode).toBe(200);
    advance(1);
    expect((await whoAmI(cookie)).statusCode).toBe(401);

    // A state-changing request reads its own session afresh: ended elsewhere, it changes nothing,
    // although a read made with the same cookie a moment before was still served from the cache.
    const writer = await createAdmin(db);
    const writerCookie = await sessionCookieForUser(db, writer.user.id);
    expect((await whoAmI(writerCookie)).statusCode).toBe(200);
    await db.delete(sessions).where(eq(sessions.userId, writer.user.id));
    expect((await whoAmI(writerCookie)).statusCode).toBe(200);
    const write = await t.app.inject({ method: 'POST', url: '/api/admin/courses', headers: { cookie: writerCookie }, payload: { courseName: 'Evening IELTS' } });
    expect(write.statusCode, write.body).toBe(401);

    // A signed-in caller's state-changing request through this process reads sessions again, even one
    // that is refused. A signed-out caller's refused or unknown requests do not: anyone could otherwise
    // keep every cache empty (and, on PostgreSQL, every process's).
    const other = await createAdmin(db);
    const adminCookie = await sessionCookieForUser(db, other.user.id);
    expect((await whoAmI(adminCookie)).json().isAdmin).toBe(true);
    await db.update(users).set({ isAdmin: false }).where(eq(users.id, other.user.id));
    expect((await whoAmI(adminCookie)).json().isAdmin).toBe(true);
    const signedOut = [
      await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'nobody-here', password: 'not a password' } }),
      await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: 'parley_session=made-up-token' } }),
      await t.app.inject({ method: 'POST', url: '/api/logout' }),
      await t.app.inject({ method: 'POST', url: '/api/admin/courses', payload: { courseName: 'Evening IELTS' } }),
      await t.app.inject({ method: 'DELETE', url: '/api/no-such-thing' }),
      await t.app.inject({ method: 'PUT', url: '/nothing-here' }),
    ];
    expect(signedOut.map((answer) => answer.statusCode)).toEqual([401, 204, 204, 401, 404, 404]);
    expect((await whoAmI(adminCookie)).json().isAdmin).toBe(true);
    const studentCookie = await sessionCookieForUser(db, (await createStudent(db)).user.id);
    const refused = await t.app.inject({ method: 'POST', url: '/api/admin/courses', headers: { cookie: studentCookie }, payload: { courseName: 'Evening IELTS' } });
    expect(refused.statusCode).toBe(403);
    expect((await whoAmI(adminCookie)).json().isAdmin).toBe(false);
  });

  it('a kept session still ends at its expiry time', async () => {
    const { db } = t.database;
    const { user } = await createAdmin(db);
    const cookie = await sessionCookieForUser(db, user.id);
    const [session] = await db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect((await whoAmI(cookie)).statusCode).toBe(200);
    const before = clock;
    clock = new Date((session?.expiresAt.getTime() ?? 0) + 1);
    try {
      expect((await whoAmI(cookie)).statusCode).toBe(401);
    } finally {
      clock = before;
    }
  });

  it('a token that matched no session is refused while cached, and a new sign-in is found at once', async () => {
    const { db } = t.database;
    expect((await whoAmI('parley_session=made-up-token')).statusCode).toBe(401);
    expect((await whoAmI('parley_session=made-up-token')).statusCode).toBe(401);
    const { user } = await createAdmin(db);
    // A session created directly (as another process would): an unseen token is looked up on first use.
    const cookie = await sessionCookieForUser(db, user.id);
    expect((await whoAmI(cookie)).statusCode).toBe(200);
  });
});

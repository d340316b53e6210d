import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../auth/sessions.js';
import { sessions } from './schema.js';
import { createAppPair, type AppPair } from '../test/app-pair.js';
import { sessionCookieForUser } from '../test/app.js';
import { testDrivers } from '../test/databases.js';
import { withDatabaseName } from '../test/pg-names.js';
import { createAdmin, createStudent } from '../test/factories.js';
import { READ_CACHE_CHANNEL } from './cache-sync.js';
import { invalidateReadCaches, READ_CACHE_TTL_MS } from './read-cache.js';

/** Polls until `probe` answers `expected`, for at most `withinMs`; returns how long it took. */
async function within(withinMs: number, probe: () => Promise<number>, expected: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    const status = await probe();
    if (status === expected) return Date.now() - started;
    if (Date.now() - started > withinMs) throw new Error(`still ${status} after ${withinMs} ms (expected ${expected})`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const tokenOf = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1);
/** Lets the notifications of the set-up's writes arrive first (they clear the other app's caches too). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

describe.each(testDrivers)('read caches fresh across app processes (%s)', (driver) => {
  let pair: AppPair;
  beforeAll(async () => {
    pair = await createAppPair(driver);
  });
  afterAll(() => pair?.close());

  const user = (app: FastifyInstance, cookie: string) => app.inject({ url: '/api/user', headers: { cookie } }).then((r) => r.statusCode);

  it('a sign-out through one app is refused by the other at once, not after the cache time to live', async () => {
    const student = await createStudent(pair.database.db);
    const [kept, signedOut] = [await sessionCookieForUser(pair.database.db, student.user.id), await sessionCookieForUser(pair.database.db, student.user.id)];
    await settle();
    // The second app has read (and cached) both sessions.
    expect(await user(pair.second, kept)).toBe(200);
    expect(await user(pair.second, signedOut)).toBe(200);
    // The cache would serve a session deleted behind its back (no invalidation) for up to 5 s.
    await pair.database.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(tokenOf(kept))));
    expect(await user(pair.second, kept)).toBe(200);

    const started = Date.now();
    const logout = await pair.first.inject({ method: 'POST', url: '/api/logout', headers: { cookie: signedOut } });
    expect(logout.statusCode).toBe(204);
    await within(1000, () => user(pair.second, signedOut), 401);
    expect(Date.now() - started).toBeLessThan(READ_CACHE_TTL_MS);
    // Every cached session was read again, the one deleted behind the cache's back too.
    expect(await user(pair.second, kept)).toBe(401);
  });

  it("a student's new password ends a teacher's access to them on every app", async () => {
    const student = await createStudent(pair.database.db);
    const admin = await createAdmin(pair.database.db);
    const teacher = await sessionCookieForUser(pair.database.db, admin.user.id, { actingStudentId: student.student.id });
    const studentCookie = await sessionCookieForUser(pair.database.db, student.user.id);
    await settle();
    const profile = () => pair.second.inject({ url: '/api/student/profile', headers: { cookie: teacher } }).then((r) => r.statusCode);
    const save = () => pair.second.inject({ method: 'POST', url: '/api/test-sessions', headers: { cookie: teacher }, payload: {} });

    // Acting: past the access check (the empty body is what is refused).
    expect((await save()).statusCode).toBe(400);
    expect(await profile()).toBe(200);

    const changed = await pair.first.inject({
      method: 'POST',
      url: '/api/change-password',
      headers: { cookie: studentCookie },
      payload: { currentPassword: student.password, newPassword: 'student-chose-this-1' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await within(1000, profile, 403);
    const refused = await save();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/^No student is selected on this device/);
    const [row] = await pair.database.db.select({ acting: sessions.actingStudentId }).from(sessions).where(eq(sessions.tokenHash, hashToken(tokenOf(teacher))));
    expect(row).toEqual({ acting: null });
  });

  if (driver === 'postgres') {
    const listeners = async () => {
      const result = (await pair.database.db.execute(
        sql`select pid from pg_stat_activity where datname = current_database() and query = ${`listen ${READ_CACHE_CHANNEL}`}`,
      )) as unknown as { rows: Array<{ pid: number }> };
      return result.rows.map((r) => r.pid);
    };

    it('the listener comes back after its connection is killed, and reads everything again when it does', async () => {
      const student = await createStudent(pair.database.db);
      const cookie = await sessionCookieForUser(pair.database.db, student.user.id);
      await settle();
      expect(await user(pair.second, cookie)).toBe(200);
      // Deleted behind the cache's back, and the notifications are lost: only the reconnection tells.
      await pair.database.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(tokenOf(cookie))));
      expect(await user(pair.second, cookie)).toBe(200);
      const before = await listeners();
      expect(before).toHaveLength(2);
      await pair.database.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where pid in ${sql.raw(`(${before.join(',')})`)}`);
      await within(3000, () => user(pair.second, cookie), 401);
      await within(3000, async () => ((await listeners()).filter((pid) => !before.includes(pid)).length === 2 ? 1 : 0), 1);

      // And notifications flow again.
      const other = await sessionCookieForUser(pair.database.db, student.user.id);
      expect(await user(pair.second, other)).toBe(200);
      expect((await pair.first.inject({ method: 'POST', url: '/api/logout', headers: { cookie: other } })).statusCode).toBe(204);
      await within(1000, () => user(pair.second, other), 401);
    });

    it('a burst of invalidations sends one notification', async () => {
      const name = ((await pair.database.db.execute(sql`select current_database() as name`)) as unknown as { rows: Array<{ name: string }> }).rows[0]!.name;
      const listener = new pg.Client({ connectionString: withDatabaseName(process.env.TEST_DATABASE_URL!, name) });
      await listener.connect();
      const received: string[] = [];
      listener.on('notification', (message) => received.push(message.payload ?? ''));
      await listener.query(`listen ${READ_CACHE_CHANNEL}`);
      try {
        for (let i = 0; i < 100; i += 1) invalidateReadCaches(pair.database.db);
        await within(1000, async () => received.length, 1);
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(received).toHaveLength(1);
        invalidateReadCaches(pair.database.db);
        await within(1000, async () => received.length, 2);
        // Both from the same handle, named by its own id.
        expect(new Set(received).size).toBe(1);
      } finally {
        await listener.end();
      }
    });
  }
});

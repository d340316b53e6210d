import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRESENCE_WINDOW_MS } from '../../shared/api/admin-attempts-limits.js';
import { reviewPresence } from '../db/schema-review-presence.js';
import { attempts, users } from '../db/schema.js';
import { createTestApp, sessionCookieForUser, type TestApp } from '../test/app.js';
import { createAttempt } from '../test/attempt-fixtures.js';
import { testDrivers } from '../test/databases.js';
import { createAdmin, createStudent } from '../test/factories.js';

/** Two teachers on one attempt (decision 0050): who else has it open, and Next awaiting passing it by. */
describe.each(testDrivers)('review presence on %s', (driver) => {
  let t: TestApp;
  let clock = new Date(Date.UTC(2026, 11, 1, 9));
  const cookies: Record<'khan' | 'rao' | 'third', string> = { khan: '', rao: '', third: '' };
  let raoId = 0;
  let studentCookie = '';
  /** Three IELTS attempts awaiting review, a day apart, oldest first. */
  const ids: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ driver, now: () => clock });
    const db = t.database.db;
    const khan = await createAdmin(db);
    const rao = await createAdmin(db);
    const third = await createAdmin(db, { email: 'third@school.example' });
    raoId = rao.user.id;
    await db.update(users).set({ displayName: 'Ms Khan' }).where(eq(users.id, khan.user.id));
    await db.update(users).set({ displayName: 'Mr Rao' }).where(eq(users.id, rao.user.id));
    // Sessions that outlast the test's clock (a day and more).
    const session = { now: clock, ttlMs: 7 * 24 * 3600_000 };
    cookies.khan = await sessionCookieForUser(db, khan.user.id, session);
    cookies.rao = await sessionCookieForUser(db, rao.user.id, session);
    cookies.third = await sessionCookieForUser(db, third.user.id, session);
    const student = await createStudent(db, { studentName: 'Asha Rao' });
    studentCookie = await sessionCookieForUser(db, student.user.id, session);
    for (const day of [10, 11, 12]) {
      const id = await createAttempt(db, student.student.id);
      await db.update(attempts).set({ completedAt: new Date(Date.UTC(2026, 10, day, 9)) }).where(eq(attempts.id, id));
      ids.push(id);
    }
  });
  afterAll(() => t.close());

  const at = (minutes: number) => {
    clock = new Date(Date.UTC(2026, 11, 1, 9, minutes));
  };
  const open = async (who: keyof typeof cookies, id: string) => {
    const response = await t.app.inject({ method: 'PUT', url: `/api/admin/attempts/${id}/presence`, headers: { cookie: cookies[who] } });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { others: Array<{ name: string; openedAt: string }> }).others;
  };
  const close = async (who: keyof typeof cookies, id: string) => {
    const response = await t.app.inject({ method: 'DELETE', url: `/api/admin/attempts/${id}/presence`, headers: { cookie: cookies[who] } });
    expect(response.statusCode, response.body).toBe(204);
  };
  const nextFrom = async (who: keyof typeof cookies, id: string) => {
    const response = await t.app.inject({ url: `/api/admin/attempts/${id}/queue`, headers: { cookie: cookies[who] } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { total: number; position: number | null; previousId: string | null; nextId: string | null };
  };

  it("names the other teachers on the attempt, from when each opened it, and Next awaiting passes it by for the others only", async () => {
    at(0);
    expect(await open('khan', ids[1] ?? '')).toEqual([]);
    at(1);
    expect(await open('rao', ids[1] ?? '')).toEqual([{ name: 'Ms Khan', openedAt: '2026-12-01T09:00:00.000Z' }]);
    // Ms Khan's next beat names Mr Rao, from his first beat, not his latest.
    at(1.5);
    await open('rao', ids[1] ?? '');
    expect(await open('khan', ids[1] ?? '')).toEqual([{ name: 'Mr Rao', openedAt: '2026-12-01T09:01:00.000Z' }]);
    // A teacher without a display name is named by e-mail; the names come earliest first.
    expect(await open('third', ids[1] ?? '')).toEqual([
      { name: 'Ms Khan', openedAt: '2026-12-01T09:00:00.000Z' },
      { name: 'Mr Rao', openedAt: '2026-12-01T09:01:00.000Z' },
    ]);
    await close('third', ids[1] ?? '');
    // From the oldest, the third teacher's Next passes by the attempt the other two have open; its count and place stay.
    expect(await nextFrom('third', ids[0] ?? '')).toEqual({ total: 3, position: 1, previousId: null, nextId: ids[2] });
    expect(await nextFrom('third', ids[2] ?? '')).toEqual({ total: 3, position: 3, previousId: ids[0], nextId: null });
    // Ms Khan's own page does not hide it from her.
    at(2);
    await close('rao', ids[1] ?? '');
    expect(await nextFrom('khan', ids[0] ?? '')).toEqual({ total: 3, position: 1, previousId: null, nextId: ids[1] });
    // Mr Rao has closed it: no longer open elsewhere for Ms Khan, and passed by for him only while she is on it.
    expect(await open('khan', ids[1] ?? '')).toEqual([]);
    expect((await nextFrom('rao', ids[0] ?? '')).nextId).toBe(ids[2]);
    // The page's beat answers its place in the queue too, as GET .../queue does, for the same teacher.
    const beat = await t.app.inject({ method: 'PUT', url: `/api/admin/attempts/${ids[0]}/presence`, headers: { cookie: cookies.rao } });
    expect((beat.json() as { queue: unknown }).queue).toEqual(await nextFrom('rao', ids[0] ?? ''));
    await close('rao', ids[0] ?? '');
  });

  it('forgets a page not heard from within the window, and starts a new stay when it comes back', async () => {
    at(10);
    await open('khan', ids[2] ?? '');
    at(10 + PRESENCE_WINDOW_MS / 60_000 - 0.5);
    expect(await open('rao', ids[2] ?? '')).toEqual([{ name: 'Ms Khan', openedAt: '2026-12-01T09:10:00.000Z' }]);
    expect((await nextFrom('rao', ids[1] ?? '')).nextId).toBe(null);
    // Ms Khan's tab was hidden past the window: she is no longer on it, and Next awaiting comes to it.
    at(10 + PRESENCE_WINDOW_MS / 60_000 + 0.5);
    expect(await open('rao', ids[2] ?? '')).toEqual([]);
    await close('rao', ids[2] ?? '');
    expect((await nextFrom('rao', ids[1] ?? '')).nextId).toBe(ids[2]);
    // Back in view: a new stay, from now.
    at(20);
    await open('khan', ids[2] ?? '');
    expect(await open('rao', ids[2] ?? '')).toEqual([{ name: 'Ms Khan', openedAt: '2026-12-01T09:20:00.000Z' }]);
  });

  it('does not name a deactivated teacher, and clears rows a day old as others are written', async () => {
    at(30);
    await open('rao', ids[0] ?? '');
    const db = t.database.db;
    await db.update(users).set({ isActive: false }).where(eq(users.id, raoId));
    expect(await open('khan', ids[0] ?? '')).toEqual([]);
    await db.update(users).set({ isActive: true }).where(eq(users.id, raoId));
    clock = new Date(Date.UTC(2026, 11, 2, 10));
    await open('khan', ids[0] ?? '');
    const rows = await db.select({ userId: reviewPresence.userId }).from(reviewPresence);
    expect(rows).toHaveLength(1);
  });

  it('answers 404 for an attempt that is not there, and refuses anyone but a teacher', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    const put = await t.app.inject({ method: 'PUT', url: `/api/admin/attempts/${missing}/presence`, headers: { cookie: cookies.khan } });
    expect(put.statusCode).toBe(404);
    expect((put.json() as { message: string }).message).toMatch(/no such attempt/);
    const bad = await t.app.inject({ method: 'PUT', url: '/api/admin/attempts/not-an-id/presence', headers: { cookie: cookies.khan } });
    expect(bad.statusCode).toBe(400);
    for (const cookie of [studentCookie, '']) {
      for (const method of ['PUT', 'DELETE'] as const) {
        const refused = await t.app.inject({ method, url: `/api/admin/attempts/${ids[0]}/presence`, headers: { cookie } });
        expect([401, 403], `${method} ${cookie ? 'student' : 'signed out'}`).toContain(refused.statusCode);
      }
    }
  });
});

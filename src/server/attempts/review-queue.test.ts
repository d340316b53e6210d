import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attempts } from '../db/schema.js';
import { invalidateReadCaches } from '../db/read-cache.js';
import { createTestApp, sessionCookieForUser, type TestApp } from '../test/app.js';
import { createAttempt } from '../test/attempt-fixtures.js';
import { testDrivers } from '../test/databases.js';
import { createAdmin, createStudent } from '../test/factories.js';

/** The awaiting-review queue (next/previous from one attempt) and the lists' orders by date and band. */
describe.each(testDrivers)('review queue and list orders on %s', (driver) => {
  let t: TestApp;
  let cookie: string;
  /** Five IELTS attempts a day apart (oldest first), and one interview between them. */
  const ids: string[] = [];
  let interviewId = '';

  beforeAll(async () => {
    t = await createTestApp({ driver });
    const db = t.database.db;
    const admin = await createAdmin(db);
    cookie = await sessionCookieForUser(db, admin.user.id);
    const student = await createStudent(db, { studentName: 'Asha Rao' });
    const overalls = [6, 7.5, null, 5, 8];
    for (const [index, overall] of overalls.entries()) {
      const id = await createAttempt(db, student.student.id);
      await db
        .update(attempts)
        .set({ completedAt: new Date(Date.UTC(2026, 10, 10 + index, 9)), overall, assessable: overall !== null })
        .where(eq(attempts.id, id));
      ids.push(id);
    }
    interviewId = await createAttempt(db, student.student.id, { kind: 'interview' });
    await db.update(attempts).set({ completedAt: new Date(Date.UTC(2026, 10, 12, 12)) }).where(eq(attempts.id, interviewId));
    // A draft does not count in the order: 5 stays 5 although the teacher has saved 8.5, not released.
    await db.update(attempts).set({ teacherScores: { overall: 8.5 }, reviewedAt: new Date() }).where(eq(attempts.id, ids[3] ?? ''));
    // The first attempt is released: it has left the queue, and its released overall counts before the estimate: 6 becomes 9.
    await db
      .update(attempts)
      .set({ releasedAt: new Date(), releasedComment: 'Done.', releasedScores: { overall: 9 } })
      .where(eq(attempts.id, ids[0] ?? ''));
    invalidateReadCaches(db);
  });
  afterAll(() => t.close());

  const get = async (url: string) => {
    const response = await t.app.inject({ url, headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Record<string, unknown>;
  };

  it('places an attempt among those awaiting review, of both kinds, oldest first', async () => {
    // Awaiting: ids[1] (11th), ids[2] (12th 9:00), the interview (12th 12:00), ids[3], ids[4].
    expect(await get(`/api/admin/attempts/${ids[1]}/queue`)).toEqual({ total: 5, position: 1, previousId: null, nextId: ids[2] });
    expect(await get(`/api/admin/attempts/${ids[2]}/queue`)).toEqual({ total: 5, position: 2, previousId: ids[1], nextId: interviewId });
    expect(await get(`/api/admin/attempts/${interviewId}/queue`)).toEqual({ total: 5, position: 3, previousId: ids[2], nextId: ids[3] });
    expect(await get(`/api/admin/attempts/${ids[4]}/queue`)).toEqual({ total: 5, position: 5, previousId: ids[3], nextId: null });
    // A released attempt has no place, but still leads to the next one awaiting.
    expect(await get(`/api/admin/attempts/${ids[0]}/queue`)).toEqual({ total: 5, position: null, previousId: null, nextId: ids[1] });
    const missing = await t.app.inject({ url: '/api/admin/attempts/00000000-0000-4000-8000-000000000000/queue', headers: { cookie } });
    expect(missing.statusCode).toBe(404);
  });

  it("sorts a list by date either way and by band (the teacher's released overall, else estimate; none last)", async () => {
    const order = async (sort: string, page = 1, limit = 10) =>
      ((await get(`/api/admin/test-attempts?sort=${sort}&page=${page}&limit=${limit}`)) as { attempts: Array<{ id: string }>; total: number }).attempts.map(
        (row) => ids.indexOf(row.id),
      );
    expect(await order('newest')).toEqual([4, 3, 2, 1, 0]);
    expect(await order('oldest')).toEqual([0, 1, 2, 3, 4]);
    expect(await order('band-high')).toEqual([0, 4, 1, 3, 2]);
    expect(await order('band-low')).toEqual([3, 1, 4, 0, 2]);
    // Pages of a sorted list follow on without overlap.
    expect([...(await order('band-high', 1, 2)), ...(await order('band-high', 2, 2)), ...(await order('band-high', 3, 2))]).toEqual([0, 4, 1, 3, 2]);
    const bad = await t.app.inject({ url: '/api/admin/test-attempts?sort=sideways', headers: { cookie } });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { message: string }).message).toBe('sort: must be one of newest, oldest, band-high, band-low');
  });
});

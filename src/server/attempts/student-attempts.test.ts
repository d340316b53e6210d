import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StudentAttemptsPage } from '../../shared/api/admin-student-attempts.js';
import { explainGeneric, planNodes, planOf } from '../db/explain.js';
import type { Db } from '../db/open.js';
import { invalidateReadCaches } from '../db/read-cache.js';
import { attempts } from '../db/schema.js';
import { createTestApp, sessionCookieForUser, type TestApp } from '../test/app.js';
import { testDrivers } from '../test/databases.js';
import { createAdmin, createStudent, type CreatedStudent } from '../test/factories.js';
import { studentAttemptsPageQuery } from './student-attempts.js';

type Kind = 'ielts' | 'interview';

/** Stored attempts completed a minute apart, newest first from `newest`, alternating kinds from `firstKind`. */
async function insertAttempts(db: Db, studentId: number, count: number, newest: string, firstKind: Kind = 'ielts'): Promise<string[]> {
  const rows = Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    kind: (i % 2 === 0) === (firstKind === 'ielts') ? ('ielts' as const) : ('interview' as const),
    studentId,
    sessionData: {},
    assessable: true,
    overall: 6.125,
    scores: { overall: 6.125 },
    durationMs: 60_000,
    completedAt: new Date(Date.parse(newest) - i * 60_000),
  }));
  if (rows.length) await db.insert(attempts).values(rows);
  invalidateReadCaches(db);
  return rows.map((row) => row.id);
}

describe.each(testDrivers)("a student's attempts for the teacher (GET /api/admin/students/:id/attempts) on %s", (driver) => {
  let t: TestApp;
  let asha: CreatedStudent;
  let ravi: CreatedStudent;
  let adminCookie: string;
  let studentCookie: string;

  beforeAll(async () => {
    t = await createTestApp({ driver });
    const admin = await createAdmin(t.database.db);
    asha = await createStudent(t.database.db, { studentName: 'Asha Rao', username: 'asha.rao' });
    ravi = await createStudent(t.database.db, { studentName: 'Ravi Kumar', courseName: 'Interview Aspirant' });
    adminCookie = await sessionCookieForUser(t.database.db, admin.user.id);
    studentCookie = await sessionCookieForUser(t.database.db, asha.user.id);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.database.db.delete(attempts);
    invalidateReadCaches(t.database.db);
  });

  const get = (url: string, cookie = adminCookie) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const pageOf = async (studentId: number, page: number, limit = 10) => {
    const response = await get(`/api/admin/students/${studentId}/attempts?page=${page}&limit=${limit}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as StudentAttemptsPage;
  };

  it('is refused to nobody (401) and to a student (403), even for their own attempts', async () => {
    await insertAttempts(t.database.db, asha.student.id, 2, '2026-03-01T10:00:00Z');
    const nobody = await get(`/api/admin/students/${asha.student.id}/attempts`, '');
    expect(nobody.statusCode).toBe(401);
    const student = await get(`/api/admin/students/${asha.student.id}/attempts`, studentCookie);
    expect(student.statusCode).toBe(403);
    expect(student.body).not.toContain('Asha');
  });

  it('answers a malformed id 400 and an unknown student 404, each with a sentence', async () => {
    for (const bad of ['abc', '0', '-3', '1.5', '99999999999']) {
      const response = await get(`/api/admin/students/${bad}/attempts`);
      expect(response.statusCode, bad).toBe(400);
      expect((response.json() as { message: string }).message, bad).toMatch(/must be a student id/);
    }
    const badPage = await get(`/api/admin/students/${asha.student.id}/attempts?page=0`);
    expect(badPage.statusCode).toBe(400);
    expect((badPage.json() as { message: string }).message).toMatch(/page: must be 1 or more/);
    const unknown = await get('/api/admin/students/987654/attempts');
    expect(unknown.statusCode).toBe(404);
    expect((unknown.json() as { message: string }).message).toBe('There is no student with id 987654. They may have been deleted.');
  });

  it('gives the student as the Students list shows them and an empty list when they have no attempts', async () => {
    const body = await pageOf(asha.student.id, 1);
    expect(body.total).toBe(0);
    expect(body.attempts).toEqual([]);
    expect(body.student).toMatchObject({
      id: asha.student.id,
      studentName: 'Asha Rao',
      username: 'asha.rao',
      course: asha.course.courseName,
      status: 'Activated',
      mobileNumber: asha.student.mobileNumber,
    });
    expect(body.student.mobileNumberDisplay).toMatch(/^\+\d[\d ]+$/);
  });

  it("lists both kinds newest first, only this student's, paged by seeking: every attempt once, jumped to or paged on", async () => {
    const ashas = await insertAttempts(t.database.db, asha.student.id, 23, '2026-03-01T10:00:00Z');
    // Another student's attempts between and around Asha's: never on her page.
    const ravis = await insertAttempts(t.database.db, ravi.student.id, 9, '2026-03-01T10:00:30Z', 'interview');
    const first = await pageOf(asha.student.id, 1);
    expect(first.total).toBe(23);
    expect(first.attempts.map((row) => row.kind).slice(0, 4)).toEqual(['ielts', 'interview', 'ielts', 'interview']);
    expect(first.attempts[0]).toMatchObject({ id: ashas[0], studentName: 'Asha Rao', reviewState: 'none', overall: 6.125 });

    // Jumped to from the last page back, nothing kept: each page's start counted through the index.
    const jumped: string[] = [];
    for (let n = 5; n >= 1; n -= 1) {
      invalidateReadCaches(t.database.db);
      jumped.unshift(...(await pageOf(asha.student.id, n, 5)).attempts.map((row) => row.id));
    }
    expect(jumped).toEqual(ashas);
    invalidateReadCaches(t.database.db);
    const pagedOn: string[] = [];
    for (let n = 1; n <= 5; n += 1) pagedOn.push(...(await pageOf(asha.student.id, n, 5)).attempts.map((row) => row.id));
    expect(pagedOn).toEqual(ashas);
    expect((await pageOf(asha.student.id, 6, 5)).attempts).toEqual([]);

    const raviPage = await pageOf(ravi.student.id, 1);
    expect(raviPage.total).toBe(9);
    expect(raviPage.attempts.map((row) => row.id)).toEqual(ravis);
    expect(raviPage.student.studentName).toBe('Ravi Kumar');
  });

  it("keeps each student's pages apart in the read cache", async () => {
    await insertAttempts(t.database.db, asha.student.id, 3, '2026-03-01T10:00:00Z');
    await insertAttempts(t.database.db, ravi.student.id, 1, '2026-03-02T10:00:00Z');
    // Both read within the cache's few seconds: the second must not be the first's page.
    expect((await pageOf(asha.student.id, 2, 1)).attempts).toHaveLength(1);
    const ravis = await pageOf(ravi.student.id, 2, 1);
    expect(ravis.attempts).toEqual([]);
    expect(ravis.total).toBe(1);
  });

  // The plan is PostgreSQL's: PGlite has no statistics to plan a school's year with. Defined only there, not skipped.
  if (driver === 'postgres') it('reads a page from attempts_student_completed_idx, neither scanning nor sorting the attempts', async () => {
    // A school's year: 400 students, 6,000 attempts; the planner sees their statistics.
    await t.database.db.execute(sql`
      insert into attempts (id, kind, student_id, session_data, assessable, overall, scores, duration_ms, completed_at)
      select gen_random_uuid(), case when g % 2 = 0 then 'ielts' else 'interview' end,
             case when g % 15 = 0 then ${ravi.student.id}::int else ${asha.student.id}::int end, '{}'::jsonb, true, 6,
             '{"overall": 6}'::jsonb, 60000, '2026-01-01T00:00:00Z'::timestamptz + g * interval '41 minutes'
      from generate_series(1, 6000) as g`);
    await t.database.db.execute(sql`analyze attempts`);
    const after = { afterAt: '2026-03-01T00:00:00Z', afterId: '00000000-0000-0000-0000-000000000000' };
    for (const [name, afterCursor, values] of [
      ['the first page', false, { studentId: ravi.student.id }],
      ['a later page', true, { studentId: ravi.student.id, ...after }],
    ] as const) {
      const rows = await explainGeneric(t.database.db, studentAttemptsPageQuery(t.database.db, { afterCursor, limit: 10 }), values, 'json');
      const plan = planOf(rows);
      const described = JSON.stringify(plan);
      expect(planNodes(plan).filter((node) => node['Relation Name'] === 'attempts' && node['Node Type'] === 'Seq Scan'), `${name}: ${described}`).toEqual([]);
      expect(planNodes(plan).some((node) => node['Index Name'] === 'attempts_student_completed_idx'), `${name}: ${described}`).toBe(true);
      expect(planNodes(plan).some((node) => node['Node Type'] === 'Sort' || node['Node Type'] === 'Incremental Sort'), `${name} sorts: ${described}`).toBe(false);
    }
  });
});

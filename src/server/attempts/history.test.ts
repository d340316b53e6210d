import { planNodes, type PlanNode } from '../db/explain.js';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_HISTORY_LIMIT, testHistory } from '../../shared/api/test-history.js';
import { NO_ACTING_STUDENT_MESSAGE } from '../auth/access.js';
import { attempts } from '../db/schema.js';
import { createTestApp, sessionCookieForUser, type TestApp } from '../test/app.js';
import { testDrivers } from '../test/databases.js';
import { createAdmin, createStudent, type CreatedStudent } from '../test/factories.js';
import { speakingTestHistoryQuery } from './history.js';

const DAY_MS = 86_400_000;
const FIRST = Date.parse('2026-01-01T09:00:00Z');

describe.each(testDrivers)('GET /api/student/test-history on %s', (driver) => {
  let t: TestApp;
  let student: CreatedStudent;
  let other: CreatedStudent;
  let quiet: CreatedStudent;
  /** The student's test ids, oldest first. */
  const ownIds: string[] = [];
  let otherId = '';

  async function insertAttempt(studentId: number, day: number, options: { kind?: 'ielts' | 'interview'; overall?: number | null } = {}) {
    const id = randomUUID();
    const overall = options.overall === undefined ? 5 + (day % 5) * 0.5 : options.overall;
    await t.database.db.insert(attempts).values({
      id,
      kind: options.kind ?? 'ielts',
      studentId,
      sessionData: {},
      assessable: overall !== null,
      overall,
      scores: overall === null ? null : { fluency: overall, vocabulary: overall, grammar: overall, pronunciation: overall, overall },
      durationMs: 600_000,
      completedAt: new Date(FIRST + day * DAY_MS),
    });
    return id;
  }

  beforeAll(async () => {
    t = await createTestApp({ driver });
    student = await createStudent(t.database.db, { studentName: 'Asha' });
    other = await createStudent(t.database.db, { studentName: 'Ravi' });
    quiet = await createStudent(t.database.db, { studentName: 'Meera' });
    // 25 tests, inserted out of order; one not assessable; interviews in between are not tests.
    const days = Array.from({ length: 25 }, (_, i) => i).sort((a, b) => ((a * 7) % 25) - ((b * 7) % 25));
    const byDay = new Map<number, string>();
    for (const day of days) byDay.set(day, await insertAttempt(student.student.id, day, { overall: day === 20 ? null : undefined }));
    for (let day = 0; day < 25; day++) ownIds.push(byDay.get(day) ?? '');
    await insertAttempt(student.student.id, 30, { kind: 'interview', overall: 7 });
    otherId = await insertAttempt(other.student.id, 24.5, { overall: 9 });
  });
  afterAll(() => t.close());

  const get = (cookie?: string) => t.app.inject({ method: 'GET', url: '/api/student/test-history', headers: cookie ? { cookie } : {} });

  it("gives the student's own last 20 speaking tests, oldest first, with null for one not assessed", async () => {
    const response = await get(await sessionCookieForUser(t.database.db, student.user.id));
    expect(response.statusCode, response.body).toBe(200);
    const body = testHistory.parse(response.json());
    expect(body.attempts).toHaveLength(TEST_HISTORY_LIMIT);
    expect(body.attempts.map((entry) => entry.attemptId)).toEqual(ownIds.slice(5));
    expect(body.attempts.map((entry) => entry.attemptId)).not.toContain(otherId);
    expect(body.attempts[0]).toEqual({ attemptId: ownIds[5], completedAt: new Date(FIRST + 5 * DAY_MS).toISOString(), overall: 5, teacherOverall: null });
    expect(body.attempts.find((entry) => entry.attemptId === ownIds[20])?.overall).toBeNull();
    const times = body.attempts.map((entry) => Date.parse(entry.completedAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it("never gives another student's tests", async () => {
    const response = await get(await sessionCookieForUser(t.database.db, other.user.id));
    expect(response.json()).toEqual({ attempts: [{ attemptId: otherId, completedAt: new Date(FIRST + 24.5 * DAY_MS).toISOString(), overall: 9, teacherOverall: null }] });
  });

  it("gives the teacher's overall band once it is released, never a draft review", async () => {
    const released = ownIds[23] ?? '';
    const drafted = ownIds[24] ?? '';
    await t.database.db
      .update(attempts)
      .set({ releasedScores: { fluency: 7, vocabulary: 7, grammar: 6.5, pronunciation: 7, overall: 7 }, releasedAt: new Date() })
      .where(eq(attempts.id, released));
    await t.database.db
      .update(attempts)
      .set({ teacherScores: { fluency: 4, vocabulary: 4, grammar: 4, pronunciation: 4, overall: 4 } })
      .where(eq(attempts.id, drafted));
    const body = testHistory.parse((await get(await sessionCookieForUser(t.database.db, student.user.id))).json());
    expect(body.attempts.find((entry) => entry.attemptId === released)?.teacherOverall).toBe(7);
    expect(body.attempts.find((entry) => entry.attemptId === drafted)?.teacherOverall).toBeNull();
    expect(body.attempts.filter((entry) => entry.teacherOverall !== null)).toHaveLength(1);
  });

  it('is empty for a student with no test yet', async () => {
    const response = await get(await sessionCookieForUser(t.database.db, quiet.user.id));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ attempts: [] });
  });

  it("gives a teacher the acting student's tests, and refuses a teacher with no acting student", async () => {
    const admin = await createAdmin(t.database.db);
    const acting = await get(await sessionCookieForUser(t.database.db, admin.user.id, { actingStudentId: other.student.id }));
    expect(acting.statusCode).toBe(200);
    expect(acting.json().attempts.map((entry: { attemptId: string }) => entry.attemptId)).toEqual([otherId]);
    const none = await get(await sessionCookieForUser(t.database.db, admin.user.id));
    expect(none.statusCode).toBe(403);
    expect(none.json().message).toBe(NO_ACTING_STUDENT_MESSAGE);
  });

  it('asks a signed-out caller to sign in', async () => {
    const response = await get();
    expect(response.statusCode).toBe(401);
  });

  it("reads one of the student's indexes, not the whole table, on PostgreSQL", async () => {
    if (driver !== 'postgres') return;
    // A few dozen rows: without this the planner rightly reads the whole small table.
    const plan = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const query = speakingTestHistoryQuery(t.database.db, student.student.id);
      const result = (await tx.execute(sql`explain (format json) ${query}`)) as unknown as {
        rows: Array<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>;
      };
      return result.rows[0]?.['QUERY PLAN'][0]?.Plan as PlanNode;
    });
    // attempts_student_idx (student, kind, date) on a school's table; on these few rows the planner may
    // take attempts_student_completed_idx (student, date), which reads the student's rows only as well.
    const studentIndexes = ['attempts_student_idx', 'attempts_student_completed_idx'];
    expect(planNodes(plan).some((node) => studentIndexes.includes(node['Index Name'] ?? '')), JSON.stringify(plan)).toBe(true);
  });
});

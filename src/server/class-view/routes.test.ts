import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COURSE_IELTS, COURSE_INTERVIEW } from '../../shared/courses.js';
import type { ClassView } from '../../shared/api/class-view.js';
import { attempts } from '../db/schema.js';
import { recordings } from '../db/schema-recordings.js';
import type { Database, Db } from '../db/open.js';
import { explainCustom, planNodes, planOf } from '../db/explain.js';
import { seedCourses } from '../db/seed.js';
import { createTestApp, sessionCookieForUser, type TestApp } from '../test/app.js';
import { createTestDatabase, testDrivers } from '../test/databases.js';
import { createAdmin, createStudent, type CreatedStudent } from '../test/factories.js';
import { invalidateReadCaches } from '../db/read-cache.js';
import {
  awaitingCountQuery,
  awaitingListQuery,
  coursesQuery,
  distributionQuery,
  inactiveCountQuery,
  inactiveListQuery,
  inactiveSince,
  schoolWeeks,
  weeklyQuery,
} from './queries.js';

/*
 * The class view on data small enough to work out by hand. The school is in Asia/Kolkata (UTC+5:30):
 * "now" is Wednesday 25 November 2026, 12:00 there, so the current school week began on Monday
 * 23 November at 00:00 IST = 22 November 18:30 UTC, and the 12 weeks begin on Monday 7 September.
 * "Not practised for 14 days": no attempt at or after 11 November 06:30 UTC.
 */
const NOW = new Date('2026-11-25T06:30:00Z');
const TIME_ZONE = 'Asia/Kolkata';

type Scores = Record<string, number>;
const ielts = (fluency: number, vocabulary: number, grammar: number, pronunciation: number): Scores => ({
  fluency,
  vocabulary,
  grammar,
  pronunciation,
  overall: (fluency + vocabulary + grammar + pronunciation) / 4,
});

interface Seed {
  kind?: 'ielts' | 'interview';
  at: string;
  scores: Scores | null;
  released?: Scores;
  reviewedDraft?: boolean;
}

async function insertAttempt(db: Db, student: CreatedStudent, seed: Seed): Promise<string> {
  const id = randomUUID();
  await db.insert(attempts).values({
    id,
    kind: seed.kind ?? 'ielts',
    studentId: student.student.id,
    sessionData: {},
    assessable: seed.scores !== null,
    overall: seed.scores?.overall ?? null,
    scores: seed.scores,
    durationMs: 60_000,
    completedAt: new Date(seed.at),
    ...(seed.released ? { teacherScores: seed.released, reviewedAt: NOW, releasedScores: seed.released, releasedAt: NOW, releasedComment: 'Good' } : {}),
    ...(seed.reviewedDraft ? { teacherScores: { fluency: 5 }, reviewedAt: NOW } : {}),
  });
  return id;
}

describe.each(testDrivers)('the class view on %s', (driver) => {
  let t: TestApp;
  let adminCookie: string;
  let studentCookie: string;
  let ieltsCourseId: number;
  let interviewCourseId: number;
  const ids: Record<string, string> = {};
  const people: Record<string, CreatedStudent> = {};

  beforeAll(async () => {
    t = await createTestApp({ driver, now: () => NOW, env: { SCHOOL_TIMEZONE: TIME_ZONE } });
    const db = t.database.db;
    const admin = await createAdmin(db);
    adminCookie = await sessionCookieForUser(db, admin.user.id);
    for (const name of ['Asha', 'Bilal', 'Chitra', 'Dev', 'Esha', 'Gita', 'Hari']) {
      people[name] = await createStudent(db, { studentName: name, courseName: COURSE_IELTS });
    }
    people.Farid = await createStudent(db, { studentName: 'Farid', courseName: COURSE_IELTS, status: 'Deactivated' });
    people.Indu = await createStudent(db, { studentName: 'Indu', courseName: COURSE_INTERVIEW });
    studentCookie = await sessionCookieForUser(db, people.Asha!.user.id);
    ieltsCourseId = people.Asha!.course.id;
    interviewCourseId = people.Indu!.course.id;
    const p = (name: string) => people[name]!;
    // This week (from 22 Nov 18:30 UTC).
    ids.a1 = await insertAttempt(db, p('Asha'), { at: '2026-11-24T05:00:00Z', scores: ielts(6, 5.5, 6, 7) });
    // Last week: the teacher's released bands (8, 7, 7, 7) replace the estimate (7, 7, 7, 7).
    ids.a2 = await insertAttempt(db, p('Asha'), { at: '2026-11-16T05:00:00Z', scores: ielts(7, 7, 7, 7), released: ielts(8, 7, 7, 7) });
    ids.b1 = await insertAttempt(db, p('Bilal'), { at: '2026-11-17T10:00:00Z', scores: ielts(5, 5, 5, 5), reviewedDraft: true });
    // Sunday 23:59:59 IST: last week; a second later, Monday 00:00 IST: this week (too little speech: no band).
    ids.b2 = await insertAttempt(db, p('Bilal'), { at: '2026-11-22T18:29:59Z', scores: ielts(6, 6, 6, 6) });
    ids.b3 = await insertAttempt(db, p('Bilal'), { at: '2026-11-22T18:30:00Z', scores: null });
    // Exactly 14 days before now: still practising. One second earlier: not.
    ids.c1 = await insertAttempt(db, p('Chitra'), { at: '2026-11-11T06:30:00Z', scores: ielts(4, 4, 4, 4.5) });
    ids.d1 = await insertAttempt(db, p('Dev'), { at: '2026-11-11T06:29:59Z', scores: ielts(6.5, 6.5, 6.5, 6.5), released: ielts(6, 6, 6, 6) });
    // A deactivated student: not in the class's figures, but the attempt still waits for review.
    ids.f1 = await insertAttempt(db, p('Farid'), { at: '2026-11-23T08:00:00Z', scores: ielts(9, 9, 9, 9) });
    // An interview by a student of the IELTS course: not an IELTS criterion average, but her latest band.
    ids.g1 = await insertAttempt(db, p('Gita'), {
      kind: 'interview',
      at: '2026-11-24T09:00:00Z',
      scores: { communication: 7, confidence: 7, relevance: 7, clarity: 7, overall: 7 },
    });
    // Thirteen weeks ago: before the weeks shown.
    ids.h1 = await insertAttempt(db, p('Hari'), { at: '2026-08-30T05:00:00Z', scores: ielts(5.5, 5.5, 5.5, 5.5) });
    ids.i1 = await insertAttempt(db, p('Indu'), {
      kind: 'interview',
      at: '2026-11-20T05:00:00Z',
      scores: { communication: 6, confidence: 6, relevance: 6, clarity: 6, overall: 6 },
    });
    invalidateReadCaches(db);
  });
  afterAll(() => t?.close());

  const get = (url: string, cookie: string | null = adminCookie) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it('works out the weeks and the 14-day line in the school time zone', () => {
    const weeks = schoolWeeks(NOW, TIME_ZONE);
    expect(weeks).toHaveLength(12);
    expect(weeks[0]).toEqual({ start: '2026-09-07', at: new Date('2026-09-06T18:30:00Z') });
    expect(weeks[11]).toEqual({ start: '2026-11-23', at: new Date('2026-11-22T18:30:00Z') });
    expect(inactiveSince(NOW)).toEqual(new Date('2026-11-11T06:30:00Z'));
  });

  it("shows a course's figures as worked out by hand", async () => {
    const response = await get(`/api/admin/class?courseId=${ieltsCourseId}`);
    expect(response.statusCode, response.body).toBe(200);
    const view = response.json() as ClassView;
    expect(view.course).toEqual({ id: ieltsCourseId, courseName: COURSE_IELTS, isActive: true, kind: 'ielts', students: 7 });

    // Latest overall per activated student: Asha 6.125 -> 6.0; Bilal's latest has no band; Chitra 4.125 -> 4.0;
    // Dev's released 6 (not his estimate 6.5); Esha never practised; Gita's interview 7; Hari 5.5. Farid is deactivated.
    expect(view.distribution).toEqual({
      bands: [
        { band: 4, count: 1 },
        { band: 5.5, count: 1 },
        { band: 6, count: 2 },
        { band: 7, count: 1 },
      ],
      noBand: 1,
      neverPractised: 1,
      total: 7,
    });

    const weekly = view.weekly!;
    expect(weekly.weeks.map((week) => week.start)).toEqual([
      '2026-09-07', '2026-09-14', '2026-09-21', '2026-09-28', '2026-10-05', '2026-10-12',
      '2026-10-19', '2026-10-26', '2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23',
    ]);
    // Week of 9 Nov: Chitra (4, 4, 4, 4.5) and Dev's released (6, 6, 6, 6). Week of 16 Nov: Asha's released
    // (8, 7, 7, 7), Bilal (5, 5, 5, 5) and (6, 6, 6, 6). This week: Asha (6, 5.5, 6, 7) and Bilal's attempt without a band.
    expect(weekly.weeks.map((week) => week.attempts)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 3, 2]);
    // Bilal's attempt this week has no band: counted, not averaged.
    expect(weekly.weeks.map((week) => week.banded)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 3, 1]);
    const empty = Array.from({ length: 9 }, () => null);
    const averages = Object.fromEntries(weekly.criteria.map((c) => [c.criterion, c.averages]));
    expect(weekly.criteria.map((c) => c.label)).toEqual(['Fluency', 'Vocabulary', 'Grammar', 'Pronunciation']);
    expect(averages.fluency?.slice(0, 9)).toEqual(empty);
    expect(averages.fluency?.slice(9)).toEqual([5, expect.closeTo(19 / 3, 10), 6]);
    expect(averages.vocabulary?.slice(9)).toEqual([5, 6, 5.5]);
    expect(averages.grammar?.slice(9)).toEqual([5, 6, 6]);
    expect(averages.pronunciation?.slice(9)).toEqual([5.25, 6, 7]);

    // Never practised first, then the longest without practice; Chitra, exactly 14 days ago, is not listed.
    expect(view.inactive?.since).toBe('2026-11-11T06:30:00.000Z');
    expect(view.inactive?.total).toBe(3);
    expect(view.inactive?.students).toEqual([
      { id: people.Esha!.student.id, studentName: 'Esha', mobileNumber: people.Esha!.student.mobileNumber, mobileNumberDisplay: expect.stringMatching(/^\+91 \d{5} \d{5}$/), lastAttemptAt: null, latestAttemptId: null },
      { id: people.Hari!.student.id, studentName: 'Hari', mobileNumber: people.Hari!.student.mobileNumber, mobileNumberDisplay: expect.stringMatching(/^\+91 \d{5} \d{5}$/), lastAttemptAt: '2026-08-30T05:00:00.000Z', latestAttemptId: ids.h1 },
      { id: people.Dev!.student.id, studentName: 'Dev', mobileNumber: people.Dev!.student.mobileNumber, mobileNumberDisplay: expect.stringMatching(/^\+91 \d{5} \d{5}$/), lastAttemptAt: '2026-11-11T06:29:59.000Z', latestAttemptId: ids.d1 },
    ]);

    // Never released, oldest first (Asha's and Dev's released attempts are not waiting; Farid's is).
    expect(view.awaiting.total).toBe(8);
    expect(view.awaiting.capped).toBe(false);
    expect(view.awaiting.attempts.map((a) => a.id)).toEqual([ids.h1, ids.c1, ids.b1, ids.b2, ids.b3, ids.f1, ids.a1, ids.g1]);
    expect(view.awaiting.attempts[2]).toEqual({
      id: ids.b1,
      kind: 'ielts',
      studentId: people.Bilal!.student.id,
      studentName: 'Bilal',
      courseName: COURSE_IELTS,
      completedAt: '2026-11-17T10:00:00.000Z',
      reviewed: true,
      nothingToScore: false,
    });
    expect(view.awaiting.attempts[7]?.kind).toBe('interview');
  });

  it('averages the interview criteria for the Interview Aspirant course', async () => {
    const view = (await get(`/api/admin/class?courseId=${interviewCourseId}`)).json() as ClassView;
    expect(view.course?.kind).toBe('interview');
    expect(view.weekly?.criteria.map((c) => [c.criterion, c.averages.slice(10)])).toEqual([
      ['communication', [6, null]],
      ['confidence', [6, null]],
      ['relevance', [6, null]],
      ['clarity', [6, null]],
    ]);
    expect(view.distribution).toEqual({ bands: [{ band: 6, count: 1 }], noBand: 0, neverPractised: 0, total: 1 });
    expect(view.awaiting.attempts.map((a) => a.id)).toEqual([ids.i1]);
  });

  it('without a course: the picker with student counts and every course awaiting review', async () => {
    const response = await get('/api/admin/class');
    expect(response.statusCode, response.body).toBe(200);
    const view = response.json() as ClassView;
    expect(view.course).toBeNull();
    expect(view.distribution).toBeNull();
    expect(view.weekly).toBeNull();
    expect(view.inactive).toBeNull();
    expect(view.courses.map((c) => [c.courseName, c.kind, c.students])).toEqual([
      [COURSE_IELTS, 'ielts', 7],
      [COURSE_INTERVIEW, 'interview', 1],
      ['Speaking Level 3', 'ielts', 0],
    ]);
    expect(view.awaiting.total).toBe(9);
    expect(view.awaiting.attempts.map((a) => a.id)).toEqual([ids.h1, ids.c1, ids.b1, ids.i1, ids.b2, ids.b3, ids.f1, ids.a1, ids.g1]);
    expect(view.awaiting.attempts[3]?.courseName).toBe(COURSE_INTERVIEW);
    // An empty courseId is the same as none.
    expect((await get('/api/admin/class?courseId=')).statusCode).toBe(200);
  });

  it('a released review leaves the list and changes the figures at once', async () => {
    const released = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/attempts/${ids.h1}/review`,
      headers: { cookie: adminCookie },
      payload: { comment: 'Well done', scores: { fluency: 7, vocabulary: 7, grammar: 7, pronunciation: 7 }, version: 0 },
    });
    expect(released.statusCode, released.body).toBe(200);
    const version = (released.json() as { version: number }).version;
    const release = await t.app.inject({ method: 'POST', url: `/api/admin/attempts/${ids.h1}/review/release`, headers: { cookie: adminCookie }, payload: { version } });
    expect(release.statusCode, release.body).toBe(200);
    const view = (await get(`/api/admin/class?courseId=${ieltsCourseId}`)).json() as ClassView;
    expect(view.awaiting.total).toBe(7);
    expect(view.awaiting.attempts[0]?.id).toBe(ids.c1);
    // Hari's latest is now the teacher's 7.
    expect(view.distribution?.bands).toEqual([
      { band: 4, count: 1 },
      { band: 6, count: 2 },
      { band: 7, count: 2 },
    ]);
  });

  it('refuses the signed-out (401), students (403), a bad course id (400) and answers 404 for an unknown course', async () => {
    expect((await get(`/api/admin/class?courseId=${ieltsCourseId}`, null)).statusCode).toBe(401);
    expect((await get(`/api/admin/class?courseId=${ieltsCourseId}`, studentCookie)).statusCode).toBe(403);
    expect((await get('/api/admin/class', studentCookie)).statusCode).toBe(403);
    for (const bad of ['abc', '0', '-3', '1.5', '99999999999']) {
      const response = await get(`/api/admin/class?courseId=${bad}`);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json()).toEqual({ message: expect.stringContaining('courseId') });
    }
    const missing = await get('/api/admin/class?courseId=999999');
    expect(missing.statusCode).toBe(404);
  });

  it('marks an awaiting attempt with nothing to score (no recording, no transcript, no band), as the attempts list does', async () => {
    const db = t.database.db;
    const indu = people.Indu!;
    const untranscribed = { kind: 'interview' as const, studentId: indu.student.id, assessable: false, durationMs: 60_000 };
    const nothing = randomUUID();
    const recorded = randomUUID();
    const banded = randomUUID();
    await db.insert(attempts).values([
      { ...untranscribed, id: nothing, sessionData: { noTranscript: true, noRecording: true }, completedAt: new Date('2026-11-25T05:00:00Z') },
      // The device said it made none, but a recording was stored: the teacher can listen.
      { ...untranscribed, id: recorded, sessionData: { noTranscript: true, noRecording: true }, completedAt: new Date('2026-11-25T06:00:00Z') },
      // A teacher has given a band: there was something to score.
      { ...untranscribed, id: banded, sessionData: { noTranscript: true, noRecording: true }, teacherScores: { communication: 5 }, reviewedAt: NOW, completedAt: new Date('2026-11-25T07:00:00Z') },
    ]);
    await db.insert(recordings).values({ attemptId: recorded, mimeType: 'audio/webm', sizeBytes: 1_000, store: 'database', studentId: indu.student.id });
    invalidateReadCaches(db);
    const view = (await get(`/api/admin/class?courseId=${interviewCourseId}`)).json() as ClassView;
    expect(view.awaiting.attempts.map((a) => [a.id, a.nothingToScore])).toEqual([
      [ids.i1, false],
      [nothing, true],
      [recorded, false],
      [banded, false],
    ]);
  });
});

const STUDENTS = 6000;
const ATTEMPTS = 24_000;

describe.runIf(testDrivers.includes('postgres'))('the class view queries on PostgreSQL', () => {
  let database: Database;
  let courseId: number;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const db = database.db;
    await seedCourses(db);
    // As the bench seeds, a tenth of the size: students spread over the three courses, four attempts each over a year.
    await db.execute(sql`
      insert into users (username, password_hash, is_admin) select 'plan' || g, 'x', false from generate_series(1, ${STUDENTS}) g`);
    await db.execute(sql`
      insert into students (user_id, student_name, course_id, mobile_number, status)
      select u.id, 'Student ' || g, c.ids[1 + g % array_length(c.ids, 1)], '+9190000' || lpad(g::text, 5, '0'),
             case when g % 10 = 0 then 'Deactivated' else 'Activated' end
      from generate_series(1, ${STUDENTS}) g
      join users u on u.username = 'plan' || g
      cross join (select array_agg(id order by id) as ids from courses) c`);
    await db.execute(sql`
      insert into attempts (id, kind, student_id, session_data, assessable, overall, scores, duration_ms, completed_at)
      select gen_random_uuid(), case when g % 2 = 0 then 'ielts' else 'interview' end, s.first_id + (g * 7919) % ${STUDENTS}, '{}'::jsonb,
             g % 10 <> 0, 5 + (g % 7) * 0.5,
             jsonb_build_object('fluency', 6, 'vocabulary', 6, 'grammar', 6, 'pronunciation', 6, 'communication', 6, 'confidence', 6, 'relevance', 6, 'clarity', 6),
             60000, now() - ((g::bigint * 104729) % (365 * 86400)) * interval '1 second'
      from generate_series(1, ${ATTEMPTS}) g
      cross join (select min(id) as first_id from students) s`);
    await db.execute(sql`vacuum analyze`);
    const [row] = ((await db.execute(sql`select id from courses where course_name = ${COURSE_IELTS}`)) as unknown as { rows: Array<{ id: number }> }).rows;
    courseId = Number(row?.id);
  }, 180_000);
  afterAll(() => database?.close());

  it('reads every query through an index, never a sequential scan of students or attempts', async () => {
    const now = new Date();
    const since = inactiveSince(now);
    const weeks = schoolWeeks(now, TIME_ZONE).map((week) => week.at);
    const queries: Array<[string, SQL, string]> = [
      ['courses', coursesQuery(), 'students_class_idx'],
      ['distribution', distributionQuery(courseId), 'students_class_idx'],
      ['weekly averages', weeklyQuery(courseId, 'ielts', weeks), 'students_class_idx'],
      ['inactive count', inactiveCountQuery(courseId, since), 'students_class_idx'],
      ['inactive list', inactiveListQuery(courseId, since), 'students_class_idx'],
      ['awaiting list (course)', awaitingListQuery(courseId), 'attempts_awaiting_review_idx'],
      ['awaiting list (all)', awaitingListQuery(null), 'attempts_awaiting_review_idx'],
      ['awaiting count (course)', awaitingCountQuery(courseId), 'attempts_awaiting_review_idx'],
      ['awaiting count (all)', awaitingCountQuery(null), 'attempts_awaiting_review_idx'],
    ];
    for (const [name, query, index] of queries) {
      const rows = await explainCustom(database.db, query, 'json');
      const plan = planOf(rows);
      const all = planNodes(plan);
      const described = JSON.stringify(plan);
      expect(
        all.filter((node) => node['Node Type'] === 'Seq Scan' && ['students', 'attempts'].includes(node['Relation Name'] ?? '')),
        `${name}: ${described}`,
      ).toEqual([]);
      expect(all.some((node) => node['Index Name'] === index), `${name} uses ${index}: ${described}`).toBe(true);
    }
  });
});

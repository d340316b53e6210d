import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CUE_CARDS } from '../../shared/speaking-test/questions.js';
import { attempts } from '../db/schema.js';
import type { Db } from '../db/open.js';
import { createTestApp, sessionCookieForUser, type TestApp } from '../test/app.js';
import { interviewSessionBody, testSessionBody } from '../test/attempt-fixtures.js';
import { testDrivers } from '../test/databases.js';
import { createAdmin, createStudent, type CreatedAdmin, type CreatedStudent } from '../test/factories.js';
import { invalidateReadCaches } from '../db/read-cache.js';

type Kind = 'ielts' | 'interview';
const LIST: Record<Kind, string> = { ielts: '/api/admin/test-attempts', interview: '/api/admin/interview-attempts' };

/** Stored attempts completed at the given times (bypassing the API: only the list matters here). */
async function insertAttempts(db: Db, studentId: number, kind: Kind, completedAts: Date[]): Promise<string[]> {
  if (completedAts.length === 0) return [];
  const rows = completedAts.map((completedAt) => ({
    id: randomUUID(),
    kind,
    studentId,
    sessionData: {},
    assessable: true,
    overall: kind === 'ielts' ? 6.125 : 6,
    scores:
      kind === 'ielts'
        ? { fluency: 6.5, vocabulary: 6, grammar: 6, pronunciation: 6, overall: 6.125 }
        : { communication: 5.44, confidence: 6, relevance: 7.1, clarity: 6.2, overall: 6 },
    durationMs: 60_000,
    completedAt,
  }));
  await db.insert(attempts).values(rows);
  invalidateReadCaches(db);
  return rows.map((row) => row.id);
}

/** `count` times a minute apart, the newest first, ending at `newest`. */
const minutesBefore = (newest: string, count: number) =>
  Array.from({ length: count }, (_, i) => new Date(new Date(newest).getTime() - i * 60_000));

describe.each(testDrivers)('admin attempts on %s', (driver) => {
  let t: TestApp;
  let admin: CreatedAdmin;
  let student: CreatedStudent;
  let adminCookie: string;
  let studentCookie: string;

  beforeAll(async () => {
    t = await createTestApp({ driver });
    admin = await createAdmin(t.database.db, { username: 'headteacher' });
    student = await createStudent(t.database.db, { studentName: 'Asha Rao', mobileNumber: '98765 43210' });
    adminCookie = await sessionCookieForUser(t.database.db, admin.user.id);
    studentCookie = await sessionCookieForUser(t.database.db, student.user.id);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.database.db.delete(attempts);
    invalidateReadCaches(t.database.db);
  });

  const get = (url: string, cookie = adminCookie) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  /** The review as the form sends it: with the version it was made from (the one the page read), unless the payload names one. */
  const patch = async (id: string, payload: Record<string, unknown>, cookie = adminCookie) => {
    const read = await get(`/api/admin/attempts/${id}`);
    const version = read.statusCode === 200 ? (read.json() as { reviewVersion: number }).reviewVersion : 0;
    return t.app.inject({ method: 'PATCH', url: `/api/admin/attempts/${id}/review`, headers: { cookie }, payload: { version, ...payload } });
  };
  const save = async (url: '/api/test-sessions' | '/api/interview-sessions', body: unknown) => {
    const response = await t.app.inject({ method: 'POST', url, headers: { cookie: studentCookie }, payload: body as Record<string, unknown> });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { attemptId: string; scores: Record<string, number> | null };
  };

  describe.each(['ielts', 'interview'] as const)('the %s list', (kind) => {
    const other: Kind = kind === 'ielts' ? 'interview' : 'ielts';

    it.each([
      [0, [0]],
      [10, [10, 0]],
      [11, [10, 1]],
      [25, [10, 10, 5, 0]],
    ])('with %i attempts: totals and page sizes %j', async (count, pageSizes) => {
      await insertAttempts(t.database.db, student.student.id, kind, minutesBefore('2026-11-20T12:00:00Z', count));
      // Attempts of the other kind are never counted.
      await insertAttempts(t.database.db, student.student.id, other, minutesBefore('2026-11-20T12:00:00Z', 3));
      const seen: string[] = [];
      for (const [index, size] of pageSizes.entries()) {
        const response = await get(`${LIST[kind]}?page=${index + 1}&limit=10`);
        expect(response.statusCode, response.body).toBe(200);
        const body = response.json();
        expect(body.total).toBe(count);
        expect(body.attempts).toHaveLength(size);
        seen.push(...body.attempts.map((row: { createdAt: string }) => row.createdAt));
      }
      // Newest first across the pages, each attempt once.
      expect(seen).toEqual(minutesBefore('2026-11-20T12:00:00Z', count).map((at) => at.toISOString()));
    });

    it('orders attempts completed at the same moment by id (descending: the index read backwards, so no page is sorted)', async () => {
      const ids = await insertAttempts(t.database.db, student.student.id, kind, minutesBefore('2026-11-20T12:00:00Z', 1).flatMap((at) => [at, at, at]));
      const body = (await get(LIST[kind])).json();
      expect(body.attempts.map((row: { id: string }) => row.id)).toEqual([...ids].sort().reverse());
    });

    it('filters by the date at the school (Asia/Kolkata): 18:29:59Z is 1 March, 18:30:00Z is 2 March', async () => {
      const [lateFirst, earlySecond] = await insertAttempts(t.database.db, student.student.id, kind, [
        new Date('2026-03-01T18:29:59Z'),
        new Date('2026-03-01T18:30:00Z'),
      ]);
      await insertAttempts(t.database.db, student.student.id, kind, [new Date('2026-02-28T18:29:59Z'), new Date('2026-03-02T18:30:00Z')]);
      const first = (await get(`${LIST[kind]}?date=2026-03-01`)).json();
      expect(first.total).toBe(1);
      expect(first.attempts.map((row: { id: string }) => row.id)).toEqual([lateFirst]);
      const second = (await get(`${LIST[kind]}?date=2026-03-02`)).json();
      expect(second.total).toBe(1);
      expect(second.attempts.map((row: { id: string }) => row.id)).toEqual([earlySecond]);
      expect((await get(`${LIST[kind]}?date=2026-03-05`)).json()).toEqual({ attempts: [], total: 0 });
      // An empty date is no filter.
      expect((await get(`${LIST[kind]}?date=`)).json().total).toBe(4);
    });
  });

  it.each([
    ['date=yesterday', 'date: must be a date written YYYY-MM-DD'],
    ['date=2026-02-30', 'date: is not a real calendar date'],
    ['date=2026-13-01', 'date: is not a real calendar date'],
    ['date=26-03-01', 'date: must be a date written YYYY-MM-DD'],
    ['date=1969-12-31', 'date: must be a date from 1970 to 2999'],
    ['page=0', 'page: must be 1 or more'],
    ['page=two', 'page: must be a page number'],
    ['limit=101', 'limit: must be at most 100'],
  ])('refuses %s with 400 naming the field', async (query, message) => {
    for (const url of [LIST.ielts, LIST.interview, `${LIST.ielts}/export.csv`]) {
      if (url.endsWith('.csv') && !query.startsWith('date')) continue;
      const response = await get(`${url}?${query}`);
      expect(response.statusCode, `${url}?${query}`).toBe(400);
      expect(response.json()).toEqual({ message });
    }
  });

  it('lists rows with the student, the stored scores and the review state; no scores when not assessable', async () => {
    const saved = await save('/api/test-sessions', testSessionBody(student.student.id));
    const quiet = await save('/api/test-sessions', testSessionBody(student.student.id, { answer: 'My name is Asha.' }));
    const interview = await save('/api/interview-sessions', interviewSessionBody(student.student.id));
    const ielts = (await get(LIST.ielts)).json();
    expect(ielts.total).toBe(2);
    const row = ielts.attempts.find((r: { id: string }) => r.id === saved.attemptId);
    expect(row).toEqual({
      id: saved.attemptId,
      studentName: 'Asha Rao',
      course: 'IELTS',
      mobileNumber: '+919876543210',
      mobileNumberDisplay: '+91 98765 43210',
      status: 'Activated',
      assessable: true,
      scores: saved.scores,
      overall: saved.scores?.overall,
      teacherScores: null,
      reviewed: false,
      reviewState: 'none',
      releasedScores: null,
      reviewerName: null,
      releasedByName: null,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(ielts.attempts.find((r: { id: string }) => r.id === quiet.attemptId)).toMatchObject({ assessable: false, scores: null, overall: null });
    const interviews = (await get(LIST.interview)).json();
    expect(interviews).toEqual({ total: 1, attempts: [expect.objectContaining({ id: interview.attemptId, scores: interview.scores, overall: interview.scores?.overall })] });
  });

  describe('one attempt', () => {
    it('gives the answers by part with the cue card, the stored analysis, the recording and no review yet', async () => {
      const body = testSessionBody(student.student.id);
      const card = CUE_CARDS[0];
      body.sessionData.questionAnswerPairs.push({
        questionNumber: 1,
        question: card?.topic ?? '',
        answer: 'I went to Goa by train with um my cousins and the the journey was long.',
        part: 2,
        responseTimeMs: 3000,
        speakingTimeMs: 50_000,
      });
      const saved = await save('/api/test-sessions', body);
      const upload = await t.app.inject({
        method: 'PUT',
        url: `/api/attempts/${saved.attemptId}/recording`,
        headers: { cookie: studentCookie, 'content-type': 'audio/wav' },
        payload: Buffer.from('RIFF....WAVE'),
      });
      expect(upload.statusCode).toBe(200);

      const response = await get(`/api/admin/attempts/${saved.attemptId}`);
      expect(response.statusCode, response.body).toBe(200);
      const detail = response.json();
      expect(detail).toMatchObject({
        id: saved.attemptId,
        kind: 'ielts',
        student: { id: student.student.id, studentName: 'Asha Rao', mobileNumber: '+919876543210', mobileNumberDisplay: '+91 98765 43210', status: 'Activated' },
        course: 'IELTS',
        durationMs: 95_000,
        assessable: true,
        notAssessableReason: null,
        scores: saved.scores,
        demo: false,
        teacherComment: null,
        teacherScores: null,
        reviewedAt: null,
        reviewerUsername: null,
        audioUrl: `/api/attempts/${saved.attemptId}/recording`,
      });
      expect(detail.answers).toHaveLength(2);
      expect(detail.answers[0]).toMatchObject({ part: 1, question: 'Where did you grow up?', cueCard: null, responseTimeMs: 1200, speakingTimeMs: 30_000 });
      expect(detail.answers[1]).toMatchObject({ part: 2, cueCard: { topic: card?.topic, bullets: card?.bullets } });
      expect(detail.analysis.criteria.map((c: { criterion: string }) => c.criterion)).toEqual(['fluency', 'vocabulary', 'grammar', 'pronunciation']);
      const fluency = detail.analysis.criteria[0];
      expect(fluency.band).toBe(saved.scores?.fluency);
      expect(Object.keys(fluency.figures).sort()).toEqual(['fillerRatio', 'responseTimeMs', 'wordsPerMinute']);
      expect(fluency.advice).toEqual(expect.any(String));
      expect(detail.analysis.metrics).toMatchObject({ wordCount: expect.any(Number), grammarErrors: 1, fillerWords: 1 });
    });

    it('explains why an attempt has no estimate', async () => {
      const saved = await save('/api/test-sessions', testSessionBody(student.student.id, { answer: 'My name is Asha.' }));
      const detail = (await get(`/api/admin/attempts/${saved.attemptId}`)).json();
      expect(detail).toMatchObject({ assessable: false, scores: null, overall: null, audioUrl: null });
      expect(detail.notAssessableReason).toMatch(/^Only 4 words were recognised; a band estimate needs at least 50/);
      expect(detail.analysis).toMatchObject({ assessable: false, criteria: [] });
    });

    it('gives an interview with its questions and the report figures', async () => {
      const saved = await save('/api/interview-sessions', interviewSessionBody(student.student.id));
      const detail = (await get(`/api/admin/attempts/${saved.attemptId}`)).json();
      expect(detail).toMatchObject({ kind: 'interview', course: 'IELTS', durationMs: 120_000, audioUrl: null, scores: saved.scores });
      expect(detail.answers).toEqual([
        expect.objectContaining({ questionId: 1, question: 'Tell me about yourself.', category: 'Introduction', timestamp: 4000 }),
        expect.objectContaining({ questionId: 2, answer: '' }),
      ]);
      expect(detail.analysis.figures).toMatchObject({ questionCount: 2, answeredCount: 1, relevance: [expect.any(Object), expect.any(Object)] });
    });

    it('answers 404 for an unknown attempt and 400 for an id that is not one', async () => {
      const unknown = await get(`/api/admin/attempts/${randomUUID()}`);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toMatch(/^There is no such attempt/);
      const bad = await get('/api/admin/attempts/42');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('id: must be an attempt id (UUID)');
    });
  });

  describe('the teacher review', () => {
    it('saves a comment and bands apart from the estimate, shows them in the list, and clears them', async () => {
      const saved = await save('/api/test-sessions', testSessionBody(student.student.id));
      const before = Date.now();
      const response = await patch(saved.attemptId, {
        comment: '  Good range of words; work on linking ideas.  ',
        scores: { fluency: 6.5, vocabulary: 7, grammar: 6, pronunciation: 7 },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        reviewed: true,
        teacherComment: 'Good range of words; work on linking ideas.',
        teacherScores: { fluency: 6.5, vocabulary: 7, grammar: 6, pronunciation: 7, overall: 6.625 },
        reviewedAt: expect.any(String),
        reviewerUsername: 'headteacher',
        reviewerName: 'headteacher',
        releasePending: true,
        event: expect.objectContaining({ action: 'saved', from: null, byUsername: 'headteacher' }),
        version: expect.any(Number),
      });
      expect(response.json().version).toBe(response.json().event.id);
      expect(new Date(response.json().reviewedAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
      const [row] = await t.database.db.select().from(attempts).where(eq(attempts.id, saved.attemptId));
      expect(row).toMatchObject({ reviewedByUserId: admin.user.id, scores: saved.scores, overall: saved.scores?.overall });

      const listed = (await get(LIST.ielts)).json().attempts[0];
      expect(listed).toMatchObject({ reviewed: true, scores: saved.scores, teacherScores: { fluency: 6.5, overall: 6.625 } });
      const detail = (await get(`/api/admin/attempts/${saved.attemptId}`)).json();
      expect(detail).toMatchObject({ teacherComment: 'Good range of words; work on linking ideas.', reviewerUsername: 'headteacher' });

      // Some bands only: no teacher overall.
      const partial = (await patch(saved.attemptId, { comment: '', scores: { fluency: 7, grammar: null } })).json();
      expect(partial).toMatchObject({
        reviewed: true,
        teacherComment: null,
        teacherScores: { fluency: 7, vocabulary: null, grammar: null, pronunciation: null, overall: null },
      });

      const cleared = await patch(saved.attemptId, { comment: ' ', scores: {} });
      expect(cleared.json()).toEqual({
        reviewed: false,
        teacherComment: null,
        teacherScores: null,
        reviewedAt: null,
        reviewerUsername: null,
        reviewerName: null,
        releasePending: false,
        event: expect.objectContaining({ action: 'saved', to: null }),
        version: expect.any(Number),
      });
      expect((await get(LIST.ielts)).json().attempts[0]).toMatchObject({ reviewed: false, teacherScores: null });
    });

    it('gives each list row its review state, who saved and who released, and the released bands apart from a draft', async () => {
      const saved = await save('/api/test-sessions', testSessionBody(student.student.id));
      const draft = await patch(saved.attemptId, { comment: 'First look.', scores: { fluency: 6.5, vocabulary: 7, grammar: 6, pronunciation: 7 } });
      const row = async () => (await get(LIST.ielts)).json().attempts[0];
      // Saved, not released: a draft, with who saved it; the student's result is not the teacher's yet.
      expect(await row()).toMatchObject({ reviewState: 'draft', releasedScores: null, reviewerName: 'headteacher', releasedByName: null });
      const released = await t.app.inject({
        method: 'POST',
        url: `/api/admin/attempts/${saved.attemptId}/review/release`,
        headers: { cookie: adminCookie },
        payload: { version: draft.json().version },
      });
      expect(released.statusCode, released.body).toBe(200);
      expect(await row()).toMatchObject({ reviewState: 'released', releasedScores: { fluency: 6.5, overall: 6.625 }, releasedByName: 'headteacher' });
      // Released, with saved changes the student does not see yet: the released bands stay apart from the draft.
      const changed = await patch(saved.attemptId, { comment: 'Second look.', scores: { fluency: 3 }, reason: 'Listened again' });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(await row()).toMatchObject({
        reviewState: 'changed',
        teacherScores: { fluency: 3, overall: null },
        releasedScores: { fluency: 6.5, overall: 6.625 },
      });
    });

    it('derives the interview overall as the rounded mean', async () => {
      const saved = await save('/api/interview-sessions', interviewSessionBody(student.student.id));
      const response = await patch(saved.attemptId, { comment: 'Clear answers.', scores: { communication: 6.5, confidence: 7, relevance: 7, clarity: 7 } });
      expect(response.json().teacherScores).toEqual({ communication: 6.5, confidence: 7, relevance: 7, clarity: 7, overall: 7 });
    });

    it.each([
      [{ comment: 'x', scores: { communication: 7 } }, 'scores.communication: is not a criterion of an IELTS attempt (fluency, vocabulary, grammar, pronunciation)'],
      [{ comment: 'x', scores: { fluency: 6.3 } }, 'scores.fluency: must be in half steps (6, 6.5, 7...)'],
      [{ comment: 'x', scores: { fluency: 9.5 } }, 'scores.fluency: must be at most 9'],
      [{ comment: 'x', scores: { fluency: -1 } }, 'scores.fluency: must be at least 0'],
      [{ comment: 'x', scores: { overall: 7 } }, 'scores: has an unknown criterion: overall'],
      [{ comment: 'x'.repeat(2001), scores: {} }, 'comment: must be at most 2000 characters'],
      [{ scores: {} }, 'comment: is required'],
      [{ comment: 'x' }, 'scores: is required'],
    ])('refuses %j with 400', async (payload, message) => {
      const saved = await save('/api/test-sessions', testSessionBody(student.student.id));
      const response = await patch(saved.attemptId, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
    });

    it('is refused to a student (403) and for an unknown attempt (404)', async () => {
      const saved = await save('/api/test-sessions', testSessionBody(student.student.id));
      const asStudent = await patch(saved.attemptId, { comment: 'I did great', scores: { fluency: 9 } }, studentCookie);
      expect(asStudent.statusCode).toBe(403);
      expect((await get(`/api/admin/attempts/${saved.attemptId}`, studentCookie)).statusCode).toBe(403);
      const unknown = await patch(randomUUID(), { comment: 'x', scores: {} });
      expect(unknown.statusCode).toBe(404);
      const [row] = await t.database.db.select().from(attempts).where(eq(attempts.id, saved.attemptId));
      expect(row?.reviewedAt).toBeNull();
    });
  });

  describe('CSV export', () => {
    it('exports the filtered list with a header row, school times, teacher columns and formula-safe cells', async () => {
      const tricky = await createStudent(t.database.db, { studentName: '=HYPERLINK("http://x")', mobileNumber: '+91 98111 22334' });
      const [reviewedId] = await insertAttempts(t.database.db, tricky.student.id, 'ielts', [new Date('2026-03-01T18:29:59Z')]);
      await insertAttempts(t.database.db, student.student.id, 'ielts', [new Date('2026-03-01T18:30:00Z')]);
      await insertAttempts(t.database.db, student.student.id, 'interview', [new Date('2026-03-01T10:00:00Z')]);
      await patch(reviewedId ?? '', { comment: 'Good, but "um" often.\nPractise Part 2.', scores: { fluency: 7, vocabulary: 6.5, grammar: 6, pronunciation: 6.5 } });

      const response = await get(`${LIST.ielts}/export.csv?date=2026-03-01`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe('attachment; filename="ielts-attempts-2026-03-01.csv"');
      expect(response.body.startsWith('\uFEFF')).toBe(true);
      const lines = response.body.slice(1).split('\r\n');
      expect(lines[0]).toBe(
        'Student Name,Course,Mobile,Status,Overall Score,Fluency,Vocabulary,Grammar,Pronunciation,Test Date,Assessable,' +
          'Teacher Review,Teacher Overall,Teacher Fluency,Teacher Vocabulary,Teacher Grammar,Teacher Pronunciation,Teacher Comment,' +
          'Released Overall,Released Fluency,Released Vocabulary,Released Grammar,Released Pronunciation,Attempt ID',
      );
      expect(response.body.slice(1)).toBe(
        `${lines[0]}\r\n` +
          `"'=HYPERLINK(""http://x"")",IELTS,'+919811122334,Activated,6.0,6.5,6.0,6.0,6.0,2026-03-01 23:59,Yes,Draft (not released),` +
          `6.5,7.0,6.5,6.0,6.5,"Good, but ""um"" often.\nPractise Part 2.",,,,,,${reviewedId}\r\n`,
      );

      const all = await get(`${LIST.interview}/export.csv`);
      expect(all.headers['content-disposition']).toMatch(/^attachment; filename="interview-attempts-all-to-\d{4}-\d{2}-\d{2}\.csv"$/);
      const rows = all.body.slice(1).trimEnd().split('\r\n');
      expect(rows[0]).toBe(
        'Student Name,Course,Mobile,Status,Overall Score,Communication,Confidence,Relevance,Clarity,Interview Date,Assessable,' +
          'Teacher Review,Teacher Overall,Teacher Communication,Teacher Confidence,Teacher Relevance,Teacher Clarity,Teacher Comment,' +
          'Released Overall,Released Communication,Released Confidence,Released Relevance,Released Clarity,Attempt ID',
      );
      expect(rows[1]).toMatch(/^Asha Rao,IELTS,'\+919876543210,Activated,6,5\.4,6,7\.1,6\.2,2026-03-01 15:30,Yes,,,,,,,,,,,,,[0-9a-f-]{36}$/);
      expect(rows).toHaveLength(2);
    });
  });
});

describe('the date filter in a daylight-saving zone (SCHOOL_TIMEZONE=Europe/London)', () => {
  let t: TestApp;
  let cookie: string;
  let studentId: number;

  beforeAll(async () => {
    t = await createTestApp({ env: { SCHOOL_TIMEZONE: 'Europe/London' } });
    const admin = await createAdmin(t.database.db);
    studentId = (await createStudent(t.database.db)).student.id;
    cookie = await sessionCookieForUser(t.database.db, admin.user.id);
  });
  afterAll(() => t.close());

  const ids = async (date: string) => {
    const response = await t.app.inject({ method: 'GET', url: `${LIST.ielts}?date=${date}`, headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().attempts.map((row: { id: string }) => row.id);
  };

  it('takes the 23-hour day when the clocks go forward and the 25-hour day when they go back', async () => {
    const [lastOf28, firstOf29, lastOf29, firstOf30] = await insertAttempts(t.database.db, studentId, 'ielts', [
      new Date('2026-03-28T23:59:59Z'), // 23:59:59 GMT on 28 March
      new Date('2026-03-29T00:00:00Z'), // midnight GMT: 29 March begins
      new Date('2026-03-29T22:59:59Z'), // 23:59:59 BST on 29 March
      new Date('2026-03-29T23:00:00Z'), // midnight BST: 30 March
    ]);
    expect(await ids('2026-03-28')).toEqual([lastOf28]);
    expect(await ids('2026-03-29')).toEqual([lastOf29, firstOf29]);
    expect(await ids('2026-03-30')).toEqual([firstOf30]);

    const [startOf25, endOf25] = await insertAttempts(t.database.db, studentId, 'ielts', [
      new Date('2026-10-24T23:00:00Z'), // midnight BST: 25 October begins
      new Date('2026-10-25T23:59:59Z'), // 23:59:59 GMT on 25 October, 25 hours later
    ]);
    await insertAttempts(t.database.db, studentId, 'ielts', [new Date('2026-10-24T22:59:59Z'), new Date('2026-10-26T00:00:00Z')]);
    expect(await ids('2026-10-25')).toEqual([endOf25, startOf25]);
  });
});

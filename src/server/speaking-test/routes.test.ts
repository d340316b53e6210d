import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attempts } from '../db/schema.js';
import { PART1_QUESTIONS, PART3_QUESTIONS } from '../../shared/speaking-test/questions.js';
import { scoreSpeakingTest } from '../../shared/speaking-test/scoring.js';
import { speakingAnswersOf } from './save-attempt.js';
import { createTestApp, sessionCookieForUser, type TestApp } from '../test/app.js';
import { testDrivers } from '../test/databases.js';
import { testSessionBody } from '../test/attempt-fixtures.js';
import { createAdmin, createStudent, type CreatedStudent } from '../test/factories.js';

describe.each(testDrivers)('speaking test saves on %s', (driver) => {
  let t: TestApp;
  let student: CreatedStudent;
  let other: CreatedStudent;
  let studentCookie: string;
  let otherCookie: string;

  beforeAll(async () => {
    t = await createTestApp({ driver });
    student = await createStudent(t.database.db, { studentName: 'Asha' });
    other = await createStudent(t.database.db, { studentName: 'Ravi' });
    studentCookie = await sessionCookieForUser(t.database.db, student.user.id);
    otherCookie = await sessionCookieForUser(t.database.db, other.user.id);
  });
  afterAll(() => t.close());

  const post = (url: string, cookie: string, payload: unknown) => t.app.inject({ method: 'POST', url, headers: { cookie }, payload: payload as Record<string, unknown> });
  const storedFor = (id: string) => t.database.db.select().from(attempts).where(eq(attempts.id, id));

  describe('POST /api/test-sessions', () => {
    it('stores the server\'s own scores, whatever scores the client sent', async () => {
      const body = testSessionBody(student.student.id);
      const response = await post('/api/test-sessions', studentCookie, body);
      expect(response.statusCode, response.body).toBe(201);
      const saved = response.json();
      expect(saved).toMatchObject({ attemptId: body.attemptId, assessable: true, alreadySaved: false, audioUrl: null });
      expect(saved.scores.overall).toBeLessThan(9);
      const [row] = await storedFor(body.attemptId ?? '');
      expect(row?.studentId).toBe(student.student.id);
      expect(row?.overall).toBe(saved.scores.overall);
      expect(row?.scores).toEqual(saved.scores);
      expect((row?.sessionData as { scores?: unknown }).scores).toBeUndefined();
      expect(row?.durationMs).toBe(95_000);
    });

    it('saves a retried attempt exactly once', async () => {
      const body = testSessionBody(student.student.id);
      expect((await post('/api/test-sessions', studentCookie, body)).statusCode).toBe(201);
      const again = await post('/api/test-sessions', studentCookie, body);
      expect(again.statusCode).toBe(200);
      expect(again.json().alreadySaved).toBe(true);
      expect(await storedFor(body.attemptId ?? '')).toHaveLength(1);
    });

    it('refuses another student\'s id with 403 and stores nothing', async () => {
      const body = testSessionBody(other.student.id);
      const response = await post('/api/test-sessions', studentCookie, body);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toContain('belongs to another student');
      expect(await storedFor(body.attemptId ?? '')).toHaveLength(0);
    });

    it('refuses an attempt id already used by another student', async () => {
      const body = testSessionBody(student.student.id);
      expect((await post('/api/test-sessions', studentCookie, body)).statusCode).toBe(201);
      const stolen = await post('/api/test-sessions', otherCookie, { ...body, studentId: other.student.id });
      expect(stolen.statusCode).toBe(409);
      const [row] = await storedFor(body.attemptId ?? '');
      expect(row?.studentId).toBe(student.student.id);
    });

    it('accepts the spec\'s payload without an attempt id', async () => {
      const { attemptId: _omitted, ...body } = testSessionBody(student.student.id);
      const response = await post('/api/test-sessions', studentCookie, body);
      expect(response.statusCode).toBe(201);
      expect(response.json().attemptId).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('gives no band for too little speech', async () => {
      const body = testSessionBody(student.student.id, { answer: 'My name is Asha.' });
      const response = await post('/api/test-sessions', studentCookie, body);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ assessable: false, scores: null });
      const [row] = await storedFor(body.attemptId ?? '');
      expect(row?.overall).toBeNull();
    });

    /** The body with these answers, one per question (Part 1 then Part 3 of the bank). */
    const withAnswers = (texts: string[]) => {
      const body = testSessionBody(student.student.id);
      const questions = [...PART1_QUESTIONS.slice(0, 10), ...PART3_QUESTIONS.slice(0, 10)];
      body.sessionData.questionAnswerPairs = texts.map((answer, i) => ({
        questionNumber: (i % 10) + 1,
        question: questions[i] ?? 'Why?',
        answer,
        part: i < 10 ? 1 : 3,
        responseTimeMs: 900,
        speakingTimeMs: 4_000,
      }));
      return body;
    };

    it('stores for a test of fillers only what the shared scoring gives the same answers: no band, the non-answers listed', async () => {
      const body = withAnswers(Array.from({ length: 20 }, () => 'um uh like you know I uh like it um'));
      const response = await post('/api/test-sessions', studentCookie, body);
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toMatchObject({ assessable: false, scores: null });
      const [row] = await storedFor(body.attemptId ?? '');
      const expected = scoreSpeakingTest(speakingAnswersOf(body));
      expect(expected.assessable).toBe(false);
      expect(row?.analysis).toEqual(JSON.parse(JSON.stringify(expected)));
      expect(row).toMatchObject({ assessable: false, overall: null, scores: null });
      expect((row?.analysis as { nonAnswers: unknown[] }).nonAnswers).toHaveLength(20);
    });

    it('lists the answers that were not counted on the student\'s own attempt page, with their reasons', async () => {
      // Three real answers and two that are not: most answers count, so the test has bands (decision 0018).
      const realAnswers = () => {
        const real = testSessionBody(student.student.id);
        real.sessionData.questionAnswerPairs.push(
          { questionNumber: 4, question: 'Tell me more about that.', answer: 'On Sundays I cook rice and dal for my parents, and my brother washes the dishes.', part: 1, responseTimeMs: 900, speakingTimeMs: 6_000 },
          { questionNumber: 5, question: 'Why do you think so?', answer: 'Because we all work during the week, so that meal is the only time we sit together.', part: 1, responseTimeMs: 900, speakingTimeMs: 6_000 },
        );
        return real;
      };
      const body = realAnswers();
      body.sessionData.questionAnswerPairs.push(
        { questionNumber: 2, question: 'Are you good at cooking?', answer: 'um uh er', part: 1, responseTimeMs: 900, speakingTimeMs: 2_000 },
        {
          questionNumber: 3,
          question: 'How do you usually get around your town?',
          answer: 'My favourite subject was chemistry because the experiments were exciting.',
          part: 1,
          responseTimeMs: 900,
          speakingTimeMs: 5_000,
        },
      );
      const saved = (await post('/api/test-sessions', studentCookie, body)).json();
      expect(saved.assessable).toBe(true);
      const detail = await t.app.inject({ method: 'GET', url: `/api/student/attempts/${saved.attemptId}`, headers: { cookie: studentCookie } });
      expect(detail.statusCode, detail.body).toBe(200);
      expect(detail.json().analysis.nonAnswers).toEqual([
        { part: 1, questionNumber: 2, kind: 'fillers-only', reason: 'This answer is only filler words (such as um, uh, like, you know).', wordCount: 3 },
        {
          part: 1,
          questionNumber: 3,
          kind: 'off-topic',
          reason: 'This answer does not seem to be about the question: “How do you usually get around your town?”',
          wordCount: 10,
        },
      ]);
      // The stored bands are those of the real answers alone.
      const alone = scoreSpeakingTest(speakingAnswersOf(realAnswers()));
      expect(saved.scores).toEqual(alone.assessable ? alone.bands : null);
    });

    it('gives no band to one sentence said for every answer, and agrees with the shared scoring', async () => {
      const sentence = 'I think that it is very important for everyone to learn new things every day because it helps people grow.';
      const body = withAnswers(Array.from({ length: 20 }, () => sentence));
      const response = await post('/api/test-sessions', studentCookie, body);
      expect(response.json()).toMatchObject({ assessable: false, scores: null });
      const [row] = await storedFor(body.attemptId ?? '');
      expect(row?.analysis).toEqual(JSON.parse(JSON.stringify(scoreSpeakingTest(speakingAnswersOf(body)))));
      expect((row?.analysis as { reason: string }).reason).toMatch(/^Most answers were repeated sentences/);
    });

    it('saves for the acting student of a teacher session and records the teacher', async () => {
      const admin = await createAdmin(t.database.db);
      const cookie = await sessionCookieForUser(t.database.db, admin.user.id, { actingStudentId: other.student.id });
      const body = testSessionBody(other.student.id);
      expect((await post('/api/test-sessions', cookie, body)).statusCode).toBe(201);
      const [row] = await storedFor(body.attemptId ?? '');
      expect(row).toMatchObject({ studentId: other.student.id, savedByUserId: admin.user.id });
    });

    it('clamps a completion time in the future to now', async () => {
      const body = testSessionBody(student.student.id);
      body.sessionData.completedAt = '2030-01-01T00:00:00.000Z';
      await post('/api/test-sessions', studentCookie, body);
      const [row] = await storedFor(body.attemptId ?? '');
      expect(Math.abs((row?.completedAt.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
    });

    it('scores answers to questions named like the properties of every JavaScript object, as unknown questions', async () => {
      const body = testSessionBody(student.student.id);
      const [pair] = body.sessionData.questionAnswerPairs;
      if (!pair) throw new Error('the fixture has an answer');
      const questions = ['constructor', '__proto__', ' toString ', 'hasOwnProperty', 'valueOf'];
      body.sessionData.questionAnswerPairs = questions.map((question, i) => ({ ...pair, questionNumber: i + 1, question, part: i === 1 ? 2 : 1 }));
      const response = await post('/api/test-sessions', studentCookie, body);
      expect(response.statusCode, response.body).toBe(201);
      const [row] = await storedFor(body.attemptId ?? '');
      expect(row?.studentId).toBe(student.student.id);
    });

    it.each([
      ['an unknown field', (b: Record<string, unknown>) => ({ ...b, extra: 1 }), 'unknown field'],
      ['too many answers', (b: Record<string, unknown>) => ({ ...b, sessionData: { ...(b.sessionData as object), questionAnswerPairs: Array.from({ length: 31 }, (_, i) => ({ questionNumber: i + 1, question: 'q', answer: 'a', part: 1 })) } }), 'sessionData.questionAnswerPairs: must have at most 30 answers'],
      ['too many transcript entries', (b: Record<string, unknown>) => ({ ...b, sessionData: { ...(b.sessionData as object), transcript: Array.from({ length: 201 }, () => ({ speaker: 'Student', text: 't', timestamp: 1 })) } }), 'sessionData.transcript: must have at most 200 entries'],
      ['a test over two hours', (b: Record<string, unknown>) => ({ ...b, sessionData: { ...(b.sessionData as object), duration: 7201 } }), 'sessionData.duration: must be at most 7,200 seconds (2 hours)'],
      ['answers longer together than any test', (b: Record<string, unknown>) => ({ ...b, sessionData: { ...(b.sessionData as object), questionAnswerPairs: Array.from({ length: 21 }, (_, i) => ({ questionNumber: i + 1, question: 'q', answer: 'I like it. '.repeat(500), part: 1, responseTimeMs: 900, speakingTimeMs: 60_000 })) } }), 'sessionData.questionAnswerPairs: hold more than 100,000 characters of questions and answers together'],
      ['a negative duration', (b: Record<string, unknown>) => ({ ...b, sessionData: { ...(b.sessionData as object), duration: -1 } }), 'sessionData.duration: must be at least 0 seconds'],
      ['a bad part', (b: Record<string, unknown>) => ({ ...b, sessionData: { ...(b.sessionData as object), questionAnswerPairs: [{ questionNumber: 1, question: 'q', answer: 'a', part: 4 }] } }), 'part'],
      ['a bad attempt id', (b: Record<string, unknown>) => ({ ...b, attemptId: 'not-a-uuid' }), 'attemptId'],
    ])('refuses %s with 400 naming the problem', async (_name, change, expected) => {
      const body = change(testSessionBody(student.student.id) as unknown as Record<string, unknown>);
      const response = await post('/api/test-sessions', studentCookie, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(expected);
    });
  });
});

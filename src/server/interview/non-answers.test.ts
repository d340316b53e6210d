import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SaveInterviewSessionBody } from '../../shared/api/interview.js';
import { REPETITION_REASON } from '../../shared/non-answers/checks.js';
import { scoreInterview } from '../../shared/interview/scoring.js';
import { attempts } from '../db/schema.js';
import { askedQuestions, interviewSessionBody } from '../test/attempt-fixtures.js';
import { createTestApp, sessionCookieForUser, type TestApp } from '../test/app.js';
import { testDrivers } from '../test/databases.js';
import { createAdmin, createStudent, type CreatedStudent } from '../test/factories.js';

/*
 * The server re-scores a saved interview with the shared scoring, non-answers judged (decision 0018):
 * what it stores is the shared function's own report, and the attempt page reads the list back.
 */

const MEMORISED =
  'In today’s competitive world I strongly believe that hard work, dedication and continuous learning are the keys to success, and I always give my best to every task that is assigned to me.';
const REAL = [
  'I studied computer science in Chennai and for the last two years I have worked as a developer at Infosys, mostly on the billing service of a bank.',
  'I like building things that people use every day, and this role would let me work closer to the customers, which motivates me much more than internal tools.',
];

/** Ravi's interview (he has saved no profile), answered with `answers`. */
function withAnswers(studentId: number, answers: readonly string[]): SaveInterviewSessionBody {
  const body = interviewSessionBody(studentId);
  body.sessionData.questions = askedQuestions('Ravi', answers);
  return body;
}

describe.each(testDrivers)('interview non-answers on %s', (driver) => {
  let t: TestApp;
  let student: CreatedStudent;
  let studentCookie: string;
  let adminCookie: string;

  beforeAll(async () => {
    t = await createTestApp({ driver });
    student = await createStudent(t.database.db, { studentName: 'Ravi' });
    studentCookie = await sessionCookieForUser(t.database.db, student.user.id);
    adminCookie = await sessionCookieForUser(t.database.db, (await createAdmin(t.database.db)).user.id);
  });
  afterAll(() => t.close());

  const save = (body: SaveInterviewSessionBody) =>
    t.app.inject({ method: 'POST', url: '/api/interview-sessions', headers: { cookie: studentCookie }, payload: body as unknown as Record<string, unknown> });
  const stored = async (id: string) => (await t.database.db.select().from(attempts).where(eq(attempts.id, id)))[0];

  it('stores scores from the counted answers only, with the non-answers listed', async () => {
    const body = withAnswers(student.student.id, [REAL[0]!, REAL[1]!, REAL[0]!]);
    const response = await save(body);
    expect(response.statusCode, response.body).toBe(201);
    const row = await stored(body.attemptId);
    const expected = scoreInterview(body.sessionData.questions);
    expect(row?.analysis).toEqual(JSON.parse(JSON.stringify(expected)));
    // The repeat earns nothing: the same scores as if nothing had been said to the third question.
    const unsaid = scoreInterview(withAnswers(student.student.id, [REAL[0]!, REAL[1]!, '']).sessionData.questions);
    expect(row).toMatchObject({ assessable: true, scores: unsaid.scores, overall: unsaid.scores.overall });
    expect(response.json()).toMatchObject({ scores: unsaid.scores, assessable: true });

    const detail = await t.app.inject({ method: 'GET', url: `/api/admin/attempts/${body.attemptId}`, headers: { cookie: adminCookie } });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().analysis.nonAnswers).toEqual([{ questionNumber: 3, kind: 'repetition', reason: REPETITION_REASON, wordCount: 28 }]);
  });

  it('stores an interview of one paragraph said to every question as not assessable, with the reason', async () => {
    const body = withAnswers(student.student.id, [MEMORISED, MEMORISED, MEMORISED, MEMORISED]);
    const response = await save(body);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ scores: null, assessable: false });
    const row = await stored(body.attemptId);
    expect(row).toMatchObject({ assessable: false, overall: null, scores: null });
    expect(row?.analysis).toEqual(JSON.parse(JSON.stringify(scoreInterview(body.sessionData.questions))));

    const own = await t.app.inject({ method: 'GET', url: `/api/student/attempts/${body.attemptId}`, headers: { cookie: studentCookie } });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().notAssessableReason).toMatch(/^Most answers were repeated sentences, so no scores are given: only 1 of the 4 questions had a real answer \(3 answers were not counted\)/);
    expect(own.json().analysis.nonAnswers.map((item: { questionNumber: number }) => item.questionNumber)).toEqual([2, 3, 4]);
  });
});

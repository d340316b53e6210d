import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWait } from '../lib/throttle.js';
import { createTestApp, sessionCookieForUser, type TestApp } from '../test/app.js';
import { interviewSessionBody, testSessionBody } from '../test/attempt-fixtures.js';
import { testDrivers } from '../test/databases.js';
import { createStudent, type CreatedStudent } from '../test/factories.js';

/**
 * A student's saves have two budgets, across speaking tests and interviews: every save (a device's
 * outbox retrying one attempt included), and new attempts, what reaches the teachers' review queue.
 * One student could add 120 made-up attempts an hour to that queue; now 30 a day. A retry of an
 * attempt already saved never counts as new, so the outbox can always confirm what it sent.
 */
describe.each(testDrivers)('the budgets of saved attempts on %s', (driver) => {
  let t: TestApp;
  let asha: CreatedStudent;
  let ravi: CreatedStudent;
  let ashaCookie: string;
  let raviCookie: string;

  beforeAll(async () => {
    t = await createTestApp({
      driver,
      rateLimits: { newAttemptsPerStudent: { max: 3, windowMs: 24 * 3600_000 }, savesPerStudent: { max: 12, windowMs: 3600_000 } },
    });
    asha = await createStudent(t.database.db, { studentName: 'Asha' });
    ravi = await createStudent(t.database.db, { studentName: 'Ravi', courseName: 'Interview Aspirant' });
    ashaCookie = await sessionCookieForUser(t.database.db, asha.user.id);
    raviCookie = await sessionCookieForUser(t.database.db, ravi.user.id);
  });
  afterAll(() => t.close());

  const post = (url: string, cookie: string, payload: unknown) => t.app.inject({ method: 'POST', url, headers: { cookie }, payload: payload as Record<string, unknown> });

  it('counts new attempts of both kinds together; retries of saved ones still go in; past the budget, a sentence and Retry-After', async () => {
    const first = testSessionBody(asha.student.id);
    const second = interviewSessionBody(asha.student.id);
    const third = testSessionBody(asha.student.id);
    expect((await post('/api/test-sessions', ashaCookie, first)).statusCode).toBe(201);
    expect((await post('/api/interview-sessions', ashaCookie, second)).statusCode).toBe(201);
    // Retries of saved attempts are not new.
    for (let i = 0; i < 3; i += 1) {
      expect((await post('/api/test-sessions', ashaCookie, first)).statusCode).toBe(200);
      expect((await post('/api/interview-sessions', ashaCookie, second)).statusCode).toBe(200);
    }
    expect((await post('/api/test-sessions', ashaCookie, third)).statusCode).toBe(201);

    const fourth = interviewSessionBody(asha.student.id);
    const refused = await post('/api/interview-sessions', ashaCookie, fourth);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Too many new tests and interviews saved for this student. Please wait 24 hours and try again.');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    const refusedTest = await post('/api/test-sessions', ashaCookie, testSessionBody(asha.student.id));
    expect(refusedTest.statusCode).toBe(429);

    // The outbox can still confirm what went in, and another student is not held back.
    expect((await post('/api/test-sessions', ashaCookie, third)).statusCode).toBe(200);
    expect((await post('/api/interview-sessions', raviCookie, interviewSessionBody(ravi.student.id))).statusCode).toBe(201);
  });

  it('counts every save, retries included, in the hour\'s budget of saves; a refused new attempt does not spend it', async () => {
    const student = await createStudent(t.database.db, { studentName: 'Meena' });
    const cookie = await sessionCookieForUser(t.database.db, student.user.id);
    const body = testSessionBody(student.student.id);
    expect((await post('/api/test-sessions', cookie, body)).statusCode).toBe(201);
    expect((await post('/api/test-sessions', cookie, testSessionBody(student.student.id))).statusCode).toBe(201);
    expect((await post('/api/test-sessions', cookie, testSessionBody(student.student.id))).statusCode).toBe(201);
    // New attempts are refused from here on; those refusals leave the 9 saves left of 12 whole.
    for (let i = 0; i < 5; i += 1) expect((await post('/api/test-sessions', cookie, testSessionBody(student.student.id))).statusCode).toBe(429);
    for (let i = 0; i < 9; i += 1) expect((await post('/api/test-sessions', cookie, body)).statusCode).toBe(200);
    const spent = await post('/api/test-sessions', cookie, body);
    expect(spent.statusCode).toBe(429);
    expect(spent.json().message).toMatch(/^Too many saved attempts for this student\. Please wait (59|60) minutes and try again\.$/);
  });
});

describe('describeWait', () => {
  it('says seconds, minutes up to two hours, then hours, rounded up', () => {
    expect(describeWait(1)).toBe('1 second');
    expect(describeWait(45)).toBe('45 seconds');
    expect(describeWait(60)).toBe('1 minute');
    expect(describeWait(3600)).toBe('60 minutes');
    expect(describeWait(7200)).toBe('120 minutes');
    expect(describeWait(7201)).toBe('3 hours');
    expect(describeWait(86_400)).toBe('24 hours');
  });
});

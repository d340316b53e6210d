import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEVICE_DEBUG_BODY_LIMIT_BYTES, DEVICE_DEBUG_URL } from '../../shared/api/device-debug.js';
import { createTestApp, sessionCookieForUser, type TestApp } from '../test/app.js';
import { createAdmin, createStudent, type CreatedStudent } from '../test/factories.js';
import { DEVICE_DEBUG_BUDGET, DEVICE_DEBUG_TOO_LARGE, summariseDeviceReport } from './routes.js';

const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.39 Mobile Safari/537.36';

/** A report as the /test page sends it on Android (src/client/features/speaking-test/device-debug.ts). */
function report(overrides: { userAgent?: string; platform?: string; testData?: Record<string, unknown> } = {}) {
  return {
    userAgent: overrides.userAgent ?? ANDROID_CHROME,
    platform: overrides.platform ?? 'Linux armv81',
    testData: { android: true, timestamp: new Date().toISOString(), action: 'listening-start', ...overrides.testData },
  };
}

describe('POST /api/device-debug', () => {
  let t: TestApp;
  let student: CreatedStudent;
  const lines: string[] = [];
  /** Each test is its own caller: the budget counts per account. */
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp({ logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } });
    student = await createStudent(t.database.db, { studentName: 'Meera Kapoor', email: 'meera.kapoor@example.org', mobileNumber: '98111 22334' });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    const { user } = await createStudent(t.database.db);
    cookie = await sessionCookieForUser(t.database.db, user.id);
  });

  const post = (payload: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> =>
    t.app.inject({ method: 'POST', url: DEVICE_DEBUG_URL, headers: { cookie, 'content-type': 'application/json', ...headers }, payload: JSON.stringify(payload) });

  it("accepts the spec's shape from a signed-in caller with 204 and no body, userId included or not", async () => {
    const accepted = await post(report());
    expect(accepted.statusCode, accepted.body).toBe(204);
    expect(accepted.body).toBe('');
    const withUserId = await post(report({ testData: { action: 'test-start', userId: 42 } }));
    expect(withUserId.statusCode, withUserId.body).toBe(204);
    const admin = await createAdmin(t.database.db);
    const teacher = await post(report({ testData: { android: false } }), { cookie: await sessionCookieForUser(t.database.db, admin.user.id) });
    expect(teacher.statusCode, teacher.body).toBe(204);
  });

  it('checks who is calling: signed out is 401 with a sentence, and nothing is logged', async () => {
    const before = lines.length;
    const response = await t.app.inject({ method: 'POST', url: DEVICE_DEBUG_URL, payload: report() });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Please sign in first.' });
    expect(lines.slice(before).some((line) => line.includes('device report'))).toBe(false);
  });

  it('refuses a body over 2 KB with 413 and a sentence, declared or not', async () => {
    const big = report({ userAgent: 'x'.repeat(DEVICE_DEBUG_BODY_LIMIT_BYTES) });
    const declared = await post(big);
    expect(declared.statusCode).toBe(413);
    expect(declared.json()).toEqual({ message: DEVICE_DEBUG_TOO_LARGE });
    expect(DEVICE_DEBUG_TOO_LARGE).toBe('A device report is at most 2 KB.');
    // Sent in chunks with no Content-Length: Fastify's own limit for this route (the app-wide one is 1 MiB).
    const { Readable } = await import('node:stream');
    const chunked = await t.app.inject({
      method: 'POST',
      url: DEVICE_DEBUG_URL,
      headers: { cookie, 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      payload: Readable.from([Buffer.from(JSON.stringify(big))]),
    });
    expect(chunked.statusCode).toBe(413);
    expect(chunked.json()).toEqual({ message: 'The request body is too large.' });
    // Just under the limit is fine.
    const fits = report({ userAgent: 'x'.repeat(400) });
    expect(JSON.stringify(fits).length).toBeLessThan(DEVICE_DEBUG_BODY_LIMIT_BYTES);
    expect((await post(fits)).statusCode).toBe(204);
  });

  it.each([
    ['userAgent', { userAgent: 42 }, 'userAgent: must be text'],
    ['platform missing', { platform: undefined }, 'platform: is required'],
    ['testData.android', { testData: { android: 'yes' } }, 'testData.android: must be true or false'],
    ['testData.timestamp', { testData: { timestamp: 'yesterday' } }, 'testData.timestamp: must be an ISO date and time'],
    ['testData.action', { testData: { action: 'my name is Meera' } }, 'testData.action: must be one of: test-start, listening-start'],
    ['testData.userId', { testData: { userId: { name: 'Meera' } } }, 'testData.userId: must be a number, text or null'],
    ['an unknown field', { email: 'meera.kapoor@example.org' }, 'has an unknown field: "email"'],
  ])('refuses wrong types with 400 naming the field: %s', async (_name, change, message) => {
    const body: Record<string, unknown> = { ...report(), ...change };
    if ('testData' in change) body.testData = { ...report().testData, ...(change.testData as Record<string, unknown>) };
    if ('platform' in change) delete body.platform;
    const response = await post(body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toContain(message);
  });

  it(`answers 429 with a sentence after ${DEVICE_DEBUG_BUDGET.max} reports a minute from one account; another account is not held back`, async () => {
    for (let index = 0; index < DEVICE_DEBUG_BUDGET.max; index += 1) {
      const response = await post(report());
      expect(response.statusCode, `report ${index + 1}`).toBe(204);
    }
    const refused = await post(report());
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many device reports from this account\. Please wait (\d+ seconds?|1 minute) and try again\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const { user } = await createStudent(t.database.db);
    expect((await post(report(), { cookie: await sessionCookieForUser(t.database.db, user.id) })).statusCode).toBe(204);
  });

  it('logs an allow-listed summary only: no name, e-mail, number, user id or raw user agent', async () => {
    const personal = [student.student.studentName, 'meera.kapoor@example.org', student.student.mobileNumber, '987654'];
    const meeraCookie = await sessionCookieForUser(t.database.db, student.user.id);
    const before = lines.length;
    const response = await post(
      report({
        // A user agent and platform can carry anything: here a name and an e-mail address.
        userAgent: `Meera Kapoor meera.kapoor@example.org/1.0 (${ANDROID_CHROME})`,
        platform: 'Meera Kapoor 98111 22334',
        testData: { userId: 987654, action: 'test-start' },
      }),
      { cookie: meeraCookie },
    );
    expect(response.statusCode, response.body).toBe(204);
    const written = lines.slice(before);
    const reportLines = written.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.msg === 'device report');
    expect(reportLines).toHaveLength(1);
    expect(reportLines[0]?.deviceDebug).toEqual({
      action: 'test-start',
      android: true,
      // The browser still reads as Chrome 131 from its own token; the words before it are dropped.
      browser: 'Chrome',
      browserVersion: '131',
      os: 'Android',
      osVersion: '14',
      platform: 'other',
      clockSkewSeconds: expect.any(Number) as number,
    });
    // Without the logger's own clock readings: a timestamp's digits once held the user id 987654.
    const everything = written
      .map((line) => {
        const { time, responseTime, ...rest } = JSON.parse(line) as Record<string, unknown>;
        expect(typeof time).toBe('number');
        void responseTime;
        return JSON.stringify(rest);
      })
      .join('\n');
    for (const value of personal) expect(everything).not.toContain(value);
    expect(everything).not.toContain('Kapoor');
    expect(everything).not.toContain('example.org');
    expect(everything).not.toContain('Pixel 8');
  });

  it("never logs an unknown browser's name: Bowser would echo a user agent's first word", () => {
    const now = new Date();
    const summary = summariseDeviceReport(report({ userAgent: 'meera.kapoor@example.org/1.0 (98111 22334)', platform: '' }) as never, now);
    expect(summary).toMatchObject({ browser: 'other', browserVersion: '', os: 'unknown', osVersion: '', platform: 'unknown' });
    expect(JSON.stringify(summary)).not.toMatch(/meera|98111/);
  });

  it('accepts an empty user agent and platform (Bowser would throw on it) as unknown', async () => {
    const before = lines.length;
    const response = await post(report({ userAgent: '', platform: '' }));
    expect(response.statusCode, response.body).toBe(204);
    const logged = lines.slice(before).map((line) => JSON.parse(line) as { msg?: string; deviceDebug?: unknown }).find((line) => line.msg === 'device report');
    expect(logged?.deviceDebug).toMatchObject({ browser: 'unknown', browserVersion: '', os: 'unknown', osVersion: '', platform: 'unknown' });
  });

  it('summarises a known browser by family and major version', () => {
    const now = new Date('2026-11-26T08:00:00.000Z');
    expect(summariseDeviceReport(report({ testData: { timestamp: '2026-11-26T08:00:05.400Z' } }) as never, now)).toEqual({
      action: 'listening-start',
      android: true,
      browser: 'Chrome',
      browserVersion: '131',
      os: 'Android',
      osVersion: '14',
      platform: 'Linux',
      clockSkewSeconds: 5,
    });
  });
});

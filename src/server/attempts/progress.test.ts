import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidateReadCaches } from '../db/read-cache.js';
import { attempts } from '../db/schema.js';
import { recordings } from '../db/schema-recordings.js';
import { createTestApp, sessionCookieForUser, type TestApp } from '../test/app.js';
import { createAttempt, WEBM_SIGNATURE } from '../test/attempt-fixtures.js';
import { testDrivers } from '../test/databases.js';
import { createStudent } from '../test/factories.js';

/* My progress lists whether each attempt's recording can be played, so the link to it says "recording" only then. */

describe.each(testDrivers)("My progress: each attempt's recording on %s", (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ driver });
  });
  afterAll(async () => {
    await t.close();
  });

  it('is true for a kept recording, false with none saved and once the retention period deleted it', async () => {
    const db = t.database.db;
    const asha = await createStudent(db, { studentName: 'Asha Rao' });
    const bytes = new Uint8Array([...WEBM_SIGNATURE, 1, 2, 3, 4]);
    const none = await createAttempt(db, asha.student.id);
    const kept = await createAttempt(db, asha.student.id, { recording: bytes });
    const expired = await createAttempt(db, asha.student.id, { recording: bytes });
    await db.update(recordings).set({ expiredAt: new Date() }).where(eq(recordings.attemptId, expired));
    invalidateReadCaches(db);

    const response = await t.app.inject({ method: 'GET', url: '/api/student/attempts', headers: { cookie: await sessionCookieForUser(db, asha.user.id) } });
    expect(response.statusCode, response.body).toBe(200);
    const listed = (response.json() as { attempts: Array<{ id: string; recording: boolean }> }).attempts;
    const recordingOf = Object.fromEntries(listed.map((attempt) => [attempt.id, attempt.recording]));
    expect(recordingOf).toEqual({ [none]: false, [kept]: true, [expired]: false });
  });

  it("marks an estimate made by the fixed rules used before the calibrated estimate, and no other", async () => {
    const db = t.database.db;
    const ravi = await createStudent(db, { studentName: 'Ravi Kumar' });
    const criterion = (name: string, base: number) => ({ criterion: name, base, band: base, rules: [], figures: {}, advice: '' });
    const working = (bases: [number, number, number]) => ({
      assessable: true,
      criteria: [criterion('fluency', bases[0]), criterion('vocabulary', bases[1]), criterion('grammar', bases[2]), criterion('pronunciation', 6)],
    });
    const earlier = await createAttempt(db, ravi.student.id);
    const calibrated = await createAttempt(db, ravi.student.id);
    const unreadable = await createAttempt(db, ravi.student.id);
    const interview = await createAttempt(db, ravi.student.id, { kind: 'interview' });
    const none = await createAttempt(db, ravi.student.id);
    await db.update(attempts).set({ analysis: working([5, 5, 6]) }).where(eq(attempts.id, earlier));
    await db.update(attempts).set({ analysis: working([3.3, 3.3, 3.3]) }).where(eq(attempts.id, calibrated));
    await db.update(attempts).set({ analysis: { criteria: 'not a list' } }).where(eq(attempts.id, unreadable));
    await db.update(attempts).set({ analysis: working([5, 5, 6]) }).where(eq(attempts.id, interview));
    invalidateReadCaches(db);

    const response = await t.app.inject({ method: 'GET', url: '/api/student/attempts', headers: { cookie: await sessionCookieForUser(db, ravi.user.id) } });
    expect(response.statusCode, response.body).toBe(200);
    const listed = (response.json() as { attempts: Array<{ id: string; earlierRules?: true }> }).attempts;
    const marked = Object.fromEntries(listed.map((attempt) => [attempt.id, attempt.earlierRules ?? false]));
    expect(marked).toEqual({ [earlier]: true, [calibrated]: false, [unreadable]: false, [interview]: false, [none]: false });
  });
});

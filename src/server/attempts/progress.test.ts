import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidateReadCaches } from '../db/read-cache.js';
import { attempts } from '../db/schema.js';
import { recordings } from '../db/schema-recordings.js';
import { createTestApp, sessionCookieForUser, type TestApp } from '../test/app.js';
import { createAttempt, testSessionBody, WEBM_SIGNATURE } from '../test/attempt-fixtures.js';
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
    // As the analysis stores them (SpeakingTestResult's criteria, by name): the list only read before
    // missed every such attempt; a list is read too.
    const working = (bases: [number, number, number], asList = false) => {
      const list = [criterion('fluency', bases[0]), criterion('vocabulary', bases[1]), criterion('grammar', bases[2]), criterion('pronunciation', 6)];
      return { assessable: true, criteria: asList ? list : Object.fromEntries(list.map((entry) => [entry.criterion, entry])) };
    };
    const earlierList = await createAttempt(db, ravi.student.id);
    await db.update(attempts).set({ analysis: working([5, 5, 6], true) }).where(eq(attempts.id, earlierList));
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
    expect(marked).toEqual({ [earlier]: true, [earlierList]: true, [calibrated]: false, [unreadable]: false, [interview]: false, [none]: false });
  });

  it('gives the counted words of a speaking test whose estimate rests on fewer than 250, and of no other', async () => {
    const db = t.database.db;
    const mira = await createStudent(db, { studentName: 'Mira Short' });
    const cookie = await sessionCookieForUser(db, mira.user.id);
    const save = async (answer?: string) => {
      const saved = await t.app.inject({ method: 'POST', url: '/api/test-sessions', headers: { cookie }, payload: testSessionBody(mira.student.id, answer === undefined ? {} : { answer }) });
      expect(saved.statusCode, saved.body).toBe(201);
      return (saved.json() as { attemptId: string }).attemptId;
    };
    // The fixture's answer: about 65 words, enough for a band, far fewer than a whole test.
    const short = await save();
    const sentences = [
      'I grew up in a small town near the coast and I still enjoy walking by the sea with my family on weekends.',
      'The town has a busy fish market, an old lighthouse and a long beach where children play cricket in the evening.',
      'Most people there are fishermen or traders, and everyone knows their neighbours, which I miss now that I study in the city.',
      'My father works at the harbour office and my mother teaches mathematics at the primary school near our house.',
      'In summer the town fills with visitors from the city who come for the festival of boats and the fresh seafood.',
      'When I finish my degree I would like to go back and open a small business there, perhaps a cafe for travellers.',
      'The roads have become much better in recent years, so the journey to the city now takes less than two hours by bus.',
      'Still, many young people leave to find work elsewhere, and the town is quieter in winter than it was in my childhood.',
      'I think the local council should support new businesses so that families can stay together instead of moving away.',
      'Tourism brings money, but it also raises the price of houses, which makes life harder for the people who were born there.',
      'My grandmother remembers when there was no electricity at night and the whole street gathered to tell stories by lamplight.',
      'Those stories taught me a lot about patience, hard work and the value of helping your neighbours when times are difficult.',
    ];
    const whole = await save(sentences.join('\n'));
    const interview = await createAttempt(db, mira.student.id, { kind: 'interview' });
    const response = await t.app.inject({ method: 'GET', url: '/api/student/attempts', headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    const listed = (response.json() as { attempts: Array<{ id: string; shortTestWords?: number }> }).attempts;
    const words = Object.fromEntries(listed.map((attempt) => [attempt.id, attempt.shortTestWords ?? null]));
    expect(words[short]).toBeGreaterThanOrEqual(50);
    expect(words[short]).toBeLessThan(250);
    expect(words[whole]).toBeNull();
    expect(words[interview]).toBeNull();
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attempts, reviewEvents, users } from '../db/schema.js';
import { createTestApp, sessionCookieForUser, type TestApp } from '../test/app.js';
import { interviewSessionBody, testSessionBody } from '../test/attempt-fixtures.js';
import { testDrivers } from '../test/databases.js';
import { createAdmin, createStudent, type CreatedStudent } from '../test/factories.js';

/*
 * Two teachers on one review: every save and release names the version it was made from, a stale
 * one is refused (409) with who changed the review and when, and nothing is overwritten or released
 * that the teacher did not see. Releasing needs every band of the attempt's kind.
 */

const FOUR_SIXES = { fluency: 6, vocabulary: 6, grammar: 6, pronunciation: 6 };

describe.each(testDrivers)('two teachers on one review on %s', (driver) => {
  let t: TestApp;
  /** The app's clock: 18:42 at the school (Asia/Kolkata) on 28 November 2026, moved by the tests. */
  let clock = new Date('2026-11-28T13:12:00Z');
  let adminCookie: string;
  let raoCookie: string;
  let asha: CreatedStudent;
  let ashaCookie: string;

  beforeAll(async () => {
    t = await createTestApp({ driver, now: () => clock });
    const db = t.database.db;
    const admin = await createAdmin(db, { username: 'headteacher' });
    const rao = await createAdmin(db, { username: 'rao' });
    await db.update(users).set({ displayName: 'Ms Rao' }).where(eq(users.id, rao.user.id));
    asha = await createStudent(db, { studentName: 'Asha Rao' });
    const session = { now: clock, ttlMs: 30 * 86_400_000 };
    adminCookie = await sessionCookieForUser(db, admin.user.id, session);
    raoCookie = await sessionCookieForUser(db, rao.user.id, session);
    ashaCookie = await sessionCookieForUser(db, asha.user.id, session);
  });
  afterAll(() => t.close());

  const newAttempt = async (kind: 'ielts' | 'interview' = 'ielts') => {
    const response = await t.app.inject({
      method: 'POST',
      url: kind === 'ielts' ? '/api/test-sessions' : '/api/interview-sessions',
      headers: { cookie: ashaCookie },
      payload: (kind === 'ielts' ? testSessionBody(asha.student.id) : interviewSessionBody(asha.student.id)) as unknown as Record<string, unknown>,
    });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { attemptId: string }).attemptId;
  };
  const open = async (id: string, cookie: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/admin/attempts/${id}`, headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { reviewVersion: number; teacherComment: string | null; release: unknown; trail: unknown[] };
  };
  const save = (id: string, cookie: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PATCH', url: `/api/admin/attempts/${id}/review`, headers: { cookie }, payload });
  const release = (id: string, cookie: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/api/admin/attempts/${id}/review/release`, headers: { cookie }, payload });
  const stored = async (id: string) => (await t.database.db.select().from(attempts).where(eq(attempts.id, id)))[0];
  const trail = async (id: string) => t.database.db.select().from(reviewEvents).where(eq(reviewEvents.attemptId, id));

  it("refuses the second of two saves from the same version, naming who saved first and when; the first teacher's review stays", async () => {
    clock = new Date('2026-11-28T13:12:00Z');
    const id = await newAttempt();
    const adminView = await open(id, adminCookie);
    const raoView = await open(id, raoCookie);
    expect(adminView.reviewVersion).toBe(0);
    expect(raoView.reviewVersion).toBe(0);

    const first = await save(id, adminCookie, { comment: 'X', scores: FOUR_SIXES, version: adminView.reviewVersion });
    expect(first.statusCode, first.body).toBe(200);
    const firstVersion = (first.json() as { version: number }).version;
    expect(firstVersion).toBeGreaterThan(0);
    expect((await open(id, adminCookie)).reviewVersion).toBe(firstVersion);

    const second = await save(id, raoCookie, { comment: 'RAO: good.', scores: { fluency: 8 }, version: raoView.reviewVersion });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      message: "headteacher changed this review at 18:42, after you opened it. Your changes are not saved yet: compare them with headteacher's version before saving.",
    });
    expect(await stored(id)).toMatchObject({ teacherComment: 'X', teacherScores: { ...FOUR_SIXES, overall: 6 } });
    expect(await trail(id)).toHaveLength(1);

    // Ms Rao reads it again and saves from the version she now sees.
    const again = await save(id, raoCookie, { comment: 'RAO: good.', scores: { ...FOUR_SIXES, fluency: 8 }, version: (await open(id, raoCookie)).reviewVersion });
    expect(again.statusCode, again.body).toBe(200);
    expect(await stored(id)).toMatchObject({ teacherComment: 'RAO: good.' });
  });

  it('lets exactly one of two saves sent at the same moment from the same version through', async () => {
    const id = await newAttempt();
    const answers = await Promise.all([
      save(id, adminCookie, { comment: 'Mine', scores: FOUR_SIXES, version: 0 }),
      save(id, raoCookie, { comment: 'Hers', scores: { fluency: 8 }, version: 0 }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((answer) => answer.statusCode === 200)?.json() as { teacherComment: string };
    expect((await stored(id))?.teacherComment).toBe(winner.teacherComment);
    expect(await trail(id)).toHaveLength(1);
  });

  it("refuses a release of a stale version (nothing is released) and releases exactly the version named", async () => {
    clock = new Date('2026-11-28T13:12:00Z');
    const id = await newAttempt();
    const saved = await save(id, adminCookie, { comment: 'X', scores: FOUR_SIXES, version: 0 });
    const adminVersion = (saved.json() as { version: number }).version;
    // Ms Rao changes it on her open page the next day; the admin's page still shows X.
    clock = new Date('2026-11-29T04:05:00Z');
    const raoSaved = await save(id, raoCookie, { comment: 'RAO: good.', scores: { ...FOUR_SIXES, fluency: 8 }, version: adminVersion });
    expect(raoSaved.statusCode, raoSaved.body).toBe(200);
    clock = new Date('2026-11-30T10:00:00Z');

    const stale = await release(id, adminCookie, { version: adminVersion });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      message: "Ms Rao changed this review on 29 Nov 2026 at 09:35, after you opened it. Nothing was released: look at Ms Rao's version before releasing it.",
    });
    expect(await stored(id)).toMatchObject({ releasedAt: null, releasedComment: null, releasedScores: null });
    expect((await trail(id)).map((event) => event.action)).toEqual(['saved', 'saved']);
    const own = (await t.app.inject({ method: 'GET', url: `/api/student/attempts/${id}`, headers: { cookie: ashaCookie } })).json();
    expect(own).toMatchObject({ release: null, teacherComment: null });

    // Having read hers, the admin releases the version they now see: exactly that one.
    const current = await open(id, adminCookie);
    const released = await release(id, adminCookie, { version: current.reviewVersion });
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json()).toMatchObject({ release: { comment: 'RAO: good.', scores: { fluency: 8, overall: 6.5 } } });
    expect((released.json() as { version: number }).version).toBeGreaterThan(current.reviewVersion);
    // The release is a change of the review too: a save from before it is stale.
    const late = await save(id, raoCookie, { comment: 'RAO: better.', scores: FOUR_SIXES, version: current.reviewVersion, reason: 'typo' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({
      message: "headteacher released this review at 15:30, after you opened it. Your changes are not saved yet: compare them with headteacher's version before saving.",
    });
  });

  it('tells a teacher when their own other tab changed the review, and refuses a save or release without a version', async () => {
    clock = new Date('2026-11-28T13:12:00Z');
    const id = await newAttempt();
    expect((await save(id, adminCookie, { comment: 'Tab one', scores: {}, version: 0 })).statusCode).toBe(200);
    const otherTab = await save(id, adminCookie, { comment: 'Tab two', scores: {}, version: 0 });
    expect(otherTab.statusCode).toBe(409);
    expect(otherTab.json()).toEqual({
      message: 'You changed this review at 18:42 in another tab or window. Your changes here are not saved yet: compare them with that version before saving.',
    });
    // A review page opened before reviews had versions (left open across an upgrade) sends none: the teacher is told what to do.
    const OPENED_BEFORE_UPDATE = 'version: is missing: this page was opened before Parley was updated. Copy your comment, reload the page, and save again';
    const unversioned = await save(id, adminCookie, { comment: 'No version', scores: {} });
    expect(unversioned.statusCode).toBe(400);
    expect(unversioned.json()).toEqual({ message: OPENED_BEFORE_UPDATE });
    const bare = await release(id, adminCookie, {});
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toEqual({ message: OPENED_BEFORE_UPDATE });
    expect((await stored(id))?.teacherComment).toBe('Tab one');
  });

  it.each([
    ['ielts', { fluency: 8 }, 'Set the Vocabulary, Grammar and Pronunciation bands before releasing: the student\'s overall band is the mean of the four.'],
    ['ielts', {}, 'Set the Fluency, Vocabulary, Grammar and Pronunciation bands before releasing: the student\'s overall band is the mean of the four.'],
    ['interview', { communication: 7, confidence: 6, relevance: 7 }, "Set the Clarity score before releasing: the student's overall score is the rounded mean of the four."],
  ] as const)('refuses to release a %s review with some bands only (%j), naming the missing ones', async (kind, scores, message) => {
    const id = await newAttempt(kind);
    const saved = await save(id, adminCookie, { comment: 'Some bands only', scores, version: 0 });
    expect(saved.statusCode, saved.body).toBe(200);
    const refused = await release(id, adminCookie, { version: (saved.json() as { version: number }).version });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message });
    expect((await stored(id))?.releasedAt).toBeNull();
  });
});

import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attempts, reviewEvents, students, users } from '../db/schema.js';
import { createTestApp, sessionCookieForUser, type TestApp } from '../test/app.js';
import { interviewSessionBody, testSessionBody } from '../test/attempt-fixtures.js';
import { testDrivers } from '../test/databases.js';
import { createAdmin, createStudent, type CreatedAdmin, type CreatedStudent } from '../test/factories.js';
import { startSmtpSink, type SmtpSink } from '../test/smtp-sink.js';
import { ALREADY_RELEASED, NOTHING_TO_RELEASE, REASON_REQUIRED } from './review.js';
import { NO_SUCH_OWN_ATTEMPT } from './student-routes.js';
import { invalidateReadCaches } from '../db/read-cache.js';

describe.each(testDrivers)('review release, trail and My progress on %s', (driver) => {
  let t: TestApp;
  let sink: SmtpSink;
  let admin: CreatedAdmin;
  let asha: CreatedStudent;
  let ravi: CreatedStudent;
  let adminCookie: string;
  let ashaCookie: string;
  let raviCookie: string;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ driver, env: { SMTP_URL: sink.url, PUBLIC_URL: 'https://parley.example.org', APP_TITLE: 'Parley' } });
    const db = t.database.db;
    admin = await createAdmin(db, { username: 'headteacher' });
    asha = await createStudent(db, { studentName: 'Asha Rao', email: 'asha@example.org' });
    ravi = await createStudent(db, { studentName: 'Ravi Menon' });
    adminCookie = await sessionCookieForUser(db, admin.user.id, { secure: true });
    ashaCookie = await sessionCookieForUser(db, asha.user.id, { secure: true });
    raviCookie = await sessionCookieForUser(db, ravi.user.id, { secure: true });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const request = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const save = async (cookie: string, url: '/api/test-sessions' | '/api/interview-sessions', body: unknown) => {
    const response = await request('POST', url, cookie, body as Record<string, unknown>);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { attemptId: string; scores: Record<string, number> };
  };
  /** The review's version as the teacher's page reads it: what a save or release sends. */
  const versionOf = async (id: string, cookie = adminCookie) => (await request('GET', `/api/admin/attempts/${id}`, cookie)).json().reviewVersion as number;
  const review = async (id: string, payload: Record<string, unknown>) =>
    request('PATCH', `/api/admin/attempts/${id}/review`, adminCookie, { version: await versionOf(id), ...payload });
  const release = async (id: string, payload?: Record<string, unknown>) =>
    request('POST', `/api/admin/attempts/${id}/review/release`, adminCookie, { version: await versionOf(id), ...payload });

  it('releases the review to the student, e-mails them, keeps amendments apart until re-released, and records every step', async () => {
    const saved = await save(ashaCookie, '/api/test-sessions', testSessionBody(asha.student.id));
    const id = saved.attemptId;

    expect((await release(id)).json()).toEqual({ message: NOTHING_TO_RELEASE });
    expect((await release(id)).statusCode).toBe(409);

    const first = await review(id, { comment: 'Good range; link your ideas.', scores: { fluency: 6.5, vocabulary: 7, grammar: 6, pronunciation: 7 } });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ releasePending: true, event: { action: 'saved', from: null, reason: null } });
    // Before release the student sees no review.
    const unreleased = (await request('GET', `/api/student/attempts/${id}`, ashaCookie)).json();
    expect(unreleased).toMatchObject({ id, teacherComment: null, teacherScores: null, release: null, trail: [], releasePending: false });

    const released = await release(id);
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json()).toMatchObject({
      notified: 'email',
      release: { comment: 'Good range; link your ideas.', scores: { fluency: 6.5, overall: 6.625 }, releasedByUsername: 'headteacher' },
      event: { action: 'released', from: null, to: { comment: 'Good range; link your ideas.' } },
    });
    const mail = await sink.waitFor('asha@example.org');
    expect(mail.subject).toBe("Parley: your teacher's review is ready");
    expect(mail.text).toContain("Your teacher's overall band: 6.5");
    expect(mail.text).toContain('Fluency: 6.5');
    expect(mail.text).toContain(`The automatic estimate was: `);
    expect(mail.text).toContain('Good range; link your ideas.');
    expect(mail.text).toContain(`https://parley.example.org/progress/attempts/${id}`);
    expect((await release(id)).json()).toEqual({ message: ALREADY_RELEASED });

    const seen = (await request('GET', `/api/student/attempts/${id}`, ashaCookie)).json();
    expect(seen).toMatchObject({
      teacherComment: 'Good range; link your ideas.',
      teacherScores: { fluency: 6.5, vocabulary: 7, grammar: 6, pronunciation: 7, overall: 6.625 },
      reviewerUsername: null,
      release: { releasedByUsername: null, releasedByName: null },
      scores: saved.scores,
      trail: [],
    });
    // The student's view never carries a teacher's sign-in name: only a display name, once set.
    expect(JSON.stringify(seen)).not.toContain('headteacher');
    await t.database.db.update(users).set({ displayName: 'Ms Rao' }).where(eq(users.id, admin.user.id));
    invalidateReadCaches(t.database.db);
    const named = (await request('GET', `/api/student/attempts/${id}`, ashaCookie)).json();
    expect(named.release).toMatchObject({ releasedByName: 'Ms Rao', releasedByUsername: null });
    expect(JSON.stringify(named)).not.toContain('headteacher');
    await t.database.db.update(users).set({ displayName: null }).where(eq(users.id, admin.user.id));
    invalidateReadCaches(t.database.db);
    const listed = (await request('GET', '/api/student/attempts', ashaCookie)).json().attempts[0];
    expect(listed).toMatchObject({ id, resultSource: 'teacher', result: { fluency: 6.5, overall: 6.625 }, estimate: saved.scores });

    // An amendment of a released review needs a reason; the student keeps the released one until it is released again.
    const noReason = await review(id, { comment: 'Good range; link your ideas.', scores: { fluency: 7, vocabulary: 7, grammar: 6, pronunciation: 7 } });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toEqual({ message: REASON_REQUIRED });
    const amended = await review(id, {
      comment: 'Good range; link your ideas.',
      scores: { fluency: 7, vocabulary: 7, grammar: 6, pronunciation: 7 },
      reason: 'Listened to the recording again',
    });
    expect(amended.json()).toMatchObject({
      releasePending: true,
      event: { action: 'saved', from: { scores: { fluency: 6.5 } }, to: { scores: { fluency: 7, overall: 6.75 } }, reason: 'Listened to the recording again' },
    });
    // The attempts export gives both: the teacher's saved bands (not released) and the released ones, the student's result.
    const csv = (await request('GET', '/api/admin/test-attempts/export.csv', adminCookie)).body.replace(/^\uFEFF/, '').split('\r\n');
    const header = csv[0]?.split(',') ?? [];
    const row = csv.find((line) => line.endsWith(id))?.split(',') ?? [];
    const cell = (column: string) => row[header.indexOf(column)];
    expect([cell('Teacher Review'), cell('Teacher Fluency'), cell('Released Fluency'), cell('Released Overall')]).toEqual(['Released (later changes not released)', '7.0', '6.5', '6.5']);
    // Saving the same review again changes nothing and adds nothing.
    const same = await review(id, { comment: 'Good range; link your ideas.', scores: { fluency: 7, vocabulary: 7, grammar: 6, pronunciation: 7 } });
    expect(same.json()).toMatchObject({ event: null, releasePending: true });
    expect((await request('GET', `/api/student/attempts/${id}`, ashaCookie)).json().teacherScores.fluency).toBe(6.5);

    const again = await release(id, { reason: 'Fluency raised' });
    expect(again.json()).toMatchObject({ event: { action: 'released', from: { scores: { fluency: 6.5 } }, to: { scores: { fluency: 7 } }, reason: 'Fluency raised' } });
    const reread = (await request('GET', `/api/student/attempts/${id}`, ashaCookie)).json();
    expect(reread.teacherScores.fluency).toBe(7);
    // The student's page can say the review changed since they read it: when it was first released, and the bands it gave then.
    expect(reread.release.amended).toEqual({ firstReleasedAt: released.json().release.releasedAt, earlierScores: { fluency: 6.5, vocabulary: 7, grammar: 6, pronunciation: 7, overall: 6.625 } });
    expect(seen.release.amended).toBeUndefined();
    await expect.poll(() => sink.messages.filter((m) => m.to.includes('asha@example.org')).map((m) => m.subject)).toContain(
      "Parley: your teacher's review is updated",
    );

    const detail = (await request('GET', `/api/admin/attempts/${id}`, adminCookie)).json();
    expect(detail.releasePending).toBe(false);
    expect(detail.release).toMatchObject({ scores: { fluency: 7 }, releasedByUsername: 'headteacher' });
    // The teachers read the trail instead.
    expect(detail.release.amended).toBeUndefined();
    expect(detail.trail.map((e: { action: string; reason: string | null }) => [e.action, e.reason])).toEqual([
      ['saved', null],
      ['released', null],
      ['saved', 'Listened to the recording again'],
      ['released', 'Fluency raised'],
    ]);
    expect(detail.trail[2]).toMatchObject({ byUsername: 'headteacher', at: expect.any(String) });
  });

  it("gives My progress the teacher's released bands alone, never mixed with the estimate, the overall their mean", async () => {
    const db = t.database.db;
    const full = await save(ashaCookie, '/api/test-sessions', testSessionBody(asha.student.id));
    await review(full.attemptId, { comment: '', scores: { fluency: 8, vocabulary: 4.5, grammar: 6, pronunciation: 6 } });
    expect((await release(full.attemptId)).statusCode).toBe(200);
    // A review released with one band only, as could happen before releasing needed all four.
    const partial = await save(ashaCookie, '/api/test-sessions', testSessionBody(asha.student.id));
    await db
      .update(attempts)
      .set({ releasedComment: 'RAO: good.', releasedScores: { fluency: 8, vocabulary: null, grammar: null, pronunciation: null, overall: null }, releasedAt: new Date() })
      .where(eq(attempts.id, partial.attemptId));
    invalidateReadCaches(db);
    const listed = (await request('GET', '/api/student/attempts', ashaCookie)).json().attempts as Array<{ id: string }>;
    const of = (id: string) => listed.find((attempt) => attempt.id === id);
    expect(of(full.attemptId)).toMatchObject({
      resultSource: 'teacher',
      result: { fluency: 8, vocabulary: 4.5, grammar: 6, pronunciation: 6, overall: 6.125 },
      estimate: full.scores,
    });
    expect(of(partial.attemptId)).toMatchObject({
      resultSource: 'teacher',
      result: { fluency: 8, vocabulary: null, grammar: null, pronunciation: null, overall: null },
      estimate: partial.scores,
    });
  });

  it('refuses a reason longer than 500 characters with a sentence', async () => {
    const saved = await save(ashaCookie, '/api/test-sessions', testSessionBody(asha.student.id));
    const response = await review(saved.attemptId, { comment: 'x', scores: {}, reason: 'y'.repeat(501) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'reason: must be at most 500 characters' });
  });

  it('says when no e-mail is on file', async () => {
    const saved = await save(raviCookie, '/api/interview-sessions', interviewSessionBody(ravi.student.id));
    await review(saved.attemptId, { comment: 'Clear answers.', scores: { communication: 7, confidence: 7, relevance: 6, clarity: 7 } });
    const released = await release(saved.attemptId);
    expect(released.json()).toMatchObject({ notified: 'no-email', release: { scores: { overall: 7 } } });
  });

  it('keeps the trail append-only in the database itself', async () => {
    const db = t.database.db;
    const saved = await save(ashaCookie, '/api/test-sessions', testSessionBody(asha.student.id));
    await review(saved.attemptId, { comment: 'Kept forever.', scores: {} });
    const [event] = await db.select().from(reviewEvents).where(eq(reviewEvents.attemptId, saved.attemptId));
    expect(event).toBeDefined();
    await expect(db.update(reviewEvents).set({ reason: 'rewritten' }).where(eq(reviewEvents.id, event?.id ?? 0))).rejects.toThrow();
    await expect(db.delete(reviewEvents).where(eq(reviewEvents.id, event?.id ?? 0))).rejects.toThrow();
    const [still] = await db.select().from(reviewEvents).where(eq(reviewEvents.id, event?.id ?? 0));
    expect(still?.reason).toBeNull();

    // A teacher's account can go (the name stays); a deleted student's attempts take their trail with them.
    const temp = await createAdmin(db, { username: 'supply.teacher' });
    const tempCookie = await sessionCookieForUser(db, temp.user.id, { secure: true });
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/attempts/${saved.attemptId}/review`,
      headers: { cookie: tempCookie },
      payload: { comment: 'Second opinion.', scores: {}, version: await versionOf(saved.attemptId) },
    });
    expect(patched.statusCode).toBe(200);
    await db.delete(users).where(eq(users.id, temp.user.id));
    const trail = (await request('GET', `/api/admin/attempts/${saved.attemptId}`, adminCookie)).json().trail;
    expect(trail.map((e: { byUsername: string }) => e.byUsername)).toEqual(['headteacher', 'supply.teacher']);

    const gone = await createStudent(db, { studentName: 'Leaving Student' });
    const goneCookie = await sessionCookieForUser(db, gone.user.id, { secure: true });
    const theirs = await save(goneCookie, '/api/test-sessions', testSessionBody(gone.student.id));
    await review(theirs.attemptId, { comment: 'Bye.', scores: {} });
    await db.delete(students).where(eq(students.id, gone.student.id));
    const left = await db.select({ n: sql<number>`count(*)::int` }).from(reviewEvents).where(eq(reviewEvents.attemptId, theirs.attemptId));
    expect(left[0]?.n).toBe(0);
  });

  it("never shows a student another student's attempt, and lists only their own, newest first", async () => {
    const db = t.database.db;
    const other = await createStudent(db, { studentName: 'Only Mine' });
    const otherCookie = await sessionCookieForUser(db, other.user.id, { secure: true });
    const ielts = await save(otherCookie, '/api/test-sessions', testSessionBody(other.student.id));
    await db.update(attempts).set({ completedAt: new Date('2026-01-01T10:00:00Z') }).where(eq(attempts.id, ielts.attemptId));
    const interview = await save(otherCookie, '/api/interview-sessions', interviewSessionBody(other.student.id));

    const list = (await request('GET', '/api/student/attempts', otherCookie)).json().attempts;
    expect(list.map((a: { id: string; kind: string }) => [a.id, a.kind])).toEqual([
      [interview.attemptId, 'interview'],
      [ielts.attemptId, 'ielts'],
    ]);
    expect(list[0]).toMatchObject({ teacher: null, releasedAt: null, resultSource: 'estimate', result: { overall: interview.scores.overall } });

    for (const cookie of [ashaCookie, raviCookie]) {
      const response = await request('GET', `/api/student/attempts/${ielts.attemptId}`, cookie);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: NO_SUCH_OWN_ATTEMPT });
      const theirList = (await request('GET', '/api/student/attempts', cookie)).json().attempts;
      expect(theirList.map((a: { id: string }) => a.id)).not.toContain(ielts.attemptId);
      expect((await request('GET', `/api/attempts/${ielts.attemptId}/recording`, cookie)).statusCode).toBe(404);
      expect((await request('GET', `/api/admin/attempts/${ielts.attemptId}`, cookie)).statusCode).toBe(403);
    }
    expect((await request('GET', `/api/student/attempts/${randomUUID()}`, otherCookie)).statusCode).toBe(404);
    expect((await request('GET', '/api/student/attempts/nope', otherCookie)).json()).toEqual({ message: 'id: must be an attempt id (UUID)' });
  });

  it("keeps each student's latest attempt and result for the class view (released teacher overall over the estimate)", async () => {
    const db = t.database.db;
    const s = await createStudent(db, { studentName: 'Latest Check' });
    const cookie = await sessionCookieForUser(db, s.user.id, { secure: true });
    const older = await save(cookie, '/api/test-sessions', testSessionBody(s.student.id));
    await db.update(attempts).set({ completedAt: new Date('2026-01-01T10:00:00Z') }).where(eq(attempts.id, older.attemptId));
    const newer = await save(cookie, '/api/test-sessions', testSessionBody(s.student.id));
    const read = async () => (await db.select().from(students).where(eq(students.id, s.student.id)))[0];
    expect(await read()).toMatchObject({ latestAttemptId: newer.attemptId, latestOverall: newer.scores.overall });
    // Releasing a review of the older attempt leaves the latest alone; of the newer, its teacher overall becomes the result.
    await review(older.attemptId, { comment: '', scores: { fluency: 9, vocabulary: 9, grammar: 9, pronunciation: 9 } });
    await release(older.attemptId);
    expect(await read()).toMatchObject({ latestAttemptId: newer.attemptId, latestOverall: newer.scores.overall });
    await review(newer.attemptId, { comment: '', scores: { fluency: 4, vocabulary: 4, grammar: 5, pronunciation: 5 } });
    expect((await read())?.latestOverall).toBe(newer.scores.overall);
    await release(newer.attemptId);
    expect(await read()).toMatchObject({ latestAttemptId: newer.attemptId, latestOverall: 4.5 });
  });
});

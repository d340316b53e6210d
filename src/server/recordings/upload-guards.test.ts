import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attempts } from '../db/schema.js';
import { recordingChunks, recordings } from '../db/schema-recordings.js';
import { createAttempt, WEBM_SIGNATURE } from '../test/attempt-fixtures.js';
import { createTestApp, sessionCookieForUser, type TestApp } from '../test/app.js';
import { testDrivers } from '../test/databases.js';
import { createAdmin, createStudent, type CreatedStudent } from '../test/factories.js';
import { saveRecording } from './service.js';
import { createRecordingStores } from './store.js';
import { RecordingRefused, REVIEWED_RECORDING_MESSAGE } from './upload-guards.js';

/** A WebM header and random bytes (not a real WebM: stored as sent, so its stored size is its length). */
const webm = (length: number) => Buffer.concat([WEBM_SIGNATURE, randomBytes(length - WEBM_SIGNATURE.length)]);

/** Every file under the file store's folder, incoming uploads included (a file's name is its storage key). */
async function storedFiles(dataDir: string): Promise<string[]> {
  const entries = await readdir(path.join(dataDir, 'recordings'), { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

describe.each(testDrivers)('upload guards on %s', (driver) => {
  const CAP = 10_000;
  const SIZE = 3_000;
  let t: TestApp;
  let teacherCookie: string;
  let student: CreatedStudent;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp({
      driver,
      env: { RECORDING_STUDENT_CAP_MB: String(CAP / 1_000_000) },
      // Uploads sent at once reach the database's own guard here, not the per-process slots.
      rateLimits: { uploadsPerStudent: { max: 1000, windowMs: 60_000 }, uploadsAtOncePerStudent: { max: 100 } },
    });
    student = await createStudent(t.database.db, { studentName: 'Farah' });
    cookie = await sessionCookieForUser(t.database.db, student.user.id);
    teacherCookie = await sessionCookieForUser(t.database.db, (await createAdmin(t.database.db)).user.id);
  });
  afterAll(() => t.close());

  const put = (id: string, payload: Buffer, as = cookie) =>
    t.app.inject({ method: 'PUT', url: `/api/attempts/${id}/recording`, headers: { cookie: as, 'content-type': 'audio/webm' }, payload });
  /** Files and database pieces no recording row names: bytes a refused upload left behind. */
  const orphans = async () => {
    const keys = new Set((await t.database.db.select({ key: recordings.storageKey }).from(recordings)).map((row) => row.key));
    const pieces = await t.database.db.selectDistinct({ uploadId: recordingChunks.uploadId }).from(recordingChunks);
    return [...(await storedFiles(t.config.DATA_DIR)), ...pieces.map((piece) => piece.uploadId)].filter((key) => !keys.has(key));
  };
  const keptOf = async (studentId: number) =>
    t.database.db.select().from(recordings).where(eq(recordings.studentId, studentId));

  it('holds the cap across uploads sent at once, refusing the rest with the cap sentence and keeping none of their bytes', async () => {
    const racer = await createStudent(t.database.db, { studentName: 'Omar' });
    const racerCookie = await sessionCookieForUser(t.database.db, racer.user.id);
    const ids = await Promise.all(Array.from({ length: 10 }, () => createAttempt(t.database.db, racer.student.id)));
    const answers = await Promise.all(ids.map((id) => put(id, webm(SIZE), racerCookie)));

    const stored = answers.filter((answer) => answer.statusCode === 200);
    const refused = answers.filter((answer) => answer.statusCode !== 200);
    expect(stored.length).toBe(Math.floor(CAP / SIZE));
    for (const answer of refused) {
      expect(answer.statusCode).toBe(413);
      expect(answer.json().message).toMatch(
        /^This student's recordings already take \d+\.\d MB of the 0\.0 MB each student may keep, so this one was not stored\. The attempt itself is saved; the school can make room\.$/,
      );
    }
    const kept = await keptOf(racer.student.id);
    expect(kept).toHaveLength(stored.length);
    expect(kept.reduce((total, row) => total + row.sizeBytes, 0)).toBeLessThanOrEqual(CAP);
    // The refused uploads' bytes were removed: nothing is stored that no recording names.
    expect(await orphans()).toEqual([]);
  });

  it('a replacement of the same attempt counts its old recording once, even with others at once', async () => {
    const replacer = await createStudent(t.database.db, { studentName: 'Lina' });
    const replacerCookie = await sessionCookieForUser(t.database.db, replacer.user.id);
    const first = await createAttempt(t.database.db, replacer.student.id);
    expect((await put(first, webm(6_000), replacerCookie)).statusCode).toBe(200);
    const others = await Promise.all(Array.from({ length: 4 }, () => createAttempt(t.database.db, replacer.student.id)));
    const answers = await Promise.all([put(first, webm(7_000), replacerCookie), ...others.map((id) => put(id, webm(2_000), replacerCookie))]);
    expect(answers.map((answer) => answer.statusCode).filter((status) => status !== 200 && status !== 413)).toEqual([]);
    const kept = await keptOf(replacer.student.id);
    expect(kept.reduce((total, row) => total + row.sizeBytes, 0)).toBeLessThanOrEqual(CAP);
    expect(await orphans()).toEqual([]);
  });

  it('refuses to replace a recording once the teacher has saved a review, and after release', async () => {
    const id = await createAttempt(t.database.db, student.student.id);
    const original = webm(1_000);
    expect((await put(id, original)).statusCode).toBe(200);
    const review = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/attempts/${id}/review`,
      headers: { cookie: teacherCookie },
      payload: { comment: 'Clear answers.', scores: { fluency: 6, vocabulary: 6, grammar: 6, pronunciation: 6 }, version: 0 },
    });
    expect(review.statusCode, review.body).toBe(200);

    const afterReview = await put(id, webm(1_200));
    expect(afterReview.statusCode).toBe(409);
    expect(afterReview.json().message).toBe(REVIEWED_RECORDING_MESSAGE);

    const release = await t.app.inject({
      method: 'POST',
      url: `/api/admin/attempts/${id}/review/release`,
      headers: { cookie: teacherCookie },
      payload: { version: (review.json() as { version: number }).version },
    });
    expect(release.statusCode, release.body).toBe(200);
    const afterRelease = await put(id, webm(1_300));
    expect(afterRelease.statusCode).toBe(409);
    expect(afterRelease.json().message).toBe(REVIEWED_RECORDING_MESSAGE);

    const heard = await t.app.inject({ url: `/api/attempts/${id}/recording`, headers: { cookie } });
    expect(heard.rawPayload.equals(original)).toBe(true);
  });

  it('a released attempt (no draft date) refuses a replacement too', async () => {
    const id = await createAttempt(t.database.db, student.student.id, { recording: webm(500) });
    await t.database.db.update(attempts).set({ releasedAt: new Date() }).where(eq(attempts.id, id));
    const answer = await put(id, webm(600));
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toBe(REVIEWED_RECORDING_MESSAGE);
  });

  it('accepts a first upload that arrives after the review (the outbox sending late)', async () => {
    const id = await createAttempt(t.database.db, student.student.id);
    await t.database.db.update(attempts).set({ reviewedAt: new Date(), teacherComment: 'Heard nothing yet.' }).where(eq(attempts.id, id));
    const late = webm(800);
    const answer = await put(id, late);
    expect(answer.statusCode, answer.body).toBe(200);
    expect((await t.app.inject({ url: `/api/attempts/${id}/recording`, headers: { cookie } })).rawPayload.equals(late)).toBe(true);
    expect((await put(id, webm(900))).statusCode).toBe(409);
  });

  it('the final check inside the transaction refuses a replacement the early check did not see, and removes its bytes', async () => {
    const original = webm(700);
    const id = await createAttempt(t.database.db, student.student.id, { recording: original });
    await t.database.db.update(attempts).set({ reviewedAt: new Date() }).where(eq(attempts.id, id));
    const stores = createRecordingStores({ db: t.database.db, driver, dataDir: t.config.DATA_DIR, configured: 'database' });
    const replacement = webm(750);
    const saving = saveRecording(t.database.db, stores, {
      attemptId: id,
      studentId: student.student.id,
      mimeType: 'audio/webm',
      source: (async function* () {
        yield replacement;
      })(),
    });
    await expect(saving).rejects.toBeInstanceOf(RecordingRefused);
    expect(await orphans()).toEqual([]);
    const [row] = await t.database.db.select().from(recordings).where(eq(recordings.attemptId, id));
    expect(row?.sizeBytes).toBe(700);
  });
});

import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingChunks } from '../db/schema-recordings.js';
import { createAttempt } from '../test/attempt-fixtures.js';
import { createTestApp, sessionCookieForUser, type TestApp } from '../test/app.js';
import { testDrivers } from '../test/databases.js';
import { createStudent } from '../test/factories.js';
import { startRecordingMaintenance } from './maintenance.js';
import { createRecordingStores } from './store.js';

describe.each(testDrivers)('recording housekeeping on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ driver });
  });
  afterAll(() => t.close());

  it('clears what cut-off uploads left, keeping uploads in progress and kept recordings', async () => {
    const db = t.database.db;
    const stores = createRecordingStores({ db, driver, dataDir: t.config.DATA_DIR, configured: undefined });
    const student = await createStudent(db, { studentName: 'Nisha' });
    const kept = await createAttempt(db, student.student.id, { recording: Buffer.from('a recording to keep') });
    // A piece of an upload a crash cut off a day ago, and a fresh one still arriving.
    const dayAgo = `${(Date.now() - 24 * 3600_000).toString(36).padStart(10, '0')}-0000`;
    const arriving = `${Date.now().toString(36).padStart(10, '0')}-1111`;
    await db.insert(recordingChunks).values([
      { uploadId: dayAgo, seq: 0, data: Buffer.from('lost') },
      { uploadId: arriving, seq: 0, data: Buffer.from('arriving') },
    ]);
    const incoming = path.join(t.config.DATA_DIR, 'recordings', 'incoming');
    await mkdir(incoming, { recursive: true });
    await writeFile(path.join(incoming, 'old-upload'), 'lost');
    const dayAgoSeconds = (Date.now() - 24 * 3600_000) / 1000;
    await utimes(path.join(incoming, 'old-upload'), dayAgoSeconds, dayAgoSeconds);
    await writeFile(path.join(incoming, 'new-upload'), 'arriving');

    const logged: object[] = [];
    const stop = startRecordingMaintenance({
      db,
      stores,
      retentionDays: 30,
      now: () => new Date(),
      log: { info: (object) => logged.push(object), warn: (object) => logged.push(object) },
    });
    await expect.poll(() => logged.length, { timeout: 5000 }).toBeGreaterThan(0);
    stop();
    expect(logged[0]).toEqual({ expired: 0, leftovers: 2 });
    const uploads = (await db.select({ uploadId: recordingChunks.uploadId }).from(recordingChunks)).map((row) => row.uploadId);
    expect(uploads).not.toContain(dayAgo);
    expect(uploads).toContain(arriving);
    expect(uploads.some((id) => id !== arriving)).toBe(true); // the kept recording's pieces
    expect(await readdir(incoming)).toEqual(['new-upload']);
    const stillThere = await t.app.inject({ url: `/api/attempts/${kept}/recording`, headers: { cookie: await sessionCookieForUser(db, student.user.id) } });
    expect(stillThere.body).toBe('a recording to keep');
  });
});

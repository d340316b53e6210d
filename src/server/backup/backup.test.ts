import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { asc, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { releaseReview, saveReview } from '../attempts/review.js';
import { openDatabase, type Database } from '../db/open.js';
import { attempts, reviewEvents, students, users } from '../db/schema.js';
import { recordingChunks, recordings } from '../db/schema-recordings.js';
import { seedCourses } from '../db/seed.js';
import { createRecordingStores } from '../recordings/store.js';
import { WEBM_SIGNATURE, createAttempt } from '../test/attempt-fixtures.js';
import { createTestDatabase, testDrivers, type TestDriver } from '../test/databases.js';
import { createAdmin, createStudent } from '../test/factories.js';
import { withDatabaseName } from '../test/pg-names.js';
import { backup, type BackupTarget } from './backup.js';
import { restore } from './restore.js';

/** A database to back up or restore into, with the target the CLI would make of its configuration. */
interface Place {
  database: Database;
  target: BackupTarget;
}

async function openPlace(driver: TestDriver, dataDir: string): Promise<Place> {
  if (driver === 'pglite') {
    const database = await openDatabase({ kind: 'pglite', dataDir }, { syncReadCaches: false });
    return { database, target: { driver, dataDir } };
  }
  const database = await createTestDatabase('postgres');
  const result = (await database.db.execute(sql`select current_database() as name`)) as unknown as { rows: Array<{ name: string }> };
  const url = withDatabaseName(process.env.TEST_DATABASE_URL as string, result.rows[0]?.name as string);
  return { database, target: { driver, url, dataDir } };
}

/** Everything a restore must bring back, rows in a fixed order, and each recording's stored bytes. */
async function snapshot(database: Database, dataDir: string) {
  const { db } = database;
  const stores = createRecordingStores({ db, driver: database.driver, dataDir, configured: undefined });
  const recordingRows = await db.select().from(recordings).orderBy(asc(recordings.attemptId));
  const bytes: Record<string, string> = {};
  for (const row of recordingRows) {
    const pieces: Buffer[] = [];
    for await (const piece of stores.of(row.store).read(row.storageKey as string, 0, row.sizeBytes - 1)) pieces.push(piece as Buffer);
    bytes[row.attemptId] = Buffer.concat(pieces).toString('base64');
  }
  return {
    users: await db.select().from(users).orderBy(asc(users.id)),
    students: await db.select().from(students).orderBy(asc(students.id)),
    attempts: await db.select().from(attempts).orderBy(asc(attempts.id)),
    reviewEvents: await db.select().from(reviewEvents).orderBy(asc(reviewEvents.id)),
    recordings: recordingRows,
    chunks: (await db.select({ uploadId: recordingChunks.uploadId }).from(recordingChunks)).length,
    bytes,
  };
}

/** Two students, three attempts (a recording in each store, one without), a released review. */
async function fillWithData(database: Database, dataDir: string): Promise<void> {
  const { db } = database;
  await seedCourses(db);
  const teacher = await createAdmin(db);
  const first = await createStudent(db);
  const second = await createStudent(db, { courseName: 'Interview Preparation' });
  // 600 KB: several of the database store's 256 KiB pieces.
  const inDatabase = Buffer.concat([WEBM_SIGNATURE, randomBytes(600_000)]);
  const reviewed = await createAttempt(db, first.student.id, { recording: inDatabase });
  await createAttempt(db, second.student.id, { kind: 'interview' });
  const withFile = await createAttempt(db, second.student.id);
  const file = createRecordingStores({ db, driver: database.driver, dataDir, configured: 'file' }).writeTo;
  const bytes = Buffer.concat([WEBM_SIGNATURE, randomBytes(70_000)]);
  const stored = await file.write([bytes].values() as unknown as AsyncIterable<Uint8Array>);
  await db.insert(recordings).values({ attemptId: withFile, mimeType: 'audio/webm', sizeBytes: stored.sizeBytes, store: 'file', storageKey: stored.storageKey, studentId: second.student.id });
  const reviewer = { id: teacher.user.id, username: teacher.username, displayName: 'Ms Rao' };
  const scores = { fluency: 6.5, vocabulary: 6, grammar: 6, pronunciation: 6.5 };
  const context = { attemptId: reviewed, reviewer, now: new Date(), timeZone: 'Asia/Kolkata' };
  const saved = await saveReview(db, { ...context, body: { comment: 'Clear answers; work on linking words.', scores, version: 0 } });
  await releaseReview(db, { ...context, version: saved?.version ?? -1, reason: null });
}

describe.each(testDrivers)('backup and restore (%s)', (driver) => {
  let scratch: string;
  const open: Database[] = [];

  beforeEach(async () => {
    scratch = await mkdtemp(path.join(os.tmpdir(), 'parley-backup-test-'));
  });
  afterEach(async () => {
    for (const database of open.splice(0)) await database.close().catch(() => {});
    await rm(scratch, { recursive: true, force: true });
  });

  it('brings back every student, attempt, review and recording byte for byte after the data is wiped', async () => {
    const dataDir = path.join(scratch, 'data');
    const source = await openPlace(driver, dataDir);
    await fillWithData(source.database, dataDir);
    const before = await snapshot(source.database, dataDir);
    expect(before.attempts).toHaveLength(3);
    expect(before.reviewEvents.map((event) => event.action)).toEqual(['saved', 'released']);
    expect(Object.keys(before.bytes)).toHaveLength(2);

    const file = path.join(scratch, 'school.parley');
    // The embedded database is backed up with the server stopped; PostgreSQL while it runs.
    if (driver === 'pglite') await source.database.close();
    await backup(source.target, file);
    await expect(restore(source.target, file, { force: false })).rejects.toThrow(
      driver === 'pglite' ? `${dataDir} already holds a database or recordings` : 'The database in DATABASE_URL holds 2 student(s) and 3 attempt(s)',
    );
    // Wiped: the PostgreSQL database dropped (its close drops it), the data folder with the recording files removed.
    if (driver === 'postgres') await source.database.close();
    await rm(dataDir, { recursive: true, force: true });

    // Into an empty DATA_DIR, or a freshly migrated PostgreSQL database without students or attempts.
    const fresh = driver === 'postgres' ? await openPlace(driver, dataDir) : null;
    if (fresh) open.push(fresh.database);
    const summary = await restore(fresh?.target ?? source.target, file, { force: false });
    expect(summary).toMatchObject({ recordingFiles: 1, movedAside: null });
    const restored = fresh?.database ?? (await openDatabase({ kind: 'pglite', dataDir }, { syncReadCaches: false }));
    if (!fresh) open.push(restored);
    expect(await snapshot(restored, dataDir)).toEqual(before);
  }, 120_000);

  it('refuses a file that is not a Parley backup, or one cut short, with a sentence and changes nothing', async () => {
    const dataDir = path.join(scratch, 'data');
    const place = await openPlace(driver, dataDir);
    await fillWithData(place.database, dataDir);
    const notBackup = path.join(scratch, 'notes.txt');
    await writeFile(notBackup, 'attendance list\n');
    await expect(restore(place.target, notBackup, { force: true })).rejects.toThrow(`${notBackup} is not a Parley backup`);
    if (driver === 'pglite') await place.database.close();
    const file = path.join(scratch, 'school.parley');
    await backup(place.target, file);
    const whole = await readFile(file);
    const cut = path.join(scratch, 'cut.parley');
    await writeFile(cut, whole.subarray(0, whole.length - 5000));
    await expect(restore(place.target, cut, { force: true })).rejects.toThrow(`${cut} is cut short or damaged`);
    await expect(backup(place.target, file)).rejects.toThrow('already exists');
    // --force over the data that is there: the embedded database's is moved aside, not deleted.
    const summary = await restore(place.target, file, { force: true });
    if (driver === 'pglite') {
      expect(summary.movedAside).toMatch(/replaced-by-restore-/);
      const reopened = await openDatabase({ kind: 'pglite', dataDir }, { syncReadCaches: false });
      open.push(reopened);
      expect(await reopened.db.select().from(attempts)).toHaveLength(3);
      const aside = await openDatabase({ kind: 'pglite', dataDir: summary.movedAside as string }, { syncReadCaches: false });
      open.push(aside);
      expect(await aside.db.select().from(attempts)).toHaveLength(3);
    } else {
      open.push(place.database);
      expect(await place.database.db.select().from(attempts)).toHaveLength(3);
    }
  }, 120_000);
});

describe('restoring the embedded database', () => {
  let scratch: string;
  let holder: ChildProcess | undefined;
  afterEach(async () => {
    holder?.kill('SIGKILL');
    await rm(scratch, { recursive: true, force: true });
  });

  it('is refused while a server holds DATA_DIR, and a backup of the other kind of database is refused', async () => {
    scratch = await mkdtemp(path.join(os.tmpdir(), 'parley-backup-test-'));
    const dataDir = path.join(scratch, 'data');
    const database = await openDatabase({ kind: 'pglite', dataDir }, { syncReadCaches: false });
    await database.close();
    const file = path.join(scratch, 'school.parley');
    await backup({ driver: 'pglite', dataDir }, file);
    // Another live process holding the lock, as a running server does (decision 0003).
    holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    await writeFile(path.join(dataDir, 'parley.lock'), JSON.stringify({ pid: holder.pid, hostname: os.hostname(), startedAt: new Date().toISOString() }));
    await expect(restore({ driver: 'pglite', dataDir }, file, { force: true })).rejects.toThrow(/Another Parley process \(pid \d+/);
    await expect(restore({ driver: 'postgres', url: 'postgres://nobody@127.0.0.1:1/none', dataDir }, file, { force: true })).rejects.toThrow(
      'is a backup of the embedded database (DATA_DIR, no DATABASE_URL), but this configuration uses PostgreSQL (DATABASE_URL)',
    );
  }, 60_000);
});

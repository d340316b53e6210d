/* What the backup tests fill a database with and compare after a restore (not shipped code). */
import { randomBytes } from 'node:crypto';
import { asc, sql } from 'drizzle-orm';
import { releaseReview, saveReview } from '../attempts/review.js';
import { openDatabase, type Database } from '../db/open.js';
import { attempts, reviewEvents, students, users } from '../db/schema.js';
import { recordingChunks, recordings } from '../db/schema-recordings.js';
import { seedCourses } from '../db/seed.js';
import { createRecordingStores } from '../recordings/store.js';
import { WEBM_SIGNATURE, createAttempt } from './attempt-fixtures.js';
import { createTestDatabase, type TestDriver } from './databases.js';
import { createAdmin, createStudent } from './factories.js';
import { withDatabaseName } from './pg-names.js';
import type { BackupTarget } from '../backup/backup.js';

/** A database to back up or restore into, with the target the CLI would make of its configuration. */
export interface Place {
  database: Database;
  target: BackupTarget;
}

export async function openPlace(driver: TestDriver, dataDir: string): Promise<Place> {
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
export async function snapshot(database: Database, dataDir: string) {
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
export async function fillWithData(database: Database, dataDir: string): Promise<void> {
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

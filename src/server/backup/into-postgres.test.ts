import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { max } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/open.js';
import { students } from '../db/schema.js';
import { testDrivers } from '../test/databases.js';
import { createStudent } from '../test/factories.js';
import { backup } from './backup.js';
import { fillWithData, openPlace, snapshot } from '../test/backup-fixtures.js';
import { restore } from './restore.js';

/*
 * A school that began on the embedded database moves to PostgreSQL: its backup restored into an
 * empty PostgreSQL database brings back every row and recording byte, new ids follow the old ones,
 * and a PostgreSQL backup still cannot go into the embedded database.
 */
// PostgreSQL is there whenever the suite runs as CI runs it (.ci/run sets TEST_DATABASE_URL).
describe.runIf(testDrivers.includes('postgres'))('the embedded database restored into PostgreSQL', () => {
  let scratch: string;
  const open: Database[] = [];
  beforeEach(async () => {
    scratch = await mkdtemp(path.join(os.tmpdir(), 'parley-into-postgres-'));
  });
  afterEach(async () => {
    for (const database of open.splice(0)) await database.close().catch(() => {});
    await rm(scratch, { recursive: true, force: true });
  });

  it('brings back every student, attempt, review and recording byte, and new ids follow the old ones', async () => {
    const embeddedDir = path.join(scratch, 'embedded');
    const embedded = await openPlace('pglite', embeddedDir);
    await fillWithData(embedded.database, embeddedDir);
    const before = await snapshot(embedded.database, embeddedDir);
    await embedded.database.close();
    const file = path.join(scratch, 'school.parley');
    await backup(embedded.target, file);

    // The new server's DATA_DIR (for the recording files) and an empty, migrated PostgreSQL database.
    const serverDir = path.join(scratch, 'server');
    const postgres = await openPlace('postgres', serverDir);
    open.push(postgres.database);
    const summary = await restore(postgres.target, file, { force: false });
    expect(summary).toMatchObject({ recordingFiles: 1, movedAside: null });
    expect(await snapshot(postgres.database, serverDir)).toEqual(before);

    const [largest] = await postgres.database.db.select({ id: max(students.id) }).from(students);
    const added = await createStudent(postgres.database.db);
    expect(added.student.id).toBeGreaterThan(largest?.id ?? Number.POSITIVE_INFINITY);

    // Now it holds students: a second move is refused unless --force, as any restore is.
    await expect(restore(postgres.target, file, { force: false })).rejects.toThrow('The database in DATABASE_URL holds 3 student(s), 3 attempt(s) and 1 teacher account(s)');
    await restore(postgres.target, file, { force: true });
    expect(await snapshot(postgres.database, serverDir)).toEqual(before);

    // The other way is not offered: a PostgreSQL backup into the embedded database.
    const postgresBackup = path.join(scratch, 'postgres.parley');
    await backup(postgres.target, postgresBackup);
    await expect(restore({ driver: 'pglite', dataDir: path.join(scratch, 'other') }, postgresBackup, { force: true })).rejects.toThrow(
      'is a backup of PostgreSQL (DATABASE_URL), but this configuration uses the embedded database (DATA_DIR, no DATABASE_URL)',
    );
  }, 120_000);
});

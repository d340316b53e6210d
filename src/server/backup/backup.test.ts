import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { newestShippedMigrationAt, openDatabase, type Database } from '../db/open.js';
import { attempts } from '../db/schema.js';
import { createAdmin, createStudent } from '../test/factories.js';
import { testDrivers } from '../test/databases.js';
import { withDatabaseName } from '../test/pg-names.js';
import { backup, type BackupTarget } from './backup.js';
import { fillWithData, openPlace, snapshot, type Place } from '../test/backup-fixtures.js';
import { ArchiveWriter, entryBytes, readArchive } from './archive.js';
import { restore } from './restore.js';

/** `postgres://user@host:port/db` as `postgresql://user@/db?host=host&port=port`: the shape of a socket address, which the URL parser refuses. */
function socketStyle(url: string): string {
  const parsed = new URL(url);
  return `postgresql://${parsed.username}@${parsed.pathname}?host=${parsed.hostname}&port=${parsed.port || '5432'}`;
}

const postgresUrl = (place: Place) => (place.target.driver === 'postgres' ? place.target.url : '');

/**
 * A scratch folder made afresh for each test, and the databases a test opens (`open.push`), closed
 * after it. `scratch()` is the current test's folder.
 */
function useScratch(): { scratch: () => string; open: Database[] } {
  let folder = '';
  const open: Database[] = [];
  beforeEach(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'parley-backup-test-'));
  });
  afterEach(async () => {
    for (const database of open.splice(0)) await database.close().catch(() => {});
    await rm(folder, { recursive: true, force: true });
  });
  return { scratch: () => folder, open };
}

/**
 * Runs `run` with pg_restore as it fails part-way: it reads the dump's list and reaches the database
 * (the checks before anything is changed) like the real one, then stops as a full disk would stop it.
 */
async function whilePgRestoreFailsPartWay(scratch: string, run: () => Promise<void>): Promise<void> {
  const bin = path.join(scratch, 'bin');
  await mkdir(bin);
  const real = execFileSync('sh', ['-c', 'command -v pg_restore'], { encoding: 'utf8' }).trim();
  await writeFile(
    path.join(bin, 'pg_restore'),
    `#!/bin/sh\ncase "$*" in *--list*|*--use-list=*) exec ${real} "$@";; esac\necho 'pg_restore: error: could not extend file: No space left on device' >&2\nexit 1\n`,
    { mode: 0o755 },
  );
  vi.stubEnv('PATH', `${bin}:${process.env.PATH ?? ''}`);
  try {
    await run();
  } finally {
    vi.unstubAllEnvs();
  }
}

describe.each(testDrivers)('backup and restore (%s)', (driver) => {
  const { scratch: scratchOf, open } = useScratch();
  let scratch: string;
  beforeEach(() => {
    scratch = scratchOf();
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
      driver === 'pglite' ? `${dataDir} already holds a database or recordings` : 'The database in DATABASE_URL holds 2 student(s), 3 attempt(s) and 1 teacher account(s)',
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

  it("refuses a newer version's backup before touching the data there, even with --force", async () => {
    const dataDir = path.join(scratch, 'data');
    const place = await openPlace(driver, dataDir);
    await fillWithData(place.database, dataDir);
    const file = path.join(scratch, 'newer.parley');
    // A newer version's data: one migration recorded after the newest this version ships.
    await place.database.db.execute(sql.raw(`insert into drizzle.__drizzle_migrations (hash, created_at) values ('newer', ${newestShippedMigrationAt() + 60_000})`));
    if (driver === 'pglite') await place.database.close();
    await backup(place.target, file);
    await expect(restore(place.target, file, { force: true })).rejects.toThrow(/was taken by a newer version of Parley.*Nothing was changed/);
    // Nothing moved aside, the data there as it was.
    const still = driver === 'pglite' ? await openDatabase({ kind: 'pglite', dataDir }, { migrate: false, syncReadCaches: false }) : place.database;
    open.push(still);
    expect(await still.db.select().from(attempts)).toHaveLength(3);
    if (driver === 'pglite') expect((await readdir(dataDir)).filter((name) => name.startsWith('replaced-by-restore-'))).toEqual([]);
  }, 120_000);

  /**
   * A place with data, its backup, and a copy of that backup (checksums right) with each entry's
   * bytes as `bytesOf` gives them and the `extra` entries after them.
   */
  async function craftedFromBackup(name: string, bytesOf: (entry: string, bytes: () => Promise<Buffer>) => Promise<Buffer>, extra: Array<[string, Buffer]> = []) {
    const dataDir = path.join(scratch, 'data');
    const place = await openPlace(driver, dataDir);
    await fillWithData(place.database, dataDir);
    if (driver === 'pglite') await place.database.close();
    const file = path.join(scratch, 'school.parley');
    await backup(place.target, file);
    const crafted = path.join(scratch, name);
    const writer = await ArchiveWriter.create(crafted);
    for (const entry of await readArchive(file)) await writer.addBytes(entry.name, await bytesOf(entry.name, () => entryBytes(file, entry)));
    for (const [entry, bytes] of extra) await writer.addBytes(entry, bytes);
    await writer.finish();
    return { place, dataDir, crafted };
  }

  /** The place's three attempts are still there, and no folder of a restore was left behind. */
  async function expectDataInPlace(place: Place, dataDir: string) {
    const still = driver === 'pglite' ? await openDatabase({ kind: 'pglite', dataDir }, { migrate: false, syncReadCaches: false }) : place.database;
    open.push(still);
    expect(await still.db.select().from(attempts)).toHaveLength(3);
    expect((await readdir(dataDir)).filter((name) => name.startsWith('replaced-by-restore-') || name.startsWith('restoring-'))).toEqual([]);
  }

  it('refuses a crafted backup whose entry names reach outside the recordings folder before touching anything, even with --force', async () => {
    // The whole backup, with one more entry after the database whose name climbs out.
    const { place, dataDir, crafted } = await craftedFromBackup('crafted.parley', (_entry, bytes) => bytes(), [['recordings/../../escaped', Buffer.from('not a recording')]]);
    await expect(restore(place.target, crafted, { force: true })).rejects.toThrow(
      `${crafted} holds an entry named "recordings/../../escaped", which is not a recording file. Nothing was changed.`,
    );
    await expectDataInPlace(place, dataDir);
    expect((await readdir(scratch)).sort()).toEqual(['crafted.parley', 'data', 'school.parley']);
  }, 120_000);

  it('with --force, a backup whose database cannot be read leaves the data there in place', async () => {
    // The database's bytes not a database (a damaged or foreign dump).
    const { place, dataDir, crafted } = await craftedFromBackup('unreadable.parley', async (entry, bytes) => (entry.startsWith('database/') ? Buffer.from('not a database dump') : bytes()));
    await expect(restore(place.target, crafted, { force: true })).rejects.toThrow();
    await expectDataInPlace(place, dataDir);
  }, 120_000);
});

describe('backup and restore on PostgreSQL: its addresses, teacher accounts, a restore that fails part-way', () => {
  const { scratch: scratchOf, open } = useScratch();
  let scratch: string;
  beforeEach(() => {
    scratch = scratchOf();
  });

  /** A PostgreSQL database with the fixtures' data, and its backup in the scratch folder. */
  async function filledAndBackedUp(): Promise<{ place: Place; dataDir: string; file: string }> {
    const dataDir = path.join(scratch, 'data');
    const place = await openPlace('postgres', dataDir);
    open.push(place.database);
    await fillWithData(place.database, dataDir);
    const file = path.join(scratch, 'school.parley');
    await backup(place.target, file);
    return { place, dataDir, file };
  }

  it('backs up and restores through a socket-style address (a user and no host: the one docs/deploy.md gives)', async () => {
    const dataDir = path.join(scratch, 'data');
    const place = await openPlace('postgres', dataDir);
    open.push(place.database);
    await fillWithData(place.database, dataDir);
    const before = await snapshot(place.database, dataDir);
    const target: BackupTarget = { driver: 'postgres', dataDir, url: socketStyle(postgresUrl(place)) };
    const file = path.join(scratch, 'school.parley');
    await backup(target, file);
    await place.database.db.delete(attempts);
    await restore(target, file, { force: true });
    expect(await snapshot(place.database, dataDir)).toEqual(before);
    // The replaced schemas are gone, and the search's extension stayed in public for the restored indexes.
    const schemas = await place.database.db.execute(sql`select nspname from pg_namespace where nspname like 'parley_replaced_%'`);
    expect((schemas as unknown as { rows: unknown[] }).rows).toEqual([]);
    const extension = await place.database.db.execute(sql`select n.nspname from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`);
    expect((extension as unknown as { rows: Array<{ nspname: string }> }).rows).toEqual([{ nspname: 'public' }]);
  }, 120_000);

  it('with --force, an address the server reads and pg_restore does not (a driver-only setting) leaves the data in place', async () => {
    const { place, dataDir, file } = await filledAndBackedUp();
    // `statement_timeout` is the pg driver's own setting; libpq, which pg_restore uses, refuses it.
    const target: BackupTarget = { driver: 'postgres', dataDir, url: `${postgresUrl(place)}?statement_timeout=30000` };
    await expect(restore(target, file, { force: true })).rejects.toThrow(/^pg_restore cannot restore into the database in DATABASE_URL, so nothing was changed\. [\s\S]*statement_timeout/);
    expect(await place.database.db.select().from(attempts)).toHaveLength(3);
  }, 120_000);

  it('is refused without --force over a database that holds only teacher accounts (one added since the backup would be lost)', async () => {
    const dataDir = path.join(scratch, 'data');
    const place = await openPlace('postgres', dataDir);
    open.push(place.database);
    await createAdmin(place.database.db, { username: 'new-teacher' });
    const file = path.join(scratch, 'school.parley');
    await backup(place.target, file);
    await expect(restore(place.target, file, { force: false })).rejects.toThrow('The database in DATABASE_URL holds 0 student(s), 0 attempt(s) and 1 teacher account(s). Restoring would delete them');
  }, 120_000);

  it('with --force, a restore that fails half-way (pg_restore stops: a full disk) leaves the data that was there, extension and search indexes included', async () => {
    const { place, dataDir, file } = await filledAndBackedUp();
    // Data the backup does not have: a restore that succeeded would remove it.
    await createStudent(place.database.db, { studentName: 'Added After The Backup' });
    const before = await snapshot(place.database, dataDir);
    await whilePgRestoreFailsPartWay(scratch, () =>
      expect(restore(place.target, file, { force: true })).rejects.toThrow('pg_restore failed (exit 1): pg_restore: error: could not extend file: No space left on device'),
    );
    expect(await snapshot(place.database, dataDir)).toEqual(before);
    const schemas = await place.database.db.execute(sql`select nspname from pg_namespace where nspname like 'parley_replaced_%'`);
    expect((schemas as unknown as { rows: unknown[] }).rows).toEqual([]);
    // The student search's trigram index still works: the extension came back with the data.
    const found = await place.database.db.execute(sql`select student_name from students where student_name % 'Added After The Bakup'`);
    expect((found as unknown as { rows: Array<{ student_name: string }> }).rows.map((row) => row.student_name)).toContain('Added After The Backup');
  }, 120_000);

  it("with --force, as the service's own role (not a superuser: docs/deploy.md), brings the backup back, and one that fails half-way leaves the data and its search indexes", async () => {
    // The role owns its database and ran the migrations, so it installed pg_trgm (a trusted extension):
    // it owns the extension, not its functions, and PostgreSQL would not move it ("must be owner of function set_limit").
    const name = `parley_service_role_${Date.now().toString(36)}`;
    const superuser = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await superuser.connect();
    try {
      await superuser.query(`create role ${name} login`);
      await superuser.query(`create database ${name} owner ${name}`);
      const url = new URL(withDatabaseName(process.env.TEST_DATABASE_URL as string, name));
      url.username = name;
      url.password = '';
      const dataDir = path.join(scratch, 'data');
      const database = await openDatabase({ kind: 'postgres', url: url.toString() }, { syncReadCaches: false });
      open.push(database);
      const target: BackupTarget = { driver: 'postgres', dataDir, url: url.toString() };
      await fillWithData(database, dataDir);
      const before = await snapshot(database, dataDir);
      const file = path.join(scratch, 'school.parley');
      await backup(target, file);
      await database.db.delete(attempts);
      await restore(target, file, { force: true });
      expect(await snapshot(database, dataDir)).toEqual(before);
      const trigramIndexes = sql`select indexname from pg_indexes where schemaname = 'public' and indexdef like '%gin_trgm_ops%' order by indexname`;
      const indexesAfterRestore = ((await database.db.execute(trigramIndexes)) as unknown as { rows: unknown[] }).rows;
      expect(indexesAfterRestore.length).toBeGreaterThan(0);

      // A restore that fails part-way: the extension, made again for the new data, comes back with the old, indexes included.
      await createStudent(database.db, { studentName: 'Added After The Backup' });
      const withAdded = await snapshot(database, dataDir);
      await whilePgRestoreFailsPartWay(scratch, () => expect(restore(target, file, { force: true })).rejects.toThrow('pg_restore failed (exit 1)'));
      expect(await snapshot(database, dataDir)).toEqual(withAdded);
      expect(((await database.db.execute(trigramIndexes)) as unknown as { rows: unknown[] }).rows).toEqual(indexesAfterRestore);
      const found = await database.db.execute(sql`select student_name from students where student_name % 'Added After The Bakup'`);
      expect((found as unknown as { rows: Array<{ student_name: string }> }).rows.map((row) => row.student_name)).toContain('Added After The Backup');
      await database.close();
      open.splice(open.indexOf(database), 1);
    } finally {
      await superuser.query(`drop database if exists ${name} with (force)`);
      await superuser.query(`drop role if exists ${name}`);
      await superuser.end();
    }
  }, 180_000);

});

describe('restoring the embedded database', () => {
  let scratch: string;
  let holder: ChildProcess | undefined;
  afterEach(async () => {
    holder?.kill('SIGKILL');
    await rm(scratch, { recursive: true, force: true });
  });

  it('is refused while a server holds DATA_DIR', async () => {
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
  }, 60_000);
});

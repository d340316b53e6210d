import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../lib/paths.js';
import { testDrivers, type TestDriver } from '../test/databases.js';
import { withDatabaseName } from '../test/pg-names.js';
import { NewerDatabaseError, openDatabase, type DatabaseTarget } from './open.js';

/**
 * An older version of Parley opened on data a newer one has migrated (a downgrade by mistake: the old
 * code checked out, the data not restored) refuses before it writes anything, rather than running on a
 * schema it does not know. The newer version is played by a migration recorded after the newest this
 * version ships, as drizzle records one.
 */
const newest = Math.max(...readMigrationFiles({ migrationsFolder }).map((migration) => migration.folderMillis));
const RECORD_NEWER = sql.raw(`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-a-newer-version', ${newest + 86_400_000})`);
const COUNT = sql.raw('select count(*)::int as n from drizzle.__drizzle_migrations');

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** An empty database of the driver's kind: a PGlite data folder, or a PostgreSQL database made for the test. */
async function freshTarget(driver: TestDriver): Promise<DatabaseTarget> {
  if (driver === 'pglite') {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-newer-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    return { kind: 'pglite', dataDir };
  }
  const url = process.env.TEST_DATABASE_URL ?? '';
  const name = `parley_newer_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  cleanups.push(async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });
  return { kind: 'postgres', url: withDatabaseName(url, name) };
}

describe.each(testDrivers)('a database a newer version migrated, on %s', (driver) => {
  it('is refused with the way back; nothing is migrated or written, and it stays readable for a backup', async () => {
    const target = await freshTarget(driver);
    const made = await openDatabase(target, { syncReadCaches: false });
    await made.db.execute(RECORD_NEWER);
    const count = async (database: typeof made) => ((await database.db.execute(COUNT)) as unknown as { rows: { n: number }[] }).rows[0]?.n;
    const before = await count(made);
    expect(before).toBe((made.migrations?.total ?? 0) + 1);
    await made.close();

    const opening = openDatabase(target, { syncReadCaches: false });
    await expect(opening).rejects.toBeInstanceOf(NewerDatabaseError);
    await expect(opening).rejects.toThrow(/has 1 migration\(s\) this version of Parley does not know.*Nothing was changed.*restore the backup taken before the upgrade/);

    // The refused opening let go of the data folder or its connections, and changed nothing: opened
    // without migrating (as a backup does), the record is as the newer version left it.
    const reader = await openDatabase(target, { migrate: false, syncReadCaches: false });
    expect(await count(reader)).toBe(before);
    await reader.close();
    // Migrating a new database twice over and opening it three times: more than the default under load.
  }, 120_000);
});

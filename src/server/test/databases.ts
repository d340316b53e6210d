import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, pgliteExtensions, type Database } from '../db/open.js';
import { withDatabaseName } from './pg-names.js';

export type TestDriver = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. For `describe.each`. */
export const testDrivers: TestDriver[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

let pgliteTemplate: Promise<PGlite> | undefined;

/** A migrated in-memory PGlite, made once per test worker; each test database is a clone of it. */
function migratedPgliteTemplate(): Promise<PGlite> {
  pgliteTemplate ??= (async () => {
    const instance = await PGlite.create({ extensions: pgliteExtensions });
    await openDatabase({ kind: 'pglite-instance', instance });
    return instance;
  })();
  return pgliteTemplate;
}

/** A fresh, migrated, empty database of the given kind. Close it after the test. */
export async function createTestDatabase(driver: TestDriver = 'pglite'): Promise<Database> {
  if (driver === 'pglite') {
    const clone = await (await migratedPgliteTemplate()).clone();
    return openDatabase({ kind: 'pglite-instance', instance: clone }, { migrate: false });
  }
  const url = process.env.TEST_DATABASE_URL;
  const template = inject('pgTemplateDatabase');
  if (!url || !template) throw new Error('TEST_DATABASE_URL is not set (or was set after global setup ran)');
  const name = `parley_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${template}`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ kind: 'postgres', url: withDatabaseName(url, name) }, { migrate: false });
  return {
    ...database,
    close: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`).catch(() => {});
      await cleanup.end();
    },
  };
}

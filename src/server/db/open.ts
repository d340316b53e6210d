import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite, type PGliteInterface } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { startCacheSync } from './cache-sync.js';
import { migrationsFolder } from '../lib/paths.js';
import type { Db } from './handle.js';
import * as schema from './schema.js';

export type { Db };

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * What opening did to the schema: migrations applied now (0 when it was up to date) and how many
   * the database has in all; absent when opened without migrating. The server logs it at start.
   */
  migrations?: MigrationsDone;
}

/** Migrations applied at this opening, recorded in the database in all, and shipped with this version. */
export interface MigrationsDone {
  applied: number;
  total: number;
  known: number;
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'pglite-instance'; instance: PGliteInterface };

/**
 * The contrib extensions the migrations create (pg_trgm: the student search's trigram indexes).
 * Every PGlite instance the app or a test opens must be made with these.
 */
export const pgliteExtensions = { pg_trgm };

/**
 * How many migrations a database has recorded in drizzle's own table (0 before the first). Two
 * queries: a statement naming a table that does not exist yet fails even in an untaken branch.
 */
async function recordedMigrations(count: (query: string) => Promise<number>): Promise<number> {
  const exists = await count("select (to_regclass('drizzle.__drizzle_migrations') is not null)::int as n");
  return exists ? count('select count(*)::int as n from drizzle.__drizzle_migrations') : 0;
}

/**
 * A database a newer version of Parley has migrated. This version must not run on it: it would write
 * rows without what the newer schema's columns mean (a teacher added here would count as having chosen
 * a password there), and drizzle's migrator, which applies only migrations newer than the last one
 * recorded, would pass over it silently.
 */
export class NewerDatabaseError extends Error {
  constructor(readonly unknownMigrations: number) {
    super(
      `The database has ${unknownMigrations} migration(s) this version of Parley does not know: a newer version has used it. ` +
        'Nothing was changed. Start the newer version again, or restore the backup taken before the upgrade with this version (docs/deploy.md, Upgrading).',
    );
    this.name = 'NewerDatabaseError';
  }
}

/** The newest migration this version ships, as drizzle dates it (its folder time; `created_at` once applied). */
export function newestShippedMigrationAt(): number {
  return Math.max(0, ...readMigrationFiles({ migrationsFolder }).map((migration) => migration.folderMillis));
}

/**
 * The newest migration a database has recorded (drizzle's `created_at`), null before the first; for a
 * backup's manifest, so that a restore can refuse a newer version's data (restore.ts).
 */
/** The WASI error numbers PGlite's file system reports (its ErrnoError carries only the number), as Node names them. */
const WASI_ERRNO: Readonly<Record<number, string>> = { 2: 'EACCES', 51: 'ENOSPC', 63: 'EPERM', 69: 'EROFS' };

/**
 * PGlite's ErrnoError ("ErrnoError: " and a number, no message or path) as a Node system error
 * on `folder`, so startupProblem can say what to do (a pgdata folder another user made, a full
 * disk); any other error as it is.
 */
export function withSystemCode(error: unknown, folder: string): unknown {
  // Emscripten's ErrnoError need not be an Error: only its name and number are read.
  const { name, errno } = (typeof error === 'object' && error !== null ? error : {}) as { name?: unknown; errno?: unknown };
  if (name !== 'ErrnoError') return error;
  const code = typeof errno === 'number' ? WASI_ERRNO[errno] : undefined;
  if (!code) return error;
  return Object.assign(new Error(`${code}: the embedded database could not use ${folder}`, { cause: error }), { code, path: folder });
}

export async function newestRecordedMigrationAt(query: (text: string) => Promise<{ rows: unknown[] }>): Promise<number | null> {
  const value = async (text: string) => (((await query(text)).rows[0] ?? {}) as { n?: unknown }).n;
  if (!(await value("select (to_regclass('drizzle.__drizzle_migrations') is not null) as n"))) return null;
  const newest = await value('select max(created_at)::text as n from drizzle.__drizzle_migrations');
  return typeof newest === 'string' ? Number(newest) : null;
}

/**
 * Runs `migrate` and says how many migrations it applied (0: the schema was up to date); refuses,
 * before migrating, a database with migrations recorded after the newest this version ships (drizzle
 * compares a migration's folder time with the last recorded `created_at`, so that is the test).
 */
async function migrateCounting(count: (query: string) => Promise<number>, migrate: () => Promise<void>): Promise<MigrationsDone> {
  const shipped = readMigrationFiles({ migrationsFolder });
  const before = await recordedMigrations(count);
  const newestKnown = newestShippedMigrationAt();
  if (before > 0) {
    const unknown = await count(`select count(*)::int as n from drizzle.__drizzle_migrations where created_at > ${newestKnown}`);
    if (unknown > 0) throw new NewerDatabaseError(unknown);
  }
  await migrate();
  const total = await recordedMigrations(count);
  return { applied: total - before, total, known: shipped.length };
}

/**
 * The start-up log's line for what migrating did: a new database, an upgrade, or nothing to do (a
 * database a newer version migrated never gets here: NewerDatabaseError).
 */
export function migrationsLogLine({ applied, total }: MigrationsDone): { level: 'info'; message: string } {
  if (applied === 0) return { level: 'info', message: `database schema up to date (${total} migrations)` };
  if (applied === total) return { level: 'info', message: `new database: created with all ${total} migrations` };
  return {
    level: 'info',
    message: `database upgraded: applied ${applied} new migration${applied === 1 ? '' : 's'} (${total} in all); a backup taken before the upgrade is the way back`,
  };
}

/** An arbitrary, fixed key so that several processes starting at once migrate one after another. */
const MIGRATION_LOCK_KEY = 7_262_001;

/**
 * Opens (and by default migrates) a database. On PostgreSQL the handle also keeps the read caches of
 * every app process on that database in step (cache-sync.ts: NOTIFY/LISTEN on one extra
 * connection), unless `syncReadCaches: false`.
 */
export async function openDatabase(target: DatabaseTarget, options: { migrate?: boolean; syncReadCaches?: boolean } = {}): Promise<Database> {
  const shouldMigrate = options.migrate ?? true;
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10, connectionTimeoutMillis: 5000 });
    // An idle client losing its connection (database restart) must not crash the process.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema });
    let migrations: Database['migrations'];
    if (shouldMigrate) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        const count = async (query: string) => (await client.query<{ n: number }>(query)).rows[0]?.n ?? 0;
        migrations = await migrateCounting(count, () => migratePg(drizzlePg(client, { schema }), { migrationsFolder }));
      } catch (error) {
        // Not handed out: closed, so a refused opening leaves no connection behind.
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
        await pool.end();
        throw error;
      }
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
      client.release();
    }
    const cacheSync =
      options.syncReadCaches === false ? null : await startCacheSync({ connectionString: target.url, pool, db: db as unknown as Db });
    return {
      db: db as unknown as Db,
      driver: 'postgres',
      ...(migrations ? { migrations } : {}),
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: async () => {
        await cacheSync?.stop();
        await pool.end();
      },
    };
  }

  let instance: PGliteInterface;
  if (target.kind === 'pglite') {
    const folder = path.join(target.dataDir, 'pgdata');
    mkdirSync(folder, { recursive: true });
    instance = await PGlite.create(folder, { extensions: pgliteExtensions }).catch((error: unknown) => {
      throw withSystemCode(error, folder);
    });
  } else {
    instance = target.instance;
  }
  const db = drizzlePglite(instance as PGlite, { schema });
  const count = async (query: string) => (await instance.query<{ n: number }>(query)).rows[0]?.n ?? 0;
  let migrations: MigrationsDone | undefined;
  try {
    migrations = shouldMigrate ? await migrateCounting(count, () => migratePglite(db, { migrationsFolder })) : undefined;
  } catch (error) {
    // An instance opened here is closed (a caller's own instance stays theirs).
    if (target.kind === 'pglite') await instance.close();
    throw error;
  }
  return {
    db: db as unknown as Db,
    driver: 'pglite',
    ...(migrations ? { migrations } : {}),
    ping: async () => {
      await instance.query('select 1');
    },
    close: () => instance.close(),
  };
}

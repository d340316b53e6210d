import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite, type PGliteInterface } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
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
    if (shouldMigrate) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    }
    const cacheSync =
      options.syncReadCaches === false ? null : await startCacheSync({ connectionString: target.url, pool, db: db as unknown as Db });
    return {
      db: db as unknown as Db,
      driver: 'postgres',
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
    instance = await PGlite.create(folder, { extensions: pgliteExtensions });
  } else {
    instance = target.instance;
  }
  const db = drizzlePglite(instance as PGlite, { schema });
  if (shouldMigrate) await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    driver: 'pglite',
    ping: async () => {
      await instance.query('select 1');
    },
    close: () => instance.close(),
  };
}

import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { DEFAULT_RATE_LIMITS, type RateLimits } from '../auth/limits.js';
import { loadConfig, type Config } from '../config.js';
import { openDatabase, type Database } from '../db/open.js';
import { seedCourses } from '../db/seed.js';
import type { MailMessage, Mailer } from '../mail/mailer.js';
import { createTestDatabase, type TestDriver } from './databases.js';
import { withDatabaseName } from './pg-names.js';

/**
 * A second handle on a test database, as another app process would open it: on PostgreSQL its own
 * pool (and read caches, and cache-sync listener) on the same database; PGlite cannot be opened twice
 * (one process only), so there it is the same handle, whose close() does nothing.
 */
export async function secondHandle(database: Database): Promise<Database> {
  if (database.driver === 'pglite') return { ...database, close: async () => {} };
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const result = (await database.db.execute(sql`select current_database() as name`)) as unknown as { rows: Array<{ name: string }> };
  const name = result.rows[0]?.name;
  if (!name) throw new Error('no current database');
  return openDatabase({ kind: 'postgres', url: withDatabaseName(url, name) }, { migrate: false });
}

export interface AppPair {
  /** Two apps on one database, each with its own handle where the driver allows (secondHandle). */
  first: FastifyInstance;
  second: FastifyInstance;
  database: Database;
  secondDatabase: Database;
  config: Config;
  /** Mails sent by either app, in order. */
  mails: MailMessage[];
  close(): Promise<void>;
}

/** Two app processes' worth of apps on one fresh database (seeded courses, no users), mails captured; `env` as for createTestApp (e.g. REDIS_URL). */
export async function createAppPair(
  driver: TestDriver,
  options: { rateLimits?: Partial<RateLimits>; env?: Record<string, string> } = {},
): Promise<AppPair> {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/parley-test-unused', LOG_LEVEL: 'silent', ...options.env });
  const database = await createTestDatabase(driver);
  await seedCourses(database.db);
  const secondDatabase = await secondHandle(database);
  const mails: MailMessage[] = [];
  // Keeps what it is given, as a mail server would.
  const mailer: Mailer = {
    delivers: true,
    send: async (message) => {
      mails.push(message);
    },
    check: () => Promise.resolve(null),
    close: () => {},
  };
  const deps = { config, mailer, now: () => new Date(), rateLimits: { ...DEFAULT_RATE_LIMITS, ...options.rateLimits }, logger: false };
  const first = await buildApp({ ...deps, database });
  const second = await buildApp({ ...deps, database: secondDatabase });
  await Promise.all([first.ready(), second.ready()]);
  return {
    first,
    second,
    database,
    secondDatabase,
    config,
    mails,
    close: async () => {
      await Promise.all([first.close(), second.close()]);
      await secondDatabase.close();
      await database.close();
    },
  };
}

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.js';
import type { AppDeps } from '../deps.js';
import { DEFAULT_RATE_LIMITS, type RateLimits } from '../auth/limits.js';
import { createSession, hashToken, SECURE_SESSION_COOKIE, SESSION_COOKIE, sessionCookieName, setActingStudent } from '../auth/sessions.js';
import { loadConfig, type Config } from '../config.js';
import type { Db, Database } from '../db/open.js';
import { sessions } from '../db/schema.js';
import { seedCourses } from '../db/seed.js';
import { createMailer, type Mailer } from '../mail/mailer.js';
import type { RecordingStores } from '../recordings/store.js';
import { createTestDatabase, type TestDriver } from './databases.js';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  mailer: Mailer;
  close(): Promise<void>;
}

export interface TestAppOptions {
  driver?: TestDriver;
  /** An already open database to use instead of a fresh one of `driver` (closed with the app). */
  database?: Database;
  env?: Record<string, string>;
  rateLimits?: Partial<RateLimits>;
  now?: () => Date;
  clientDir?: string;
  /** Outbox folder when no SMTP_URL is given in env. */
  outboxDir?: string;
  /** The app's logger (default: none); e.g. `{ level: 'info', stream }` to read the log lines. */
  logger?: AppDeps['logger'];
  /** How long a request's body may take to arrive (default: the app's own figures). */
  bodyTimeLimits?: AppDeps['bodyTimeLimits'];
  /** Where recordings go (default: the app's own choice for the driver and DATA_DIR). */
  recordingStores?: (dataDir: string, db: Db) => RecordingStores;
}

/** The real app on a fresh database (seeded courses, no users), for `inject()` or `listen()`. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  // A folder of its own (recording files on PGlite), removed on close.
  const dataDir = options.env?.DATA_DIR ?? (await mkdtemp(path.join(tmpdir(), 'parley-test-')));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...options.env });
  const database = options.database ?? (await createTestDatabase(options.driver ?? 'pglite'));
  await seedCourses(database.db);
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    outboxDir: options.outboxDir ?? '/tmp/parley-test-outbox',
    logger: { info: () => {} },
  });
  const app = await buildApp({
    config,
    database,
    mailer,
    now: options.now ?? (() => new Date()),
    rateLimits: { ...DEFAULT_RATE_LIMITS, ...options.rateLimits },
    ...(options.clientDir ? { clientDir: options.clientDir } : {}),
    logger: options.logger ?? false,
    ...(options.bodyTimeLimits ? { bodyTimeLimits: options.bodyTimeLimits } : {}),
    ...(options.recordingStores ? { recordingStores: options.recordingStores(config.DATA_DIR, database.db) } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    config,
    mailer,
    close: async () => {
      await app.close();
      mailer.close();
      await database.close();
      if (!options.env?.DATA_DIR) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The `name=value` pair of the session cookie set by a response (either name: sessions.ts), for the next request's Cookie header. */
export function sessionCookieFrom(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE || c.name === SECURE_SESSION_COOKIE);
  if (!cookie) throw new Error(`no session cookie in response ${response.statusCode}: ${response.body}`);
  return `${cookie.name}=${cookie.value}`;
}

/** Signs in through the API and returns the Cookie header value. */
export async function signIn(app: FastifyInstance, username: string, password: string): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
  if (response.statusCode !== 200) throw new Error(`sign-in failed ${response.statusCode}: ${response.body}`);
  return sessionCookieFrom(response);
}

/**
 * A session made directly in the database, without a password check (which costs 100-200 ms), as the
 * Cookie header value. For tests about what a signed-in user may do, not about signing in. `secure`:
 * under the name an app with Secure cookies reads (an https PUBLIC_URL or COOKIE_SECURE).
 */
export async function sessionCookieForUser(
  db: Db,
  userId: number,
  options: { actingStudentId?: number; ttlMs?: number; now?: Date; secure?: boolean } = {},
): Promise<string> {
  const { token } = await createSession(db, userId, options.ttlMs ?? 3600_000, options.now ?? new Date());
  if (options.actingStudentId !== undefined) {
    const [session] = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.tokenHash, hashToken(token)));
    if (!session) throw new Error('session not stored');
    await setActingStudent(db, session.id, options.actingStudentId);
  }
  return `${sessionCookieName(options.secure ?? false)}=${token}`;
}

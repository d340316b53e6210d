import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { DEFAULT_RATE_LIMITS } from '../auth/limits.js';
import { ConfigError, loadConfig } from '../config.js';
import { rateLimits } from '../db/schema.js';
import { createMailer } from '../mail/mailer.js';
import { testSessionBody } from '../test/attempt-fixtures.js';
import { createTestApp, sessionCookieForUser, type TestApp } from '../test/app.js';
import { createTestDatabase } from '../test/databases.js';
import { createStudent } from '../test/factories.js';
import { startTestRedis, type TestRedis } from '../test/redis-server.js';
import { BUDGET_STORE_UNAVAILABLE_MESSAGE } from './budget-store.js';
import { REDIS_BUDGET_PREFIX, REDIS_TIMEOUTS } from './redis-budget-store.js';

const PASSWORD = 'redis-Secret-pw-4711';
/**
 * "Not a hang": a refused request is answered within the command timeout plus this much. Generous, as
 * the machine may be busy; ioredis's defaults (an offline queue, 20 retries) would wait far longer.
 */
const ANSWER_SLACK_MS = 4000;

function configError(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

async function waitUntil(what: string, probe: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A request and how long it took to be answered. */
async function timed(run: () => Promise<LightMyRequestResponse>): Promise<{ response: LightMyRequestResponse; ms: number }> {
  const started = Date.now();
  const response = await run();
  return { response, ms: Date.now() - started };
}

function expectUnavailable(response: LightMyRequestResponse): void {
  expect(response.statusCode, response.body).toBe(503);
  expect(response.json()).toEqual({ message: BUDGET_STORE_UNAVAILABLE_MESSAGE });
}

describe('REDIS_URL in the configuration', () => {
  it.each([
    ['localhost:6379'],
    ['http://127.0.0.1:6379'],
    ['redis://'],
    [`redis://:${PASSWORD}@cache.example.org/not-a-number`],
    [`rediss://user:${PASSWORD}@cache.example.org:99999`],
    [`redis://user:${PASSWORD}@ bad host/0`],
  ])('refuses %j with a message naming REDIS_URL, without the value', (value) => {
    const error = configError({ REDIS_URL: value });
    expect(error.message).toContain('REDIS_URL must be a URL such as redis://127.0.0.1:6379');
    expect(error.message).not.toContain(PASSWORD);
    expect(error.message).not.toContain('cache.example.org');
  });

  it('accepts redis:// and rediss:// with a host, a port, credentials and a database number; empty is unset', () => {
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).REDIS_URL).toBe('redis://127.0.0.1:6379');
    expect(loadConfig({ REDIS_URL: ` rediss://parley:${PASSWORD}@cache.example.org:6380/2 ` }).REDIS_URL).toBe(
      `rediss://parley:${PASSWORD}@cache.example.org:6380/2`,
    );
    expect(loadConfig({ REDIS_URL: 'redis://cache/' }).REDIS_URL).toBe('redis://cache/');
    expect(loadConfig({ REDIS_URL: '' }).REDIS_URL).toBeUndefined();
    expect(loadConfig({}).REDIS_URL).toBeUndefined();
  });
});

// Each test builds an app on a fresh database and signs in (scrypt): slow on a busy machine.
describe('budgets in Redis: outages and start-up', { timeout: 90_000 }, () => {
  let redis: TestRedis;
  let watcher: Redis;
  const apps: TestApp[] = [];
  beforeAll(async () => {
    redis = await startTestRedis({ password: PASSWORD });
    watcher = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
    watcher.on('error', () => {});
    await watcher.connect();
  });
  afterEach(async () => {
    // A test that stopped or froze Redis leaves it running for the next one.
    redis.resume();
    await redis.start();
    if (watcher.status !== 'ready') await waitUntil('the watcher to reconnect', async () => watcher.status === 'ready');
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });
  afterAll(async () => {
    watcher?.disconnect();
    await redis?.close();
  });

  /** The app on Redis, its log lines captured. */
  async function redisApp(): Promise<{ test: TestApp; lines: string[] }> {
    const lines: string[] = [];
    const test = await createTestApp({ env: { REDIS_URL: redis.url }, logger: { level: 'info', stream: { write: (line) => lines.push(line) } } });
    apps.push(test);
    return { test, lines };
  }

  const login = (app: FastifyInstance, username: string, password: string, remoteAddress = '203.0.113.5') =>
    app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, remoteAddress });

  const budgetClients = async () => {
    const list = (await watcher.client('LIST')) as string;
    return list.split('\n').filter((line) => / name=parley-budgets /.test(line)).length;
  };

  it('counts in Redis under parley:budget:, and the app closes its Redis connection when it closes', async () => {
    const before = await budgetClients();
    const { test } = await redisApp();
    expect(await budgetClients()).toBe(before + 1);
    const student = await createStudent(test.database.db, { username: 'counted' });
    expect((await login(test.app, 'counted', 'wrong')).statusCode).toBe(401);
    expect((await login(test.app, ' COUNTED ', student.password)).statusCode).toBe(200);
    // The wrong guess stays counted; the right sign-in was counted and given back (decision 0029).
    expect(await watcher.get(`${REDIS_BUDGET_PREFIX}signin-account:account:${student.user.id}`)).toBe('1');
    expect(await watcher.get(`${REDIS_BUDGET_PREFIX}signin-ip:203.0.113.5`)).toBe('1');
    expect(await watcher.pttl(`${REDIS_BUDGET_PREFIX}signin-ip:203.0.113.5`)).toBeGreaterThan(0);
    // Nothing of this went to the database's table.
    expect(await test.database.db.select().from(rateLimits)).toEqual([]);

    await apps.splice(apps.indexOf(test), 1)[0]!.close();
    await waitUntil('the app to close its Redis connection', async () => (await budgetClients()) === before);
  });

  it('Redis stopped mid-run: counted requests get 503 with the sentence at once (never 500, never a hang); others are served; back with Redis, no restart', async () => {
    const { test, lines } = await redisApp();
    const student = await createStudent(test.database.db, { username: 'outage' });
    const cookie = await sessionCookieForUser(test.database.db, student.user.id);
    expect((await login(test.app, 'outage', 'wrong-once')).statusCode).toBe(401);

    await redis.stop('SIGKILL');

    const signIn = await timed(() => login(test.app, 'outage', student.password));
    expectUnavailable(signIn.response);
    expect(signIn.ms).toBeLessThan(REDIS_TIMEOUTS.commandMs + ANSWER_SLACK_MS);
    expect(signIn.response.cookies).toHaveLength(0);
    const forgot = await test.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: 'outage@example.org' } });
    expectUnavailable(forgot);
    const change = await test.app.inject({
      method: 'POST',
      url: '/api/change-password',
      headers: { cookie },
      payload: { currentPassword: student.password, newPassword: 'a-new-password-77' },
    });
    expectUnavailable(change);
    const save = await test.app.inject({ method: 'POST', url: '/api/test-sessions', headers: { cookie }, payload: testSessionBody(student.student.id) });
    expectUnavailable(save);
    // What no budget guards is served as usual.
    expect((await test.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode).toBe(200);
    expect((await test.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    await redis.start();
    await waitUntil('sign-in to be served again', async () => (await login(test.app, 'outage', student.password)).statusCode === 200);
    // The saved attempt was refused, not stored: the outage left nothing half done.
    const saved = await test.app.inject({ method: 'POST', url: '/api/test-sessions', headers: { cookie }, payload: testSessionBody(student.student.id) });
    expect(saved.statusCode, saved.body).toBe(201);

    const log = lines.join('');
    expect(log).toContain('the budget store is Redis: the request budgets (sign-ins, mails, saves, uploads) are counted there');
    expect(log).toContain('the budget store (Redis) is not reachable');
    expect(log).toContain('the budget store (Redis) is reachable again');
    expect(log).toContain(`127.0.0.1:${redis.port}`);
    // The URL's password is never logged, nor a 500 answered.
    expect(log).not.toContain(PASSWORD);
    expect(log).not.toContain('"statusCode":500');
  });

  it('Redis frozen (SIGSTOP): a counted request is answered 503 after the command timeout, not left hanging', async () => {
    const { test } = await redisApp();
    const student = await createStudent(test.database.db, { username: 'frozen' });
    expect((await login(test.app, 'frozen', 'wrong-once', '198.51.100.9')).statusCode).toBe(401);
    redis.pause();
    const frozen = await timed(() => login(test.app, 'frozen', student.password, '198.51.100.9'));
    expectUnavailable(frozen.response);
    expect(frozen.ms).toBeGreaterThanOrEqual(REDIS_TIMEOUTS.commandMs - 50);
    expect(frozen.ms).toBeLessThan(REDIS_TIMEOUTS.commandMs + ANSWER_SLACK_MS);
    redis.resume();
    await waitUntil('sign-in to be served again', async () => (await login(test.app, 'frozen', student.password, '198.51.100.9')).statusCode === 200);
  });

  it('an unreachable Redis or a wrong password stops the start with the address, never the password', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'parley-redis-start-'));
    const database = await createTestDatabase();
    const start = async (url: string) => {
      const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', REDIS_URL: url });
      const mailer = createMailer({ from: config.MAIL_FROM, outboxDir: path.join(dataDir, 'outbox'), logger: { info: () => {} } });
      const started = Date.now();
      try {
        const app = await buildApp({ config, database, mailer, now: () => new Date(), rateLimits: DEFAULT_RATE_LIMITS, logger: false });
        await app.close();
        throw new Error('the app started');
      } catch (error) {
        return { message: (error as Error).message, ms: Date.now() - started };
      } finally {
        mailer.close();
      }
    };
    try {
      // A port nothing listens on: the stopped test server's.
      const gone = await startTestRedis();
      const url = gone.url.replace('redis://', `redis://:${PASSWORD}@`);
      await gone.close();
      const refused = await start(url);
      expect(refused.message).toMatch(/^Redis at redis:\/\/127\.0\.0\.1:\d+ \(REDIS_URL\) did not answer: connect ECONNREFUSED/);
      expect(refused.message).not.toContain(PASSWORD);
      expect(refused.ms).toBeLessThan(REDIS_TIMEOUTS.startMs + ANSWER_SLACK_MS);

      const wrong = await start(redis.url.replace(encodeURIComponent(PASSWORD), 'not-the-password'));
      expect(wrong.message).toMatch(/^Redis at redis:\/\/127\.0\.0\.1:\d+ \(REDIS_URL\) did not answer: WRONGPASS/);
      expect(wrong.message).not.toContain('not-the-password');
    } finally {
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

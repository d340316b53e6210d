import type { FastifyInstance } from 'fastify';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBudgetStore } from '../db/rate-limit-store.js';
import type { BudgetStore } from '../lib/budget-store.js';
import { openRedisBudgetStore } from '../lib/redis-budget-store.js';
import { createAppPair, type AppPair } from '../test/app-pair.js';
import { testDrivers, type TestDriver } from '../test/databases.js';
import { createStudent } from '../test/factories.js';
import { startTestRedis, type TestRedis } from '../test/redis-server.js';

/**
 * A right sign-in gives back only what it counted in the window it was counted in (decision 0029
 * addendum): a sign-in held open across a window's end must not take counts from the next window,
 * where they are someone's guesses. Windows here are a few seconds long and really end (a window cut
 * short by hand would end before the count's own end, which never happens).
 */
type StoreKind = BudgetStore['kind'];
const cases: Array<[TestDriver, StoreKind]> = testDrivers.flatMap((driver): Array<[TestDriver, StoreKind]> => [
  [driver, 'database'],
  [driver, 'redis'],
]);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The sign-in's budget per address in these tests: long enough for a loaded machine's latency, short enough to wait out. */
const SHORT_WINDOW_MS = 3_000;

describe.each(cases)('giving back counts only to their own window (%s database, budgets in the %s)', (driver, kind) => {
  let pair: AppPair;
  let redis: TestRedis | undefined;
  let store: BudgetStore;
  beforeAll(async () => {
    if (kind === 'redis') redis = await startTestRedis();
    pair = await createAppPair(driver, {
      ...(redis ? { env: { REDIS_URL: redis.url } } : {}),
      rateLimits: { signInPerClient: { max: 10, windowMs: SHORT_WINDOW_MS } },
    });
    store = redis ? await openRedisBudgetStore({ url: redis.url }) : databaseBudgetStore(pair.database.db, () => new Date());
  });
  afterAll(async () => {
    await store?.close();
    await pair?.close();
    await redis?.close();
  });

  /** Waits until a key's window has ended, as time passing ends it. */
  async function windowEnded(key: string): Promise<void> {
    for (let tries = 0; (await store.readHits(key)).hits > 0; tries += 1) {
      if (tries > 500) throw new Error(`the window of ${key} never ended`);
      await pause(20);
    }
  }

  /** A count made now, as the app notes it: when its window ends, by this process's clock. */
  async function count(key: string, windowMs: number): Promise<number> {
    const { ttlMs } = await store.countHit(key, windowMs);
    return performance.now() + ttlMs;
  }
  const endsIn = (endsAt: number) => endsAt - performance.now();

  it('the store: a count given back in its window is given back, even by a process that heard of the count seconds late', async () => {
    const endsAt = await count('test:same-window', 60_000);
    await pause(50);
    await store.refund('test:same-window', { windowMs: 60_000, endsInMs: endsIn(endsAt) });
    expect((await store.readHits('test:same-window')).hits).toBe(0);

    const late = await count('test:late', 60_000);
    await store.refund('test:late', { windowMs: 60_000, endsInMs: endsIn(late) + 10_000 });
    expect((await store.readHits('test:late')).hits).toBe(0);
  });

  it('the store: a count whose window has ended takes nothing from the next', async () => {
    const endsAt = await count('test:next-window', SHORT_WINDOW_MS);
    await windowEnded('test:next-window');
    await store.countHit('test:next-window', SHORT_WINDOW_MS);
    await store.countHit('test:next-window', SHORT_WINDOW_MS);
    await store.refund('test:next-window', { windowMs: SHORT_WINDOW_MS, endsInMs: endsIn(endsAt) });
    expect((await store.readHits('test:next-window')).hits).toBe(2);
  });

  it("sign-in: the attacker's own right password, held open across the address's window end, frees none of the guesses made after it", async () => {
    const [attacker, victim] = await Promise.all([createStudent(pair.database.db), createStudent(pair.database.db)]);
    const address = '203.0.113.99';
    const key = `signin-ip:${address}`;
    const guess = (app: FastifyInstance, password: string) =>
      app.inject({ method: 'POST', url: '/api/login', payload: { username: victim.mobileNumber, password }, remoteAddress: address });
    // Counted before its body is read (a browser known to no account); the body comes later.
    const body = new PassThrough();
    const held = pair.first.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: body, remoteAddress: address });
    for (let tries = 0; (await store.readHits(key)).hits < 1; tries += 1) {
      if (tries > 200) throw new Error('the held sign-in was never counted');
      await pause(20);
    }
    await windowEnded(key);
    for (const [i, app] of [pair.first, pair.second, pair.first].entries()) expect((await guess(app, `guess-${i}`)).statusCode).toBe(401);
    expect((await store.readHits(key)).hits).toBe(3);
    body.end(JSON.stringify({ username: attacker.mobileNumber, password: attacker.password }));
    const signedIn = await held;
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect((await store.readHits(key)).hits).toBe(3);
  });

  it('sign-in: a right password gives back its count in the window it was counted in', async () => {
    const student = await createStudent(pair.database.db);
    const address = '203.0.113.98';
    const signIn = (password: string) =>
      pair.second.inject({ method: 'POST', url: '/api/login', payload: { username: student.mobileNumber, password }, remoteAddress: address });
    expect((await signIn('wrong')).statusCode).toBe(401);
    expect((await signIn(student.password)).statusCode).toBe(200);
    expect((await store.readHits(`signin-ip:${address}`)).hits).toBe(1);
  });
});

import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../db/schema.js';
import { databaseBudgetStore } from '../db/rate-limit-store.js';
import type { BudgetStore } from '../lib/budget-store.js';
import { openRedisBudgetStore, REDIS_BUDGET_PREFIX, type RedisBudgetStore } from '../lib/redis-budget-store.js';
import { createAppPair, type AppPair } from '../test/app-pair.js';
import { testDrivers, type TestDriver } from '../test/databases.js';
import { createStudent } from '../test/factories.js';
import { startTestRedis, type TestRedis } from '../test/redis-server.js';

/**
 * A right sign-in gives back only what it counted in the window it was counted in (decision 0029
 * addendum): a sign-in held open across a window's end must not take counts from the next window,
 * where they are someone's guesses.
 */
type StoreKind = BudgetStore['kind'];
const cases: Array<[TestDriver, StoreKind]> = testDrivers.flatMap((driver): Array<[TestDriver, StoreKind]> => [
  [driver, 'database'],
  [driver, 'redis'],
]);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(cases)('giving back counts only to their own window (%s database, budgets in the %s)', (driver, kind) => {
  let pair: AppPair;
  let redis: TestRedis | undefined;
  let store: BudgetStore;
  beforeAll(async () => {
    if (kind === 'redis') redis = await startTestRedis();
    pair = await createAppPair(driver, redis ? { env: { REDIS_URL: redis.url } } : {});
    store = redis ? await openRedisBudgetStore({ url: redis.url }) : databaseBudgetStore(pair.database.db, () => new Date());
  });
  afterAll(async () => {
    await store?.close();
    await pair?.close();
    await redis?.close();
  });

  /** Ends a key's window now, as time passing would. */
  async function endWindow(key: string): Promise<void> {
    if (kind === 'redis') await (store as RedisBudgetStore).client.pexpire(REDIS_BUDGET_PREFIX + key, 1);
    else await pair.database.db.update(rateLimits).set({ resetAt: sql`now() - interval '1 second'` }).where(eq(rateLimits.key, key));
    await pause(30);
  }

  it('the store: a count given back in its window is given back; one whose window has ended takes nothing from the next', async () => {
    await store.countHit('test:same-window', 60_000);
    const countedAt = performance.now();
    await pause(50);
    await store.refund('test:same-window', { windowMs: 60_000, countedMsAgo: performance.now() - countedAt });
    expect((await store.readHits('test:same-window')).hits).toBe(0);

    await store.countHit('test:next-window', 60_000);
    const heldFrom = performance.now();
    await endWindow('test:next-window');
    await store.countHit('test:next-window', 60_000);
    await store.countHit('test:next-window', 60_000);
    await store.refund('test:next-window', { windowMs: 60_000, countedMsAgo: performance.now() - heldFrom });
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
    await endWindow(key);
    for (const [i, app] of [pair.first, pair.second, pair.first].entries()) expect((await guess(app, `guess-${i}`)).statusCode).toBe(401);
    expect((await store.readHits(key)).hits).toBe(3);
    body.end(JSON.stringify({ username: attacker.mobileNumber, password: attacker.password }));
    const signedIn = await held;
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect((await store.readHits(key)).hits).toBe(3);
  });
});

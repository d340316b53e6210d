import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../db/schema.js';
import type { BudgetStore } from '../lib/budget-store.js';
import { databaseBudgetStore } from '../db/rate-limit-store.js';
import { openRedisBudgetStore, REDIS_BUDGET_PREFIX, type RedisBudgetStore } from '../lib/redis-budget-store.js';
import { createAppPair, type AppPair } from '../test/app-pair.js';
import { sessionCookieForUser, sessionCookieFrom } from '../test/app.js';
import { createTestDatabase, testDrivers, type TestDriver } from '../test/databases.js';
import { createAdmin, createStudent } from '../test/factories.js';
import { startTestRedis, type TestRedis } from '../test/redis-server.js';
import { DEFAULT_RATE_LIMITS } from './limits.js';

/** Sign-ins per account from one address by browsers not known to the account (decision 0029). */
const ACCOUNT_MAX = DEFAULT_RATE_LIMITS.signInPerAccount.max;
/** One address guessing, and a classroom's shared address. */
const STRANGER = '203.0.113.7';
/** A count of a minute's budget just made, in a window just begun (refund-window.test.ts gives back older ones). */
const LATELY = { windowMs: 60_000, endsInMs: 60_000 };
const LOCKED = /^Too many sign-in attempts for this account\. Please wait \d+ minutes? and try again\.$/;

function expectLocked(response: LightMyRequestResponse, what = 'sign-in attempts for this account'): void {
  expect(response.statusCode, response.body).toBe(429);
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  expect((response.json() as { message: string }).message.startsWith(`Too many ${what}.`)).toBe(true);
}

async function waitFor<T>(what: string, probe: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

type StoreKind = BudgetStore['kind'];
/** Every database driver with the default store (the database) and with Redis (REDIS_URL, a private redis-server). */
const cases: Array<[TestDriver, StoreKind]> = testDrivers.flatMap((driver): Array<[TestDriver, StoreKind]> => [
  [driver, 'database'],
  [driver, 'redis'],
]);

describe.each(cases)('budgets shared by every app process (%s database, budgets in the %s)', (driver, kind) => {
  let pair: AppPair;
  let redis: TestRedis | undefined;
  /** Two stores on the budgets' backend, as two other processes would open them: each database handle, or two Redis connections. */
  let stores: [BudgetStore, BudgetStore];
  beforeAll(async () => {
    if (kind === 'redis') redis = await startTestRedis();
    pair = await createAppPair(driver, redis ? { env: { REDIS_URL: redis.url } } : {});
    stores =
      kind === 'redis' && redis
        ? [await openRedisBudgetStore({ url: redis.url }), await openRedisBudgetStore({ url: redis.url })]
        : [databaseBudgetStore(pair.database.db, () => new Date()), databaseBudgetStore(pair.secondDatabase.db, () => new Date())];
  });
  afterAll(async () => {
    await Promise.all((stores ?? []).map((store) => store.close()));
    await pair?.close();
    await redis?.close();
  });

  /** Ends a key's window now, as time passing would: the row's reset_at, or the Redis key's time to live. */
  async function endWindow(key: string): Promise<void> {
    if (kind === 'redis') {
      await (stores[0] as RedisBudgetStore).client.pexpire(REDIS_BUDGET_PREFIX + key, 1);
      await new Promise((resolve) => setTimeout(resolve, 20));
    } else {
      await pair.database.db.update(rateLimits).set({ resetAt: sql`now() - interval '1 second'` }).where(eq(rateLimits.key, key));
    }
  }

  const login = (app: FastifyInstance, username: string, password: string, remoteAddress: string) =>
    app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, remoteAddress });

  it('the counter is atomic per key across stores: concurrent counts, a window, then a fresh one', async () => {
    const [one, other] = stores;
    const counts = await Promise.all([1, 2, 3, 4, 5, 6].map((i) => (i % 2 === 0 ? one : other).countHit('test:atomic', 60_000)));
    expect(counts.map((c) => c.hits).sort()).toEqual([1, 2, 3, 4, 5, 6]);
    for (const count of counts) expect(count.ttlMs).toBeGreaterThan(55_000);
    expect(await one.readHits('test:atomic')).toMatchObject({ hits: 6 });
    expect(await other.readHits('test:never-counted')).toEqual({ hits: 0, ttlMs: 0 });

    // A window of 1.5 s: the second count must land inside it even when a loaded CI host takes a
    // few hundred milliseconds between two calls (150 ms failed once there).
    expect((await one.countHit('test:short', 1_500)).hits).toBe(1);
    expect((await other.countHit('test:short', 1_500)).hits).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 1_700));
    expect((await other.readHits('test:short')).hits).toBe(0);
    expect((await one.countHit('test:short', 1_500)).hits).toBe(1);

    await one.clear('test:atomic');
    expect((await other.readHits('test:atomic')).hits).toBe(0);
  });

  it('a refund gives back one count within the window, never below 0, and starts no window', async () => {
    const [one, other] = stores;
    for (const _ of [1, 2, 3]) await one.countHit('test:refund', 60_000);
    await other.refund('test:refund', LATELY);
    const after = await one.readHits('test:refund');
    expect(after.hits).toBe(2);
    expect(after.ttlMs).toBeGreaterThan(55_000);
    for (const _ of [1, 2, 3]) await one.refund('test:refund', LATELY);
    expect((await other.readHits('test:refund')).hits).toBe(0);
    expect((await one.countHit('test:refund', 60_000)).hits).toBe(1);
    await other.refund('test:refund-never-counted', LATELY);
    expect(await one.readHits('test:refund-never-counted')).toEqual({ hits: 0, ttlMs: 0 });
    await one.countHit('test:refund-ended', 60_000);
    await endWindow('test:refund-ended');
    await other.refund('test:refund-ended', LATELY);
    expect((await one.countHit('test:refund-ended', 60_000)).hits).toBe(1);
  });

  // Each store's own mechanics, defined only where they apply (not skipped elsewhere).
  if (kind === 'database') {
    it('database: expired rows are swept by the first count on a handle', async () => {
      // A fresh handle's store (the sweep runs at most once a minute per store).
      const fresh = await createTestDatabase(driver);
      try {
        await fresh.db.insert(rateLimits).values({ key: 'test:long-gone', hits: 5, resetAt: new Date(Date.now() - 3600_000) });
        await databaseBudgetStore(fresh.db, () => new Date()).countHit('test:sweeper', 60_000);
        expect(await fresh.db.select().from(rateLimits).where(eq(rateLimits.key, 'test:long-gone'))).toEqual([]);
      } finally {
        await fresh.close();
      }
    });
  }

  if (kind === 'redis') {
    it('redis: keys carry the parley:budget: prefix and expire with their window (Redis decides the window)', async () => {
      const client = (stores[0] as RedisBudgetStore).client;
      await stores[0].countHit('test:prefixed', 90_000);
      expect(await client.get('test:prefixed')).toBeNull();
      expect(await client.get(`${REDIS_BUDGET_PREFIX}test:prefixed`)).toBe('1');
      const ttl = await client.pttl(`${REDIS_BUDGET_PREFIX}test:prefixed`);
      expect(ttl).toBeGreaterThan(85_000);
      expect(ttl).toBeLessThanOrEqual(90_000);
      // A second count keeps the window: it does not push the end further.
      await new Promise((resolve) => setTimeout(resolve, 30));
      const again = await stores[1].countHit('test:prefixed', 90_000);
      expect(again.hits).toBe(2);
      expect(again.ttlMs).toBeLessThan(ttl);
    });
  }

  it(`${ACCOUNT_MAX} failures from one address through one app: the other app refuses the account there too, even the right password`, async () => {
    const student = await createStudent(pair.database.db, { username: 'shared-one' });
    for (let i = 0; i < ACCOUNT_MAX; i += 1) {
      expect((await login(pair.first, 'shared-one', `wrong-${i}`, STRANGER)).statusCode).toBe(401);
    }
    const refused = await login(pair.second, 'shared-one', student.password, STRANGER);
    expectLocked(refused);
    expect(refused.json().message).toMatch(LOCKED);
    expect(refused.cookies).toHaveLength(0);
    // One counter in the shared store holds the account's count from that address.
    const key = `signin-account:account:${student.user.id}:ip:${STRANGER}`;
    expect((await stores[1].readHits(key)).hits).toBe(ACCOUNT_MAX + 1);
    if (kind === 'database') {
      const [row] = await pair.database.db.select().from(rateLimits).where(eq(rateLimits.key, key));
      expect(row?.hits).toBe(ACCOUNT_MAX + 1);
    } else {
      const raw = await (stores[0] as RedisBudgetStore).client.get(`${REDIS_BUDGET_PREFIX}${key}`);
      expect(raw).toBe(String(ACCOUNT_MAX + 1));
    }
    // Every address together: the stranger's count is in the account's shared budget too, far from its cap.
    expect((await stores[0].readHits(`signin-account:account:${student.user.id}`)).hits).toBe(ACCOUNT_MAX);
    // The owner elsewhere is not held back by the stranger's guesses.
    expect((await login(pair.first, 'shared-one', student.password, '198.51.100.77')).statusCode).toBe(200);
  });

  it('the window ends: a locked account signs in again once its window is over, on either app', async () => {
    const student = await createStudent(pair.database.db, { username: 'window-ends' });
    for (let i = 0; i < ACCOUNT_MAX; i += 1) {
      const app = i % 2 === 0 ? pair.first : pair.second;
      expect((await login(app, 'window-ends', `wrong-${i}`, STRANGER)).statusCode).toBe(401);
    }
    expectLocked(await login(pair.first, 'window-ends', student.password, STRANGER));
    const key = `signin-account:account:${student.user.id}:ip:${STRANGER}`;
    await endWindow(key);
    const signedIn = await login(pair.second, 'window-ends', student.password, STRANGER);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    // A fresh window: this sign-in was its first count, given back because it was right (not a guess).
    expect((await stores[0].readHits(key)).hits).toBe(0);
    expect(await login(pair.first, 'window-ends', 'wrong-again', STRANGER)).toMatchObject({ statusCode: 401 });
    expect((await stores[1].readHits(key)).hits).toBe(1);
  });

  it('a username and every spelling of the same mobile number count against one account budget', async () => {
    const student = await createStudent(pair.database.db, { username: 'priya', mobileNumber: '+91 98765 43210' });
    const other = await createStudent(pair.database.db);
    const spellings = ['priya', '+91 98765 43210', '09876543210', '9876543210', 'PRIYA'];
    for (let i = 0; i < ACCOUNT_MAX; i += 1) {
      const app = i % 2 === 0 ? pair.first : pair.second;
      expect((await login(app, spellings[i % spellings.length]!, 'wrong-password', '198.51.100.1')).statusCode).toBe(401);
    }
    for (const spelling of spellings) {
      expectLocked(await login(pair.second, spelling, student.password, '198.51.100.1'));
    }
    expect((await login(pair.first, other.mobileNumber, other.password, '198.51.100.60')).statusCode).toBe(200);
  });

  it('unknown names are limited too, per name', async () => {
    for (let i = 0; i < ACCOUNT_MAX; i += 1) {
      const app = i % 2 === 0 ? pair.first : pair.second;
      expect((await login(app, ' Nobody-Here ', 'guess', '192.0.2.1')).statusCode).toBe(401);
    }
    expectLocked(await login(pair.first, 'nobody-here', 'guess', '192.0.2.1'));
    // Unicode compatibility forms of the name are the same name.
    expectLocked(await login(pair.second, 'ＮＯＢＯＤＹ-ＨＥＲＥ', 'guess', '192.0.2.1'));
  });

  it('student check-access: one budget per student, whatever the spelling, across apps', async () => {
    const admin = await createAdmin(pair.database.db);
    const cookie = await sessionCookieForUser(pair.database.db, admin.user.id);
    const student = await createStudent(pair.database.db, { username: 'ravi', mobileNumber: '+91 91234 56789' });
    const spellings = ['ravi', '+91 91234 56789', '09123456789', '9123456789'];
    const check = (app: FastifyInstance, username: string, password: string, remoteAddress: string) =>
      app.inject({ method: 'POST', url: '/api/student/check-access', headers: { cookie }, payload: { username, password }, remoteAddress });
    for (let i = 0; i < ACCOUNT_MAX; i += 1) {
      const app = i % 2 === 0 ? pair.first : pair.second;
      expect((await check(app, spellings[i % spellings.length]!, 'wrong-password', `192.0.2.${100 + i}`)).statusCode).toBe(401);
    }
    expectLocked(await check(pair.second, '9123456789', student.password, '192.0.2.150'), 'access checks for this student');
    expectLocked(await check(pair.first, 'ravi', student.password, '192.0.2.151'), 'access checks for this student');
  });

  it('change-password: wrong current passwords from any app use up the account budget, then 429', async () => {
    const student = await createStudent(pair.database.db);
    const cookie = await sessionCookieForUser(pair.database.db, student.user.id);
    const change = (app: FastifyInstance, currentPassword: string, remoteAddress: string) =>
      app.inject({
        method: 'POST',
        url: '/api/change-password',
        headers: { cookie },
        payload: { currentPassword, newPassword: 'a-brand-new-password-7' },
        remoteAddress,
      });
    const max = DEFAULT_RATE_LIMITS.changePasswordPerAccount.max;
    for (let i = 0; i < max; i += 1) {
      const response = await change(i % 2 === 0 ? pair.first : pair.second, `not-it-${i}`, `203.0.113.${100 + i}`);
      expect(response.statusCode, response.body).toBe(400);
    }
    const refused = await change(pair.second, student.password, '203.0.113.200');
    expectLocked(refused, 'password changes for this account');
    expect(refused.json().message).toMatch(/^Too many password changes for this account\. Please wait 15 minutes and try again\.$/);
    // The password did not change.
    expect((await login(pair.first, student.mobileNumber, 'a-brand-new-password-7', '203.0.113.201')).statusCode).not.toBe(200);
  });

  it("the owner behind the stranger's address gets past the lock with the mailed temporary password, which lifts the lock", async () => {
    const student = await createStudent(pair.database.db, { username: 'locked-out', email: 'locked.out@example.org' });
    for (let i = 0; i < ACCOUNT_MAX; i += 1) {
      expect((await login(pair.first, 'locked-out', `stranger-${i}`, STRANGER)).statusCode).toBe(401);
    }
    expectLocked(await login(pair.second, 'locked-out', student.password, STRANGER));

    const forgot = await pair.second.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: 'locked.out@example.org' } });
    expect(forgot.statusCode).toBe(200);
    const mail = await waitFor('the temporary password mail', () => pair.mails.find((m) => m.to === 'locked.out@example.org'));
    const temporary = /Temporary password: (\S+)/.exec(mail.text)?.[1];
    expect(temporary).toBeDefined();
    // Asking for the mail lifts nothing: whoever knows the address could otherwise reset the budget.
    expectLocked(await login(pair.first, 'locked-out', student.password, STRANGER));
    // While locked, only the temporary password is tried: the stranger's guesses still get 429.
    expectLocked(await login(pair.first, 'locked-out', 'stranger-again', STRANGER));

    const signedIn = await login(pair.first, 'locked-out', temporary!, STRANGER);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toMatchObject({ mustChangePassword: true });
    const cookie = sessionCookieFrom(signedIn);
    const changed = await pair.second.inject({
      method: 'POST',
      url: '/api/change-password',
      headers: { cookie },
      payload: { newPassword: 'my-own-new-password-9' },
      remoteAddress: '198.51.100.202',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // The lock is gone: the owner signs in with the new password on any app.
    // Its windows start again with that sign-in, which is given back (right, so not a guess): the lock is gone.
    expect((await login(pair.second, 'locked-out', 'my-own-new-password-9', STRANGER)).statusCode).toBe(200);
    expect((await stores[0].readHits(`signin-account:account:${student.user.id}:ip:${STRANGER}`)).hits).toBe(0);
    expect((await stores[0].readHits(`signin-account:account:${student.user.id}`)).hits).toBe(0);
  });
});

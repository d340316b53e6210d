import type { FastifyBaseLogger } from 'fastify';
import { Redis, type RedisOptions } from 'ioredis';
import { BudgetStoreUnavailableError, type BudgetCount, type BudgetStore } from './budget-store.js';

/** Every budget key in Redis starts with this, so Parley's keys are told apart from anything else there. */
export const REDIS_BUDGET_PREFIX = 'parley:budget:';

/**
 * One counted request, atomic in Redis (a script runs alone): INCR makes a missing or expired key 1;
 * a key without a time to live (just made) gets the window as one, so Redis's clock decides when the
 * window ends and every process agrees. Answers `{hits, ttl in ms}`.
 */
const COUNT_SCRIPT = `
local hits = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {hits, ttl}`;

/** The count and time to live of a key without counting; `{0, 0}` when it has none (expired or never counted). */
const READ_SCRIPT = `
local hits = redis.call('GET', KEYS[1])
if not hits then return {0, 0} end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then ttl = 0 end
return {tonumber(hits), ttl}`;

/**
 * One counted request given back while the window it was counted in lives (DECR keeps its time to
 * live), never below 0: the window (ARGV[1] ms long) must end within half a window of ARGV[2] ms from
 * now (CountedWindow).
 */
const REFUND_SCRIPT = `
local hits = redis.call('GET', KEYS[1])
if not hits or tonumber(hits) <= 0 then return 0 end
local ttl = redis.call('PTTL', KEYS[1])
if ttl > 0 and math.abs(ttl - tonumber(ARGV[2])) < tonumber(ARGV[1]) / 2 then redis.call('DECR', KEYS[1]) end
return 0`;

interface BudgetCommands {
  parleyBudgetCount(key: string, windowMs: number): Promise<[number, number]>;
  parleyBudgetRead(key: string): Promise<[number, number]>;
  parleyBudgetRefund(key: string, windowMs: number, endsInMs: number): Promise<number>;
}

/** How long a request may wait on Redis before it is answered 503: a down or stalled Redis never hangs a request. */
export const REDIS_TIMEOUTS = { connectMs: 2000, commandMs: 1000, startMs: 5000 } as const;

/** REDIS_URL without what may be secret (user, password, query options): for messages and logs. */
export function describeRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
  } catch {
    return 'REDIS_URL';
  }
}

/**
 * The client's options: never wait for a connection that is not there. No offline queue (a command while
 * disconnected fails at once), one retry, a command timeout (a stalled server), a connect timeout, and
 * no re-sending after a reconnect (a count must not be counted twice). It keeps reconnecting in the
 * background (backoff up to 2 s), so the budgets come back with Redis without a restart.
 */
export function redisBudgetClientOptions(): RedisOptions {
  return {
    lazyConnect: true,
    connectTimeout: REDIS_TIMEOUTS.connectMs,
    commandTimeout: REDIS_TIMEOUTS.commandMs,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    autoResendUnfulfilledCommands: false,
    retryStrategy: (times) => Math.min(100 * 2 ** Math.min(times, 5), 2000),
    connectionName: 'parley-budgets',
    disableClientInfo: true,
  };
}

/** Redis answers that mean it cannot serve now (loading, a read-only replica, out of memory...), not a wrong command. */
const UNAVAILABLE_REPLY = /^(LOADING|READONLY|MASTERDOWN|BUSY|NOAUTH|WRONGPASS|OOM|MISCONF|CLUSTERDOWN|TRYAGAIN)\b/;

function unavailable(error: unknown): boolean {
  const { name, message } = error as { name?: unknown; message?: unknown };
  if (name !== 'ReplyError') return true;
  return typeof message === 'string' && UNAVAILABLE_REPLY.test(message);
}

function withDeadline<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

export interface RedisBudgetStoreOptions {
  url: string;
  /** Where a lost and regained connection is told (once per outage); the app's logger. */
  log?: Pick<FastifyBaseLogger, 'warn' | 'info'>;
}

export interface RedisBudgetStore extends BudgetStore {
  readonly kind: 'redis';
  /** The client, for tests that look at or change the keys (their names carry REDIS_BUDGET_PREFIX). */
  readonly client: Redis;
}

/**
 * Budgets counted in Redis (REDIS_URL): one Lua script per counted request, keys
 * `parley:budget:<budget key>` that expire with their window. Connects before answering, so a wrong
 * address or password stops the start with a message (without the password); once running, a Redis
 * that is down or too slow makes each counted request fail with BudgetStoreUnavailableError (503).
 */
export async function openRedisBudgetStore(options: RedisBudgetStoreOptions): Promise<RedisBudgetStore> {
  const where = describeRedisUrl(options.url);
  const client = new Redis(options.url, redisBudgetClientOptions());
  client.defineCommand('parleyBudgetCount', { numberOfKeys: 1, lua: COUNT_SCRIPT });
  client.defineCommand('parleyBudgetRead', { numberOfKeys: 1, lua: READ_SCRIPT });
  client.defineCommand('parleyBudgetRefund', { numberOfKeys: 1, lua: REFUND_SCRIPT });
  const commands = client as Redis & BudgetCommands;

  // An outage is told once when the connection is lost and once when it is back, after the start (a
  // failed start is told by the error it throws). The 'error' listener is needed all the same: without
  // one ioredis prints every failed reconnect to the console.
  let started = false;
  let closing = false;
  let down = false;
  /** What went wrong while starting (a refused connection, a wrong password): ioredis's own rejection only says "Connection is closed". */
  let startError: Error | undefined;
  client.on('error', (error: Error) => {
    if (!started) startError ??= error;
  });
  client.on('close', () => {
    if (!started || closing || down) return;
    down = true;
    options.log?.warn({ redis: where }, 'the budget store (Redis) is not reachable: counted requests are answered 503 until it is back');
  });
  client.on('ready', () => {
    if (!down) return;
    down = false;
    options.log?.info({ redis: where }, 'the budget store (Redis) is reachable again');
  });

  try {
    await withDeadline(client.connect(), REDIS_TIMEOUTS.startMs, 'connecting');
    // Ready means the ready check (INFO) answered; a PING proves commands are accepted (authenticated) too.
    // The scripts need no loading: ioredis sends EVALSHA, and EVAL once on NOSCRIPT (a new or restarted Redis).
    await client.ping();
  } catch (error) {
    client.disconnect();
    const cause = startError ?? error;
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new BudgetStoreUnavailableError(`Redis at ${where} (REDIS_URL) did not answer: ${reason}`, { cause });
  }
  started = true;
  // An operator reading the log can tell the budgets are shared (decision 0014), and through which Redis.
  options.log?.info({ redis: where }, 'the budget store is Redis: the request budgets (sign-ins, mails, saves, uploads) are counted there, shared by every process using it');

  const guarded = async <T>(what: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      if (!unavailable(error)) throw error;
      throw new BudgetStoreUnavailableError(`the budget store (Redis at ${where}) could not ${what}`, { cause: error });
    }
  };
  const toCount = ([hits, ttl]: [number, number]): BudgetCount => ({ hits: Number(hits), ttlMs: Math.max(0, Number(ttl)) });

  return {
    kind: 'redis',
    client,
    countHit: (key, windowMs) =>
      guarded('count a request', async () =>
        toCount(await commands.parleyBudgetCount(REDIS_BUDGET_PREFIX + key, Math.max(1, Math.trunc(windowMs)))),
      ),
    readHits: (key) => guarded('read a budget', async () => toCount(await commands.parleyBudgetRead(REDIS_BUDGET_PREFIX + key))),
    refund: (key, { windowMs, endsInMs }) =>
      guarded('give back a counted request', async () => {
        await commands.parleyBudgetRefund(REDIS_BUDGET_PREFIX + key, Math.trunc(windowMs), Math.round(endsInMs));
      }),
    clear: (key) =>
      guarded('clear a budget', async () => {
        await client.del(REDIS_BUDGET_PREFIX + key);
      }),
    close: async () => {
      closing = true;
      try {
        if (client.status === 'ready') await withDeadline(client.quit(), 500, 'closing');
      } catch {
        // Closing anyway, below.
      } finally {
        client.disconnect();
      }
    },
  };
}

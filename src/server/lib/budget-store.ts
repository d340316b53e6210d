import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';

/** A budget's count after a request was counted (or read). */
export interface BudgetCount {
  /** Requests counted in the current window, this one included. */
  hits: number;
  /** Milliseconds until the window ends, by the store's clock (0 when there is no window). */
  ttlMs: number;
}

/**
 * The window a count being given back was made in, in a budget of `windowMs`: `endsInMs` is how long
 * that window had left when it was counted, less the time since (the count's `ttlMs`, taken as the
 * process received it). A store takes a window whose time to live is within half a window of
 * `endsInMs` for that one. Latency between store and process only makes `endsInMs` a little long; the
 * next window ends at least `windowMs` later, so the two cannot be mistaken while latency stays under
 * half a window.
 */
export interface CountedWindow {
  windowMs: number;
  endsInMs: number;
}

/**
 * Where the request budgets count (decision 0014): the database's `rate_limits` table by default, or
 * Redis when `REDIS_URL` is set. Every app process on the same store shares the counts. Keys are
 * the budgets' own (`signin-account:account:<userId>`, ...), the same in every store.
 */
export interface BudgetStore {
  readonly kind: 'database' | 'redis';
  /**
   * Counts one request against a key, atomically across processes: a new key, or one whose window has
   * ended, starts a window of `windowMs` with 1 hit; otherwise the count goes up by one.
   */
  countHit(key: string, windowMs: number): Promise<BudgetCount>;
  /** The count of a key without counting (0 hits when its window has ended or it has none). */
  readHits(key: string): Promise<BudgetCount>;
  /**
   * Gives back one counted request while the window it was counted in lasts (never below 0 hits): a
   * request that turned out not to be what the budget limits (a sign-in that succeeded is not a guess).
   * A window that began after the count (the old one ended meanwhile) is left alone: its counts are
   * other requests', and a sign-in held open across a window's end must not free guesses in the next.
   * The window is known by when it ends (CountedWindow), not by how long ago the count was made,
   * which a loaded process measures late.
   */
  refund(key: string, counted: CountedWindow): Promise<void>;
  /** Ends a key's window at once: its budget is whole again (a lifted lock). */
  clear(key: string): Promise<void>;
  /** Lets go of what the store holds open (the Redis connection); the database store holds nothing. */
  close(): Promise<void>;
}

/** The sentence a person gets (503) when the budget store cannot be reached. */
export const BUDGET_STORE_UNAVAILABLE_MESSAGE = 'The server cannot check its request limits right now. Please try again in a minute.';

/** The budget store could not answer (Redis down, unreachable, too slow): answered 503 by the error handler. */
export class BudgetStoreUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'BudgetStoreUnavailableError';
  }
}

/** Whether an error, or one of its causes, says the budget store cannot answer right now. */
export function isBudgetStoreUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    if (current instanceof BudgetStoreUnavailableError) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

type StoreCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

function answer(promise: Promise<BudgetCount>, callback: StoreCallback): void {
  promise.then(
    ({ hits, ttlMs }) => callback(null, { current: hits, ttl: ttlMs }),
    (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
  );
}

/**
 * @fastify/rate-limit's custom `store` option over a budget store: a class the plugin instantiates
 * itself (with its global options), whose `child()` it calls for every `createRateLimit()` and route
 * budget, and whose `incr(key, callback, timeWindow, max)` it calls once per request. Keys must be
 * unique across budgets: `throttle()` prefixes them with the budget's name (the plugin's
 * `createRateLimit` passes no route to `child()`).
 */
export function rateLimitStoreFor(store: BudgetStore): FastifyRateLimitStoreCtor {
  class BudgetRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: StoreCallback, timeWindow: number): void {
      answer(store.countHit(key, timeWindow), callback);
    }

    /** `{ increment: false }` calls: the count without counting. */
    read(key: string, callback: StoreCallback): void {
      answer(store.readHits(key), callback);
    }

    child(): FastifyRateLimitStore {
      return new BudgetRateLimitStore();
    }
  }
  return BudgetRateLimitStore;
}

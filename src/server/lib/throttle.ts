import type { FastifyInstance, FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import type { BudgetStore } from './budget-store.js';
import { HttpError } from './http-errors.js';

/** "45 seconds", "15 minutes" (up to 120), then "23 hours": rounded up. */
export function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes <= 120) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return `${Math.ceil(minutes / 60)} hours`;
}

/**
 * The client address a per-address budget counts under: an IPv4 address as it is (an IPv4 address
 * written as IPv6, "::ffff:203.0.113.5", as that IPv4 address), an IPv6 address as its /64 network.
 * One home, school or phone network is given a /64 or more, and its devices take new addresses in it
 * at will (RFC 8981's temporary addresses), so a budget per full IPv6 address gives a single device
 * a fresh one whenever it asks, as a budget per port would for IPv4 (decision 0065).
 */
export function clientAddressKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const network = (address as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${network.join(':')}::/64`;
}

export interface BudgetOptions {
  max: number;
  windowMs: number;
  /** Ends "Too many …": "sign-in attempts for this account". */
  what: string;
  /** The counter's key, unique to this budget (prefix it with the budget's name); may look the account up. */
  key: (request: FastifyRequest) => string | Promise<string>;
}

/** What counting a request in a budget gave: the 429 to send once the budget is spent (else null), and the count made (none for an allow-listed request). */
export interface BudgetTake {
  refusal: HttpError | null;
  counted: Counted | null;
}

/**
 * A request budget on @fastify/rate-limit's counters: counts the request; its refusal is null while at
 * most `max` requests per `windowMs` have been counted for its key, otherwise the 429 to send (with
 * Retry-After and a sentence saying when to try again). The counters live where the plugin's store
 * keeps them: the app's budget store (app.ts, lib/budget-store.ts), the database's `rate_limits` table
 * or Redis when REDIS_URL is set, shared by every app process (decision 0014). Several budgets can guard one route (per client and per account),
 * which the plugin's own per-route hook does not allow.
 */
export function budget(app: FastifyInstance, options: BudgetOptions): (request: FastifyRequest) => Promise<BudgetTake> {
  const limiter = app.createRateLimit({ max: options.max, timeWindow: options.windowMs, keyGenerator: options.key });
  return async (request) => {
    const result = await limiter(request);
    if (result.isAllowed) return { refusal: null, counted: null };
    const counted: Counted = { key: result.key, windowMs: options.windowMs, endsAt: performance.now() + result.ttl };
    if (!result.isExceeded) return { refusal: null, counted };
    const seconds = Math.max(1, result.ttlInSeconds);
    const refusal = new HttpError(429, `Too many ${options.what}. Please wait ${describeWait(seconds)} and try again.`, {
      'retry-after': String(seconds),
    });
    return { refusal, counted };
  };
}

/** A budget as a hook: the request is refused with 429 once the budget is spent. */
export function throttle(app: FastifyInstance, options: BudgetOptions): (request: FastifyRequest) => Promise<void> {
  const take = budget(app, options);
  return async (request) => {
    const { refusal } = await take(request);
    if (refusal) throw refusal;
  };
}

/** A budget as a hook that refuses with 429 once it is spent, and answers the count it made (to be given back later). */
export function throttleCounting(app: FastifyInstance, options: BudgetOptions): (request: FastifyRequest) => Promise<Counted | null> {
  const take = budget(app, options);
  return async (request) => {
    const { refusal, counted } = await take(request);
    if (refusal) throw refusal;
    return counted;
  };
}

/**
 * A count a request made in a budget: its key, the budget's window, and when the window it was counted
 * in ends (performance.now() plus the store's time to live, taken as the answer came).
 */
export interface Counted {
  key: string;
  windowMs: number;
  endsAt: number;
}

/**
 * Gives back the counts a request made in these budgets' keys (a sign-in that succeeded), each only
 * to the window it was counted in (BudgetStore.refund). A store that cannot answer now only leaves
 * the counts as they were: the request has already succeeded, and its answer (a session cookie)
 * must not turn into a 503.
 */
export function givingBack(store: BudgetStore): (request: FastifyRequest, counts: readonly Counted[]) => Promise<void> {
  return async (request, counts) => {
    try {
      const now = performance.now();
      await Promise.all(counts.map(({ key, windowMs, endsAt }) => store.refund(key, { windowMs, endsInMs: endsAt - now })));
    } catch (error) {
      request.log.warn({ err: error }, 'a counted sign-in could not be given back to its budgets');
    }
  };
}

/**
 * A budget of requests that succeeded (counted after the work, checked before it): `spent` refuses
 * with 429 once `max` have been counted under the key in the window, without counting; `count` counts
 * one that succeeded. Requests checked at the same moment may all pass before any is counted, so the
 * budget holds to within the requests running at once.
 */
export function successBudget(store: BudgetStore, options: Omit<BudgetOptions, 'key'>) {
  return {
    async refuseWhenSpent(key: string): Promise<void> {
      const { hits, ttlMs } = await store.readHits(key);
      if (hits < options.max) return;
      const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
      throw new HttpError(429, `Too many ${options.what}. Please wait ${describeWait(seconds)} and try again.`, { 'retry-after': String(seconds) });
    },
    async count(key: string): Promise<void> {
      await store.countHit(key, options.windowMs);
    },
  };
}

import type { Db } from '../db/open.js';

/**
 * How long a list's total (the `count(*)` behind "Showing 1-10 of 48,213") is reused: at most this
 * stale when another process (a second server, the admin CLI) wrote to students or attempts. Writes
 * made through this process clear the cache at once (invalidateTotals), so a single-process
 * deployment always shows exact totals after its own writes. See docs/decisions/0008-list-totals-cache.md.
 */
export const TOTALS_TTL_MS = 5_000;
/** Distinct filters (search texts, dates) kept at most; the oldest is dropped first. */
export const TOTALS_MAX_ENTRIES = 500;

interface Entry {
  value: number;
  expiresAt: number;
}

/**
 * Totals per filter key for a short time. A count that started before an invalidation is never
 * stored (the generation changed meanwhile): it may have missed the write that invalidated. Requests
 * asking for the same total at once share one query.
 */
export class TotalsCache {
  readonly #entries = new Map<string, Entry>();
  readonly #pending = new Map<string, Promise<number>>();
  #generation = 0;

  constructor(
    private readonly ttlMs: number = TOTALS_TTL_MS,
    private readonly now: () => number = Date.now,
    private readonly maxEntries: number = TOTALS_MAX_ENTRIES,
  ) {}

  async get(key: string, count: () => Promise<number>): Promise<number> {
    const entry = this.#entries.get(key);
    if (entry && entry.expiresAt > this.now()) return entry.value;
    const pending = this.#pending.get(key);
    if (pending) return pending;
    const generation = this.#generation;
    const promise = count().then(
      (value) => {
        if (this.#pending.get(key) === promise) this.#pending.delete(key);
        if (generation === this.#generation && this.ttlMs > 0) this.#store(key, value);
        return value;
      },
      (error: unknown) => {
        if (this.#pending.get(key) === promise) this.#pending.delete(key);
        throw error;
      },
    );
    this.#pending.set(key, promise);
    return promise;
  }

  /** Call after a write to students or attempts has committed. */
  invalidate(): void {
    this.#generation += 1;
    this.#entries.clear();
    this.#pending.clear();
  }

  get size(): number {
    return this.#entries.size;
  }

  #store(key: string, value: number): void {
    this.#entries.delete(key);
    this.#entries.set(key, { value, expiresAt: this.now() + this.ttlMs });
    while (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
  }
}

const caches = new WeakMap<Db, TotalsCache>();

/** The totals cache of one database handle (the app's `deps.database.db`, not a transaction's). */
export function totalsCache(db: Db): TotalsCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new TotalsCache();
    caches.set(db, cache);
  }
  return cache;
}

/** Every cached total of this database is dropped: the next list request counts again. */
export function invalidateTotals(db: Db): void {
  caches.get(db)?.invalidate();
}

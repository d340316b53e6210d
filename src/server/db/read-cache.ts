import type { Db } from './handle.js';

/**
 * Short-lived, in-process caches of what the server reads on almost every request: list totals,
 * where each list page starts, and the session behind a cookie. Each app has its own, made by
 * buildApp on its clock (createReadCaches). Each value is reused for at most `ttlMs`; every write
 * this process makes clears all of a database's caches at once
 * (invalidateReadCaches: called by the write paths, and by the app after every state-changing
 * request of a signed-in caller), so a single-process deployment never reads a stale value after its
 * own writes. On
 * PostgreSQL every process also tells the others (NOTIFY, cache-sync.ts), which clear theirs at
 * once; only while that connection is down do another process's writes wait for the time to live.
 * See docs/decisions/0008-list-totals-cache.md and 0011-read-caches-and-seek-pages.md.
 */
export const READ_CACHE_TTL_MS = 5_000;
/** Distinct keys kept at most per cache; the oldest is dropped first. */
export const READ_CACHE_MAX_ENTRIES = 500;

interface Entry<V> {
  value: V;
  expiresAt: number;
}

/**
 * Values per key for a short time. A value that was being read when the cache was invalidated is
 * never stored (the generation changed meanwhile): it may predate the write that invalidated.
 * Requests asking for the same key at once share one read.
 */
export class ReadCache<V> {
  readonly #entries = new Map<string, Entry<V>>();
  readonly #pending = new Map<string, Promise<V>>();
  #generation = 0;

  /** `now` is the app's clock in milliseconds: entries expire by it. */
  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number,
    private readonly maxEntries: number = READ_CACHE_MAX_ENTRIES,
  ) {}

  async get(key: string, read: () => Promise<V>): Promise<V> {
    const entry = this.#entries.get(key);
    if (entry && entry.expiresAt > this.now()) return entry.value;
    const pending = this.#pending.get(key);
    if (pending) return pending;
    const generation = this.#generation;
    const promise = read().then(
      (value) => {
        if (this.#pending.get(key) === promise) this.#pending.delete(key);
        this.put(key, value, generation);
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

  /** The value stored for the key, if it has not expired. */
  peek(key: string): V | undefined {
    const entry = this.#entries.get(key);
    return entry && entry.expiresAt > this.now() ? entry.value : undefined;
  }

  /** Stores a value read while `generation` was current; ignored when a write has invalidated since. */
  put(key: string, value: V, generation: number): void {
    if (generation !== this.#generation || this.ttlMs <= 0) return;
    this.#entries.delete(key);
    this.#entries.set(key, { value, expiresAt: this.now() + this.ttlMs });
    while (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
  }

  /** Take before a read whose result is stored with put(). */
  get generation(): number {
    return this.#generation;
  }

  /** Call after a write has committed. */
  invalidate(): void {
    this.#generation += 1;
    this.#entries.clear();
    this.#pending.clear();
  }

  get size(): number {
    return this.#entries.size;
  }
}

/** One app's read caches: each made with the app's clock, all cleared together by a write to its database. */
export interface ReadCaches {
  /** A new cache of this app (an area makes its own when it is registered). */
  create<V>(options?: { ttlMs?: number; maxEntries?: number }): ReadCache<V>;
  /** Stops clearing this app's caches on its database's writes (the app is closing). */
  close(): void;
}

/**
 * The caches of each database handle's apps. A handle's writes reach every app on it (tests run two
 * apps on one PGlite handle, as two processes would share a database); the values stay each app's own.
 */
const cachesOfDatabase = new WeakMap<Db, Set<ReadCache<unknown>>>();

/**
 * The read caches of one app (buildApp makes them from its dependencies): they tell time by the
 * app's injected clock, so tests drive their expiry, and two apps in one process share no values.
 * invalidateReadCaches(db) clears them with every other app's caches on the same database handle.
 */
export function createReadCaches(db: Db, now: () => Date): ReadCaches {
  const mine = new Set<ReadCache<unknown>>();
  const clock = () => now().getTime();
  return {
    create<V>(options: { ttlMs?: number; maxEntries?: number } = {}) {
      const cache = new ReadCache<V>(options.ttlMs ?? READ_CACHE_TTL_MS, clock, options.maxEntries ?? READ_CACHE_MAX_ENTRIES);
      mine.add(cache as ReadCache<unknown>);
      let all = cachesOfDatabase.get(db);
      if (!all) {
        all = new Set();
        cachesOfDatabase.set(db, all);
      }
      all.add(cache as ReadCache<unknown>);
      return cache;
    },
    close() {
      const all = cachesOfDatabase.get(db);
      for (const cache of mine) all?.delete(cache);
      mine.clear();
    },
  };
}

const broadcastOfDatabase = new WeakMap<Db, () => void>();

/**
 * How a database handle tells the other app processes that it wrote (cache-sync.ts sets it on
 * PostgreSQL; PGlite has one process only). `undefined` removes it.
 */
export function setReadCacheBroadcast(db: Db, broadcast: (() => void) | undefined): void {
  if (broadcast) broadcastOfDatabase.set(db, broadcast);
  else broadcastOfDatabase.delete(db);
}

/** Every read cache of this database is cleared, here and in the other app processes: the next requests read again. */
export function invalidateReadCaches(db: Db): void {
  invalidateLocalReadCaches(db);
  broadcastOfDatabase.get(db)?.();
}

/** This process's read caches of this database are cleared (another process wrote). */
export function invalidateLocalReadCaches(db: Db): void {
  for (const cache of cachesOfDatabase.get(db) ?? []) cache.invalidate();
}

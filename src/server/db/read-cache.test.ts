import { describe, expect, it } from 'vitest';
import type { Db } from './open.js';
import { createReadCaches, invalidateReadCaches, ReadCache } from './read-cache.js';

describe('ReadCache', () => {
  it('reuses a total until it expires, per key', async () => {
    let now = 1_000;
    let counted = 0;
    const cache = new ReadCache(5_000, () => now);
    const count = async () => ++counted;
    expect(await cache.get('a', count)).toBe(1);
    expect(await cache.get('a', count)).toBe(1);
    expect(await cache.get('b', count)).toBe(2);
    now += 4_999;
    expect(await cache.get('a', count)).toBe(1);
    now += 1;
    expect(await cache.get('a', count)).toBe(3);
  });

  it('counts again at once after invalidate()', async () => {
    let counted = 0;
    const cache = new ReadCache(60_000, Date.now);
    const count = async () => ++counted;
    expect(await cache.get('a', count)).toBe(1);
    cache.invalidate();
    expect(await cache.get('a', count)).toBe(2);
  });

  it('does not store a count that was running when a write invalidated the cache', async () => {
    const cache = new ReadCache(60_000, Date.now);
    let release: (value: number) => void = () => {};
    const slow = cache.get('a', () => new Promise<number>((resolve) => (release = resolve)));
    cache.invalidate(); // a write committed while the count ran: it may have missed it
    release(10);
    expect(await slow).toBe(10);
    expect(await cache.get('a', async () => 11)).toBe(11);
    expect(await cache.get('a', async () => 12)).toBe(11);
  });

  it('shares one count between requests asking at once, and does not keep failures', async () => {
    const cache = new ReadCache(60_000, Date.now);
    let calls = 0;
    const count = () => new Promise<number>((resolve) => setTimeout(() => resolve(++calls), 10));
    expect(await Promise.all([cache.get('a', count), cache.get('a', count), cache.get('a', count)])).toEqual([1, 1, 1]);
    expect(calls).toBe(1);
    await expect(cache.get('b', () => Promise.reject(new Error('connection lost')))).rejects.toThrow('connection lost');
    expect(await cache.get('b', async () => 7)).toBe(7);
  });

  it('keeps at most maxEntries filters, dropping the oldest', async () => {
    const cache = new ReadCache(60_000, Date.now, 2);
    await cache.get('a', async () => 1);
    await cache.get('b', async () => 2);
    await cache.get('c', async () => 3);
    expect(cache.size).toBe(2);
    expect(await cache.get('a', async () => 4)).toBe(4);
  });

  it('stores nothing with a time to live of 0', async () => {
    const cache = new ReadCache(0, Date.now);
    expect(await cache.get('a', async () => 1)).toBe(1);
    expect(await cache.get('a', async () => 2)).toBe(2);
  });
});

describe('ReadCache.put and peek', () => {
  it('keeps a value put under the generation it was read in, and drops one read before a write', () => {
    let now = 0;
    const cache = new ReadCache<string>(1_000, () => now);
    const before = cache.generation;
    cache.put('page 2', 'cursor A', before);
    expect(cache.peek('page 2')).toBe('cursor A');
    cache.invalidate();
    expect(cache.peek('page 2')).toBeUndefined();
    // Read while the old generation was current: it may predate the write.
    cache.put('page 2', 'cursor B', before);
    expect(cache.peek('page 2')).toBeUndefined();
    cache.put('page 2', 'cursor C', cache.generation);
    expect(cache.peek('page 2')).toBe('cursor C');
    now += 1_000;
    expect(cache.peek('page 2')).toBeUndefined();
  });
});

describe('read caches per app', () => {
  it('invalidateReadCaches clears every kind of cache of that database, and no other database', async () => {
    const dbA = {} as Db;
    const dbB = {} as Db;
    const appA = createReadCaches(dbA, () => new Date());
    const appB = createReadCaches(dbB, () => new Date());
    const totals = appA.create<number>();
    const names = appA.create<string>();
    const otherTotals = appB.create<number>();
    expect(totals).not.toBe(otherTotals);
    await totals.get('k', async () => 1);
    await names.get('k', async () => 'a');
    await otherTotals.get('k', async () => 2);
    invalidateReadCaches(dbA);
    expect(totals.peek('k')).toBeUndefined();
    expect(names.peek('k')).toBeUndefined();
    expect(otherTotals.peek('k')).toBe(2);
  });

  it('two apps on one database keep their own values, both cleared by its writes; a closed app is no longer told', async () => {
    const db = {} as Db;
    const first = createReadCaches(db, () => new Date()).create<number>();
    const closing = createReadCaches(db, () => new Date());
    const second = closing.create<number>();
    await first.get('k', async () => 1);
    expect(await second.get('k', async () => 2)).toBe(2);
    invalidateReadCaches(db);
    expect(first.peek('k')).toBeUndefined();
    expect(second.peek('k')).toBeUndefined();
    closing.close();
    await second.get('k', async () => 3);
    invalidateReadCaches(db);
    expect(second.peek('k')).toBe(3);
  });

  it('tells time by the app\'s clock', async () => {
    let now = new Date('2026-11-21T09:00:00Z');
    const cache = createReadCaches({} as Db, () => now).create<number>({ ttlMs: 1_000 });
    await cache.get('k', async () => 1);
    now = new Date(now.getTime() + 999);
    expect(cache.peek('k')).toBe(1);
    now = new Date(now.getTime() + 1);
    expect(cache.peek('k')).toBeUndefined();
  });
});

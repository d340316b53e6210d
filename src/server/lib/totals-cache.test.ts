import { describe, expect, it } from 'vitest';
import { TotalsCache } from './totals-cache.js';

describe('TotalsCache', () => {
  it('reuses a total until it expires, per key', async () => {
    let now = 1_000;
    let counted = 0;
    const cache = new TotalsCache(5_000, () => now);
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
    const cache = new TotalsCache(60_000);
    const count = async () => ++counted;
    expect(await cache.get('a', count)).toBe(1);
    cache.invalidate();
    expect(await cache.get('a', count)).toBe(2);
  });

  it('does not store a count that was running when a write invalidated the cache', async () => {
    const cache = new TotalsCache(60_000);
    let release: (value: number) => void = () => {};
    const slow = cache.get('a', () => new Promise<number>((resolve) => (release = resolve)));
    cache.invalidate(); // a write committed while the count ran: it may have missed it
    release(10);
    expect(await slow).toBe(10);
    expect(await cache.get('a', async () => 11)).toBe(11);
    expect(await cache.get('a', async () => 12)).toBe(11);
  });

  it('shares one count between requests asking at once, and does not keep failures', async () => {
    const cache = new TotalsCache(60_000);
    let calls = 0;
    const count = () => new Promise<number>((resolve) => setTimeout(() => resolve(++calls), 10));
    expect(await Promise.all([cache.get('a', count), cache.get('a', count), cache.get('a', count)])).toEqual([1, 1, 1]);
    expect(calls).toBe(1);
    await expect(cache.get('b', () => Promise.reject(new Error('connection lost')))).rejects.toThrow('connection lost');
    expect(await cache.get('b', async () => 7)).toBe(7);
  });

  it('keeps at most maxEntries filters, dropping the oldest', async () => {
    const cache = new TotalsCache(60_000, Date.now, 2);
    await cache.get('a', async () => 1);
    await cache.get('b', async () => 2);
    await cache.get('c', async () => 3);
    expect(cache.size).toBe(2);
    expect(await cache.get('a', async () => 4)).toBe(4);
  });

  it('stores nothing with a time to live of 0', async () => {
    const cache = new TotalsCache(0);
    expect(await cache.get('a', async () => 1)).toBe(1);
    expect(await cache.get('a', async () => 2)).toBe(2);
  });
});

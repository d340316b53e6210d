import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { BudgetStoreUnavailableError, type BudgetStore } from './budget-store.js';
import { clientAddressKey, describeWait, givingBack, type Counted } from './throttle.js';

/** A store that records what it is given back, or cannot answer. */
function storeGiving(refund: BudgetStore['refund']): BudgetStore {
  const never = () => Promise.reject(new Error('not used here'));
  return { kind: 'redis', countHit: never, readHits: never, refund, clear: never, close: async () => {} };
}

function requestLogging(): { request: FastifyRequest; warnings: unknown[][] } {
  const warnings: unknown[][] = [];
  const request = { log: { warn: (...args: unknown[]) => warnings.push(args) } } as unknown as FastifyRequest;
  return { request, warnings };
}

describe('givingBack', () => {
  it('gives back one count in each key', async () => {
    const given: Array<[string, number, number]> = [];
    const { request, warnings } = requestLogging();
    const counts: Counted[] = [
      { key: 'signin-ip:198.51.100.1', windowMs: 900_000, endsAt: performance.now() + 600_000 },
      { key: 'signin-account:account:7', windowMs: 60_000, endsAt: performance.now() + 30_000 },
    ];
    await givingBack(storeGiving(async (key, { windowMs, endsInMs }) => void given.push([key, windowMs, endsInMs])))(request, counts);
    expect(given.map(([key, windowMs]) => [key, windowMs])).toEqual([
      ['signin-ip:198.51.100.1', 900_000],
      ['signin-account:account:7', 60_000],
    ]);
    // How long each one's window has left, so that the store gives it back only to the window it was counted in.
    const [first, second] = given.map(([, , endsInMs]) => endsInMs);
    expect(first).toBeGreaterThan(590_000);
    expect(first).toBeLessThanOrEqual(600_000);
    expect(second).toBeGreaterThan(20_000);
    expect(second).toBeLessThanOrEqual(30_000);
    expect(warnings).toEqual([]);
  });

  it('a store that cannot answer leaves the counts and a warning, and never fails the sign-in that succeeded', async () => {
    const { request, warnings } = requestLogging();
    const down = storeGiving(() => Promise.reject(new BudgetStoreUnavailableError('the budget store (Redis at redis://cache:6379) could not give back a counted request')));
    await expect(givingBack(down)(request, [{ key: 'signin-ip:198.51.100.1', windowMs: 900_000, endsAt: performance.now() + 900_000 }])).resolves.toBeUndefined();
    expect(warnings).toHaveLength(1);
    expect(String(warnings[0]?.[1])).toMatch(/could not be given back/);
  });
});

describe('clientAddressKey', () => {
  it('keeps an IPv4 address, reads one written as IPv6 as IPv4, and cuts an IPv6 address to its /64 network', () => {
    expect(clientAddressKey('203.0.113.5')).toBe('203.0.113.5');
    expect(clientAddressKey('::ffff:203.0.113.5')).toBe('203.0.113.5');
    expect(clientAddressKey('2001:db8:5:6:a1b2:c3d4:e5f6:1')).toBe('2001:db8:5:6::/64');
    expect(clientAddressKey('2001:0DB8:0005:0006::ff')).toBe('2001:db8:5:6::/64');
    expect(clientAddressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
    expect(clientAddressKey('not an address')).toBe('not an address');
  });
});

describe('describeWait', () => {
  it('says seconds under a minute and whole minutes, rounded up, above', () => {
    expect([describeWait(1), describeWait(59), describeWait(60), describeWait(61)]).toEqual(['1 second', '59 seconds', '1 minute', '2 minutes']);
  });
});

/*
 * Attempt ids are made in the browser, also over plain http, where crypto.randomUUID is missing:
 * the fallback must give ids the server's schema (zod's z.uuid()) accepts, and never the same twice.
 */
import { webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { z } from '../../shared/zod';
import { randomUuid, uuidFromRandomBytes, type UuidSource } from './uuid';

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The Web Crypto API as an insecure context has it: getRandomValues, no randomUUID. */
const insecureCrypto: UuidSource = { getRandomValues: (array) => webcrypto.getRandomValues(array) };

describe('randomUuid', () => {
  it('uses crypto.randomUUID where the browser has it', () => {
    expect(randomUuid({ getRandomValues: (array) => array, randomUUID: () => '6f1c2a3e-0000-4000-8000-000000000001' })).toBe(
      '6f1c2a3e-0000-4000-8000-000000000001',
    );
  });

  it('builds a version 4 UUID from getRandomValues when randomUUID is missing', () => {
    const ids = Array.from({ length: 2_000 }, () => randomUuid(insecureCrypto));
    for (const id of ids) {
      expect(id).toMatch(V4);
      expect(z.uuid().safeParse(id).success).toBe(true);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('sets the version and variant bits whatever the random bytes are', () => {
    const allOnes: UuidSource = { getRandomValues: (array) => array.fill(0xff) };
    const allZeros: UuidSource = { getRandomValues: (array) => array.fill(0) };
    expect(uuidFromRandomBytes(allOnes)).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
    expect(uuidFromRandomBytes(allZeros)).toBe('00000000-0000-4000-8000-000000000000');
  });
});

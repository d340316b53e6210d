import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  generatePassword,
  hashPassword,
  hashPasswordBeside,
  verifyAgainstDummy,
  verifyPassword,
  verifyPasswordPair,
} from './passwords.js';
import { SHIPPED_SCRYPT_COST, setTestScryptCost, TEST_SCRYPT_COST } from './scrypt-cost.js';

/** scrypt key derivations run so far (a call scrypt refuses for its parameters derives nothing: not counted). */
const derivations = vi.hoisted(() => ({ count: 0 }));
vi.mock('node:crypto', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:crypto')>();
  type Done = (error: Error | null, key: Buffer) => void;
  const scrypt = (password: string, salt: Buffer, keyLength: number, options: Parameters<typeof real.scryptSync>[3], done: Done) =>
    real.scrypt(password, salt, keyLength, options ?? {}, (error, key) => {
      if (!error) derivations.count += 1;
      done(error, key);
    });
  return { ...real, scrypt };
});

// No 0/O, 1/l/I: the alphabet generated passwords are drawn from.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const group = `[${ALPHABET}]{4}`;

describe('hashPassword / verifyPassword', () => {
  // The other test files hash at the test cost (src/server/test/test-password-cost.ts); this one checks what ships.
  beforeEach(() => setTestScryptCost(SHIPPED_SCRYPT_COST));

  it('round-trips, refuses a wrong password and salts every hash', async () => {
    const [first, second] = await Promise.all([hashPassword('correct horse'), hashPassword('correct horse')]);
    expect(first).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(first).not.toContain('correct horse');
    expect(second).not.toBe(first);
    expect(await verifyPassword('correct horse', first)).toBe(true);
    expect(await verifyPassword('correct horse', second)).toBe(true);
    expect(await verifyPassword('correct horsE', first)).toBe(false);
    expect(await verifyPassword('', first)).toBe(false);
    // A hash stored by an earlier version of this file still verifies, alone and as an account's own hash.
    const stored = 'scrypt$32768$8$1$WTa4hIJ9xU7zqnWm31t3Eg$0m4629F1ZOZ6lJ_10K9SVQPFBHU3icC7rirfL2aJVuM';
    expect(await verifyPassword('made by the earlier code', stored)).toBe(true);
    expect(await verifyPasswordPair('made by the earlier code', stored, null)).toEqual({ own: true, beside: false });
  });

  it('answers false, without throwing, for a malformed stored hash', async () => {
    const stored = await hashPassword('pw-123456');
    const [, , , , salt, key] = stored.split('$');
    const malformed = [
      '',
      'garbage',
      `bcrypt$32768$8$1$${salt}$${key}`,
      'scrypt$32768$8$1',
      `scrypt$32768$8$1$${salt}$`,
      `scrypt$x$8$1$${salt}$${key}`,
      `scrypt$3$8$1$${salt}$${key}`,
      `scrypt$-1$8$1$${salt}$${key}`,
      `scrypt$32768$0$1$${salt}$${key}`,
      // A key that decodes to nothing must not compare equal to an empty derived key.
      `scrypt$32768$8$1$${salt}$!!!`,
      `scrypt$1024$8$1$${salt}$!`,
      // Parameters that would make each check allocate gigabytes (128·N·r bytes): refused before scrypt runs.
      `scrypt$${2 ** 24}$8$1$${salt}$${key}`,
      `scrypt$32768$4096$1$${salt}$${key}`,
      `scrypt$32768$8$64$${salt}$${key}`,
    ];
    for (const text of malformed) {
      await expect(verifyPassword('pw-123456', text), text).resolves.toBe(false);
      await expect(verifyPassword('anything', text), text).resolves.toBe(false);
    }
    // The well-formed original still verifies: the checks above refuse the format, not the password.
    expect(await verifyPassword('pw-123456', stored)).toBe(true);
  });

  it('a hash made beside another shares its salt and parameters, and one derivation checks both', async () => {
    const own = await hashPassword('own password');
    const beside = await hashPasswordBeside('temp-pass-1', own);
    expect(beside.split('$').slice(0, 5)).toEqual(own.split('$').slice(0, 5));
    expect(beside).not.toBe(own);
    expect(await verifyPassword('temp-pass-1', beside)).toBe(true);
    expect(await verifyPasswordPair('own password', own, beside)).toEqual({ own: true, beside: false });
    expect(await verifyPasswordPair('temp-pass-1', own, beside)).toEqual({ own: false, beside: true });
    expect(await verifyPasswordPair('neither', own, beside)).toEqual({ own: false, beside: false });
    expect(await verifyPasswordPair('own password', own, null)).toEqual({ own: true, beside: false });
    // One with its own salt (made before the account's password changed, or the old way) never matches.
    const otherSalt = await hashPassword('temp-pass-1');
    expect(await verifyPasswordPair('temp-pass-1', own, otherSalt)).toEqual({ own: false, beside: false });
    expect(await verifyPasswordPair('temp-pass-1', own, await hashPasswordBeside('temp-pass-1', otherSalt))).toEqual({ own: false, beside: false });
    // Without a usable own hash, a fresh salt; it is still found (derived with its own salt).
    const alone = await hashPasswordBeside('temp-pass-1', 'not-a-hash');
    expect(alone).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(await verifyPasswordPair('temp-pass-1', 'not-a-hash', alone)).toEqual({ own: false, beside: true });
    expect(await verifyPasswordPair('temp-pass-1', 'not-a-hash', 'garbage')).toEqual({ own: false, beside: false });
    // An own hash in the format but with parameters scrypt refuses (a damaged row): the mailed one still lets its owner in.
    const damaged = `scrypt$3$8$1$${own.split('$')[4] ?? ''}$${own.split('$')[5] ?? ''}`;
    const mailed = await hashPasswordBeside('temp-pass-1', damaged);
    expect(mailed).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(await verifyPasswordPair('temp-pass-1', damaged, mailed)).toEqual({ own: false, beside: true });
    expect(await verifyPasswordPair('own password', damaged, mailed)).toEqual({ own: false, beside: false });
  });

  it('verifyAgainstDummy always answers false', async () => {
    expect(await verifyAgainstDummy('whatever')).toBe(false);
  });

  it('a check of a password in its normal form costs one derivation whatever it is checked against, the dummy included (made without one)', async () => {
    const own = await hashPassword('own password');
    const beside = await hashPasswordBeside('temp-pass-1', own);
    const otherSalt = await hashPassword('temp-pass-1');
    const damaged = `scrypt$3$8$1$${own.split('$')[4] ?? ''}$${own.split('$')[5] ?? ''}`;
    const costOf = async (check: () => Promise<unknown>) => {
      const before = derivations.count;
      await check();
      return derivations.count - before;
    };
    const costs = [
      await costOf(() => verifyAgainstDummy('wrong')),
      await costOf(() => verifyPasswordPair('wrong', own, null)),
      await costOf(() => verifyPasswordPair('wrong', own, beside)),
      await costOf(() => verifyPasswordPair('wrong', own, 'garbage')),
      await costOf(() => verifyPasswordPair('wrong', own, otherSalt)),
      await costOf(() => verifyPasswordPair('wrong', 'garbage', null)),
      // Parameters scrypt refuses, in the own hash, the other or both: still one derivation, not none.
      await costOf(() => verifyPasswordPair('wrong', damaged, null)),
      await costOf(() => verifyPasswordPair('wrong', damaged, beside)),
      await costOf(() => verifyPasswordPair('wrong', own, damaged)),
      await costOf(() => verifyPasswordPair('wrong', damaged, damaged)),
    ];
    expect(costs).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
  });

  it('one password however its characters were typed (NFKC): an accent as its own character or after the letter, full-width letters', async () => {
    const composed = 'caf\u00e9-pass-123';
    const decomposed = 'cafe\u0301-pass-123';
    const stored = await hashPassword(composed);
    expect(await verifyPassword(decomposed, stored)).toBe(true);
    expect(await verifyPassword(composed, stored)).toBe(true);
    expect(await verifyPassword('\uff43\uff41\uff46\u00e9-pass-123', stored)).toBe(true);
    expect(await verifyPassword('cafe-pass-123', stored)).toBe(false);
    // A temporary password made beside it, and the pair checked from either spelling.
    const beside = await hashPasswordBeside(decomposed, stored);
    expect(await verifyPasswordPair(composed, stored, beside)).toEqual({ own: true, beside: true });
    // A hash made before passwords were normalised (of the decomposed spelling, as typed) still lets its owner in.
    const salt = Buffer.from(stored.split('$')[4] ?? '', 'base64url');
    const [n, r, p] = stored.split('$').slice(1, 4).map(Number);
    const { scryptSync } = await import('node:crypto');
    const old = ['scrypt', n, r, p, salt.toString('base64url'), scryptSync(decomposed, salt, 32, { N: n, r, p, maxmem: 256 * (n ?? 0) * (r ?? 0) }).toString('base64url')].join('$');
    expect(await verifyPassword(decomposed, old)).toBe(true);
    expect(await verifyPasswordPair(decomposed, old, null)).toEqual({ own: true, beside: false });
    // A password typed in its normal form costs one derivation, as before; another spelling at most two.
    const before = derivations.count;
    await verifyPasswordPair('wrong', stored, null);
    expect(derivations.count - before).toBe(1);
    await verifyPasswordPair('wrong\u0301', stored, null);
    expect(derivations.count - before).toBe(3);
  });

  it('hashes made at the test cost carry it, and the hashes of either cost verify while the other is in use', async () => {
    setTestScryptCost(TEST_SCRYPT_COST);
    const cheap = await hashPassword('made in a test');
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    setTestScryptCost(SHIPPED_SCRYPT_COST);
    const shipped = await hashPassword('made in a test');
    expect(shipped).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(await verifyPassword('made in a test', cheap)).toBe(true);
    expect(await verifyPasswordPair('made in a test', cheap, null)).toEqual({ own: true, beside: false });
    setTestScryptCost(TEST_SCRYPT_COST);
    expect(await verifyPassword('made in a test', shipped)).toBe(true);
    expect(await verifyPassword('made in a tesT', shipped)).toBe(false);
  });
});

describe('generatePassword', () => {
  it('makes four dash-joined groups of four unambiguous characters by default', () => {
    expect(generatePassword()).toMatch(new RegExp(`^${group}-${group}-${group}-${group}$`));
    expect(generatePassword(3)).toMatch(new RegExp(`^${group}-${group}-${group}$`));
    expect(generatePassword(1)).toMatch(new RegExp(`^${group}$`));
  });

  it('is random: no repeats, and every character of the alphabet turns up', () => {
    const samples = Array.from({ length: 300 }, () => generatePassword());
    expect(new Set(samples).size).toBe(samples.length);
    const seen = new Set(samples.join('').replace(/-/g, ''));
    // 4800 draws from 55 symbols: the chance that one never appears is about 55 * e^-87.
    expect([...seen].sort().join('')).toBe([...ALPHABET].sort().join(''));
    for (const ambiguous of ['0', 'O', '1', 'l', 'I']) expect(seen.has(ambiguous)).toBe(false);
  });
});

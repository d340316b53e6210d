import { describe, expect, it } from 'vitest';
import { generatePassword, hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.js';

// No 0/O, 1/l/I: the alphabet generated passwords are drawn from.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const group = `[${ALPHABET}]{4}`;

describe('hashPassword / verifyPassword', () => {
  it('round-trips, refuses a wrong password and salts every hash', async () => {
    const [first, second] = await Promise.all([hashPassword('correct horse'), hashPassword('correct horse')]);
    expect(first).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(first).not.toContain('correct horse');
    expect(second).not.toBe(first);
    expect(await verifyPassword('correct horse', first)).toBe(true);
    expect(await verifyPassword('correct horse', second)).toBe(true);
    expect(await verifyPassword('correct horsE', first)).toBe(false);
    expect(await verifyPassword('', first)).toBe(false);
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
    ];
    for (const text of malformed) {
      await expect(verifyPassword('pw-123456', text), text).resolves.toBe(false);
      await expect(verifyPassword('anything', text), text).resolves.toBe(false);
    }
    // The well-formed original still verifies: the checks above refuse the format, not the password.
    expect(await verifyPassword('pw-123456', stored)).toBe(true);
  });

  it('verifyAgainstDummy always answers false', async () => {
    expect(await verifyAgainstDummy('whatever')).toBe(false);
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

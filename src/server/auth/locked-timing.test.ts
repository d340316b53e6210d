import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../db/schema.js';
import { hashPasswordBeside } from '../lib/passwords.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { createStudent } from '../test/factories.js';
import { checkTemporaryPasswordOnly } from './service.js';

/*
 * While an account's sign-in budget is spent only its mailed temporary password is tried (decision
 * 0014). Timed by the stranger who spent the budget, that check must cost the same whether the
 * account exists and whether its owner asked for a reset: one scrypt derivation each.
 */
const derivations = vi.hoisted(() => ({ count: 0 }));
vi.mock('node:crypto', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:crypto')>();
  return { ...real, scrypt: (...args: Parameters<typeof real.scrypt>) => ((derivations.count += 1), real.scrypt(...args)) };
});

describe('the check made while an account is locked', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ driver: 'pglite' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('costs one key derivation for an unknown account, one without a reset, one pending and one expired; only the pending one lets in', async () => {
    const db = t.database.db;
    const now = new Date();
    const [plain, pending, expired] = await Promise.all([createStudent(db), createStudent(db), createStudent(db)]);
    const temporary = 'mailed-temp-pass-1';
    for (const [student, expiresAt] of [
      [pending, new Date(now.getTime() + 10 * 60_000)],
      [expired, new Date(now.getTime() - 60_000)],
    ] as const) {
      await db
        .update(users)
        .set({ tempPasswordHash: await hashPasswordBeside(temporary, student.user.passwordHash), tempPasswordExpiresAt: expiresAt })
        .where(eq(users.id, student.user.id));
    }
    const check = async (identifier: string, password: string) => {
      const before = derivations.count;
      const result = await checkTemporaryPasswordOnly(db, identifier, password, { now, phoneRegion: 'IN' });
      return { ok: result.ok, cost: derivations.count - before };
    };
    expect(await check('nobody-by-this-name', temporary)).toEqual({ ok: false, cost: 1 });
    expect(await check(plain.mobileNumber, temporary)).toEqual({ ok: false, cost: 1 });
    // The account's own right password is not accepted while locked.
    expect(await check(plain.mobileNumber, plain.password)).toEqual({ ok: false, cost: 1 });
    expect(await check(expired.mobileNumber, temporary)).toEqual({ ok: false, cost: 1 });
    expect(await check(pending.mobileNumber, 'a wrong guess')).toEqual({ ok: false, cost: 1 });
    expect(await check(pending.mobileNumber, temporary)).toEqual({ ok: true, cost: 1 });
  });
});

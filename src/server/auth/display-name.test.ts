import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { createAdmin, type CreatedAdmin } from '../test/factories.js';
import { users } from '../db/schema.js';
import { eq } from 'drizzle-orm';
import { setDisplayName } from './display-name.js';

let t: TestApp;
let admin: CreatedAdmin;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.database.db, { username: 'headteacher' });
});
afterAll(() => t.close());

const stored = async () => (await t.database.db.select({ displayName: users.displayName }).from(users).where(eq(users.id, admin.user.id)))[0]?.displayName;

describe('a teacher\'s display name (npm run admin -- set-display-name)', () => {
  it('is set tidied, found by any spelling of the username, and cleared by an empty name', async () => {
    expect(await setDisplayName(t.database.db, ' HeadTeacher ', '  Ms   Rao ')).toEqual({ ok: true, message: "Students now see 'headteacher' as 'Ms Rao'." });
    expect(await stored()).toBe('Ms Rao');
    expect(await setDisplayName(t.database.db, 'headteacher', '')).toEqual({ ok: true, message: `Students now see 'headteacher' as "your teacher".` });
    expect(await stored()).toBeNull();
  });

  it('refuses an unknown user, control or invisible characters and an overlong name, changing nothing', async () => {
    await setDisplayName(t.database.db, 'headteacher', 'Ms Rao');
    expect(await setDisplayName(t.database.db, 'nobody', 'X')).toEqual({ ok: false, message: "No user with the username 'nobody'." });
    expect((await setDisplayName(t.database.db, 'headteacher', 'Ms\u200B Rao')).ok).toBe(false);
    expect((await setDisplayName(t.database.db, 'headteacher', 'Ms\u0007Rao')).ok).toBe(false);
    expect(await setDisplayName(t.database.db, 'headteacher', 'x'.repeat(61))).toEqual({ ok: false, message: 'A display name is at most 60 characters.' });
    expect(await stored()).toBe('Ms Rao');
  });

  it("is the signed-in teacher's own name in the app", async () => {
    await setDisplayName(t.database.db, 'headteacher', 'Ms Rao');
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'headteacher', password: admin.password } });
    expect(login.json()).toMatchObject({ username: 'headteacher', displayName: 'Ms Rao', isAdmin: true });
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../db/schema.js';
import type { MailMessage } from '../mail/mailer.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { testDrivers } from '../test/databases.js';
import { createStudent } from '../test/factories.js';
import { consumeTemporaryPassword, sendTemporaryPasswords, setPassword } from './service.js';

/**
 * A mailed temporary password works for one sign-in, also when several arrive at once (one request
 * must not find it still unused after another has used it), and not for a sign-in that checked it
 * before the account's password changed and uses it after.
 */
describe.each(testDrivers)('a temporary password is used once, whatever the timing, on %s', (driver) => {
  let t: TestApp;
  const now = new Date();
  /** The temporary password last mailed to each address. */
  const mailed = new Map<string, string>();
  const mailer = {
    send: async ({ to, text }: MailMessage) => {
      const match = /Temporary password: (\S+)/.exec(text);
      if (match?.[1]) mailed.set(to, match[1]);
    },
  };

  beforeAll(async () => {
    t = await createTestApp({ driver, now: () => now });
  });
  afterAll(async () => {
    await t.close();
  });

  const login = (username: string, password: string) => t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
  const mailTo = async (email: string): Promise<string> => {
    await sendTemporaryPasswords(t.database.db, { ...t.mailer, ...mailer }, email, { now, appTitle: 'Parley', signInUrl: undefined });
    const temporary = mailed.get(email);
    if (!temporary) throw new Error(`no temporary password mailed to ${email}`);
    return temporary;
  };
  const userRow = async (id: number) => {
    const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
    if (!row) throw new Error(`no user ${id}`);
    return row;
  };

  it('five sign-ins at once with the same temporary password: exactly one gets in', async () => {
    const student = await createStudent(t.database.db, { email: 'five-at-once@example.org' });
    const temporary = await mailTo('five-at-once@example.org');
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => login(student.mobileNumber, temporary)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401, 401, 401, 401]);
    expect(answers.find((answer) => answer.statusCode === 401)?.json()).toEqual({ message: 'Invalid username or password' });
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, student.user.id))).toHaveLength(1);
  });

  it('is not used up by a sign-in that read it before the password changed', async () => {
    const student = await createStudent(t.database.db, { email: 'changed-meanwhile@example.org' });
    await mailTo('changed-meanwhile@example.org');
    // The row as a temporary sign-in read it; then the owner sets a new password (which clears it).
    const readBefore = await userRow(student.user.id);
    await setPassword(t.database.db, student.user.id, 'owner chose this 9', null);
    expect(await consumeTemporaryPassword(t.database.db, readBefore)).toBeNull();
    expect(await userRow(student.user.id)).toMatchObject({ mustChangePassword: false, tempPasswordHash: null });
    // A row read while it was pending is used up once.
    await mailTo('changed-meanwhile@example.org');
    const pending = await userRow(student.user.id);
    expect(await consumeTemporaryPassword(t.database.db, pending)).toMatchObject({ id: student.user.id, mustChangePassword: true, tempPasswordHash: null });
    expect(await consumeTemporaryPassword(t.database.db, pending)).toBeNull();
  });
});

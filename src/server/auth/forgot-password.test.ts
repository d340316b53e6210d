import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { students, users } from '../db/schema.js';
import { hashPassword } from '../lib/passwords.js';
import { sendTemporaryPasswords } from './service.js';
import { EXPIRED_TEMPORARY_PASSWORD_MESSAGE } from './routes.js';
import { createTestApp, sessionCookieForUser, sessionCookieFrom, type TestApp } from '../test/app.js';
import { createAdmin, createStudent } from '../test/factories.js';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../test/smtp-sink.js';

/** scrypt key derivations (~50 ms each) run so far: what a stranger can time. */
const derivations = vi.hoisted(() => ({ count: 0 }));
vi.mock('node:crypto', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:crypto')>();
  return { ...real, scrypt: (...args: Parameters<typeof real.scrypt>) => ((derivations.count += 1), real.scrypt(...args)) };
});

/** What `run` returns and how many key derivations it ran. */
async function derivationsOf<T>(run: () => Promise<T>): Promise<{ result: T; cost: number }> {
  const before = derivations.count;
  return run().then((result) => ({ result, cost: derivations.count - before }));
}

const SENT = 'If that e-mail address belongs to an account, a temporary password has been sent to it.';
const PENDING = 'You signed in with a temporary password. Set a new password before continuing.';
const MINUTE = 60_000;

function temporaryPasswordIn(mail: { text: string }): string {
  const match = /Temporary password: (\S+)/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no temporary password in:\n${mail.text}`);
  return match[1];
}

async function waitUntil<T>(what: string, probe: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('forgot password over SMTP', () => {
  let sink: SmtpSink;
  let t: TestApp;
  let clock = Date.now();

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({
      env: { SMTP_URL: sink.url, APP_TITLE: 'Parley Test School', PUBLIC_URL: 'https://parley.example.org' },
      now: () => new Date(clock),
      rateLimits: { forgotPerClient: { max: 1000, windowMs: 60_000 } },
    });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const forgot = (email: string) => t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email } });
  const login = (username: string, password: string, cookie?: string) =>
    t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, headers: cookie ? { cookie } : {} });
  const get = (url: string, cookie: string) => t.app.inject({ url, headers: { cookie } });
  const changePassword = (cookie: string, body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/change-password', headers: { cookie }, payload: body });

  it('answers a known and an unknown address alike, and mails only the known one', async () => {
    const student = await createStudent(t.database.db, { email: 'known@example.org', studentName: 'Kiran Known' });
    const unknown = await forgot('unknown@example.org');
    const known = await forgot('known@example.org');
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ message: SENT });
    expect(known.cookies).toHaveLength(0);

    const mail = await sink.waitFor('known@example.org');
    expect(mail.subject).toBe('Parley Test School: your temporary password');
    expect(mail.text).toContain('Hello Kiran Known,');
    expect(mail.text).toContain(`Sign in as: ${student.student.mobileNumber}`);
    expect(mail.text).toContain('Sign in here: https://parley.example.org/auth');
    expect(temporaryPasswordIn(mail)).toMatch(/^[A-Za-z0-9]{4}-[A-Za-z0-9]{4}-[A-Za-z0-9]{4}$/);
    // The unknown address's request finished long before the known one's mail was hashed and sent.
    expect(sink.messages.filter((m) => m.to.includes('unknown@example.org'))).toHaveLength(0);
  });

  it('the temporary password works once, alongside the old password, and forces a new password', async () => {
    const student = await createStudent(t.database.db, { email: 'Mixed.Case@Example.org', studentName: 'Meera' });
    // The address is matched without regard to case.
    expect((await forgot('mixed.case@example.ORG')).statusCode).toBe(200);
    const temporary = temporaryPasswordIn(await sink.waitFor('mixed.case@example.org'));
    expect(temporary).not.toBe(student.password);

    // The old password keeps working until the temporary one is used, and does not use it up.
    const old = await login(student.mobileNumber, student.password);
    expect(old.statusCode).toBe(200);
    expect(old.json().mustChangePassword).toBe(false);

    const first = await login(student.mobileNumber, temporary);
    expect(first.statusCode).toBe(200);
    expect(first.json().mustChangePassword).toBe(true);
    const pending = sessionCookieFrom(first);
    const second = await login(student.mobileNumber, temporary);
    expect(second.statusCode).toBe(401);
    expect(second.json()).toEqual({ message: 'Invalid username or password' });

    // Until a new password is set: the student pages are closed, the account basics are open.
    const profile = await get('/api/student/profile', pending);
    expect(profile.statusCode).toBe(403);
    expect(profile.json()).toEqual({ message: PENDING });
    const me = await get('/api/user', pending);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: student.user.id, mustChangePassword: true });

    // Another device of the same user is pending too, and can still sign out.
    const otherDevice = await sessionCookieForUser(t.database.db, student.user.id, { now: new Date(clock), secure: true });
    expect((await get('/api/student/profile', otherDevice)).json()).toEqual({ message: PENDING });
    const logout = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: otherDevice } });
    expect(logout.statusCode).toBe(204);
    expect((await get('/api/user', otherDevice)).statusCode).toBe(401);

    // No current password is asked for right after a temporary sign-in; the rules still apply.
    const tooShort = await changePassword(pending, { newPassword: 'short' });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().message).toMatch(/^newPassword: /);
    const changed = await changePassword(pending, { newPassword: 'my new password 7' });
    expect(changed.statusCode).toBe(200);

    const after = await get('/api/user', pending);
    expect(after.json().mustChangePassword).toBe(false);
    expect((await get('/api/student/profile', pending)).statusCode).toBe(200);
    const fresh = await login(student.mobileNumber, 'my new password 7');
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().mustChangePassword).toBe(false);
    expect((await login(student.mobileNumber, student.password)).statusCode).toBe(401);
  });

  it('signing in with a temporary password signs out every other device, which cannot then set the password without the current one', async () => {
    const student = await createStudent(t.database.db, { email: 'left.open@example.org', studentName: 'Lata' });
    // A session left open on a shared classroom computer, before the owner asked for a temporary password.
    const leftOpen = sessionCookieFrom(await login(student.mobileNumber, student.password));
    expect((await get('/api/user', leftOpen)).statusCode).toBe(200);
    expect((await forgot('left.open@example.org')).statusCode).toBe(200);
    const temporary = temporaryPasswordIn(await sink.waitFor('left.open@example.org'));
    const owner = await login(student.mobileNumber, temporary);
    expect(owner.statusCode).toBe(200);
    expect(owner.json().mustChangePassword).toBe(true);

    expect((await get('/api/user', leftOpen)).statusCode).toBe(401);
    expect((await changePassword(leftOpen, { newPassword: 'chosen by someone else 1' })).statusCode).toBe(401);
    // The owner's own new session sets it, and the old password is gone with it.
    expect((await changePassword(sessionCookieFrom(owner), { newPassword: 'chosen by the owner 1' })).statusCode).toBe(200);
    expect((await login(student.mobileNumber, 'chosen by someone else 1')).statusCode).toBe(401);
    expect((await login(student.mobileNumber, 'chosen by the owner 1')).statusCode).toBe(200);
  });

  it('a temporary password expires after 30 minutes', async () => {
    const [early, late] = await Promise.all([
      createStudent(t.database.db, { email: 'early@example.org' }),
      createStudent(t.database.db, { email: 'late@example.org' }),
    ]);
    await forgot('early@example.org');
    await forgot('late@example.org');
    const [earlyPassword, latePassword] = (await Promise.all([sink.waitFor('early@example.org'), sink.waitFor('late@example.org')])).map(
      temporaryPasswordIn,
    );
    clock += 29 * MINUTE;
    expect((await login(early.mobileNumber, earlyPassword!)).statusCode).toBe(200);
    clock += 2 * MINUTE;
    const expired = await login(late.mobileNumber, latePassword!);
    expect(expired.statusCode).toBe(401);
    // Said as it is to whoever holds the mail: a new one is needed, not another try.
    expect(expired.json()).toEqual({ message: EXPIRED_TEMPORARY_PASSWORD_MESSAGE });
    expect(EXPIRED_TEMPORARY_PASSWORD_MESSAGE).toMatch(/^This temporary password has expired: each one works for 30 minutes\./);
    // Any other wrong password gets the spec's sentence, as before.
    expect((await login(late.mobileNumber, `${latePassword!}x`)).json()).toEqual({ message: 'Invalid username or password' });
    // The old password is untouched by the expired request.
    expect((await login(late.mobileNumber, late.password)).json().mustChangePassword).toBe(false);
  });

  it('a wrong password costs the same hashing whether the account exists and whether it ever asked for a temporary password', async () => {
    const [plain, pending, lapsed] = await Promise.all([
      createStudent(t.database.db, { email: 'plain@example.org' }),
      createStudent(t.database.db, { email: 'pending@example.org' }),
      createStudent(t.database.db, { email: 'lapsed@example.org' }),
    ]);
    await forgot('lapsed@example.org');
    await sink.waitFor('lapsed@example.org');
    clock += 31 * MINUTE;
    await forgot('pending@example.org');
    await sink.waitFor('pending@example.org');
    const costOf = async (username: string) => {
      const { result, cost } = await derivationsOf(() => login(username, 'Zq7x-wrong-guess'));
      expect(result.json()).toEqual({ message: 'Invalid username or password' });
      return cost;
    };
    // Timed by a stranger, a sign-in must not tell which accounts exist or asked for a reset (pending or long
    // expired); one derivation each: the temporary password is hashed with the account password's salt.
    const costs = { unknown: await costOf('nobody-by-this-name'), plain: await costOf(plain.mobileNumber), pending: await costOf(pending.mobileNumber), lapsed: await costOf(lapsed.mobileNumber) };
    expect(costs).toEqual({ unknown: 1, plain: 1, pending: 1, lapsed: 1 });
  });

  it('a temporary password stops working when the account password changes, and one hashed with another salt never works', async () => {
    const [changer, legacy] = await Promise.all([createStudent(t.database.db, { email: 'changer@example.org' }), createStudent(t.database.db, { email: 'legacy@example.org' })]);
    await Promise.all([forgot('changer@example.org'), forgot('legacy@example.org')]);
    const [changerMail, legacyMail] = await Promise.all([sink.waitFor('changer@example.org'), sink.waitFor('legacy@example.org')]);
    const own = sessionCookieFrom(await login(changer.mobileNumber, changer.password));
    expect((await changePassword(own, { currentPassword: changer.password, newPassword: 'changed password 8' })).statusCode).toBe(200);
    const changed = await derivationsOf(() => login(changer.mobileNumber, temporaryPasswordIn(changerMail)));
    expect([changed.result.json(), changed.cost]).toEqual([{ message: 'Invalid username or password' }, 1]);
    // A row hashed as before temporary passwords shared the account's salt (a fresh one): refused, one derivation.
    const legacyPassword = temporaryPasswordIn(legacyMail);
    await t.database.db.update(users).set({ tempPasswordHash: await hashPassword(legacyPassword) }).where(eq(users.id, legacy.user.id));
    const refused = await derivationsOf(() => login(legacy.mobileNumber, legacyPassword));
    expect([refused.result.json(), refused.cost]).toEqual([{ message: 'Invalid username or password' }, 1]);
    const right = await derivationsOf(() => login(changer.mobileNumber, 'changed password 8'));
    expect([right.result.statusCode, right.cost]).toEqual([200, 1]);
  });

  it('two accounts sharing an address each get their own mail and password', async () => {
    const db = t.database.db;
    const [sibling, parentAdmin] = await Promise.all([
      createStudent(db, { email: 'family@example.org', studentName: 'Sibling' }),
      createAdmin(db, { email: 'family@example.org', username: 'parent-teacher' }),
    ]);
    expect((await forgot('family@example.org')).statusCode).toBe(200);
    const mails = await waitUntil('two mails to family@example.org', () => {
      const found = sink.messages.filter((m) => m.to.includes('family@example.org'));
      return found.length >= 2 ? found : undefined;
    });
    expect(mails).toHaveLength(2);
    const bySignInName = new Map<string, ReceivedMail>();
    for (const mail of mails) bySignInName.set(/Sign in as: (\S+)/.exec(mail.text)?.[1] ?? '', mail);
    const studentMail = bySignInName.get(sibling.student.mobileNumber);
    const adminMail = bySignInName.get(parentAdmin.username);
    expect(studentMail?.text).toContain('Hello Sibling,');
    expect(adminMail?.text).toContain('Hello,');
    const studentTemporary = temporaryPasswordIn(studentMail!);
    const adminTemporary = temporaryPasswordIn(adminMail!);
    expect(studentTemporary).not.toBe(adminTemporary);

    // Each password opens its own account only.
    expect((await login(parentAdmin.username, studentTemporary)).statusCode).toBe(401);
    expect((await login(sibling.mobileNumber, adminTemporary)).statusCode).toBe(401);
    const asAdmin = await login(parentAdmin.username, adminTemporary);
    expect(asAdmin.json()).toMatchObject({ isAdmin: true, mustChangePassword: true });
    const asStudent = await login(sibling.mobileNumber, studentTemporary);
    expect(asStudent.json()).toMatchObject({ isAdmin: false, mustChangePassword: true, displayName: 'Sibling' });
    // A pending admin cannot use admin endpoints either.
    const clear = await t.app.inject({ method: 'POST', url: '/api/admin/clear-sessions', headers: { cookie: sessionCookieFrom(asAdmin) } });
    expect(clear.statusCode).toBe(403);
    expect(clear.json()).toEqual({ message: PENDING });
  });

  it('sends nothing to a deactivated account sharing the address, and leaves its password as it was', async () => {
    const db = t.database.db;
    const [active, gone] = await Promise.all([
      createStudent(db, { email: 'shared.desk@example.org', studentName: 'Still Here' }),
      createAdmin(db, { email: 'shared.desk@example.org', username: 'former-teacher' }),
    ]);
    await db.update(users).set({ isActive: false }).where(eq(users.id, gone.user.id));
    // The service the route runs in the background, awaited: every mail it sends has reached the sink.
    const sent = await sendTemporaryPasswords(db, t.mailer, ' Shared.Desk@example.org ', { now: new Date(clock), appTitle: 'Parley Test School', signInUrl: undefined });
    expect(sent).toBe(1);
    const mails = sink.messages.filter((m) => m.to.includes('shared.desk@example.org'));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(`Sign in as: ${active.student.mobileNumber}`);
    const [stored] = await db.select({ tempPasswordHash: users.tempPasswordHash }).from(users).where(eq(users.id, gone.user.id));
    expect(stored?.tempPasswordHash).toBeNull();
  });

  it('answers a deactivated student and a deactivated teacher as it answers an unknown address, and mails them nothing', async () => {
    const db = t.database.db;
    const [closedStudent, closedTeacher] = await Promise.all([
      createStudent(db, { email: 'closed.student@example.org', studentName: 'Closed Student', status: 'Deactivated' }),
      createAdmin(db, { email: 'closed.teacher@example.org', username: 'closed-teacher' }),
      createStudent(db, { email: 'still.open@example.org', studentName: 'Still Open' }),
    ]);
    await db.update(users).set({ isActive: false }).where(eq(users.id, closedTeacher.user.id));

    const unknown = await forgot('nobody.here@example.org');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ message: SENT });
    for (const address of ['closed.student@example.org', 'closed.teacher@example.org']) {
      const closed = await forgot(address);
      // Nothing in the answer tells a stranger that this address belongs to an account, open or closed.
      expect([closed.statusCode, closed.body, closed.headers['content-type'], closed.headers['cache-control']], address).toEqual([
        unknown.statusCode,
        unknown.body,
        unknown.headers['content-type'],
        unknown.headers['cache-control'],
      ]);
      expect(closed.cookies, address).toHaveLength(0);
    }

    // An open account's request, made after theirs, is mailed; the closed ones' background work (one
    // query each, no hashing) ran before it on the same database.
    await forgot('still.open@example.org');
    expect((await sink.waitFor('still.open@example.org')).text).toContain('Hello Still Open,');
    const toClosed = sink.messages.filter((m) => m.to.includes('closed.student@example.org') || m.to.includes('closed.teacher@example.org'));
    expect(toClosed).toEqual([]);
    const stored = await db
      .select({ tempPasswordHash: users.tempPasswordHash })
      .from(users)
      .where(inArray(users.id, [closedStudent.user.id, closedTeacher.user.id]));
    expect(stored).toEqual([{ tempPasswordHash: null }, { tempPasswordHash: null }]);
    // The same service awaited: it finds no account to mail for either address.
    const options = { now: new Date(clock), appTitle: 'Parley Test School', signInUrl: undefined };
    expect(await sendTemporaryPasswords(db, t.mailer, 'closed.student@example.org', options)).toBe(0);
    expect(await sendTemporaryPasswords(db, t.mailer, 'closed.teacher@example.org', options)).toBe(0);

    // Reactivated, the student is mailed again.
    await db.update(students).set({ status: 'Activated' }).where(eq(students.id, closedStudent.student.id));
    await forgot('closed.student@example.org');
    expect(temporaryPasswordIn(await sink.waitFor('closed.student@example.org'))).toMatch(/^[A-Za-z0-9]{4}-/);
  });

  it('a new request replaces the previous temporary password', async () => {
    const student = await createStudent(t.database.db, { email: 'twice@example.org' });
    await forgot('twice@example.org');
    const firstMail = await sink.waitFor('twice@example.org');
    await forgot('twice@example.org');
    const secondMail = await waitUntil('a second mail', () => sink.messages.filter((m) => m.to.includes('twice@example.org'))[1]);
    expect((await login(student.mobileNumber, temporaryPasswordIn(firstMail))).statusCode).toBe(401);
    expect((await login(student.mobileNumber, temporaryPasswordIn(secondMail))).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, student.user.id));
    expect(row?.tempPasswordHash).toBeNull();
  });
});

describe('forgot password without SMTP_URL', () => {
  let outbox: string;
  let t: TestApp;

  beforeAll(async () => {
    outbox = mkdtempSync(path.join(os.tmpdir(), 'parley-outbox-'));
    t = await createTestApp({ outboxDir: outbox });
  });
  afterAll(async () => {
    await t.close();
    rmSync(outbox, { recursive: true, force: true });
  });

  it('writes the mail as an .eml file into the outbox folder', async () => {
    const student = await createStudent(t.database.db, { email: 'offline@example.org', studentName: 'Olu Offline' });
    expect(t.config.SMTP_URL).toBeUndefined();
    const response = await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: 'offline@example.org' } });
    expect(response.json()).toEqual({ message: SENT });
    const file = await waitUntil('an .eml file', () => readdirSync(outbox).find((name) => name.endsWith('.eml')));
    const parsed = await PostalMime.parse(readFileSync(path.join(outbox, file)));
    expect(parsed.to?.map((a) => a.address)).toEqual(['offline@example.org']);
    expect(parsed.subject).toBe('Parley: your temporary password');
    expect(parsed.text).toContain('Hello Olu Offline,');
    const temporary = temporaryPasswordIn({ text: parsed.text ?? '' });
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: student.mobileNumber, password: temporary } });
    expect(login.statusCode).toBe(200);
    expect(login.json().mustChangePassword).toBe(true);
  });
});

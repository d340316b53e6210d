import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema.js';
import { createTestApp, sessionCookieForUser, type TestApp } from '../test/app.js';
import { testDrivers } from '../test/databases.js';
import { createAdmin, type CreatedAdmin } from '../test/factories.js';
import { startSmtpSink, type SmtpSink } from '../test/smtp-sink.js';
import { noEmailForLinkMessage, noMailServerForLinkMessage, noPublicUrlForLinkMessage, PASSWORD_LINK_INVALID_MESSAGE } from './service.js';

/*
 * Who may see a set-password link. A teacher with a password of their own gets a new one only by
 * e-mail: another teacher who could read it could take the account over (set a password with it, sign
 * in, and end the owner's sessions). A new teacher's invitation is still shown to the admin.
 */

type Sent = { teacher: { id: number; hasPassword: boolean; passwordLinkExpiresAt: string | null }; setPasswordUrl: string | null; mail: string };
const linkIn = (text: string) => /Choose your password here: (\S+)/.exec(text)?.[1] ?? '';
const tokenOf = (url: string) => url.slice(url.indexOf('#') + 1);

/** Calls on one app; the caller's cookie, or none. */
function caller(t: TestApp) {
  return (method: 'GET' | 'POST', url: string, cookie: string | null, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
}

describe.each(testDrivers)('set-password links and who sees them on %s', (driver) => {
  let sink: SmtpSink;
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  /** The first admin: a password of their own, no e-mail address, no display name. */
  let first: CreatedAdmin;
  let firstCookie: string;
  /** Another teacher, who must not get into the first admin's account or anyone else's. */
  let rao: CreatedAdmin;
  let raoCookie: string;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ driver, env: { SMTP_URL: sink.url, PUBLIC_URL: 'https://parley.example.org', APP_TITLE: 'Parley' } });
    call = caller(t);
    first = await createAdmin(t.database.db, { username: 'admin' });
    firstCookie = await sessionCookieForUser(t.database.db, first.user.id, { secure: true });
    rao = await createAdmin(t.database.db, { username: 'rao@school.test', email: 'rao@school.test' });
    raoCookie = await sessionCookieForUser(t.database.db, rao.user.id, { secure: true });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it("never hands another teacher a link to the first admin's account (no e-mail): refused with what to do instead", async () => {
    const asked = await call('POST', `/api/admin/teachers/${first.user.id}/password-link`, raoCookie);
    expect(asked.statusCode).toBe(409);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, first.user.id));
    if (!row) throw new Error('first admin gone');
    expect(asked.json()).toEqual({ message: noEmailForLinkMessage(row, false) });
    expect(noEmailForLinkMessage(row, false)).toBe(
      'admin has a password of their own, so a new set-password link goes only to their own e-mail address, and their account has none. If they have lost their password, the school\'s IT person runs "npm run admin -- reset-password admin" on the server, which prints a new one.',
    );
    expect(asked.body).not.toContain('choose-password');
    // No link was made, the password and the session stand.
    expect(row.passwordLinkHash).toBeNull();
    expect((await call('POST', '/api/login', null, { username: 'admin', password: first.password })).statusCode).toBe(200);
    expect((await call('GET', '/api/user', firstCookie)).statusCode).toBe(200);
    // Asked for one's own account: the sentence speaks to the caller.
    const own = await call('POST', `/api/admin/teachers/${first.user.id}/password-link`, firstCookie);
    expect(own.statusCode).toBe(409);
    expect(own.json()).toEqual({ message: noEmailForLinkMessage(row, true) });
    expect(noEmailForLinkMessage(row, true)).toContain('Change Password on the Settings tab');
  });

  it("mails a teacher with a password their new link and shows it to nobody; only their own mail's link works", async () => {
    const asha = await createAdmin(t.database.db, { username: 'asha@school.test', email: 'asha@school.test' });
    const asked = await call('POST', `/api/admin/teachers/${asha.user.id}/password-link`, raoCookie);
    expect(asked.statusCode, asked.body).toBe(200);
    const sent = asked.json() as Sent;
    expect(sent).toMatchObject({ setPasswordUrl: null, mail: 'sent', teacher: { hasPassword: true } });
    expect(asked.body).not.toContain('choose-password');
    const mail = await sink.waitFor('asha@school.test');
    expect(mail.to).toEqual(['asha@school.test']);
    expect(mail.subject).toBe('Parley: set a new password');
    // Rao has no display name: the mail names the school's administrator, not a sign-in name.
    expect(mail.text).toContain("Your school's Parley administrator has sent you a link to set a new password for Parley.");
    expect(mail.text).toContain('If you did not ask for a new password, ignore this e-mail');
    // Asha's password keeps working until she uses the link; the link from her mail works, once.
    expect((await call('POST', '/api/login', null, { username: 'asha@school.test', password: asha.password })).statusCode).toBe(200);
    const token = tokenOf(linkIn(mail.text));
    expect((await call('POST', '/api/password-link', null, { token, newPassword: 'asha-chose-this-one' })).statusCode).toBe(200);
    expect((await call('POST', '/api/login', null, { username: 'asha@school.test', password: 'asha-chose-this-one' })).statusCode).toBe(200);
  });

  it("still shows a new teacher's invitation to the admin, first and re-sent, until that teacher has set a password", async () => {
    const added = await call('POST', '/api/admin/teachers', firstCookie, { displayName: 'Ms Priya Nair', email: 'priya@school.test' });
    expect(added.statusCode, added.body).toBe(201);
    const invitation = added.json() as Sent;
    expect(invitation).toMatchObject({ mail: 'sent', teacher: { hasPassword: false } });
    expect(invitation.setPasswordUrl).toMatch(/^https:\/\/parley\.example\.org\/choose-password#/);
    const mail = await sink.waitFor('priya@school.test');
    expect(mail.text).toContain("Your school's Parley administrator has added you as a teacher on Parley.");
    expect(linkIn(mail.text)).toBe(invitation.setPasswordUrl);

    // Another teacher re-sends it: a new link, shown too; the first stops working.
    const again = await call('POST', `/api/admin/teachers/${invitation.teacher.id}/password-link`, raoCookie);
    expect(again.statusCode, again.body).toBe(200);
    const resent = again.json() as Sent;
    expect(resent).toMatchObject({ mail: 'sent', teacher: { hasPassword: false } });
    expect(resent.setPasswordUrl).not.toBe(invitation.setPasswordUrl);
    const stale = await call('POST', '/api/password-link', null, { token: tokenOf(invitation.setPasswordUrl ?? ''), newPassword: 'priya-picks-this' });
    expect(stale.json()).toEqual({ message: PASSWORD_LINK_INVALID_MESSAGE });
    expect((await call('POST', '/api/password-link', null, { token: tokenOf(resent.setPasswordUrl ?? ''), newPassword: 'priya-picks-this' })).statusCode).toBe(200);

    // From now on Priya's links are hers alone.
    const later = await call('POST', `/api/admin/teachers/${invitation.teacher.id}/password-link`, firstCookie);
    expect(later.json()).toMatchObject({ setPasswordUrl: null, mail: 'sent', teacher: { hasPassword: true } });
  });

  it('upgrading, counts only a teacher still holding the link they were added with as having no password', async () => {
    const db = t.database.db;
    const created = new Date('2026-11-20T09:00:00Z');
    const at = (hours: number) => new Date(created.getTime() + hours * 3600_000);
    const row = async (name: string, link: { hash: string; expiresAt: Date } | null) => {
      const made = await createAdmin(db, { username: name });
      await db
        .update(users)
        .set({ createdAt: created, passwordLinkHash: link?.hash ?? null, passwordLinkExpiresAt: link?.expiresAt ?? null })
        .where(eq(users.id, made.user.id));
      return made.user.id;
    };
    const invited = await row('migrated-invited', { hash: 'h-invited', expiresAt: at(72) });
    const resentInvitation = await row('migrated-resent', { hash: 'h-resent', expiresAt: at(100) });
    const resetOfOwn = await row('migrated-reset', { hash: 'h-reset', expiresAt: at(24 * 30) });
    const noLink = await row('migrated-none', null);
    const ids = [invited, resentInvitation, resetOfOwn, noLink];
    const migration = readFileSync(new URL('../db/migrations/0014_teachers_password_chosen.sql', import.meta.url), 'utf8');
    const update = migration.split('--> statement-breakpoint').at(-1) ?? '';
    expect(update).toContain('UPDATE "users"');
    await db.execute(sql.raw(update));
    const chosen = new Map((await db.select({ id: users.id, chosen: users.passwordChosen }).from(users).where(inArray(users.id, ids))).map((r) => [r.id, r.chosen]));
    // A re-sent invitation cannot be told from a reset: it counts as having a password, the safe side (its links go by mail only).
    expect(ids.map((id) => chosen.get(id))).toEqual([false, true, true, true]);
  });
});

describe.each(testDrivers)('set-password links without a working mail server on %s', (driver) => {
  let outbox: string;
  let offline: TestApp;
  let broken: TestApp;

  beforeAll(async () => {
    outbox = mkdtempSync(path.join(os.tmpdir(), 'parley-outbox-'));
    offline = await createTestApp({ driver, outboxDir: outbox, env: { APP_TITLE: 'Parley' } });
    // Nothing listens on port 1: every mail fails.
    broken = await createTestApp({ driver, env: { SMTP_URL: 'smtp://127.0.0.1:1', APP_TITLE: 'Parley', PUBLIC_URL: 'https://parley.example.org' } });
  });
  afterAll(async () => {
    await offline.close();
    await broken.close();
    rmSync(outbox, { recursive: true, force: true });
  });

  it('says an invitation only written to the outbox was not sent, shows its link, and refuses a link for a teacher with a password', async () => {
    const call = caller(offline);
    const head = await createAdmin(offline.database.db, { username: 'head' });
    await offline.database.db.update(users).set({ displayName: 'Mrs Iyer' }).where(eq(users.id, head.user.id));
    const cookie = await sessionCookieForUser(offline.database.db, head.user.id);
    const added = await call('POST', '/api/admin/teachers', cookie, { displayName: 'Mr Rao', email: 'rao@school.test' });
    expect(added.statusCode, added.body).toBe(201);
    const invitation = added.json() as Sent;
    expect(invitation.mail).toBe('no-mail-server');
    expect(invitation.setPasswordUrl).toContain('/choose-password#');
    // The outbox holds it, for whoever runs the server; the sender is named by their display name.
    const file = readdirSync(outbox).find((name) => name.endsWith('.eml'));
    const parsed = await PostalMime.parse(readFileSync(path.join(outbox, file ?? 'missing')));
    expect(parsed.text).toContain('Mrs Iyer has added you as a teacher on Parley.');
    // Re-sent before use: still an invitation, still shown, still not sent.
    const again = await call('POST', `/api/admin/teachers/${invitation.teacher.id}/password-link`, cookie);
    expect(again.json()).toMatchObject({ mail: 'no-mail-server', teacher: { hasPassword: false } });
    expect((again.json() as Sent).setPasswordUrl).toContain('/choose-password#');

    // A teacher with a password of their own and an address: the link could reach no one but the caller.
    const deputy = await createAdmin(offline.database.db, { username: 'deputy@school.test', email: 'deputy@school.test' });
    const refused = await call('POST', `/api/admin/teachers/${deputy.user.id}/password-link`, cookie);
    expect(refused.statusCode).toBe(409);
    const [row] = await offline.database.db.select().from(users).where(eq(users.id, deputy.user.id));
    if (!row) throw new Error('deputy gone');
    expect(refused.json()).toEqual({ message: noMailServerForLinkMessage(row) });
    expect(noMailServerForLinkMessage(row)).toContain('No mail server is set up (SMTP_URL), so nothing was sent');
    expect(noMailServerForLinkMessage(row)).toContain('npm run admin -- reset-password deputy@school.test');
    expect(row.passwordLinkHash).toBeNull();
    // Asked for oneself: said to oneself, with the way that works without mail.
    const deputyCookie = await sessionCookieForUser(offline.database.db, deputy.user.id);
    const own = await call('POST', `/api/admin/teachers/${deputy.user.id}/password-link`, deputyCookie);
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe(
      'No mail server is set up (SMTP_URL), so nothing was sent: you have a password of your own, and a new set-password link goes only to your e-mail. You keep signing in with it; to change it, use Change Password on the Settings tab.',
    );
  });

  it('keeps no link for a teacher with a password when their mail fails, and still shows an invitation whose mail failed', async () => {
    const call = caller(broken);
    const head = await createAdmin(broken.database.db, { username: 'head' });
    const cookie = await sessionCookieForUser(broken.database.db, head.user.id, { secure: true });
    const deputy = await createAdmin(broken.database.db, { username: 'deputy@school.test', email: 'deputy@school.test' });
    const failed = await call('POST', `/api/admin/teachers/${deputy.user.id}/password-link`, cookie);
    expect(failed.statusCode, failed.body).toBe(200);
    expect(failed.json()).toMatchObject({ setPasswordUrl: null, mail: 'failed', teacher: { passwordLinkExpiresAt: null, hasPassword: true } });
    const [row] = await broken.database.db.select().from(users).where(eq(users.id, deputy.user.id));
    expect(row?.passwordLinkHash).toBeNull();

    const added = await call('POST', '/api/admin/teachers', cookie, { displayName: 'Mr Rao', email: 'rao@school.test' });
    expect(added.json()).toMatchObject({ mail: 'failed', teacher: { hasPassword: false } });
    expect((added.json() as Sent).setPasswordUrl).toContain('/choose-password#');
  });
});

describe.each(testDrivers)("a set-password link's address, with a forged Host, on %s", (driver) => {
  let sink: SmtpSink;
  /** Behind a proxy that passes X-Forwarded-Host on, without PUBLIC_URL; and the same with it. */
  let unnamed: TestApp;
  let named: TestApp;

  beforeAll(async () => {
    sink = await startSmtpSink();
    unnamed = await createTestApp({ driver, env: { SMTP_URL: sink.url, TRUST_PROXY: 'true', APP_TITLE: 'Parley' } });
    named = await createTestApp({ driver, env: { SMTP_URL: sink.url, TRUST_PROXY: 'true', PUBLIC_URL: 'https://parley.example.org', APP_TITLE: 'Parley' } });
  });
  afterAll(async () => {
    await unnamed.close();
    await named.close();
    await sink.close();
  });

  const forged = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
  const ask = (t: TestApp, id: number, cookie: string) =>
    t.app.inject({ method: 'POST', url: `/api/admin/teachers/${id}/password-link`, headers: { cookie, ...forged } });

  it('mails a teacher who has a password no link at all without PUBLIC_URL, and with it a link to PUBLIC_URL whatever the request says', async () => {
    const rogue = await createAdmin(unnamed.database.db, { username: 'rogue' });
    const deputy = await createAdmin(unnamed.database.db, { username: 'deputy@school.test', email: 'deputy@school.test' });
    const refused = await ask(unnamed, deputy.user.id, await sessionCookieForUser(unnamed.database.db, rogue.user.id, { secure: true }));
    expect(refused.statusCode).toBe(409);
    const [row] = await unnamed.database.db.select().from(users).where(eq(users.id, deputy.user.id));
    if (!row) throw new Error('deputy gone');
    expect(refused.json()).toEqual({ message: noPublicUrlForLinkMessage(row) });
    expect(noPublicUrlForLinkMessage(row)).toMatch(/^Nothing was sent: this server's public address is not set \(PUBLIC_URL\)/);
    expect(row.passwordLinkHash).toBeNull();
    expect(sink.messages.filter((mail) => mail.to.includes('deputy@school.test'))).toHaveLength(0);

    const namedRogue = await createAdmin(named.database.db, { username: 'rogue' });
    const namedDeputy = await createAdmin(named.database.db, { username: 'deputy2@school.test', email: 'deputy2@school.test' });
    const sent = await ask(named, namedDeputy.user.id, await sessionCookieForUser(named.database.db, namedRogue.user.id, { secure: true }));
    expect(sent.statusCode, sent.body).toBe(200);
    expect(linkIn((await sink.waitFor('deputy2@school.test')).text)).toMatch(/^https:\/\/parley\.example\.org\/choose-password#/);
  });
});

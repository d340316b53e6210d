import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema.js';
import { ADMIN_ONLY_MESSAGE } from '../auth/access.js';
import { DEACTIVATED_TEACHER_MESSAGE } from '../auth/routes.js';
import { setDisplayName } from '../auth/display-name.js';
import { consumeTemporaryPassword, setPassword } from '../auth/service.js';
import { createTestApp, sessionCookieForUser, sessionCookieFrom, type TestApp } from '../test/app.js';
import { testSessionBody } from '../test/attempt-fixtures.js';
import { testDrivers } from '../test/databases.js';
import { createAdmin, createStudent, type CreatedAdmin } from '../test/factories.js';
import { startSmtpSink, type SmtpSink } from '../test/smtp-sink.js';
import { LAST_ADMIN_MESSAGE, NOT_YOURSELF_MESSAGE, OWN_EMAIL_IS_SIGN_IN_MESSAGE, PASSWORD_LINK_INVALID_MESSAGE, setTeacherActive, teacherEmailTakenMessage } from './service.js';

describe.each(testDrivers)('teachers on %s', (driver) => {
  let t: TestApp;
  let sink: SmtpSink;
  let head: CreatedAdmin;
  let headCookie: string;
  let now = new Date('2026-11-20T09:00:00Z');

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ driver, now: () => now, env: { SMTP_URL: sink.url, PUBLIC_URL: 'https://parley.example.org', APP_TITLE: 'Parley' } });
    head = await createAdmin(t.database.db, { username: 'headteacher' });
    await t.database.db.update(users).set({ displayName: 'Mrs Iyer' }).where(eq(users.id, head.user.id));
    headCookie = await sessionCookieForUser(t.database.db, head.user.id, { now, ttlMs: 30 * 86_400_000, secure: true });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie: string | null, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
  const signIn = (username: string, password: string) => call('POST', '/api/login', null, { username, password });
  const tokenOf = (url: string) => url.slice(url.indexOf('#') + 1);

  it('adds a teacher who sets their own password through the mailed link, signs in, and whose reviews carry their name', async () => {
    const added = await call('POST', '/api/admin/teachers', headCookie, { displayName: '  Mr  Rahul Das ', email: 'Rahul.Das@school.example' });
    expect(added.statusCode, added.body).toBe(201);
    const body = added.json() as { teacher: { id: number; username: string; displayName: string; passwordLinkExpiresAt: string }; setPasswordUrl: string; mail: string };
    expect(body.teacher).toMatchObject({ username: 'rahul.das@school.example', displayName: 'Mr Rahul Das', isActive: true, isYou: false, hasPassword: false });
    expect(body.teacher.passwordLinkExpiresAt).toBe('2026-11-23T09:00:00.000Z');
    expect(body.mail).toBe('sent');
    expect(body.setPasswordUrl).toMatch(/^https:\/\/parley\.example\.org\/choose-password#[A-Za-z0-9_-]{43}$/);
    const mail = await sink.waitFor('Rahul.Das@school.example');
    expect(mail.subject).toBe('Parley: set your password');
    expect(mail.text).toContain('Mrs Iyer has added you as a teacher on Parley.');
    expect(mail.text).toContain(body.setPasswordUrl);
    expect(mail.text).toContain('sign in as: rahul.das@school.example');

    // The same address again is refused with a sentence.
    const again = await call('POST', '/api/admin/teachers', headCookie, { displayName: 'Rahul', email: 'rahul.das@SCHOOL.example' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: teacherEmailTakenMessage('rahul.das@school.example') });
    // Spaces around a pasted address are not part of it: the same address, refused as taken, not as malformed.
    const pasted = await call('POST', '/api/admin/teachers', headCookie, { displayName: 'Rahul', email: '  rahul.das@school.example ' });
    expect(pasted.statusCode).toBe(409);

    // Nothing signs in before the link is used: the stored password is a random one nobody knows.
    expect((await signIn('rahul.das@school.example', 'a-guess-at-it')).statusCode).toBe(401);
    const token = tokenOf(body.setPasswordUrl);
    expect((await call('POST', '/api/password-link/check', null, { token })).json()).toEqual({ username: 'rahul.das@school.example', displayName: 'Mr Rahul Das' });
    const short = await call('POST', '/api/password-link', null, { token, newPassword: 'short' });
    expect(short.statusCode).toBe(400);
    // A teacher's bar is the first admin's: refused, and the link still works.
    const digits = await call('POST', '/api/password-link', null, { token, newPassword: '123456789012' });
    expect(digits.statusCode).toBe(400);
    expect(digits.json().message).toBe("newPassword: A teacher's password must not be digits only: use letters too");
    const set = await call('POST', '/api/password-link', null, { token, newPassword: 'rahul-chooses-this' });
    expect(set.statusCode, set.body).toBe(200);
    // Once only.
    const reused = await call('POST', '/api/password-link', null, { token, newPassword: 'another-password-1' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ message: PASSWORD_LINK_INVALID_MESSAGE });

    const login = await signIn('rahul.das@school.example', 'rahul-chooses-this');
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json()).toMatchObject({ isAdmin: true, displayName: 'Mr Rahul Das' });
    const rahulCookie = sessionCookieFrom(login);

    // Rahul reviews and releases; the teachers see his name on the review, the release and the trail; the student sees it on the release.
    const asha = await createStudent(t.database.db, { studentName: 'Asha Rao' });
    const ashaCookie = await sessionCookieForUser(t.database.db, asha.user.id, { now, secure: true });
    const saved = await call('POST', '/api/test-sessions', ashaCookie, testSessionBody(asha.student.id) as unknown as Record<string, unknown>);
    expect(saved.statusCode, saved.body).toBe(201);
    const attemptId = (saved.json() as { attemptId: string }).attemptId;
    const scores = { fluency: 7, vocabulary: 7, grammar: 6.5, pronunciation: 7 };
    const review = await call('PATCH', `/api/admin/attempts/${attemptId}/review`, rahulCookie, { comment: 'Clear answers.', scores, version: 0 });
    expect(review.json()).toMatchObject({ reviewerName: 'Mr Rahul Das', event: { byName: 'Mr Rahul Das' } });
    const { version } = review.json() as { version: number };
    expect((await call('POST', `/api/admin/attempts/${attemptId}/review/release`, rahulCookie, { version })).json()).toMatchObject({ release: { releasedByName: 'Mr Rahul Das' } });
    const detail = (await call('GET', `/api/admin/attempts/${attemptId}`, headCookie)).json() as { reviewerName: string; trail: Array<{ byName: string }> };
    expect(detail.reviewerName).toBe('Mr Rahul Das');
    expect(detail.trail.map((event) => event.byName)).toEqual(['Mr Rahul Das', 'Mr Rahul Das']);
    const own = (await call('GET', `/api/student/attempts/${attemptId}`, ashaCookie)).json() as { release: { releasedByName: string; releasedByUsername: null } };
    expect(own.release).toMatchObject({ releasedByName: 'Mr Rahul Das', releasedByUsername: null });

    // The list names both by name ("Mr Rahul Das" before "Mrs Iyer"), the caller's own account marked.
    type Listed = { username: string; isYou: boolean; passwordLinkExpiresAt: string | null; passwordLinkExpired: boolean; hasPassword: boolean };
    const list = (await call('GET', '/api/admin/teachers', headCookie)).json() as { teachers: Listed[] };
    expect(list.teachers.map((x) => [x.username, x.isYou, x.passwordLinkExpiresAt, x.passwordLinkExpired, x.hasPassword])).toEqual([
      ['rahul.das@school.example', false, null, false, true],
      ['headteacher', true, null, false, true],
    ]);

    // Deactivated: his session stops at once, he cannot sign in, and he is told why only with the right password.
    const off = await call('POST', `/api/admin/teachers/${body.teacher.id}/deactivate`, headCookie);
    expect(off.json()).toMatchObject({ teacher: { isActive: false } });
    expect((await call('GET', '/api/admin/teachers', rahulCookie)).statusCode).toBe(401);
    expect((await call('GET', '/api/user', rahulCookie)).statusCode).toBe(401);
    const refused = await signIn('rahul.das@school.example', 'rahul-chooses-this');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: DEACTIVATED_TEACHER_MESSAGE });
    expect((await signIn('rahul.das@school.example', 'wrong-password-1')).statusCode).toBe(401);
    expect((await call('POST', `/api/admin/teachers/${body.teacher.id}/password-link`, headCookie)).statusCode).toBe(409);

    // Reactivated: his password works again; a reset mails a new link (to him only) and keeps the password until it is used.
    expect((await call('POST', `/api/admin/teachers/${body.teacher.id}/reactivate`, headCookie)).json()).toMatchObject({ teacher: { isActive: true } });
    expect((await signIn('rahul.das@school.example', 'rahul-chooses-this')).statusCode).toBe(200);
    const reset = await call('POST', `/api/admin/teachers/${body.teacher.id}/password-link`, headCookie);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toMatchObject({ setPasswordUrl: null, mail: 'sent', teacher: { passwordLinkExpiresAt: '2026-11-23T09:00:00.000Z', passwordLinkExpired: false } });
    await expect.poll(() => sink.messages.filter((m) => m.subject === 'Parley: set a new password').length).toBe(1);
    const resetMail = sink.messages.find((m) => m.subject === 'Parley: set a new password');
    expect(resetMail?.to).toEqual(['rahul.das@school.example']);
    expect(resetMail?.text).toContain('Mrs Iyer has sent you a link to set a new password for Parley.');
    const resetUrl = /Choose your password here: (\S+)/.exec(resetMail?.text ?? '')?.[1] ?? '';
    expect(resetUrl).toMatch(/^https:\/\/parley\.example\.org\/choose-password#[A-Za-z0-9_-]{43}$/);
    expect((await signIn('rahul.das@school.example', 'rahul-chooses-this')).statusCode).toBe(200);
    // An expired link is refused.
    now = new Date(now.getTime() + 73 * 3600_000);
    const late = await call('POST', '/api/password-link', null, { token: tokenOf(resetUrl), newPassword: 'too-late-password' });
    expect(late.json()).toEqual({ message: PASSWORD_LINK_INVALID_MESSAGE });
    // The list says so: no link waiting, the last one sent expired.
    const expired = (await call('GET', '/api/admin/teachers', headCookie)).json() as { teachers: Listed[] };
    expect(expired.teachers.find((x) => x.username === 'rahul.das@school.example')).toMatchObject({ passwordLinkExpiresAt: null, passwordLinkExpired: true });
    now = new Date('2026-11-20T09:00:00Z');
  });

  it("says what is wrong with a link's token that is not text, or missing", async () => {
    expect((await call('POST', '/api/password-link/check', null, { token: ['a'] })).json()).toEqual({ message: 'token: must be text' });
    expect((await call('POST', '/api/password-link/check', null, {})).json()).toEqual({ message: 'token: is required' });
    expect((await call('POST', '/api/password-link/check', null, { token: '' })).json()).toEqual({ message: 'token: is required' });
  });

  it('voids a set-password link once the password is set another way: by the CLI, in Settings, or with a temporary password', async () => {
    const added = await call('POST', '/api/admin/teachers', headCookie, { displayName: 'Uma Nair', email: 'uma.nair@school.example' });
    expect(added.statusCode, added.body).toBe(201);
    const { teacher, setPasswordUrl } = added.json() as { teacher: { id: number }; setPasswordUrl: string };
    const refusedLink = async (token: string) => {
      expect((await call('POST', '/api/password-link/check', null, { token })).json()).toEqual({ message: PASSWORD_LINK_INVALID_MESSAGE });
      expect((await call('POST', '/api/password-link', null, { token, newPassword: 'taken-over-password' })).json()).toEqual({ message: PASSWORD_LINK_INVALID_MESSAGE });
    };
    const waiting = async () =>
      ((await call('GET', '/api/admin/teachers', headCookie)).json() as { teachers: { id: number; passwordLinkExpiresAt: string | null }[] }).teachers.find((x) => x.id === teacher.id)
        ?.passwordLinkExpiresAt;
    const mailedLink = async () => {
      const before = sink.messages.length;
      expect((await call('POST', `/api/admin/teachers/${teacher.id}/password-link`, headCookie)).statusCode).toBe(200);
      await expect.poll(() => sink.messages.slice(before).some((m) => m.to.includes('uma.nair@school.example'))).toBe(true);
      const mail = sink.messages.slice(before).find((m) => m.to.includes('uma.nair@school.example'));
      return tokenOf(/Choose your password here: (\S+)/.exec(mail?.text ?? '')?.[1] ?? '');
    };

    // The admin CLI's reset-password.
    await setPassword(t.database.db, teacher.id, 'uma-first-password', null);
    await refusedLink(tokenOf(setPasswordUrl));
    expect(await waiting()).toBeNull();

    // Change Password in Settings, with a mailed link waiting.
    const mailed = await mailedLink();
    expect(await waiting()).not.toBeNull();
    const uma = sessionCookieFrom(await signIn('uma.nair@school.example', 'uma-first-password'));
    const changed = await call('POST', '/api/change-password', uma, { currentPassword: 'uma-first-password', newPassword: 'uma-second-password' });
    expect(changed.statusCode, changed.body).toBe(200);
    await refusedLink(mailed);
    expect(await waiting()).toBeNull();
    expect((await call('GET', '/api/user', uma)).statusCode).toBe(200);

    // A temporary password used to sign in (Forgot Password's mail).
    const third = await mailedLink();
    const [umaRow] = await t.database.db.select().from(users).where(eq(users.id, teacher.id));
    if (!umaRow) throw new Error('no row');
    await t.database.db.update(users).set({ tempPasswordHash: 'a-temporary-hash' }).where(eq(users.id, teacher.id));
    expect(await consumeTemporaryPassword(t.database.db, { ...umaRow, tempPasswordHash: 'a-temporary-hash' })).not.toBeNull();
    await refusedLink(third);
    expect((await signIn('uma.nair@school.example', 'uma-second-password')).statusCode).toBe(200);
  });

  it('never deactivates the caller, nor the last active teacher when two deactivate each other at once', async () => {
    const own = await call('POST', `/api/admin/teachers/${head.user.id}/deactivate`, headCookie);
    expect(own.statusCode).toBe(409);
    expect(own.json()).toEqual({ message: NOT_YOURSELF_MESSAGE });
    const db = t.database.db;
    const deputy = await createAdmin(db, { username: 'deputy' });
    // Only the head teacher and the deputy active.
    for (const row of await db.select().from(users).where(eq(users.isAdmin, true))) {
      if (row.id !== head.user.id && row.id !== deputy.user.id) await setTeacherActive(db, { id: row.id, active: false, now, callerId: head.user.id });
    }
    const deputyCookie = await sessionCookieForUser(db, deputy.user.id, { now, secure: true });
    const [a, b] = await Promise.all([
      call('POST', `/api/admin/teachers/${deputy.user.id}/deactivate`, headCookie),
      call('POST', `/api/admin/teachers/${head.user.id}/deactivate`, deputyCookie),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses[0]).toBe(200);
    // The second either found the first done (its caller signed out: 401) or was refused as the last one (409).
    expect([401, 409]).toContain(statuses[1]);
    for (const response of [a, b]) if (response.statusCode === 409) expect(response.json()).toEqual({ message: LAST_ADMIN_MESSAGE });
    const active = await db.select({ id: users.id }).from(users).where(and(eq(users.isAdmin, true), eq(users.isActive, true)));
    expect(active).toHaveLength(1);
    // The guard itself, whoever asks: the last active admin stays.
    const lastId = active[0]?.id ?? 0;
    await expect(setTeacherActive(db, { id: lastId, active: false, now, callerId: -1 })).rejects.toThrow(LAST_ADMIN_MESSAGE);
    // Put back for the next test.
    await db.update(users).set({ isActive: true }).where(eq(users.id, head.user.id));
    headCookie = await sessionCookieForUser(db, head.user.id, { now, ttlMs: 30 * 86_400_000, secure: true });
  });

  it('keeps the teachers API to active admins and checks bodies', async () => {
    const student = await createStudent(t.database.db, { studentName: 'Ravi Menon' });
    const studentCookie = await sessionCookieForUser(t.database.db, student.user.id, { now, secure: true });
    const asStudent = await call('GET', '/api/admin/teachers', studentCookie);
    expect(asStudent.statusCode).toBe(403);
    expect(asStudent.json()).toEqual({ message: ADMIN_ONLY_MESSAGE });
    expect((await call('GET', '/api/admin/teachers', null)).statusCode).toBe(401);
    const admin = await createAdmin(t.database.db);
    const cookie = await sessionCookieForUser(t.database.db, admin.user.id, { now, secure: true });
    const bad = await call('POST', '/api/admin/teachers', cookie, { displayName: '', email: 'not an address' });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { message: string }).message).toMatch(/displayName|email/);
    // A name students read on every review: no direction override, no name of blank fillers (an outside probe).
    for (const [displayName, message] of [
      ['Mr \u202eRahul', 'displayName: may not hold control characters, hidden direction changes or blank-looking fillers; retype it without them'],
      ['\u3164', 'displayName: may not hold control characters, hidden direction changes or blank-looking fillers; retype it without them'],
      ['\u2800\u2800', 'displayName: may not hold control characters, hidden direction changes or blank-looking fillers; retype it without them'],
      ['...', 'displayName: Write the name in letters'],
      ['\u200b', "displayName: Enter the teacher's name, as students will see it"],
    ]) {
      const refused = await call('POST', '/api/admin/teachers', cookie, { displayName, email: 'new.teacher@school.example' });
      expect(refused.statusCode, displayName).toBe(400);
      expect(refused.json(), displayName).toEqual({ message });
    }
    expect((await call('POST', '/api/admin/teachers/999999/deactivate', cookie)).statusCode).toBe(404);
    expect((await call('POST', `/api/admin/teachers/${student.user.id}/deactivate`, cookie)).statusCode).toBe(404);
  });

  it("lets a teacher name themselves and, on an account that signs in with another name, give an e-mail for a new password; never another account's address", async () => {
    const db = t.database.db;
    // The first admin of an install: signs in as "admin", no name, no e-mail.
    const first = await createAdmin(db, { username: 'admin' });
    const cookie = await sessionCookieForUser(db, first.user.id, { now, secure: true });
    const named = await call('PATCH', '/api/admin/me', cookie, { displayName: '  Meera   Iyer ', email: ' Meera.Iyer@school.example ' });
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json().teacher).toMatchObject({ username: 'admin', displayName: 'Meera Iyer', email: 'Meera.Iyer@school.example', isYou: true });
    expect((await call('GET', '/api/user', cookie)).json()).toMatchObject({ displayName: 'Meera Iyer' });
    // Her address now receives a new password when she asks for one.
    expect((await call('POST', '/api/forgot-password', null, { email: 'meera.iyer@school.example' })).statusCode).toBe(200);
    await sink.waitFor('Meera.Iyer@school.example');

    // Another account's address, in any case, is refused with a sentence.
    const taken = await call('PATCH', '/api/admin/me', cookie, { displayName: 'Meera Iyer', email: 'RAHUL.DAS@school.example' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: 'Another account already uses RAHUL.DAS@school.example. Give an address of your own.' });
    // Empty: no address kept; an empty name is refused.
    expect((await call('PATCH', '/api/admin/me', cookie, { displayName: 'Meera Iyer', email: '' })).json().teacher.email).toBeNull();
    const unnamed = await call('PATCH', '/api/admin/me', cookie, { displayName: '  ', email: '' });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().message).toMatch(/Enter your name/);

    // A teacher added by e-mail signs in with it: the name changes, the address does not.
    const added = await call('POST', '/api/admin/teachers', headCookie, { displayName: 'Tom', email: 'tom.fernandes@school.example' });
    const tom = (added.json() as { teacher: { id: number } }).teacher;
    const tomCookie = await sessionCookieForUser(db, tom.id, { now, secure: true });
    const renamed = await call('PATCH', '/api/admin/me', tomCookie, { displayName: 'Tom Fernandes', email: 'tom.fernandes@school.example' });
    expect(renamed.json().teacher).toMatchObject({ displayName: 'Tom Fernandes', email: 'tom.fernandes@school.example' });
    const moved = await call('PATCH', '/api/admin/me', tomCookie, { displayName: 'Tom Fernandes', email: 'tom@elsewhere.example' });
    expect(moved.statusCode).toBe(409);
    expect(moved.json()).toEqual({ message: OWN_EMAIL_IS_SIGN_IN_MESSAGE });
    const [stored] = await db.select({ email: users.email, username: users.username }).from(users).where(eq(users.id, tom.id));
    expect(stored).toEqual({ email: 'tom.fernandes@school.example', username: 'tom.fernandes@school.example' });
  });

  it('keeps two teachers from sharing a name, in any case, width or spacing, on the Teachers tab, in Settings and in the CLI', async () => {
    const db = t.database.db;
    const added = await call('POST', '/api/admin/teachers', headCookie, { displayName: 'Priya Menon', email: 'priya.menon@school.example' });
    expect(added.statusCode, added.body).toBe(201);
    const priya = (added.json() as { teacher: { id: number } }).teacher;
    const twin = await call('POST', '/api/admin/teachers', headCookie, { displayName: ' PRIYA  ｍｅｎｏｎ', email: 'priya.m@school.example' });
    expect(twin.statusCode).toBe(409);
    // The field's name first, so the form shows the sentence under the name.
    expect(twin.json()).toEqual({
      message: 'displayName: Another teacher is already called Priya Menon. Add an initial or a surname so that students and teachers can tell the two apart.',
    });
    expect(await db.select({ id: users.id }).from(users).where(eq(users.username, 'priya.m@school.example'))).toEqual([]);
    expect((await call('POST', '/api/admin/teachers', headCookie, { displayName: 'Priya R. Menon', email: 'priya.m@school.example' })).statusCode).toBe(201);

    // Settings: another's name refused; one's own name kept, and a change of case is one's own.
    const headTaken = await call('PATCH', '/api/admin/me', headCookie, { displayName: 'priya menon', email: '' });
    expect(headTaken.statusCode).toBe(409);
    expect(headTaken.json().message).toMatch(/^displayName: Another teacher is already called Priya Menon\./);
    const priyaCookie = await sessionCookieForUser(db, priya.id, { now, secure: true });
    const own = await call('PATCH', '/api/admin/me', priyaCookie, { displayName: 'Priya MENON', email: 'priya.menon@school.example' });
    expect(own.statusCode, own.body).toBe(200);
    // The CLI says the same.
    expect(await setDisplayName(db, 'headteacher', 'Priya Menon')).toEqual({
      ok: false,
      message: 'Another teacher is already called Priya MENON. Add an initial or a surname so that students and teachers can tell the two apart.',
    });

    // A deactivated teacher keeps her name on her reviews: adding her again points to reactivating her.
    await setTeacherActive(db, { id: priya.id, active: false, now, callerId: head.user.id });
    const back = await call('POST', '/api/admin/teachers', headCookie, { displayName: 'Priya Menon', email: 'priya.new@school.example' });
    expect(back.statusCode).toBe(409);
    expect(back.json()).toEqual({
      message: 'displayName: A deactivated teacher is already called Priya MENON. If they are back, reactivate their account on the Teachers tab; otherwise add an initial or a surname.',
    });

    // Names shared before they were checked: the e-mail address can still change while the name stays.
    const [first] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
    await db.update(users).set({ displayName: 'Priya R. Menon' }).where(eq(users.id, first!.id));
    const firstCookie = await sessionCookieForUser(db, first!.id, { now, secure: true });
    const keptName = await call('PATCH', '/api/admin/me', firstCookie, { displayName: 'Priya R. Menon', email: 'first.admin@school.example' });
    expect(keptName.statusCode, keptName.body).toBe(200);
  });
});

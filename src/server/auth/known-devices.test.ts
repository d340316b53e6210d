import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema.js';
import { signInDevices } from '../db/schema-sign-in.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { createAdmin, createStudent, type CreatedAdmin } from '../test/factories.js';
import { DEFAULT_RATE_LIMITS } from './limits.js';
import { DEVICE_COOKIE, KNOWN_DEVICES_PER_ACCOUNT } from './known-devices.js';
import { SECURE_SESSION_COOKIE } from './sessions.js';

/**
 * Strangers cannot lock a teacher out (decision 0029): wrong guesses count per account and address,
 * and a browser that signed in to the account before has a budget of its own. The budgets are the
 * defaults: ten per account and address, a hundred per account from all addresses together.
 */
const PER_ADDRESS = DEFAULT_RATE_LIMITS.signInPerAccount.max;
const TEACHER_AT_SCHOOL = '198.51.100.10';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: { signInPerClient: { max: 10_000, windowMs: 60_000 } } });
});
afterAll(() => t.close());

const login = (username: string, password: string, remoteAddress: string, cookie?: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, remoteAddress, ...(cookie ? { headers: { cookie } } : {}) });

/** The `parley_device` cookie a sign-in answer gave, as a Cookie header value. */
function deviceCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === DEVICE_COOKIE);
  if (!cookie) throw new Error(`no device cookie in ${response.statusCode}: ${response.body}`);
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/login' });
  return `${cookie.name}=${cookie.value}`;
}

/** "ａｄｍｉｎ" for "admin": a spelling that Unicode compatibility folding reads as the same name. */
const toFullWidth = (text: string) => text.replace(/[a-z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));

/**
 * Ten strangers, each from an address of their own, each guessing as often as their address allows,
 * in every spelling of the name; the last ones are refused by the account's budget for all addresses.
 */
async function tenStrangersGuess(username: string): Promise<void> {
  const spellings = [username, username.toUpperCase(), ` ${username} `, username.replace(/^./, (c) => c.toUpperCase()), toFullWidth(username)];
  const answers: number[] = [];
  for (let stranger = 0; stranger < 10; stranger += 1) {
    for (let guess = 0; guess < PER_ADDRESS; guess += 1) {
      answers.push((await login(spellings[guess % spellings.length]!, `guess-${stranger}-${guess}`, `203.0.113.${stranger + 1}`)).statusCode);
    }
    // The stranger's own address is spent, whatever the spelling.
    expect((await login(username.toUpperCase(), 'one-more', `203.0.113.${stranger + 1}`)).statusCode).toBe(429);
  }
  expect(answers.filter((status) => status === 401).length).toBeGreaterThanOrEqual(10 * PER_ADDRESS - 1);
  expect(answers.every((status) => status === 401 || status === 429)).toBe(true);
}

describe('a teacher cannot be locked out by strangers', () => {
  let teacher: CreatedAdmin;
  let device: string;
  beforeAll(async () => {
    teacher = await createAdmin(t.database.db, { username: 'headteacher' });
    const first = await login('headteacher', teacher.password, TEACHER_AT_SCHOOL);
    expect(first.statusCode, first.body).toBe(200);
    device = deviceCookieOf(first);
  });

  it("ten strangers' wrong guesses from other addresses do not stop the teacher's sign-in on the browser she used before", async () => {
    await tenStrangersGuess('headteacher');
    const known = await login('headteacher', teacher.password, TEACHER_AT_SCHOOL, device);
    expect(known.statusCode, known.body).toBe(200);
    // The trade-off: the strangers' guesses filled the account's budget for all addresses together
    // (a hundred), so a browser new to the account waits for the window to end.
    const elsewhere = await login('headteacher', teacher.password, '192.0.2.200');
    expect(elsewhere.statusCode).toBe(429);
    expect(elsewhere.json().message).toMatch(/^Too many sign-in attempts for this account\. Please wait \d+ minutes? and try again\.$/);
    // Her known browser still gets in from there.
    expect((await login('headteacher', teacher.password, '192.0.2.200', device)).statusCode).toBe(200);
    // A hundred wrong passwords, one scrypt derivation each (forgot-password.test): about 13 s beside
    // other work on two busy cores; 60 s for a run beside every other test file.
  }, 60_000);

  it("a student guessing from the teacher's own (shared) address does not stop her known browser", async () => {
    const teacher2 = await createAdmin(t.database.db, { username: 'secondteacher' });
    const first = await login('secondteacher', teacher2.password, '198.51.100.20');
    const known = deviceCookieOf(first);
    // Her own sign-in counted and was given back (right, so not a guess): the guesses spend the budget.
    for (let guess = 0; guess < PER_ADDRESS; guess += 1) expect((await login('secondteacher', `guess-${guess}`, '198.51.100.20')).statusCode).toBe(401);
    expect((await login('secondteacher', teacher2.password, '198.51.100.20')).statusCode).toBe(429);
    expect((await login('secondteacher', teacher2.password, '198.51.100.20', known)).statusCode).toBe(200);
  });

  it('strangers elsewhere do not stop a new browser of the teacher at another address either, short of the cap for all addresses', async () => {
    const teacher5 = await createAdmin(t.database.db, { username: 'fifthteacher' });
    for (let guess = 0; guess < PER_ADDRESS; guess += 1) expect((await login('fifthteacher', `guess-${guess}`, '203.0.113.50')).statusCode).toBe(401);
    expect((await login('fifthteacher', teacher5.password, '203.0.113.50')).statusCode).toBe(429);
    expect((await login('FIFTHTEACHER', teacher5.password, '198.51.100.50')).statusCode).toBe(200);
  });

  it('a known browser has a budget of its own: guesses on it are limited too', async () => {
    const teacher3 = await createAdmin(t.database.db, { username: 'thirdteacher' });
    const known = deviceCookieOf(await login('thirdteacher', teacher3.password, '198.51.100.30'));
    for (let guess = 0; guess < DEFAULT_RATE_LIMITS.signInPerKnownDevice.max; guess += 1) {
      expect((await login('thirdteacher', `guess-${guess}`, '198.51.100.31', known)).statusCode).toBe(401);
    }
    const refused = await login('thirdteacher', teacher3.password, '198.51.100.31', known);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many sign-in attempts from this browser\./);
  });

  it("a browser known to one account is new to another, and an unknown or forged token counts as no token", async () => {
    const student = await createStudent(t.database.db, { username: 'asha-known' });
    const studentDevice = deviceCookieOf(await login('asha-known', student.password, '198.51.100.40'));
    const teacher4 = await createAdmin(t.database.db, { username: 'fourthteacher' });
    for (let guess = 0; guess < PER_ADDRESS; guess += 1) expect((await login('fourthteacher', `guess-${guess}`, '198.51.100.40')).statusCode).toBe(401);
    for (const cookie of [studentDevice, `${DEVICE_COOKIE}=forged-token`, `${DEVICE_COOKIE}=${'x'.repeat(500)}`]) {
      expect((await login('fourthteacher', teacher4.password, '198.51.100.40', cookie)).statusCode).toBe(429);
    }
    // Only the hash of a token is stored.
    const rows = await t.database.db.select().from(signInDevices).where(eq(signInDevices.userId, student.user.id));
    expect(rows).toHaveLength(1);
    expect(studentDevice).not.toContain(rows[0]!.tokenHash);
  });

  it('a signed-in browser keeps its token: signing in again renews it rather than adding another', async () => {
    const before = await t.database.db.select().from(signInDevices).where(eq(signInDevices.userId, teacher.user.id));
    expect((await login('headteacher', teacher.password, TEACHER_AT_SCHOOL, device)).statusCode).toBe(200);
    const after = await t.database.db.select().from(signInDevices).where(eq(signInDevices.userId, teacher.user.id));
    expect(after).toHaveLength(before.length);
  });
});

describe("the address's budget over all accounts", () => {
  it("holds back every browser at a classroom's address but the teacher's known one", async () => {
    const small = await createTestApp({ rateLimits: { signInPerClient: { max: 5, windowMs: 60_000 } } });
    try {
      const teacher = await createAdmin(small.database.db, { username: 'classteacher' });
      const signIn = (username: string, password: string, cookie?: string) =>
        small.app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, remoteAddress: '198.51.100.60', ...(cookie ? { headers: { cookie } } : {}) });
      const known = deviceCookieOf(await signIn('classteacher', teacher.password));
      // Her sign-in was given back: five guesses spend the address's budget.
      for (const name of ['ravi', 'asha', 'meera', 'kiran', 'dev']) expect((await signIn(name, 'guess')).statusCode).toBe(401);
      const refused = await signIn('classteacher', teacher.password);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/^Too many sign-in attempts from this device\./);
      expect((await signIn('classteacher', teacher.password, known)).statusCode).toBe(200);
    } finally {
      await small.close();
    }
  });

  it('counts a known browser past its own budget, so that its refused guesses, each still a key derivation, stop at the address budget', async () => {
    const small = await createTestApp({ rateLimits: { signInPerClient: { max: 5, windowMs: 60_000 } } });
    try {
      const student = await createStudent(small.database.db, { username: 'flooding-student' });
      const signIn = (password: string, cookie?: string) =>
        small.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'flooding-student', password }, remoteAddress: '198.51.100.70', ...(cookie ? { headers: { cookie } } : {}) });
      const known = deviceCookieOf(await signIn(student.password));
      // Its own budget first, then refusals that still check for a mailed temporary password: five,
      // the address's budget, and then the address's refusal, which checks nothing.
      for (let guess = 0; guess < DEFAULT_RATE_LIMITS.signInPerKnownDevice.max; guess += 1) expect((await signIn(`guess-${guess}`, known)).statusCode).toBe(401);
      for (let refused = 0; refused < 5; refused += 1) {
        const answer = await signIn(`refused-${refused}`, known);
        expect(answer.statusCode).toBe(429);
        expect(answer.json().message).toMatch(/^Too many sign-in attempts from this browser\./);
      }
      const stopped = await signIn('one-more', known);
      expect(stopped.statusCode).toBe(429);
      expect(stopped.json().message).toMatch(/^Too many sign-in attempts from this device\./);
    } finally {
      await small.close();
    }
  });
});

describe('sign-ins that succeed', () => {
  it("are bounded per account from every address (the guess budgets give a right password's count back): past the budget, refused before the password is checked, no session made", async () => {
    const small = await createTestApp({ rateLimits: { signInPerClient: { max: 10_000, windowMs: 60_000 }, signInsPerAccount: { max: 3, windowMs: 60_000 } } });
    try {
      const student = await createStudent(small.database.db, { studentName: 'Flood Student' });
      const other = await createStudent(small.database.db, { studentName: 'Other Student' });
      const signIn = (who: typeof student, remoteAddress: string) =>
        small.app.inject({ method: 'POST', url: '/api/login', payload: { username: who.mobileNumber, password: who.password }, remoteAddress });
      const answers = [];
      for (const address of ['192.0.2.1', '192.0.2.2', '192.0.2.3', '192.0.2.4']) answers.push(await signIn(student, address));
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 429]);
      expect(answers[3]?.json().message).toMatch(/^Too many sign-ins to this account in a short time\. Please wait 1 minute and try again\.$/);
      expect(answers[3]?.headers['retry-after']).toBe('60');
      expect(answers[3]?.cookies).toEqual([]);
      const sessionsOf = async (userId: number) => (await small.database.db.select().from(sessions).where(eq(sessions.userId, userId))).length;
      expect(await sessionsOf(student.user.id)).toBe(3);
      // Any sign-in naming that account waits until the window ends, a wrong password too; other accounts sign in.
      const wrong = await small.app.inject({ method: 'POST', url: '/api/login', payload: { username: student.mobileNumber, password: 'not it at all' }, remoteAddress: '192.0.2.9' });
      expect(wrong.statusCode).toBe(429);
      expect((await signIn(other, '192.0.2.1')).statusCode).toBe(200);
    } finally {
      await small.close();
    }
  });

  it(`keep the ${KNOWN_DEVICES_PER_ACCOUNT} browsers the account used most recently known, the newest always`, async () => {
    const student = await createStudent(t.database.db, { studentName: 'Many Browsers' });
    const devicesOf = async () => (await t.database.db.select().from(signInDevices).where(eq(signInDevices.userId, student.user.id))).length;
    let latest = '';
    for (let browser = 0; browser < KNOWN_DEVICES_PER_ACCOUNT + 5; browser += 1) {
      const answer = await login(student.mobileNumber, student.password, `198.51.100.${browser + 50}`);
      expect(answer.statusCode, answer.body).toBe(200);
      latest = deviceCookieOf(answer);
    }
    expect(await devicesOf()).toBe(KNOWN_DEVICES_PER_ACCOUNT);
    // The newest browser is still known: signing in from it renews its token and adds no row.
    const again = await login(student.mobileNumber, student.password, '198.51.100.200', latest);
    expect(again.statusCode).toBe(200);
    expect(again.cookies.find((c) => c.name === DEVICE_COOKIE)).toBeUndefined();
    expect(await devicesOf()).toBe(KNOWN_DEVICES_PER_ACCOUNT);
  });
});

describe('an IPv6 client', () => {
  it("is counted by its /64 network, so a device's new temporary address is no new budget; another network has its own", async () => {
    const small = await createTestApp({ rateLimits: { signInPerClient: { max: 3, windowMs: 60_000 } } });
    try {
      const guess = (remoteAddress: string) => small.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'nobody', password: 'guess' }, remoteAddress });
      for (const address of ['2001:db8:5:6::10', '2001:db8:5:6:a1b2:c3d4:e5f6:1', '2001:0db8:0005:0006::ff']) expect((await guess(address)).statusCode).toBe(401);
      const refused = await guess('2001:db8:5:6:ffff::2');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/^Too many sign-in attempts from this device\./);
      expect((await guess('2001:db8:5:7::10')).statusCode).toBe(401);
    } finally {
      await small.close();
    }
  });
});

describe('the session cookie', () => {
  it('is Secure when PUBLIC_URL is https, even without COOKIE_SECURE', async () => {
    const secure = await createTestApp({ env: { PUBLIC_URL: 'https://parley.example.org' } });
    try {
      const admin = await createAdmin(secure.database.db);
      const response = await secure.app.inject({ method: 'POST', url: '/api/login', payload: { username: admin.username, password: admin.password } });
      expect(response.statusCode).toBe(200);
      for (const name of [SECURE_SESSION_COOKIE, DEVICE_COOKIE]) expect(response.cookies.find((c) => c.name === name)).toMatchObject({ secure: true });
    } finally {
      await secure.close();
    }
  });
});

import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RateLimits } from './limits.js';
import { createTestApp, sessionCookieForUser, type TestApp } from '../test/app.js';
import { createAdmin, createStudent } from '../test/factories.js';

/**
 * One app with small budgets; each test uses its own accounts, e-mail addresses and client addresses,
 * so that only the budget under test can run out.
 */
const LIMITS: Partial<RateLimits> = {
  signInPerAccount: { max: 3, windowMs: 60_000 },
  // Here every address together has the same budget as one address: the tests below spread their guesses.
  signInPerAccountEverywhere: { max: 3, windowMs: 60_000 },
  signInPerClient: { max: 3, windowMs: 120_000 },
  forgotPerEmail: { max: 2, windowMs: 3600_000 },
  forgotPerClient: { max: 2, windowMs: 600_000 },
};

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ rateLimits: LIMITS });
});
afterAll(() => app.close());

function expectTooMany(response: LightMyRequestResponse, what: string, windowSeconds: number): void {
  expect(response.statusCode, response.body).toBe(429);
  const retryAfter = Number(response.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  const { message } = response.json() as { message: string };
  expect(message.startsWith(`Too many ${what}`), message).toBe(true);
  // It says how long to wait, matching Retry-After.
  const wait = /Please wait (\d+) (second|minute)s? and try again\.$/.exec(message);
  expect(wait, message).not.toBeNull();
  const waitSeconds = Number(wait![1]) * (wait![2] === 'minute' ? 60 : 1);
  expect(Math.abs(waitSeconds - retryAfter)).toBeLessThan(60);
}

describe('sign-in budgets', () => {
  const login = (username: string, password: string, remoteAddress = '203.0.113.10') =>
    app.app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, remoteAddress });

  it('per account: the 4th attempt is refused even with the right password; other accounts still sign in', async () => {
    const [alice, bob] = await Promise.all([
      createStudent(app.database.db, { username: 'alice' }),
      createStudent(app.database.db, { username: 'bob' }),
    ]);
    // Spellings of one username count as one account, from any address.
    expect((await login('alice', 'wrong-1', '203.0.113.1')).statusCode).toBe(401);
    expect((await login(' ALICE ', 'wrong-2', '203.0.113.2')).statusCode).toBe(401);
    expect((await login('Alice', 'wrong-3', '203.0.113.3')).statusCode).toBe(401);
    const refused = await login('alice', alice.password, '203.0.113.4');
    expectTooMany(refused, 'sign-in attempts for this account', 60);
    // A minute's window, less the time the three refused guesses took (scrypt: seconds on a busy machine).
    expect(refused.json().message).toMatch(/^Too many sign-in attempts for this account\. Please wait (1 minute|[1-5]\d seconds) and try again\.$/);
    expect(refused.cookies).toHaveLength(0);

    expect((await login('bob', bob.password, '203.0.113.4')).statusCode).toBe(200);
  });

  it('per account: spellings of one mobile number count as one account', async () => {
    await createStudent(app.database.db, { mobileNumber: '+91 98765 43210' });
    // Full-width and Devanagari digits too, as a phone's keyboards may type them.
    const spellings = ['+919876543210', '＋９１ ９８７６５ ４３２１０', '९८७६५ ४३२१०'];
    for (const [i, spelling] of spellings.entries()) {
      expect((await login(spelling, 'wrong-password', `203.0.113.3${i}`)).statusCode).toBe(401);
    }
    expectTooMany(await login('+91 (98765) 43210', 'wrong-password', '203.0.113.39'), 'sign-in attempts for this account', 60);
  });

  it('signs a student in by the mobile number typed in full-width or Devanagari digits', async () => {
    const student = await createStudent(app.database.db, { mobileNumber: '+91 98765 43211' });
    expect((await login('９８７６５ ４３２１１', student.password, '203.0.113.41')).statusCode).toBe(200);
    expect((await login('९८७६५ ४३२११', student.password, '203.0.113.42')).statusCode).toBe(200);
  });

  it('per client: attempts across different accounts from one address are capped; another address is not', async () => {
    const student = await createStudent(app.database.db);
    for (const name of ['nobody-one', 'nobody-two', 'nobody-three']) {
      expect((await login(name, 'wrong-password', '198.51.100.7')).statusCode).toBe(401);
    }
    const refused = await login(student.mobileNumber, student.password, '198.51.100.7');
    expectTooMany(refused, 'sign-in attempts from this device', 120);
    // Refused before the body is read: even an invalid body gets 429, not 400.
    expect((await login('', '', '198.51.100.7')).statusCode).toBe(429);
    expect((await login(student.mobileNumber, student.password, '198.51.100.8')).statusCode).toBe(200);
  });

  it('per client: sign-ins with the right password are not guesses; a class on one address all get in, its guesses still count', async () => {
    // Twice the address's budget of students, each on a browser new to them, as a computer room would.
    const students = await Promise.all([1, 2, 3, 4, 5, 6].map(() => createStudent(app.database.db)));
    for (const student of students) expect((await login(student.mobileNumber, student.password, '198.51.100.20')).statusCode).toBe(200);
    // One student signs in again and again (within the account's own budget of 3 per address, given back too).
    for (const _ of [1, 2, 3, 4]) expect((await login(students[0]!.mobileNumber, students[0]!.password, '198.51.100.20')).statusCode).toBe(200);
    for (const name of ['nobody-four', 'nobody-five', 'nobody-six']) expect((await login(name, 'wrong-password', '198.51.100.20')).statusCode).toBe(401);
    expectTooMany(await login(students[1]!.mobileNumber, students[1]!.password, '198.51.100.20'), 'sign-in attempts from this device', 120);
  });
});

describe('forgot-password budgets', () => {
  const forgot = (email: string, remoteAddress = '203.0.113.20') =>
    app.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email }, remoteAddress });

  it('per e-mail address, whatever its case, from any address', async () => {
    expect((await forgot('someone@example.org', '203.0.113.21')).statusCode).toBe(200);
    expect((await forgot('SomeOne@Example.org', '203.0.113.22')).statusCode).toBe(200);
    const refused = await forgot('someone@example.org', '203.0.113.23');
    expectTooMany(refused, 'password requests for this e-mail address', 3600);
    expect(refused.json().message).toBe('Too many password requests for this e-mail address. Please wait 60 minutes and try again.');
    expect((await forgot('someone-else@example.org', '203.0.113.23')).statusCode).toBe(200);
  });

  it('per client, across e-mail addresses', async () => {
    expect((await forgot('a@example.org', '198.51.100.30')).statusCode).toBe(200);
    expect((await forgot('b@example.org', '198.51.100.30')).statusCode).toBe(200);
    expectTooMany(await forgot('c@example.org', '198.51.100.30'), 'password requests from this device', 600);
    expect((await forgot('c@example.org', '198.51.100.31')).statusCode).toBe(200);
  });
});

describe('student check-access budgets', () => {
  /** A teacher's device: its own signed-in session, new for each test. */
  const teacherDevice = async () => sessionCookieForUser(app.database.db, (await createAdmin(app.database.db)).user.id);
  let cookie: string;
  beforeEach(async () => {
    cookie = await teacherDevice();
  });
  const check = (username: string, password: string, remoteAddress: string, device = cookie) =>
    app.app.inject({ method: 'POST', url: '/api/student/check-access', headers: { cookie: device }, payload: { username, password }, remoteAddress });

  it('per student, from any device', async () => {
    const [student, other] = await Promise.all([createStudent(app.database.db), createStudent(app.database.db)]);
    for (const i of [1, 2, 3]) expect((await check(student.mobileNumber, 'wrong-password', `192.0.2.${i}`, await teacherDevice())).statusCode).toBe(401);
    expectTooMany(await check(student.mobileNumber, student.password, '192.0.2.4', await teacherDevice()), 'access checks for this student', 60);
    expect((await check(other.mobileNumber, other.password, '192.0.2.4')).statusCode).toBe(200);
    // Signing in to the student's own account keeps its own budget.
    const login = await app.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: student.mobileNumber, password: student.password },
      remoteAddress: '192.0.2.5',
    });
    expect(login.statusCode).toBe(200);
  });

  it('per device, across students and addresses; another teacher device at the same address keeps its own', async () => {
    const students = await Promise.all([1, 2, 3, 4].map(() => createStudent(app.database.db)));
    for (const [i, s] of students.slice(0, 3).entries()) expect((await check(s.mobileNumber, 'wrong-password', `192.0.2.5${i}`)).statusCode).toBe(401);
    const last = students[3]!;
    expectTooMany(await check(last.mobileNumber, last.password, '192.0.2.59'), 'access checks from this device', 120);
    // The school's other rooms share its address: their devices start tests as before.
    expect((await check(last.mobileNumber, last.password, '192.0.2.52', await teacherDevice())).statusCode).toBe(200);
  });

  it('a check with the right password is not a guess: a class starts one after another on the device; its guesses still count', async () => {
    const students = await Promise.all([1, 2, 3, 4, 5].map(() => createStudent(app.database.db)));
    for (const s of students) expect((await check(s.mobileNumber, s.password, '192.0.2.60')).statusCode).toBe(200);
    for (const _ of [1, 2, 3, 4]) expect((await check(students[0]!.mobileNumber, students[0]!.password, '192.0.2.60')).statusCode).toBe(200);
    for (const s of students.slice(1, 4)) expect((await check(s.mobileNumber, 'wrong-password', '192.0.2.60')).statusCode).toBe(401);
    expectTooMany(await check(students[4]!.mobileNumber, students[4]!.password, '192.0.2.60'), 'access checks from this device', 120);
  });
});

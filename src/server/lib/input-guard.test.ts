import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BAD_ADDRESS_MESSAGE, LONG_ADDRESS_PART_MESSAGE } from '../app.js';
import { createTestApp, sessionCookieForUser, type TestApp } from '../test/app.js';
import { testSessionBody } from '../test/attempt-fixtures.js';
import { createAdmin, createStudent, type CreatedAdmin, type CreatedStudent } from '../test/factories.js';
import { testDrivers } from '../test/databases.js';
import { findUnstorableText, hasUnstorableText, UNSEARCHABLE_PROBLEM, UNSTORABLE_PROBLEM } from './input-guard.js';

/**
 * NUL characters and unpaired surrogates cannot be stored by PostgreSQL: every route refuses them
 * with 400 and a sentence naming the field, before they reach a query (they gave 500 before).
 */

describe('hasUnstorableText', () => {
  it('finds NUL and lone surrogates, and accepts any well-formed text', () => {
    expect(hasUnstorableText('a\u0000b')).toBe(true);
    expect(hasUnstorableText('\ud800')).toBe(true);
    expect(hasUnstorableText('x\udc00y')).toBe(true);
    expect(hasUnstorableText('\udc00\ud800')).toBe(true);
    expect(hasUnstorableText('I like 🎤 and नमस्ते and café, naïve, Zoë')).toBe(false);
    expect(hasUnstorableText('\ud83c\udfa4')).toBe(false);
  });

  it('walks a deeply nested body without overflowing the stack', () => {
    let body: unknown = 'bad\u0000';
    for (let depth = 0; depth < 100_000; depth += 1) body = [body];
    expect(findUnstorableText(body)?.path.length).toBe(100_000);
  });
});

describe.each(testDrivers)('unstorable text in requests (%s)', (driver) => {
  let t: TestApp;
  let student: CreatedStudent;
  let admin: CreatedAdmin;
  let studentCookie: string;
  let adminCookie: string;

  beforeAll(async () => {
    t = await createTestApp({ driver });
    student = await createStudent(t.database.db);
    admin = await createAdmin(t.database.db);
    studentCookie = await sessionCookieForUser(t.database.db, student.user.id);
    adminCookie = await sessionCookieForUser(t.database.db, admin.user.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a NUL in the sign-in username with 400 naming username', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'adm\u0000in', password: 'whatever-it-is' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: `username: ${UNSTORABLE_PROBLEM}` });
  });

  it('refuses a lone surrogate written as a JSON escape in a saved answer', async () => {
    const body = testSessionBody(student.student.id, { answer: 'I grew up near the sea  and I liked it' });
    // JSON.stringify writes a lone surrogate as the escape "\ud800", as a client may.
    const json = JSON.stringify(body).replace('near the sea ', 'near the sea \\ud800');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test-sessions',
      headers: { cookie: studentCookie, 'content-type': 'application/json' },
      payload: json,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/^sessionData\.(transcript|questionAnswerPairs)\.\d+\.(text|answer): contains a character that cannot be saved/);
  });

  it('refuses a NUL in a field name, a query string and a URL parameter', async () => {
    const key = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":"a","password":"b","ex\\u0000tra":1}',
    });
    expect(key.statusCode).toBe(400);
    expect(key.json<{ message: string }>().message).toBe(`A field name in the request body ${UNSTORABLE_PROBLEM}`);

    const query = await t.app.inject({ method: 'GET', url: '/api/admin/students?search=a%00b', headers: { cookie: adminCookie } });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toEqual({ message: `search: ${UNSEARCHABLE_PROBLEM}` });

    const param = await t.app.inject({ method: 'DELETE', url: '/api/admin/students/1%00', headers: { cookie: adminCookie } });
    expect(param.statusCode).toBe(400);
    expect(param.json()).toEqual({ message: `id: ${UNSTORABLE_PROBLEM}` });

    // A page's address (the catch-all route's parameter) is named as one, not by the route's "*".
    const page = await t.app.inject({ method: 'GET', url: '/%00' });
    expect(page.statusCode).toBe(400);
    expect(page.json()).toEqual({ message: `The address ${UNSTORABLE_PROBLEM}` });
  });

  it('refuses an address that cannot be decoded with the same { message } as every other refusal', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/student/attempts/%ZZ', headers: { cookie: adminCookie } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: BAD_ADDRESS_MESSAGE });
  });

  it('says so when a part of the address is longer than any id of the app (past 100 characters)', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/student/attempts/${'a'.repeat(101)}`, headers: { cookie: adminCookie } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: LONG_ADDRESS_PART_MESSAGE });
  });

  it('accepts emoji, Devanagari and accented text', async () => {
    const answer = 'I grew up in Pune 🏖️ near the sea, नमस्ते, and my café was très naïve. '.repeat(4);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test-sessions',
      headers: { cookie: studentCookie },
      payload: testSessionBody(student.student.id, { answer }),
    });
    expect(response.statusCode, response.body).toBe(201);

    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'zoë-नमस्ते-🎤', password: 'whatever-it-is' } });
    expect(login.statusCode).toBe(401);
  });
});

import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../test/app.js';
import { createAdmin, createStudent, type CreatedAdmin, type CreatedStudent } from '../test/factories.js';
import { EMAIL_NOT_A_MOBILE_NUMBER } from '../../shared/api/auth-forms.js';
import { INVALID_LOGIN_MESSAGE } from './routes.js';

/**
 * Every JSON POST endpoint, fed bodies it must refuse: each answer is a 4xx with a JSON { message }
 * (naming the field where there is one), never a 500, and the server keeps answering.
 */

interface Endpoint {
  url: string;
  /** Who calls it: the endpoint checks access before it reads the body. */
  as: 'nobody' | 'student' | 'admin';
  valid: () => Record<string, unknown>;
  /** Required string fields. */
  required: string[];
  /** Optional string fields. */
  optional: string[];
  /** Field name -> a value one character too long. */
  tooLong: Record<string, string>;
}

let t: TestApp;
let student: CreatedStudent;
let admin: CreatedAdmin;
const cookies: Record<Endpoint['as'], string | undefined> = { nobody: undefined, student: undefined, admin: undefined };

const ENDPOINTS: Endpoint[] = [
  {
    url: '/api/login',
    as: 'nobody',
    valid: () => ({ username: student.mobileNumber, password: student.password }),
    required: ['username', 'password'],
    optional: [],
    tooLong: { username: 'u'.repeat(101), password: 'p'.repeat(129) },
  },
  {
    url: '/api/student/check-access',
    as: 'admin',
    valid: () => ({ username: student.mobileNumber, password: student.password }),
    required: ['username', 'password'],
    optional: [],
    tooLong: { username: '9'.repeat(101), password: 'p'.repeat(129) },
  },
  {
    url: '/api/forgot-password',
    as: 'nobody',
    valid: () => ({ email: 'someone@example.org' }),
    required: ['email'],
    optional: [],
    tooLong: { email: `${'e'.repeat(243)}@example.org` },
  },
  {
    url: '/api/change-password',
    as: 'student',
    valid: () => ({ currentPassword: student.password, newPassword: 'another good password' }),
    required: ['newPassword'],
    optional: ['currentPassword'],
    tooLong: { currentPassword: 'c'.repeat(129), newPassword: 'n'.repeat(129) },
  },
];

beforeAll(async () => {
  const roomy = { max: 10_000, windowMs: 60_000 };
  t = await createTestApp({ rateLimits: { signInPerAccount: roomy, signInPerClient: roomy, forgotPerClient: roomy, forgotPerEmail: roomy } });
  [student, admin] = await Promise.all([createStudent(t.database.db), createAdmin(t.database.db)]);
  cookies.student = await signIn(t.app, student.mobileNumber, student.password);
  cookies.admin = await signIn(t.app, admin.username, admin.password);
});
afterAll(() => t.close());

function post(endpoint: Pick<Endpoint, 'url' | 'as'>, options: Omit<InjectOptions, 'method' | 'url'>): Promise<LightMyRequestResponse> {
  const cookie = cookies[endpoint.as];
  return t.app.inject({
    ...options,
    method: 'POST',
    url: endpoint.url,
    headers: { ...(cookie ? { cookie } : {}), ...(options.headers ?? {}) },
  });
}

const json = (payload: string) => ({ payload, headers: { 'content-type': 'application/json' } });

function expectRefusal(response: LightMyRequestResponse, statuses: number[], messageStart?: string | RegExp): string {
  expect(statuses, `${response.statusCode} ${response.body}`).toContain(response.statusCode);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = response.json() as { message?: unknown };
  expect(Object.keys(body)).toEqual(['message']);
  expect(body.message).toBeTypeOf('string');
  const message = body.message as string;
  if (typeof messageStart === 'string') expect(message.startsWith(messageStart), message).toBe(true);
  else if (messageStart) expect(message).toMatch(messageStart);
  return message;
}

/**
 * A message naming the field first: the schema's own "field: problem", or the sentence made of
 * Zod's default text ("The field newPassword is missing."), never Zod's text itself.
 */
const naming = (field: string) => new RegExp(`^((${field}): |The field (${field}) )(?!.*(Invalid input|Too big|Too small))`);

describe.each(ENDPOINTS)('POST $url', (endpoint) => {
  it('refuses malformed JSON', async () => {
    expect(expectRefusal(await post(endpoint, json('{"username": "a",')), [400])).toBe('The request body is not valid JSON.');
    expectRefusal(await post(endpoint, json('not json at all')), [400]);
    expectRefusal(await post(endpoint, json('')), [400]);
  });

  it('refuses a JSON value that is not an object', async () => {
    for (const payload of ['[]', `[${JSON.stringify(endpoint.valid())}]`, 'null', '"text"', '42']) {
      expect(expectRefusal(await post(endpoint, json(payload)), [400])).toBe('The request body must be a JSON object.');
    }
  });

  it('refuses a field of the wrong type, naming it', async () => {
    for (const field of [...endpoint.required, ...endpoint.optional]) {
      for (const wrong of [12345, true, null, ['x'], { text: 'x' }]) {
        const response = await post(endpoint, { payload: { ...endpoint.valid(), [field]: wrong } });
        expectRefusal(response, [400], naming(field));
      }
    }
  });

  it('refuses a missing required field, naming it', async () => {
    for (const field of endpoint.required) {
      const body = endpoint.valid();
      delete body[field];
      expectRefusal(await post(endpoint, { payload: body }), [400], naming(field));
    }
    expectRefusal(await post(endpoint, { payload: {} }), [400], naming(endpoint.required.join('|')));
  });

  it('refuses an over-long field, naming it', async () => {
    for (const [field, value] of Object.entries(endpoint.tooLong)) {
      expectRefusal(await post(endpoint, { payload: { ...endpoint.valid(), [field]: value } }), [400], naming(field));
    }
  });

  it('refuses an unknown extra field, naming it', async () => {
    const message = expectRefusal(await post(endpoint, { payload: { ...endpoint.valid(), isAdmin: true } }), [400]);
    expect(message).toContain('isAdmin');
  });

  it('refuses a body that is not sent as JSON', async () => {
    const form = new URLSearchParams(endpoint.valid() as Record<string, string>).toString();
    const formResponse = await post(endpoint, { payload: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(expectRefusal(formResponse, [415])).toBe('Send the request body as application/json.');
    expectRefusal(await post(endpoint, { payload: 'x', headers: { 'content-type': 'multipart/form-data; boundary=x' } }), [415]);
    expectRefusal(await post(endpoint, { payload: JSON.stringify(endpoint.valid()), headers: { 'content-type': 'text/plain' } }), [400, 415]);
    expectRefusal(await post(endpoint, { payload: JSON.stringify(endpoint.valid()), headers: { 'content-type': 'application/xml' } }), [415]);
  });

  it('refuses a body over 1 MiB', async () => {
    const big = JSON.stringify({ ...endpoint.valid(), padding: 'x'.repeat(1024 * 1024) });
    expect(expectRefusal(await post(endpoint, json(big)), [413])).toBe('The request body is too large.');
  });

  it('accepts the valid body (so the refusals above are about the body)', async () => {
    const response = await post(endpoint, { payload: endpoint.valid() });
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('POST endpoints without a body', () => {
  it.each([
    { url: '/api/logout', as: 'student' as const },
    { url: '/api/admin/clear-sessions', as: 'admin' as const },
  ])('$url refuses malformed and oversized JSON with a 4xx', async (endpoint) => {
    expectRefusal(await post(endpoint, json('{oops')), [400]);
    expectRefusal(await post(endpoint, json(JSON.stringify({ padding: 'x'.repeat(1024 * 1024) }))), [413]);
  });

  it('signing out, which reads no body, refuses one over 1 KB before parsing it, signed in or not', async () => {
    const manyNumbers = `{"a":[${Array(20_000).fill('0').join(',')}]}`;
    expect(expectRefusal(await post({ url: '/api/logout', as: 'nobody' }, json(manyNumbers)), [413])).toBe('The request body is too large.');
    expect((await post({ url: '/api/logout', as: 'nobody' }, json('{}'))).statusCode).toBe(204);
  });
});

describe('signing in', () => {
  it('refuses a body over 4 KB before parsing it; the longest name and password, escaped, fit', async () => {
    const url = { url: '/api/login', as: 'nobody' as const };
    const padded = JSON.stringify({ username: admin.username, password: admin.password, padding: 'x'.repeat(4096) });
    expect(expectRefusal(await post(url, json(padded)), [413])).toBe('The request body is too large.');
    const escaped = (text: string) => [...text].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
    const longest = `{"username":"${escaped('n'.repeat(100))}","password":"${escaped('p'.repeat(128))}"}`;
    expect(expectRefusal(await post(url, json(longest)), [401])).toBe(INVALID_LOGIN_MESSAGE);
  });
});

describe('after all of it', () => {
  it('a too-short new password is refused with the rule', async () => {
    const response = await post({ url: '/api/change-password', as: 'admin' }, { payload: { currentPassword: admin.password, newPassword: 'short' } });
    expect(expectRefusal(response, [400])).toBe('newPassword: must be at least 8 characters');
  });

  it('a blank username is refused before any password check', async () => {
    const response = await post({ url: '/api/login', as: 'nobody' }, { payload: { username: '   ', password: 'x' } });
    expect(expectRefusal(response, [400])).toBe('username: Enter your username or mobile number');
  });

  it('an e-mail that is not one is refused', async () => {
    const response = await post({ url: '/api/forgot-password', as: 'nobody' }, { payload: { email: 'not-an-email' } });
    expect(expectRefusal(response, [400])).toBe('email: must be an e-mail address');
    const mobile = await post({ url: '/api/forgot-password', as: 'nobody' }, { payload: { email: '+91 98765 43210' } });
    expect(expectRefusal(mobile, [400])).toBe(`email: ${EMAIL_NOT_A_MOBILE_NUMBER}`);
  });

  it('the server is still healthy', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'pglite' });
  });
});

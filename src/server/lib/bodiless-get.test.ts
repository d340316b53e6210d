import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionCookieForUser, type TestApp } from '../test/app.js';
import { createAdmin, createStudent } from '../test/factories.js';
import { BODY_ON_GET_MESSAGE } from './security.js';

/** A GET or HEAD that carries a body (5 MB of the wrong type) is a 400 with a sentence, not an answer that ignored it. */
describe('a body on a GET', () => {
  let t: TestApp;
  let adminCookie: string;
  let studentId: number;

  beforeAll(async () => {
    t = await createTestApp();
    adminCookie = await sessionCookieForUser(t.database.db, (await createAdmin(t.database.db)).user.id);
    studentId = (await createStudent(t.database.db)).student.id;
  });
  afterAll(async () => {
    await t.close();
  });

  const fiveMegabytes = Buffer.alloc(5 * 1024 * 1024, 7);

  it.each(['GET', 'HEAD'] as const)('%s with a body is refused before it is read', async (method) => {
    const response = await t.app.inject({
      method,
      url: `/api/admin/students/${studentId}/attempts`,
      headers: { cookie: adminCookie, 'content-type': 'application/octet-stream' },
      payload: fiveMegabytes,
    });
    expect(response.statusCode).toBe(400);
    if (method === 'GET') expect(response.json()).toEqual({ message: BODY_ON_GET_MESSAGE });
  });

  it('the same GET without a body, or with an empty one, is answered', async () => {
    const url = `/api/admin/students/${studentId}/attempts`;
    expect((await t.app.inject({ method: 'GET', url, headers: { cookie: adminCookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url, headers: { cookie: adminCookie, 'content-length': '0' } })).statusCode).toBe(200);
  });
});

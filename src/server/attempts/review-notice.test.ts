import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionCookieForUser, type TestApp } from '../test/app.js';
import { testSessionBody } from '../test/attempt-fixtures.js';
import { testDrivers } from '../test/databases.js';
import { createAdmin, createStudent } from '../test/factories.js';

/*
 * A release's answer says how the student heard of it. Without SMTP_URL the review-ready mail is only
 * written to the outbox folder, which reaches nobody: the teacher must not read "has been sent an e-mail".
 */
describe.each(testDrivers)('what a release says of the e-mail without a mail server on %s', (driver) => {
  let outbox: string;
  let t: TestApp;

  beforeAll(async () => {
    outbox = mkdtempSync(path.join(os.tmpdir(), 'parley-outbox-'));
    t = await createTestApp({ driver, outboxDir: outbox });
  });
  afterAll(async () => {
    await t.close();
    rmSync(outbox, { recursive: true, force: true });
  });

  it("says no mail server is set up for a student with an address, and that none is on file for one without", async () => {
    const db = t.database.db;
    const admin = await createAdmin(db);
    const adminCookie = await sessionCookieForUser(db, admin.user.id);
    const request = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie: string, payload?: Record<string, unknown>) =>
      t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
    const version = async (id: string) => (await request('GET', `/api/admin/attempts/${id}`, adminCookie)).json().reviewVersion as number;

    const releaseFor = async (email: string | undefined) => {
      const student = await createStudent(db, { studentName: 'Asha Rao', ...(email ? { email } : {}) });
      const cookie = await sessionCookieForUser(db, student.user.id);
      const saved = await request('POST', '/api/test-sessions', cookie, testSessionBody(student.student.id) as unknown as Record<string, unknown>);
      expect(saved.statusCode, saved.body).toBe(201);
      const id = (saved.json() as { attemptId: string }).attemptId;
      const scores = { fluency: 6.5, vocabulary: 7, grammar: 6, pronunciation: 7 };
      expect((await request('PATCH', `/api/admin/attempts/${id}/review`, adminCookie, { version: await version(id), comment: 'Good.', scores })).statusCode).toBe(200);
      const released = await request('POST', `/api/admin/attempts/${id}/review/release`, adminCookie, { version: await version(id) });
      expect(released.statusCode, released.body).toBe(200);
      return released.json() as { notified: string };
    };

    expect(await releaseFor('asha@example.org')).toMatchObject({ notified: 'no-mail-server' });
    // The mail is still written to the outbox, for whoever runs the server.
    await expect.poll(() => readdirSync(outbox).filter((name) => name.endsWith('.eml')).length).toBe(1);
    expect(await releaseFor(undefined)).toMatchObject({ notified: 'no-email' });
  });
});

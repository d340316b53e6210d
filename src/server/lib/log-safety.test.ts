import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionCookieForUser, type TestApp } from '../test/app.js';
import { testDrivers } from '../test/databases.js';
import { createAdmin, createStudent, type CreatedStudent } from '../test/factories.js';
import { errSerializer, loggedUrl, safeErrorText } from './log-safety.js';

/** No log line carries a query's parameters (a password hash, a token's hash) or a row's values. */

const HASH = 'scrypt$32768$8$1$c2FsdHNhbHRzYWx0$a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5';

function failedQuery(): DrizzleQueryError {
  const cause = new pg.DatabaseError('null value in column "username" violates not-null constraint', 60, 'error');
  cause.code = '23502';
  cause.detail = `Failing row contains (7, null, ${HASH}).`;
  cause.table = 'users';
  return new DrizzleQueryError('update "users" set "password_hash" = $1 where "users"."id" = $2', [HASH, 7], cause);
}

describe('errSerializer and safeErrorText', () => {
  it('keep the SQL, SQLSTATE and stack frames, and drop the parameters and the row', () => {
    const error = failedQuery();
    expect(error.message).toContain(HASH);
    const logged = JSON.stringify(errSerializer(error));
    expect(logged).not.toContain('c2FsdHNhbHRzYWx0');
    expect(logged).not.toContain('params');
    expect(logged).not.toContain('Failing row');
    expect(logged).toContain('update \\"users\\" set \\"password_hash\\" = $1');
    expect(logged).toContain('23502');
    expect(logged).toContain('log-safety.test.ts');

    const text = safeErrorText(error);
    expect(text).not.toContain('c2FsdHNhbHRzYWx0');
    expect(text).not.toContain('params:');
    expect(text).toContain('Failed query: update "users"');
    expect(text).toContain('Caused by [23502]: error: null value in column "username"');
  });

  it('hide a password hash written into any message', () => {
    const logged = JSON.stringify(errSerializer(new Error(`could not verify ${HASH} for user 7`)));
    expect(logged).not.toContain('c2FsdHNhbHRzYWx0');
    expect(logged).toContain('[password hash]');
  });
});

describe('loggedUrl', () => {
  it.each([
    ['/api/admin/students?search=Priya%20Sharma&page=2', '/api/admin/students?search=[redacted]&page=2'],
    ['/admin/students?search=%2B91+98765+43210', '/admin/students?search=[redacted]'],
    ['/api/admin/attempts?page=3&limit=50&sort=date&courseId=4&date=2026-11-30', '/api/admin/attempts?page=3&limit=50&sort=date&courseId=4&date=2026-11-30'],
    ['/api/admin/attempts?%70age=1&email=a%40b.org&flag', '/api/admin/attempts?%70age=1&email=[redacted]&flag'],
    ['/api/admin/students?search=%ZZ&%ZZ=x', '/api/admin/students?search=[redacted]&%ZZ=[redacted]'],
    ['/api/attempts/abc/recording', '/api/attempts/abc/recording'],
  ])('%s is logged as %s', (url, logged) => {
    expect(loggedUrl(url)).toBe(logged);
  });
});

describe.each(testDrivers)('the request log (%s)', (driver) => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({ driver, logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("keeps the school's search terms out: a teacher's search for a student is logged as [redacted]", async () => {
    const cookie = await sessionCookieForUser(t.database.db, (await createAdmin(t.database.db)).user.id);
    const response = await t.app.inject({ url: '/api/admin/students?search=Priya%20Sharma&page=1', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    const log = lines.join('\n');
    expect(log).toContain('/api/admin/students?search=[redacted]&page=1');
    expect(log).not.toMatch(/Priya/);
  });
});

describe('the request log at info', () => {
  it("leaves out the client's files and the proxy's health checks, and keeps the API's requests", async () => {
    const clientDir = await mkdtemp(path.join(os.tmpdir(), 'parley-log-client-'));
    await mkdir(path.join(clientDir, 'assets'));
    await writeFile(path.join(clientDir, 'index.html'), '<!doctype html><title>Parley</title><div id="root"></div>');
    await writeFile(path.join(clientDir, 'assets', 'app-1234.js'), 'console.log(1);');
    const lines: string[] = [];
    const t = await createTestApp({ clientDir, logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } });
    try {
      expect((await t.app.inject({ url: '/assets/app-1234.js' })).statusCode).toBe(200);
      expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
      expect((await t.app.inject({ url: '/api/user' })).statusCode).toBe(401);
      const log = lines.join('\n');
      expect(log).not.toContain('/assets/app-1234.js');
      expect(log).not.toContain('/api/health');
      expect(log).toContain('/api/user');
    } finally {
      await t.close();
      await rm(clientDir, { recursive: true, force: true });
    }
  });
});

describe.each(testDrivers)('the request log of a failed query (%s)', (driver) => {
  let t: TestApp;
  let student: CreatedStudent;
  let cookie: string;
  const lines: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ driver, logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } });
    student = await createStudent(t.database.db);
    cookie = await sessionCookieForUser(t.database.db, student.user.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('names the query and its SQLSTATE, never the new password or its hash', async () => {
    await t.database.db.execute(
      sql.raw(`create or replace function parley_fail() returns trigger language plpgsql as $$
        begin raise exception using errcode = 'XX000', message = 'forced failure'; end $$`),
    );
    await t.database.db.execute(sql`create trigger parley_fail before update on users for each row execute function parley_fail()`);
    const newPassword = 'a brand new password 1234';
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/change-password',
      headers: { cookie },
      payload: { currentPassword: student.password, newPassword },
    });
    expect(response.statusCode).toBe(500);

    const failure = lines.find((line) => line.includes('"request failed"'));
    expect(failure, lines.join('\n')).toBeDefined();
    expect(failure).toContain('update \\"users\\" set \\"password_hash\\"');
    expect(failure).toContain('XX000');
    const log = lines.join('\n');
    expect(log).not.toContain('scrypt$');
    expect(log).not.toContain('params');
    expect(log).not.toContain(newPassword);
    expect(log).not.toContain(student.password);
    expect(log).not.toContain(cookie.split('=')[1]);
  });
});

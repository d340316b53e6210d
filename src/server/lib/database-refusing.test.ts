/*
 * The database refusing to serve, for real, answered 503 with the database sentence on routes that
 * read (the students list) as on those that write: PostgreSQL refusing new connections because the
 * app's role is at its connection limit (53300 "too many connections for role") or because the
 * database is closed to connections (55000 "is not currently accepting connections"), and the app's
 * pool (or PGlite) already closed. error-handler.test.ts covers each SQLSTATE as pg shapes it, and
 * 53300 and 57P03 raised by the database on a write.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../db/open.js';
import { createTestApp, sessionCookieForUser, type TestApp } from '../test/app.js';
import { testDrivers } from '../test/databases.js';
import { createAdmin, createStudent } from '../test/factories.js';
import { withDatabaseName } from '../test/pg-names.js';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from './error-handler.js';

const STUDENTS_LIST = '/api/admin/students?page=1';

describe.each(testDrivers)('a closed database (%s)', (driver) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close().catch(() => undefined);
    t = undefined;
  });

  it('answers the students list and a sign-in 503 with the sentence once the database is closed', async () => {
    t = await createTestApp({ driver });
    const admin = await createAdmin(t.database.db);
    const student = await createStudent(t.database.db);
    const cookie = await sessionCookieForUser(t.database.db, admin.user.id);
    expect((await t.app.inject({ method: 'GET', url: STUDENTS_LIST, headers: { cookie } })).statusCode).toBe(200);

    // What the process meets while it stops (close-with-grace closes the database after the server).
    await t.database.close();
    const responses = [
      await t.app.inject({ method: 'GET', url: `${STUDENTS_LIST}&search=${randomBytes(3).toString('hex')}`, headers: { cookie } }),
      await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: student.mobileNumber, password: student.password } }),
    ];
    for (const response of responses) {
      expect(response.statusCode, response.body).toBe(503);
      expect(response.json()).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE });
    }
  });
});

describe.each(testDrivers.filter((driver) => driver === 'postgres'))('PostgreSQL refusing connections (%s)', () => {
  const url = process.env.TEST_DATABASE_URL ?? '';
  const suffix = randomBytes(5).toString('hex');
  const role = `parley_refused_${suffix}`;
  const name = `parley_test_refused_${suffix}`;
  let admin: pg.Client;
  let t: TestApp;
  let cookie: string;

  /** The students list, each time a search the list's caches have not seen. */
  const studentsList = () => t.app.inject({ method: 'GET', url: `${STUDENTS_LIST}&search=${randomBytes(3).toString('hex')}`, headers: { cookie } });

  /** Ends the app's connections, as a restart of PostgreSQL or a DBA would: the pool must open new ones. */
  async function dropAppConnections(): Promise<void> {
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where usename = $1', [role]);
    await expect.poll(async () => (await admin.query('select count(*)::int as n from pg_stat_activity where usename = $1', [role])).rows[0].n).toBe(0);
  }

  /** What a new connection of the app's role is told now. */
  async function newConnectionError(): Promise<unknown> {
    const client = new pg.Client({ connectionString: withDatabaseName(roleUrl(), name) });
    client.on('error', () => undefined);
    return client.connect().then(
      async () => {
        await client.end();
        return undefined;
      },
      (error: unknown) => error,
    );
  }

  function roleUrl(): string {
    const parsed = new URL(url);
    parsed.username = role;
    parsed.password = '';
    return parsed.toString();
  }

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    // A role like a school's app role: no superuser (whom PostgreSQL lets past the limits), reading and writing every table.
    await admin.query(`create role ${role} login in role pg_read_all_data, pg_write_all_data`);
    await admin.query(`create database ${name} template ${inject('pgTemplateDatabase')}`);
    const database = await openDatabase({ kind: 'postgres', url: withDatabaseName(roleUrl(), name) }, { migrate: false });
    t = await createTestApp({ database });
    cookie = await sessionCookieForUser(t.database.db, (await createAdmin(t.database.db)).user.id);
  });

  afterAll(async () => {
    await t?.close().catch(() => undefined);
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
    await admin.query(`drop role if exists ${role}`).catch(() => undefined);
    await admin.end();
  });

  afterEach(async () => {
    await admin.query(`alter role ${role} connection limit -1`);
    await admin.query(`alter database ${name} allow_connections true`);
  });

  it('53300, the role at its connection limit: the students list answers 503 with the sentence, then 200 once it is lifted', async () => {
    expect((await studentsList()).statusCode).toBe(200);
    await admin.query(`alter role ${role} connection limit 0`);
    await dropAppConnections();
    const refusal = (await newConnectionError()) as { code?: string; message?: string };
    expect(refusal).toMatchObject({ code: '53300', message: `too many connections for role "${role}"` });
    expect(isDatabaseUnavailable(refusal)).toBe(true);

    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await studentsList();
      expect(response.statusCode, response.body).toBe(503);
      expect(response.json()).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE });
    }

    await admin.query(`alter role ${role} connection limit -1`);
    expect((await studentsList()).statusCode).toBe(200);
  });

  it('55000, the database closed to connections: 503 with the sentence, then 200 once it is open again', async () => {
    await admin.query(`alter database ${name} allow_connections false`);
    await dropAppConnections();
    expect(await newConnectionError()).toMatchObject({ code: '55000', message: `database "${name}" is not currently accepting connections` });

    const response = await studentsList();
    expect(response.statusCode, response.body).toBe(503);
    expect(response.json()).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE });

    await admin.query(`alter database ${name} allow_connections true`);
    expect((await studentsList()).statusCode).toBe(200);
  });
});

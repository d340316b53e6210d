import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionCookieForUser, type TestApp } from '../test/app.js';
import { testDrivers } from '../test/databases.js';
import { createStudent, type CreatedStudent } from '../test/factories.js';
import { isDatabaseUnavailable, isUnavailableSqlState } from './error-handler.js';

/**
 * PostgreSQL saying it cannot serve (too many connections, starting up or shutting down, out of disk
 * or memory, a lost connection) is answered 503 with the database sentence; errors about the query
 * or the data are not.
 */

const UNAVAILABLE = 'The database is not reachable right now. Please try again in a minute.';

/** An error as pg gives it (pg-protocol's DatabaseError), optionally wrapped as Drizzle wraps it. */
function pgError(code: string, message = 'some message'): Error {
  const error = new pg.DatabaseError(message, message.length, 'error');
  error.code = code;
  return error;
}
const drizzleWrapped = (cause: Error) => new DrizzleQueryError('select 1 where $1', ['scrypt$32768$8$1$salt$key'], cause);

describe('isUnavailableSqlState', () => {
  it.each([
    ['53300', 'sorry, too many clients already'],
    ['53000', 'insufficient resources'],
    ['53100', 'could not extend file: No space left on device'],
    ['53200', 'out of memory'],
    ['57P01', 'terminating connection due to administrator command'],
    ['57P02', 'terminating connection because of crash of another server process'],
    ['57P03', 'the database system is starting up'],
    ['57P03', 'the database system is shutting down'],
    ['08006', 'connection failure'],
    ['08001', 'could not connect'],
    ['08P01', 'protocol violation'],
    ['55000', 'recovery is in progress'],
    ['55000', 'database "parley" is not currently accepting connections'],
  ])('%s (%s) means the database cannot serve', (code, message) => {
    expect(isUnavailableSqlState(code, message)).toBe(true);
    expect(isDatabaseUnavailable(pgError(code, message))).toBe(true);
    expect(isDatabaseUnavailable(drizzleWrapped(pgError(code, message)))).toBe(true);
  });

  it.each([
    ['55P03', 'could not obtain lock on row in relation "users"'],
    ['55006', 'database "x" is being accessed by other users'],
    ['55000', 'currval of sequence "users_id_seq" is not yet defined in this session'],
    ['57014', 'canceling statement due to statement timeout'],
    ['23505', 'duplicate key value violates unique constraint'],
    ['22021', 'invalid byte sequence for encoding "UTF8": 0x00'],
    ['XX000', 'internal error'],
  ])('%s (%s) is not about the server', (code, message) => {
    expect(isUnavailableSqlState(code, message)).toBe(false);
    expect(isDatabaseUnavailable(drizzleWrapped(pgError(code, message)))).toBe(false);
  });

  it('knows socket errors, a lost connection and a closed PGlite, bare or wrapped', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED', errno: -111, syscall: 'connect' });
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(drizzleWrapped(refused))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new AggregateError([refused, refused], ''), { code: undefined }))).toBe(true);
    expect(isDatabaseUnavailable(drizzleWrapped(new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(isDatabaseUnavailable(drizzleWrapped(new Error('PGlite is closed')))).toBe(true);
    expect(isDatabaseUnavailable(drizzleWrapped(new Error('Cannot use a pool after calling end on the pool')))).toBe(true);
    expect(isDatabaseUnavailable(drizzleWrapped(new Error('Client was closed and is not queryable')))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('knows the error pg gives through Drizzle when nothing listens on the port', async () => {
    const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:1/none', connectionTimeoutMillis: 2000 });
    pool.on('error', () => {});
    const error = await drizzle(pool).execute(sql`select 1`).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    await pool.end();
    expect(error).toBeDefined();
    expect(isDatabaseUnavailable(error)).toBe(true);
  });
});

describe.each(testDrivers)('a database refusing to serve, through the app (%s)', (driver) => {
  let t: TestApp;
  let student: CreatedStudent;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp({ driver });
    student = await createStudent(t.database.db);
    cookie = await sessionCookieForUser(t.database.db, student.user.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each([
    ['53300', 'sorry, too many clients already', 503],
    ['57P03', 'the database system is shutting down', 503],
    ['53100', 'could not extend file: No space left on device', 503],
    ['55P03', 'could not obtain lock on row in relation users', 500],
  ])('a query failing with %s (%s) is answered %i', async (code, message, status) => {
    // The real error, as this driver and Drizzle shape it: raised by the database itself.
    await t.database.db.execute(
      sql.raw(`create or replace function parley_refuse() returns trigger language plpgsql as $$
        begin raise exception using errcode = '${code}', message = '${message}'; end $$`),
    );
    await t.database.db.execute(sql`drop trigger if exists parley_refuse on users`);
    await t.database.db.execute(sql`create trigger parley_refuse before update on users for each row execute function parley_refuse()`);
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/change-password',
        headers: { cookie },
        payload: { currentPassword: student.password, newPassword: 'a brand new password' },
      });
      expect(response.statusCode).toBe(status);
      if (status === 503) expect(response.json()).toEqual({ message: UNAVAILABLE });
      else expect(response.json()).toEqual({ message: 'Something went wrong on the server. Please try again.' });
    } finally {
      await t.database.db.execute(sql`drop trigger if exists parley_refuse on users`);
    }
  });
});

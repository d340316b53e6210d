import net from 'node:net';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase, withSystemCode } from '../db/open.js';
import { startupProblem } from './startup-problem.js';

describe('what an operator reads when the server cannot start', () => {
  it('says what to do for the errors a first installation meets, never a stack', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5499'), { code: 'ECONNREFUSED', address: '127.0.0.1', port: 5499 });
    expect(startupProblem(refused)).toBe('Nothing answered at 127.0.0.1:5499 (connection refused). Start the database (or Redis) it names, or correct DATABASE_URL (or REDIS_URL).');
    const denied = Object.assign(new Error("EACCES: permission denied, open '/var/lib/parley/parley.lock'"), { code: 'EACCES', path: '/var/lib/parley/parley.lock' });
    expect(startupProblem(denied)).toMatch(/^This user may not write \/var\/lib\/parley\/parley\.lock \(EACCES\)\. Make DATA_DIR and everything in it belong to the user.*chown -R parley:parley/);
    const missing = Object.assign(new Error('database "parley" does not exist'), { code: '3D000' });
    expect(startupProblem(missing)).toBe('PostgreSQL says: database "parley" does not exist. Create the database first (createdb), or correct the name in DATABASE_URL.');
    expect(startupProblem(Object.assign(new Error('password authentication failed for user "parley"'), { code: '28P01' }))).toMatch(/^PostgreSQL refused the user in DATABASE_URL/);
    expect(startupProblem(Object.assign(new Error('getaddrinfo ENOTFOUND db.lan'), { code: 'ENOTFOUND' }))).toMatch(/was not found \(ENOTFOUND\)/);
    const taken = Object.assign(new Error('listen EADDRINUSE: address already in use 127.0.0.1:3000'), { code: 'EADDRINUSE', address: '127.0.0.1', port: 3000 });
    expect(startupProblem(taken)).toMatch(/^Another program already listens at 127\.0\.0\.1:3000 \(address in use\).* set PORT \(or HOST\)/);
  });

  it('says what the embedded database met in its folder, which PGlite reports as a bare error number', () => {
    // PGlite's file system throws { name: 'ErrnoError', errno } (WASI numbers), no message and no path.
    const pgliteDenied = { name: 'ErrnoError', errno: 2 };
    expect(startupProblem(withSystemCode(pgliteDenied, '/var/lib/parley/pgdata'))).toMatch(/^This user may not write \/var\/lib\/parley\/pgdata \(EACCES\)\./);
    expect(startupProblem(withSystemCode({ name: 'ErrnoError', errno: 51 }, '/var/lib/parley/pgdata'))).toBe(
      'The disk holding /var/lib/parley/pgdata is full (ENOSPC). Free some space on it, or set DATA_DIR to a folder on a disk with room.',
    );
    // An error number not mapped, or another error, is left as it is.
    const other = { name: 'ErrnoError', errno: 999 };
    expect(withSystemCode(other, '/x')).toBe(other);
    const plain = new Error('boom');
    expect(withSystemCode(plain, '/x')).toBe(plain);
    const file = Object.assign(new Error("EEXIST: file already exists, mkdir '/srv/parley'"), { code: 'EEXIST', path: '/srv/parley' });
    expect(startupProblem(file)).toMatch(/^\/srv\/parley is a file, or lies inside one, where the data folder is to be \(EEXIST\)\. Set DATA_DIR to a folder/);
  });

  it("says a port below 1024 is the port, not the data folder, and names a HOST the machine does not have (the server's own listen)", async () => {
    // EACCES on listen, as a user who is not root meets it on port 443 (the tests may run as root, where it cannot be met).
    const low = Object.assign(new Error('listen EACCES: permission denied 0.0.0.0:443'), { code: 'EACCES', syscall: 'listen', address: '0.0.0.0', port: 443 });
    expect(startupProblem(low)).toBe('This user may not listen at 0.0.0.0:443 (EACCES): ports below 1024 need root. Keep PORT at 3000 (or another above 1023) behind the reverse proxy, which takes 443 (docs/deploy.md).');
    // A real listen on an address of no interface here (TEST-NET-1, RFC 5737).
    const server = net.createServer();
    const error = await new Promise<unknown>((resolve) => {
      server.once('error', resolve);
      server.listen(0, '192.0.2.1', () => resolve(null));
    });
    server.close();
    expect(startupProblem(error)).toBe('This machine has no address 192.0.2.1 (address not available). Set HOST to one of its own addresses, or to 127.0.0.1 behind a reverse proxy on the same machine.');
  });

  it("names DATABASE_URL when what answers there is not PostgreSQL (a real pg pool's errors)", async () => {
    // One listener that never answers, one that answers as Redis does to a stranger.
    const listening = (server: net.Server) => new Promise<net.Server>((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
    const silent = await listening(net.createServer(() => {}));
    const wrong = await listening(net.createServer((socket) => socket.end('-ERR unknown command\r\n')));
    const portOf = (server: net.Server) => (server.address() as net.AddressInfo).port;
    try {
      for (const server of [silent, wrong]) {
        const pool = new pg.Pool({ connectionString: `postgres://parley@127.0.0.1:${portOf(server)}/parley`, connectionTimeoutMillis: 500 });
        const error = await pool.query('select 1').then(() => null, (caught: unknown) => caught);
        await pool.end();
        expect(startupProblem(error)).toMatch(/^Something at the address in DATABASE_URL took the connection but did not answer as PostgreSQL does \(Connection terminated/);
      }
    } finally {
      silent.close();
      wrong.close();
    }
  });

  it('says the user must own the database when PostgreSQL refuses it a change there (a real refusal)', async () => {
    const admin = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const suffix = `${process.pid}_${Date.now()}`;
    const database = `parley_not_owned_${suffix}`;
    const role = `parley_not_owner_${suffix}`;
    const server = new pg.Client({ connectionString: admin });
    await server.connect();
    try {
      await server.query(`create database ${database}`);
      await server.query(`create role ${role} login`);
      // The database and its drizzle schema made by another role, as when it was created by hand.
      const owner = new pg.Client({ connectionString: Object.assign(new URL(admin), { pathname: `/${database}` }).toString() });
      await owner.connect();
      await owner.query('create schema drizzle');
      await owner.end();
      const asRole = new URL(admin);
      Object.assign(asRole, { username: role, password: '', pathname: `/${database}` });
      // The start's own path: opening the database runs the migrations, which write in drizzle.
      const error = await openDatabase({ kind: 'postgres', url: asRole.toString() }).then(
        (opened) => opened.close().then(() => null),
        (caught: unknown) => caught,
      );
      expect(startupProblem(error)).toBe(
        'PostgreSQL refused the user in DATABASE_URL a change to the database (permission denied for schema drizzle). That user must own the database and what is in it: make the database with createdb -O and that user (docs/deploy.md), or, as the postgres user, give it the existing one with ALTER DATABASE, ALTER SCHEMA public and ALTER SCHEMA drizzle ... OWNER TO that user.',
      );
    } finally {
      await server.query(`drop database if exists ${database} with (force)`);
      await server.query(`drop role if exists ${role}`);
      await server.end();
    }
  });

  it('leaves anything else to be shown as it is', () => {
    expect(startupProblem(new Error('something else'))).toBeNull();
    expect(startupProblem('a string')).toBeNull();
  });
});

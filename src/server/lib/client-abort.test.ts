import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAttempt, WEBM_SIGNATURE } from '../test/attempt-fixtures.js';
import { createTestApp, sessionCookieForUser, type TestApp } from '../test/app.js';
import { testDrivers } from '../test/databases.js';
import { createStudent, type CreatedStudent } from '../test/factories.js';

/**
 * A phone that loses its network mid-upload is normal: the request log says so in one info line
 * without a stack. A server fault during an upload stays an error with its stack.
 */

interface LogLine {
  level: number;
  msg: string;
  err?: { stack?: string };
  [key: string]: unknown;
}

/** Sends the head and part of the body promised by Content-Length, then closes the socket. */
function sendPartly(port: number, head: string, part: Buffer): Promise<void> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(head);
      socket.write(part, () => setTimeout(() => socket.destroy(), 100));
    });
    socket.on('close', () => resolve());
    socket.on('error', () => resolve());
  });
}

const cases = testDrivers.flatMap((driver) => (['file', 'database'] as const).map((store) => [driver, store] as const));

describe.each(cases)('a request cut off by its client (%s, store %s)', (driver, store) => {
  let t: TestApp;
  let student: CreatedStudent;
  let cookie: string;
  let port: number;
  const raw: string[] = [];
  const lines = () => raw.map((line) => JSON.parse(line) as LogLine);

  beforeAll(async () => {
    t = await createTestApp({ driver, env: { RECORDING_STORE: store }, logger: { level: 'info', stream: { write: (line: string) => void raw.push(line) } } });
    student = await createStudent(t.database.db);
    cookie = await sessionCookieForUser(t.database.db, student.user.id);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(() => {
    raw.length = 0;
  });

  // The bytes promised but never sent stay within each route's body limit (a sign-in's is 4 KB), or it is refused before it is read.
  it.each([
    ['a recording upload', (id: string) => `PUT /api/attempts/${id}/recording`, 'audio/webm', Buffer.concat([WEBM_SIGNATURE, Buffer.alloc(20_000)]), 100_000],
    ['a JSON body', () => 'POST /api/login', 'application/json', Buffer.from('{"username":"asha","pass'), 1_000],
  ])('%s: one info line without a stack, no error', async (_name, target, type, part, missing) => {
    const id = await createAttempt(t.database.db, student.student.id);
    const head = `${target(id)} HTTP/1.1\r\nHost: x\r\nCookie: ${cookie}\r\nContent-Type: ${type}\r\nContent-Length: ${part.length + missing}\r\n\r\n`;
    await sendPartly(port, head, part);
    await expect.poll(() => lines().find((line) => line.msg === 'the client closed the connection before its request was complete'), { timeout: 10_000 }).toBeDefined();
    const logged = lines();
    const abort = logged.find((line) => line.msg === 'the client closed the connection before its request was complete');
    expect(abort).toMatchObject({ level: 30, code: 'ECONNRESET', reason: 'aborted' });
    expect(JSON.stringify(abort)).not.toContain('stack');
    expect(logged.filter((line) => line.level >= 40), raw.join('')).toEqual([]);
    // The server goes on serving.
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
  });

  it('a client that leaves while the session is read (a busy database): the same line at once, not a request held until its deadline', async () => {
    // The session lookup before the body is read waits on a lock; the client sends part of the body
    // and leaves meanwhile, so the request's stream has failed before its parser listens.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked: () => void = () => {};
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const holding = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`lock table sessions in access exclusive mode`);
      locked();
      await held;
    });
    await lockTaken;
    const part = Buffer.from('{"username":"asha","pass');
    const head = `POST /api/login HTTP/1.1\r\nHost: x\r\nCookie: ${cookie}\r\nContent-Type: application/json\r\nContent-Length: ${part.length + 100}\r\n\r\n`;
    await sendPartly(port, head, part);
    await expect.poll(() => lines().some((line) => line.msg === 'incoming request')).toBe(true);
    release();
    await holding;
    // Well inside the body's 120 s deadline, which would otherwise end it with another line.
    await expect.poll(() => lines().find((line) => line.msg === 'the client closed the connection before its request was complete'), { timeout: 10_000 }).toMatchObject({ level: 30, code: 'ECONNRESET' });
    expect(lines().filter((line) => line.level >= 40), raw.join('')).toEqual([]);
  });

  it('a server fault during a whole upload is still an error with its stack', async () => {
    const id = await createAttempt(t.database.db, student.student.id);
    await t.database.db.execute(
      sql.raw(`create or replace function parley_fail_recording() returns trigger language plpgsql as $$
        begin raise exception using errcode = 'XX000', message = 'forced failure'; end $$`),
    );
    await t.database.db.execute(sql`create trigger parley_fail_recording before insert on recordings for each row execute function parley_fail_recording()`);
    try {
      const answer = await fetch(`http://127.0.0.1:${port}/api/attempts/${id}/recording`, {
        method: 'PUT',
        headers: { cookie, 'content-type': 'audio/webm' },
        body: Buffer.concat([WEBM_SIGNATURE, Buffer.alloc(20_000)]),
      });
      expect(answer.status).toBe(500);
      const failure = lines().find((line) => line.msg === 'request failed');
      expect(failure, raw.join('')).toMatchObject({ level: 50 });
      expect(failure?.err?.stack).toContain('Failed query: insert into "recordings"');
      expect(failure?.err?.stack).toMatch(/\n\s+at /);
      expect(lines().some((line) => line.msg === 'the client closed the connection before its request was complete')).toBe(false);
    } finally {
      await t.database.db.execute(sql`drop trigger parley_fail_recording on recordings`);
    }
  });
});

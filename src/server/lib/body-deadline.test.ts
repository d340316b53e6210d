import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RECORDING_MAX_BYTES } from '../../shared/api/attempts-limits.js';
import { streamedBodyDeadlineMs } from '../../shared/api/body-time-limits.js';
import { HEADERS_TIMEOUT_MS } from '../app.js';
import { recordingChunks, recordings } from '../db/schema-recordings.js';
import { createAttempt, WEBM_SIGNATURE } from '../test/attempt-fixtures.js';
import { createTestApp, sessionCookieForUser, type TestApp } from '../test/app.js';
import { testDrivers } from '../test/databases.js';
import { createStudent } from '../test/factories.js';

/**
 * Each request's body has its own time limit (body-deadline.ts), here made small: 0.5 s for any body;
 * the recording upload as long as 2,000 bytes a second needs (300 s for 600,000 bytes), ended after
 * 0.6 s without a byte. Real sockets: the limits are about bytes arriving on a connection.
 */
const LIMITS = { bodyMs: 500, minBytesPerSecond: 2_000, idleMs: 600 };
const ENDED = 'the request body did not arrive in time: the connection was closed';
const CLIENT_GONE = 'the client closed the connection before its request was complete';

interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

/**
 * Writes `head`, then `pieces` one every `everyMs` while the connection is open. Resolves with what
 * came back once the connection closes (or after `giveUpMs`, when this side closes it) and when.
 */
function drip(port: number, head: string, pieces: Buffer[], everyMs: number, giveUpMs = 5000): Promise<{ answer: string; closedAfterMs: number }> {
  return new Promise((resolve) => {
    const started = performance.now();
    let answer = '';
    let next: NodeJS.Timeout | undefined;
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(head);
      const send = (index: number) => {
        const piece = pieces[index];
        if (!piece || socket.destroyed) return;
        socket.write(piece);
        next = setTimeout(() => send(index + 1), everyMs);
      };
      send(0);
    });
    const giveUp = setTimeout(() => socket.destroy(), giveUpMs);
    socket.on('data', (data) => (answer += data.toString('latin1')));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(next);
      clearTimeout(giveUp);
      resolve({ answer, closedAfterMs: performance.now() - started });
    });
  });
}

const piecesOf = (bytes: Buffer, size: number) => Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => bytes.subarray(i * size, (i + 1) * size));

describe('the time limit of a JSON body', () => {
  let t: TestApp;
  let port: number;
  const raw: string[] = [];
  const lines = () => raw.map((line) => JSON.parse(line) as LogLine);
  beforeAll(async () => {
    t = await createTestApp({ bodyTimeLimits: LIMITS, logger: { level: 'info', stream: { write: (line: string) => void raw.push(line) } } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => t?.close());

  it('cuts off a body dripped slower than the limit: 408 with a sentence, the connection closed, one log line', async () => {
    const body = Buffer.from(JSON.stringify({ username: 'asha', password: 'a password long enough' }));
    const head = `POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    // One byte every 100 ms: the whole body would take over 5 s.
    const { answer, closedAfterMs } = await drip(port, head, piecesOf(body, 1), 100);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toContain('"message":"The request did not arrive within 1 second, so the server stopped waiting for it.');
    expect(closedAfterMs).toBeLessThan(3000);
    await expect.poll(() => lines().filter((line) => line.msg === ENDED)).toEqual([expect.objectContaining({ level: 30, reason: 'deadline', limitMs: 500 })]);
    expect(lines().filter((line) => line.msg === CLIENT_GONE || line.level >= 40)).toEqual([]);
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
  });

  it('keeps the limit on a body still arriving after an early answer (401 before a byte of it was read)', async () => {
    const head = `PUT /api/attempts/${randomUUID()}/recording HTTP/1.1\r\nHost: x\r\nContent-Type: audio/webm\r\nContent-Length: 200\r\n\r\n`;
    const { answer, closedAfterMs } = await drip(port, head, piecesOf(Buffer.alloc(200, 1), 1), 50);
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(closedAfterMs).toBeLessThan(3000);
  });

  it("holds a refused upload's body to every body's limit, not to the long one its announced size would get", async () => {
    // 600,000 bytes announced: 300 s as an upload. Refused at once (no session), then dripped steadily
    // (a byte every 50 ms, so the idle guard never ends it): only the 0.5 s of any body holds it.
    const head = `PUT /api/attempts/${randomUUID()}/recording HTTP/1.1\r\nHost: x\r\nContent-Type: audio/webm\r\nContent-Length: 600000\r\n\r\n`;
    const { answer, closedAfterMs } = await drip(port, head, piecesOf(Buffer.alloc(200, 1), 1), 50);
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(closedAfterMs).toBeLessThan(3000);
    await expect.poll(() => lines().filter((line) => line.msg === ENDED).at(-1)).toEqual(expect.objectContaining({ reason: 'deadline', limitMs: 500, announcedBytes: 600_000 }));
  });

  it("turns Node's one limit for the whole server off and keeps a limit on the headers (slow-headers.test.ts)", () => {
    expect(t.app.server.requestTimeout).toBe(0);
    expect(t.app.server.headersTimeout).toBe(HEADERS_TIMEOUT_MS);
    expect(HEADERS_TIMEOUT_MS).toBeGreaterThan(0);
  });
});

const cases = testDrivers.flatMap((driver) => (['file', 'database'] as const).map((store) => [driver, store] as const));

describe.each(cases)('the time limit of a recording upload (%s, store %s)', (driver, store) => {
  let t: TestApp;
  let cookie: string;
  let studentId: number;
  let port: number;
  const raw: string[] = [];
  const lines = () => raw.map((line) => JSON.parse(line) as LogLine);
  const upload = Buffer.concat([WEBM_SIGNATURE, Buffer.alloc(600_000 - WEBM_SIGNATURE.length, 7)]);
  const head = (id: string) =>
    `PUT /api/attempts/${id}/recording HTTP/1.1\r\nHost: x\r\nCookie: ${cookie}\r\nContent-Type: audio/webm\r\nContent-Length: ${upload.length}\r\nConnection: close\r\n\r\n`;
  const rowOf = async (id: string) => (await t.database.db.select().from(recordings).where(eq(recordings.attemptId, id)))[0];
  const chunkRows = async () => (await t.database.db.select({ n: count() }).from(recordingChunks))[0]?.n ?? 0;
  const incomingFiles = async () => (await readdir(path.join(t.config.DATA_DIR, 'recordings', 'incoming')).catch(() => [])).length;

  beforeAll(async () => {
    t = await createTestApp({ driver, env: { RECORDING_STORE: store }, bodyTimeLimits: LIMITS, logger: { level: 'info', stream: { write: (line: string) => void raw.push(line) } } });
    const student = await createStudent(t.database.db);
    studentId = student.student.id;
    cookie = await sessionCookieForUser(t.database.db, student.user.id);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => t?.close());
  beforeEach(() => {
    raw.length = 0;
  });

  it('stores whole an upload sent steadily for longer than the limit of other bodies', async () => {
    const id = await createAttempt(t.database.db, studentId);
    // 20 pieces 75 ms apart: about 1.5 s, three times the 0.5 s of a JSON body, well inside the upload's 300 s.
    const { answer } = await drip(port, head(id), piecesOf(upload, 30_000), 75);
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect((await rowOf(id))?.sizeBytes).toBe(upload.length);
    const stored = await t.app.inject({ url: `/api/attempts/${id}/recording`, headers: { cookie } });
    expect(stored.rawPayload.equals(upload)).toBe(true);
    expect(lines().filter((line) => line.msg === ENDED)).toEqual([]);
  });

  it('ends an upload that stalls, long before its own limit, and stores nothing of it', async () => {
    const id = await createAttempt(t.database.db, studentId);
    const chunksBefore = await chunkRows();
    // Half of it (more than one 256 KiB piece of the database store), then nothing: the idle guard
    // (0.6 s) ends it, not the upload's limit (300 s).
    const { answer, closedAfterMs } = await drip(port, head(id), piecesOf(upload, 30_000).slice(0, 10), 50);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toContain('"message":"Nothing more of the request arrived for 1 second, so the server stopped waiting for it.');
    expect(closedAfterMs).toBeLessThan(3000);
    expect(lines().filter((line) => line.msg === ENDED)).toEqual([expect.objectContaining({ reason: 'idle', limitMs: 600, announcedBytes: upload.length })]);
    // What was written of it is deleted, as for a client that drops the connection.
    await expect.poll(async () => (store === 'file' ? incomingFiles() : chunkRows()), { timeout: 5000 }).toBe(store === 'file' ? 0 : chunksBefore);
    expect(await rowOf(id)).toBeUndefined();
    expect(lines().filter((line) => line.msg === CLIENT_GONE || line.level >= 40)).toEqual([]);
  });
});

describe('streamedBodyDeadlineMs', () => {
  it('gives an upload as long as 2,000 bytes a second need, at least 120 s, counted on at most the largest recording', () => {
    expect(streamedBodyDeadlineMs(3_600_000, RECORDING_MAX_BYTES)).toBe(30 * 60_000);
    expect(streamedBodyDeadlineMs(10_000, RECORDING_MAX_BYTES)).toBe(120_000);
    expect(streamedBodyDeadlineMs(undefined, RECORDING_MAX_BYTES)).toBe(20_971_520);
    expect(streamedBodyDeadlineMs(10 * RECORDING_MAX_BYTES, RECORDING_MAX_BYTES)).toBe(20_971_520);
  });
});

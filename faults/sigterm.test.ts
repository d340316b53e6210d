import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { ADMIN_PASSWORD, sleep, startServer, type RunningServer } from './support.js';

/**
 * SIGTERM with requests in flight (the built server, close-with-grace in main.ts): requests already
 * received are answered in full, new connections are refused, every connection accepted before the
 * signal gets an HTTP answer (lib/graceful-stop.ts), and the process exits with code 0.
 */

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-faults-'));
let server: RunningServer | undefined;

afterAll(() => {
  if (server?.child.exitCode === null) server.child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * A sign-in whose body arrives in two parts, `pauseMs` apart: the server has the request (headers
 * read, body on its way) for all that time. Resolves with the status and whether a session cookie came.
 */
function slowSignIn(baseUrl: string, pauseMs: number, onFirstPart: () => void): Promise<{ status: number; cookie: boolean; body: string }> {
  const body = JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD });
  const half = Math.floor(body.length / 2);
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${baseUrl}/api/login`,
      { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, cookie: (response.headers['set-cookie'] ?? []).length > 0, body: text }));
      },
    );
    request.on('error', reject);
    request.write(body.slice(0, half));
    request.flushHeaders();
    setTimeout(onFirstPart, 100);
    setTimeout(() => request.end(body.slice(half)), pauseMs);
  });
}

it('finishes the requests in flight, refuses new ones and exits 0 on SIGTERM', async () => {
  server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: 'info' });
  const running = server;
  let signalled = false;
  // Three slow sign-ins are in flight (their bodies still arriving) when SIGTERM comes.
  const inFlight = Array.from({ length: 3 }, () =>
    slowSignIn(running.baseUrl, 1500, () => {
      if (!signalled) {
        signalled = true;
        running.child.kill('SIGTERM');
      }
    }),
  );
  await sleep(600);
  // After the signal: a new connection is refused (or, if the listener were still open, answered 503).
  const late = await fetch(`${running.baseUrl}/api/health`).then(
    (response) => `status ${response.status}`,
    (error: unknown) => `refused: ${String((error as { cause?: { code?: string } }).cause?.code ?? error)}`,
  );
  expect(late).toMatch(/^refused: ECONNREFUSED$|^status 503$/);

  const answers = await Promise.all(inFlight);
  for (const answer of answers) {
    expect(answer.status, answer.body).toBe(200);
    expect(answer.cookie).toBe(true);
    expect(JSON.parse(answer.body)).toMatchObject({ username: 'admin', isAdmin: true });
  }
  const answeredAt = Date.now();
  expect(await running.exited).toBe(0);
  // Within close-with-grace's 10 s: an idle keep-alive connection of a client holds it up to 5 s (Node's keepAliveTimeout).
  expect(Date.now() - answeredAt).toBeLessThan(10_000);
  expect(running.output()).toContain('shutting down: finishing requests in progress');
});

/**
 * A raw TCP connection to the server, connected. `get()` sends one GET and resolves with the answer's
 * status line once the whole answer (headers and Content-Length bytes) is in, or with how the
 * connection ended without one ("no answer (error ECONNRESET)").
 */
function openConnection(port: number): Promise<{ get: (urlPath: string) => Promise<string> }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    let buffer = '';
    let ended: string | undefined;
    let waiter: ((answer: string) => void) | undefined;
    /** The first complete answer in the buffer, taken out of it. */
    const takeAnswer = (): string | undefined => {
      const headerEnd = buffer.indexOf('\r\n\r\n');
      if (headerEnd < 0) return undefined;
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(buffer.slice(0, headerEnd))?.[1] ?? 0);
      if (buffer.length < headerEnd + 4 + length) return undefined;
      const statusLine = buffer.slice(0, buffer.indexOf('\r\n'));
      buffer = buffer.slice(headerEnd + 4 + length);
      return statusLine;
    };
    const check = () => {
      if (!waiter) return;
      const answer = takeAnswer() ?? (ended ? `no answer (${ended}): ${buffer}` : undefined);
      if (answer === undefined) return;
      const done = waiter;
      waiter = undefined;
      done(answer);
    };
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('latin1');
      check();
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      ended ??= `error ${error.code ?? error.message}`;
      check();
    });
    socket.on('close', () => {
      ended ??= 'closed';
      check();
    });
    socket.setTimeout(20_000, () => socket.destroy());
    socket.once('connect', () =>
      resolve({
        get: (urlPath) =>
          new Promise((done) => {
            waiter = done;
            if (!ended) socket.write(`GET ${urlPath} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
            check();
          }),
      }),
    );
    socket.once('error', reject);
  });
}

it('answers a request on every connection it accepted before SIGTERM, then exits 0', async () => {
  server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: 'info' });
  const running = server;
  const port = Number(new URL(running.baseUrl).port);
  // Forty connections to an idle server: twenty fresh (accepted, no request yet) and twenty kept
  // alive after one answered request (idle: Node's server.close() drops those at once).
  const connections = await Promise.all(Array.from({ length: 40 }, () => openConnection(port)));
  const kept = connections.slice(20);
  for (const first of await Promise.all(kept.map((connection) => connection.get('/api/health')))) expect(first).toMatch(/^HTTP\/1\.1 200 /);
  await sleep(300);
  running.child.kill('SIGTERM');
  await sleep(100);
  const answers = await Promise.all(connections.map((connection, index) => connection.get(index % 2 === 0 ? '/api/health' : '/api/courses/active')));
  for (const answer of answers) expect(answer).toMatch(/^HTTP\/1\.1 (200|503) /);
  expect(answers.filter((answer) => answer.includes(' 503 ')).length, answers.join('\n')).toBeGreaterThan(0);
  expect(await running.exited).toBe(0);
});

it('answers 503 with a sentence and Connection: close once stopping', async () => {
  server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
  const running = server;
  const port = Number(new URL(running.baseUrl).port);
  const answer = await new Promise<string>((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1' }, () => {
      running.child.kill('SIGTERM');
      setTimeout(() => socket.write(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`), 300);
    });
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
    socket.on('close', () => resolve(text));
    socket.on('error', reject);
  });
  expect(answer).toMatch(/^HTTP\/1\.1 503 /);
  expect(answer.toLowerCase()).toContain('connection: close');
  expect(answer).toContain('{"message":"The server is restarting. Please try again in a moment."}');
  expect(await running.exited).toBe(0);
});

import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { ADMIN_PASSWORD, sleep, startServer, type RunningServer } from './support.js';

/**
 * SIGTERM with requests in flight (the built server, close-with-grace in main.ts): requests already
 * received are answered in full, new connections are refused, and the process exits with code 0.
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

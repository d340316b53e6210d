/*
 * A stop that drops nothing, on a busy machine: the built server (node dist/node/server/main.js, as
 * `npm start` runs it) gets SIGTERM 100 ms after 36 requests were sent on 36 new connections, while a
 * busy loop runs on every core. Every connection the kernel accepted is answered over HTTP (200, or
 * 503 with its sentence once the server is stopping), none is reset, and the process exits 0.
 * faults/sigterm.test.ts covers the same on an idle machine, with keep-alive connections too.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { clientDistDir, freePort } from './support/index.js';
import { isRunning, spawnApp, waitUntilHealthy, type AppProcess } from './support/app-process.js';

const ADMIN_PASSWORD = 'loaded-stop-admin-password';
const RESTARTING = '{"message":"The server is restarting. Please try again in a moment."}';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-sigterm-loaded-'));
let app: AppProcess | undefined;
const busyLoops: ChildProcess[] = [];

afterAll(() => {
  for (const loop of busyLoops) loop.kill('SIGKILL');
  if (app && isRunning(app)) app.child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** One process spinning on a core until killed. */
function startBusyLoop(): ChildProcess {
  const loop = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
  busyLoops.push(loop);
  return loop;
}

/**
 * One request on a new connection, written as soon as it is connected. Resolves with the answer's
 * status line and body, or with how the connection ended without a whole answer ("no answer (error ECONNRESET)").
 */
function requestOnNewConnection(port: number, request: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' }, () => socket.write(request));
    let text = '';
    let settled = false;
    const settle = (how: string) => {
      if (settled) return;
      settled = true;
      const headerEnd = text.indexOf('\r\n\r\n');
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(text.slice(0, Math.max(headerEnd, 0)))?.[1] ?? -1);
      // Without Content-Length (a chunked page), the answer ends with the connection (Connection: close).
      const whole = headerEnd >= 0 && (length >= 0 ? Buffer.byteLength(text.slice(headerEnd + 4)) >= length : how === 'closed');
      resolve(whole ? `${text.slice(0, text.indexOf('\r\n'))} ${text.slice(headerEnd + 4, headerEnd + 4 + 200)}` : `no answer (${how}): ${text.slice(0, 200)}`);
      socket.destroy();
    };
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const headerEnd = text.indexOf('\r\n\r\n');
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(text.slice(0, Math.max(headerEnd, 0)))?.[1] ?? -1);
      if (headerEnd >= 0 && length >= 0 && Buffer.byteLength(text.slice(headerEnd + 4)) >= length) settle('answered');
    });
    socket.on('error', (error: NodeJS.ErrnoException) => settle(`error ${error.code ?? error.message}`));
    socket.on('close', (hadError) => settle(hadError ? 'closed after an error' : 'closed'));
    socket.setTimeout(30_000, () => settle('timeout'));
  });
}

function get(port: number, urlPath: string): string {
  return `GET ${urlPath} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`;
}

function signIn(port: number): string {
  const body = JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD });
  return `POST /api/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
}

it('answers all 36 requests sent 100 ms before SIGTERM with every core busy (none reset), then exits 0', async () => {
  const port = await freePort();
  app = spawnApp(port, { DATA_DIR: dataDir, ADMIN_PASSWORD, PARLEY_CLIENT_DIR: clientDistDir });
  await waitUntilHealthy(app);
  const running = app;

  for (let core = 0; core < os.availableParallelism(); core += 1) startBusyLoop();
  // The loops are spinning before the requests go out.
  await new Promise((resolve) => setTimeout(resolve, 300));

  // A mix of what a class does at once: the sign-in page, the health check, and 9 sign-ins (each a
  // password hash of ~100 ms; fewer than the account's budget of 10, so none is answered 429).
  const requests = Array.from({ length: 36 }, (_, index) => {
    if (index % 4 === 0) return signIn(port);
    return get(port, index % 2 === 1 ? '/api/health' : '/auth');
  });
  const answers = Promise.all(requests.map((request) => requestOnNewConnection(port, request)));
  await new Promise((resolve) => setTimeout(resolve, 100));
  running.child.kill('SIGTERM');

  const results = await answers;
  // Every answer is in: the other tests running meanwhile get the cores back.
  for (const loop of busyLoops) loop.kill('SIGKILL');
  const summary = results.join('\n');
  for (const result of results) {
    expect(result, summary).toMatch(/^HTTP\/1\.1 (200|503) /);
    if (result.startsWith('HTTP/1.1 503 ')) expect(result, summary).toContain(RESTARTING);
  }
  expect(await running.exited, running.output()).toBe(0);
});

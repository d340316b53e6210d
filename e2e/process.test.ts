import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clientDistDir, freePort, launchBrowser, newPage, projectRoot, type LaunchedBrowser } from './support/index.js';

/**
 * The built server as `npm start` runs it (node dist/node/server/main.js): a real process with its
 * own data folder, started, used through a real browser, refused a second time, and stopped by a signal.
 */
const serverEntry = path.join(projectRoot, 'dist/node/server/main.js');

interface RunningServer {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startServer(env: Record<string, string>): RunningServer {
  const child = spawn(process.execPath, [serverEntry], {
    // PARLEY_CLIENT_DIR: the client the harness serves (dist/client, or PARLEY_TEST_CLIENT_DIR's build).
    env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), LOG_LEVEL: 'info', HOST: '127.0.0.1', PARLEY_CLIENT_DIR: clientDistDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitForHealth(baseUrl: string, server: RunningServer, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited early:\n${server.output()}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not become healthy:\n${server.output()}`);
}

let browser: LaunchedBrowser;
const dataDirs: string[] = [];
const running: RunningServer[] = [];

beforeAll(async () => {
  if (!existsSync(serverEntry)) throw new Error(`${serverEntry} is missing: run npm run build (npm test does it)`);
  browser = await launchBrowser();
});

afterEach(() => {
  for (const server of running.splice(0)) server.child.kill('SIGKILL');
});

afterAll(async () => {
  await browser?.close();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

function newDataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'parley-process-'));
  dataDirs.push(dir);
  return dir;
}

describe('the server process', () => {
  it('starts on a fresh data folder, serves the app, and the configured admin signs in through /auth', async () => {
    const dataDir = newDataDir();
    const port = await freePort();
    chmodSync(dataDir, 0o755);
    const server = startServer({ DATA_DIR: dataDir, PORT: String(port), ADMIN_PASSWORD: 'first-admin-pass', CLASS_NAME: 'Morning Group' });
    running.push(server);
    const baseUrl = `http://127.0.0.1:${port}`;
    await waitForHealth(baseUrl, server);

    const health = await (await fetch(`${baseUrl}/api/health`)).json();
    expect(health).toEqual({ status: 'ok', database: 'pglite' });
    const landing = await (await fetch(`${baseUrl}/`)).text();
    expect(landing).toContain('Morning Group');
    expect(server.output()).not.toContain('first-admin-pass');

    const page = await newPage(browser.browser);
    await page.goto(`${baseUrl}/auth`);
    await page.getByLabel('Username or mobile number').fill('admin');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('first-admin-pass');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/admin');
    await page.getByRole('heading', { name: 'Welcome, admin' }).waitFor();
    await page.context().close();

    // A second server on the same folder would silently lose writes: it must refuse to start.
    const second = startServer({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    running.push(second);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('is using the data folder');

    // SIGTERM: the first server closes cleanly, releases the lock, and exits 0.
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(readdirSync(dataDir)).not.toContain('parley.lock');

    // The data folder, made by hand as a school's IT person would (0755), is closed to other users:
    // the embedded database writes its files 0666 whatever the umask.
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
  });

  it('prints a generated admin password once when none is configured, and it signs in', async () => {
    const dataDir = newDataDir();
    const port = await freePort();
    const server = startServer({ DATA_DIR: dataDir, PORT: String(port) });
    running.push(server);
    const baseUrl = `http://127.0.0.1:${port}`;
    await waitForHealth(baseUrl, server);
    const password = /Password: (\S+)/.exec(server.output())?.[1];
    expect(password).toMatch(/^\w{4}-\w{4}-\w{4}-\w{4}$/);
    // The console also says where the data is, where mail goes without SMTP_URL, and what phones need.
    expect(server.output()).toContain(`data: the embedded database in ${path.join(dataDir, 'pgdata')}, recordings in ${path.join(dataDir, 'recordings')}`);
    expect(server.output()).toContain(`only written to ${path.join(dataDir, 'outbox')}`);
    expect(server.output()).toContain('PUBLIC_URL is unset. Phones and other computers get the microphone only at an https:// address');
    const login = await fetch(`${baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password }),
    });
    expect(login.status).toBe(200);
    // Printed to the console, it serves for one sign-in: the admin must choose a password first.
    expect(((await login.json()) as { mustChangePassword: boolean }).mustChangePassword).toBe(true);
    const cookie = login.headers.getSetCookie().map((line) => line.split(';')[0] ?? '').join('; ');
    expect((await fetch(`${baseUrl}/api/admin/students`, { headers: { cookie } })).status).toBe(403);
    const chosen = await fetch(`${baseUrl}/api/change-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: baseUrl },
      body: JSON.stringify({ newPassword: 'Chosen-by-the-admin-2026' }),
    });
    expect(chosen.status).toBe(200);
    const printedAgain = await fetch(`${baseUrl}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password }) });
    expect(printedAgain.status).toBe(401);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    // Restarted on the same folder: the admin exists, so no password is printed again.
    const again = startServer({ DATA_DIR: dataDir, PORT: String(port) });
    running.push(again);
    await waitForHealth(baseUrl, again);
    expect(again.output()).not.toContain('Password:');
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  });

  it('on a port another program holds, stops before it creates anything: no admin, no password printed, no database', async () => {
    const dataDir = newDataDir();
    const port = await freePort();
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(port, '127.0.0.1', resolve));
    try {
      const server = startServer({ DATA_DIR: dataDir, PORT: String(port) });
      running.push(server);
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain(`Another program already listens at 127.0.0.1:${port} (address in use)`);
      expect(server.output()).not.toContain('Password:');
      expect(existsSync(path.join(dataDir, 'pgdata'))).toBe(false);
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  });

  it('stops at once with a message naming a bad setting', async () => {
    const server = startServer({ DATA_DIR: newDataDir(), PORT: 'not-a-port', ADMIN_PASSWORD: 'short' });
    running.push(server);
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT');
    expect(server.output()).toContain('ADMIN_PASSWORD must be at least 12 characters.');
    expect(server.output()).toContain('PORT must be a whole number from 0 to 65535, such as 3000.');
  });
});

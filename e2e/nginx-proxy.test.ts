/*
 * Parley behind nginx with the school's own certificate, as docs/deploy.md sets it up ("Or nginx"):
 * the certificate made by the doc's own openssl commands (a small authority of the school's and a
 * certificate for the name and the address), the doc's site blocks (e2e/support/nginx.ts) in front
 * of one built server (`node dist/node/server/main.js`, TRUST_PROXY=true, PUBLIC_URL=https://…) on
 * the embedded database. The app's own answers pass through nginx as they are, a body over
 * client_max_body_size gets nginx's 413, and while the app is stopped (a restart) a request of the
 * app's gets its 503 sentence with Retry-After and a page opened in Chromium says Parley is
 * restarting, where nginx alone would answer a bare 502.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD } from '../faults/support.js';
import { RECORDING_MAX_BYTES } from '../src/shared/api/attempts-limits.js';
import { RESTARTING_MESSAGE } from '../src/server/lib/graceful-stop.js';
import { spawnApp, stopApp, waitUntilHealthy, type AppProcess } from './support/app-process.js';
import { handshake } from './support/caddy.js';
import { clientDistDir, freePort, launchBrowser, newPage, projectRoot, screenshot, type LaunchedBrowser } from './support/index.js';
import { startNginx, type Nginx } from './support/nginx.js';
import { requestThroughProxy, type ProxyAnswer, type ProxyRequestOptions } from './support/through-proxy.js';

const HOST_NAME = 'parley.test';

let app: AppProcess | undefined;
let nginx: Nginx | undefined;
let launched: LaunchedBrowser | undefined;
let certDir = '';
let dataDir = '';
let schoolCa = '';

/**
 * docs/deploy.md's commands that make the school's authority and the server's certificate, run as
 * written in a temp folder in place of /etc/parley, for the test's name and 127.0.0.1.
 */
function makeSchoolCertificate(dir: string): void {
  const doc = readFileSync(path.join(projectRoot, 'docs/deploy.md'), 'utf8');
  const block = [...doc.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1] ?? '').find((text) => text.includes('openssl req -x509'));
  if (!block) throw new Error('docs/deploy.md has no sh block with the openssl commands');
  const script = block.replaceAll('/etc/parley', dir).replaceAll('parley.lan', HOST_NAME).replaceAll('192.168.1.20', '127.0.0.1');
  execFileSync('sh', ['-e', '-c', script], { stdio: 'pipe' });
}

/** A request through nginx's https port from Node, trusting only the school's authority. */
function viaNginx(method: string, urlPath: string, options: ProxyRequestOptions = {}): Promise<ProxyAnswer> {
  const proxy = nginx as Nginx;
  return requestThroughProxy({ port: proxy.port, baseUrl: proxy.baseUrl, hostName: HOST_NAME, ca: schoolCa }, method, urlPath, options);
}

/** An upload a little over the largest recording: nginx refuses it from its Content-Length. */
const oversizedUpload = (cookie?: string) =>
  viaNginx('PUT', '/api/attempts/00000000-0000-4000-8000-000000000000/recording', {
    ...(cookie ? { cookie } : {}),
    headers: { 'content-type': 'audio/webm', 'content-length': String(RECORDING_MAX_BYTES + 2 * 1024 * 1024) },
  });

beforeAll(async () => {
  certDir = mkdtempSync(path.join(os.tmpdir(), 'parley-school-ca-'));
  makeSchoolCertificate(certDir);
  schoolCa = readFileSync(path.join(certDir, 'ca.crt'), 'utf8');
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-nginx-app-'));
  const appPort = await freePort();
  nginx = await startNginx({
    upstreams: [appPort],
    tls: { hostName: HOST_NAME, certificateFile: path.join(certDir, 'cert.pem'), keyFile: path.join(certDir, 'key.pem') },
  });
  app = spawnApp(appPort, { DATA_DIR: dataDir, ADMIN_PASSWORD, TRUST_PROXY: 'true', PUBLIC_URL: nginx.baseUrl, PARLEY_CLIENT_DIR: clientDistDir });
  // PGlite's first start can take most of a minute on a busy two-core machine.
  await waitUntilHealthy(app, 90_000);
  launched = await launchBrowser({ args: [`--host-resolver-rules=MAP ${HOST_NAME} 127.0.0.1`, '--ignore-certificate-errors'] });
}, 180_000);

afterAll(async () => {
  await launched?.close();
  if (app) await stopApp(app);
  await nginx?.stop();
  for (const dir of [certDir, dataDir]) if (dir) rmSync(dir, { recursive: true, force: true });
}, 30_000);

describe("behind nginx with the school's certificate, opened by name over https", () => {
  it("serves the certificate the deploy doc's commands made, for the school's name only; plain http is sent to https", async () => {
    const proxy = nginx as Nginx;
    expect(await handshake(proxy.port, HOST_NAME, schoolCa)).toMatchObject({ authorized: true, error: null });
    expect((await handshake(proxy.port, 'elsewhere.test', schoolCa)).authorized).toBe(false);
    const redirect = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http.get({ host: '127.0.0.1', port: proxy.httpPort ?? 0, path: '/test', headers: { host: HOST_NAME } }, resolve).on('error', reject);
    });
    redirect.resume();
    expect(redirect.statusCode).toBe(301);
    expect(redirect.headers.location).toBe(`https://${HOST_NAME}/test`);
  });

  it("the app sees https through it, its own answers pass through as they are, and a body over client_max_body_size gets nginx's 413", async () => {
    const health = await viaNginx('GET', '/api/health');
    expect(health.status).toBe(200);
    expect(JSON.parse(health.text)).toEqual({ status: 'ok', database: 'pglite' });
    const signedIn = await viaNginx('POST', '/api/login', { json: { username: 'admin', password: ADMIN_PASSWORD } });
    expect(signedIn.status).toBe(200);
    const session = (signedIn.headers['set-cookie'] ?? []).find((cookie) => cookie.startsWith('__Host-parley_session=')) ?? '';
    expect(session.split(';').map((part) => part.trim().toLowerCase())).toEqual(expect.arrayContaining(['secure', 'httponly']));
    // The app's own refusals, untouched: its status, its JSON, no Retry-After of nginx's.
    const unsigned = await viaNginx('GET', '/api/user');
    expect(unsigned.status).toBe(401);
    expect(unsigned.headers['content-type']).toContain('application/json');
    expect(JSON.parse(unsigned.text)).toHaveProperty('message');
    expect(unsigned.headers['retry-after']).toBeUndefined();
    expect(unsigned.text).not.toContain(RESTARTING_MESSAGE);
    const missing = await viaNginx('GET', '/api/no-such-thing');
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).toContain('application/json');
    const cookie = session.split(';')[0] ?? '';
    expect((await oversizedUpload(cookie)).status).toBe(413);
  });

  it('holds at most the per-address limit of requests in progress from one address: the next gets 429 and a sentence, and a slow sender is cut', async () => {
    const proxy = nginx as Nginx;
    const limit = Number(/limit_conn parley_per_address (\d+);/.exec(proxy.conf)?.[1]);
    expect(limit).toBe(300);
    // `limit` uploads whose body never comes: each is in progress (its headers read) for nginx's
    // client_body_timeout, all from 127.0.0.1, as a whole school's NAT would be.
    const held: tls.TLSSocket[] = [];
    const connected = Array.from({ length: limit }, () => {
      const socket = tls.connect({ host: '127.0.0.1', port: proxy.port, servername: HOST_NAME, ca: schoolCa, ALPNProtocols: ['http/1.1'] });
      socket.on('error', () => {});
      held.push(socket);
      return new Promise<void>((resolve) =>
        socket.once('secureConnect', () => {
          socket.write(
            `PUT /api/attempts/00000000-0000-4000-8000-000000000000/recording HTTP/1.1\r\nHost: ${HOST_NAME}\r\nContent-Type: audio/webm\r\nContent-Length: 1000\r\n\r\n`,
            () => resolve(),
          );
        }),
      );
    });
    try {
      await Promise.all(connected);
      // Once nginx has read them all, one more request from the same address is refused with a sentence.
      await expect.poll(async () => (await viaNginx('GET', '/api/health')).status, { timeout: 10_000 }).toBe(429);
      const refused = await viaNginx('GET', '/api/health');
      expect([refused.status, refused.headers['content-type'], refused.headers['retry-after']]).toEqual([429, 'application/json; charset=utf-8', '10']);
      expect(JSON.parse(refused.text)).toEqual({ message: 'Too many requests from your network at once. Please try again in a moment.' });
      const page = await viaNginx('GET', '/progress');
      expect(page.status).toBe(429);
      expect(page.text).toContain('<h1>Too many requests from your network at once</h1>');
    } finally {
      for (const socket of held) socket.destroy();
    }
    // Their slots are free again once they are gone.
    await expect.poll(async () => (await viaNginx('GET', '/api/health')).status, { timeout: 10_000 }).toBe(200);

    // A sender that never finishes its headers is closed after client_header_timeout (15 s): nginx
    // logs a 408 and closes the connection without an answer.
    const slow = tls.connect({ host: '127.0.0.1', port: proxy.port, servername: HOST_NAME, ca: schoolCa, ALPNProtocols: ['http/1.1'] });
    slow.on('error', () => {});
    let answer = '';
    slow.setEncoding('utf8');
    slow.on('data', (chunk: string) => (answer += chunk));
    await new Promise<void>((resolve) => slow.once('secureConnect', () => resolve()));
    const started = Date.now();
    slow.write(`GET /api/health HTTP/1.1\r\nHost: ${HOST_NAME}\r\nX-Slow: `);
    const trickle = setInterval(() => slow.writable && slow.write('a'), 1_000);
    const closedAfter = await new Promise<number>((resolve) => slow.once('close', () => resolve(Date.now() - started)));
    clearInterval(trickle);
    expect(closedAfter).toBeGreaterThanOrEqual(14_000);
    expect(closedAfter).toBeLessThan(20_000);
    expect(answer).toBe('');
  }, 60_000);

  it('while the app is down (a restart), a request gets the 503 sentence the app itself gives and a page says Parley is restarting, not a bare 502', async () => {
    await stopApp(app as AppProcess);
    for (const [method, urlPath] of [
      ['GET', '/api/user'],
      ['POST', '/api/test-sessions'],
      ['GET', '/api/admin/students/import/'],
    ] as const) {
      const answer = await viaNginx(method, urlPath, method === 'POST' ? { json: {} } : {});
      expect(answer.status, `${method} ${urlPath}`).toBe(503);
      expect(answer.headers['retry-after']).toBe('10');
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(JSON.parse(answer.text)).toEqual({ message: RESTARTING_MESSAGE });
    }
    // The size limit is nginx's own, before any app: still 413.
    expect((await oversizedUpload()).status).toBe(413);
    // The internal answers are not pages of their own.
    expect((await viaNginx('GET', '/parley-restarting/page')).status).toBe(404);

    const page: Page = await newPage((launched as LaunchedBrowser).browser, { viewport: 'phone' });
    const opened = await page.goto(`${(nginx as Nginx).baseUrl}/progress`);
    expect(opened?.status()).toBe(503);
    expect(await opened?.headerValue('content-type')).toBe('text/html; charset=utf-8');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Parley is restarting');
    expect(await page.locator('body').innerText()).toContain('Please try again in a moment.');
    await screenshot(page, 'nginx-proxy-restarting-phone');
    await page.context().close();
    // nginx saw the app refuse the connection: the 503s above are its own, not the app's.
    expect((nginx as Nginx).errorLog()).toContain('connect() failed (111: Connection refused)');
  });
});

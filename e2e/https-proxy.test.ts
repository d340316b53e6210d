/*
 * Parley as a school runs it on its own network: the built server (`node dist/node/server/main.js`,
 * TRUST_PROXY=true, PUBLIC_URL=https://…) behind Debian's Caddy terminating TLS with its internal CA
 * (`tls internal`, a LAN without a public name), the Caddyfile of docs/deploy.md. Chromium opens the
 * app by name (parley.test, mapped to 127.0.0.1 by its own resolver) over https: a secure context,
 * so the microphone is there; the session cookie is Secure; a recording made from the microphone in
 * the page is saved with its attempt through the proxy.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD } from '../faults/support.js';
import { testSessionBody } from '../src/server/test/attempt-fixtures.js';
import { spawnApp, stopApp, waitUntilHealthy, type AppProcess } from './support/app-process.js';
import { handshake, startCaddy, type Caddy } from './support/caddy.js';
import { clientDistDir, collectConsoleErrors, freePort, launchBrowser, newPage, signInWithForm, type LaunchedBrowser } from './support/index.js';

const HOST_NAME = 'parley.test';
const STUDENT = { mobileNumber: '98765 10001', password: 'school-https-password' };

let app: AppProcess | undefined;
let caddy: Caddy | undefined;
let launched: LaunchedBrowser | undefined;
let dataDir = '';
let studentId = 0;

/** A request through Caddy from Node, trusting only Caddy's own root certificate. */
function viaProxy(method: string, urlPath: string, options: { cookie?: string; json?: unknown } = {}) {
  const proxy = caddy as Caddy;
  const body = options.json === undefined ? undefined : JSON.stringify(options.json);
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }>((resolve, reject) => {
    const request = https.request(
      {
        host: '127.0.0.1',
        port: proxy.port,
        servername: HOST_NAME,
        ca: proxy.rootCertificate(),
        method,
        path: urlPath,
        headers: {
          host: `${HOST_NAME}:${proxy.port}`,
          origin: proxy.baseUrl,
          ...(options.cookie ? { cookie: options.cookie } : {}),
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
      },
      (response) => {
        let text = '';
        response.on('data', (piece: Buffer) => (text += piece.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

const cookiesOf = (headers: Record<string, string | string[] | undefined>): string[] => {
  const value = headers['set-cookie'];
  return Array.isArray(value) ? value : value ? [value] : [];
};

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-https-'));
  const appPort = await freePort();
  caddy = await startCaddy({ hostName: HOST_NAME, upstreamPort: appPort });
  app = spawnApp(appPort, { DATA_DIR: dataDir, ADMIN_PASSWORD, TRUST_PROXY: 'true', PUBLIC_URL: caddy.baseUrl, PARLEY_CLIENT_DIR: clientDistDir });
  await waitUntilHealthy(app);

  const signedIn = await viaProxy('POST', '/api/login', { json: { username: 'admin', password: ADMIN_PASSWORD } });
  expect(signedIn.status).toBe(200);
  const adminCookie = (cookiesOf(signedIn.headers).find((cookie) => cookie.startsWith('parley_session=')) ?? '').split(';')[0] as string;
  const active = JSON.parse((await viaProxy('GET', '/api/courses/active', { cookie: adminCookie })).text) as { courses: Array<{ id: number; courseName: string }> };
  const course = active.courses.find((candidate) => candidate.courseName === 'IELTS');
  if (!course) throw new Error('no IELTS course');
  const created = await viaProxy('POST', '/api/admin/students', {
    cookie: adminCookie,
    json: { studentName: 'Anita Desai', course: course.courseName, courseId: course.id, mobileNumber: STUDENT.mobileNumber, username: null, password: STUDENT.password, status: 'Activated' },
  });
  expect(created.status, created.text).toBe(201);
  studentId = (JSON.parse(created.text) as { student: { id: number } }).student.id;

  // Caddy's certificate is accepted for the test's name; a school installs Caddy's root certificate instead.
  launched = await launchBrowser({ args: [`--host-resolver-rules=MAP ${HOST_NAME} 127.0.0.1`, '--ignore-certificate-errors'] });
}, 90_000);

afterAll(async () => {
  await launched?.close();
  if (app) await stopApp(app);
  await caddy?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

describe('behind Caddy with tls internal, opened by name over https', () => {
  it('serves TLS from its internal CA for the school name only, and the app sees https through it', async () => {
    const proxy = caddy as Caddy;
    expect(await handshake(proxy.port, HOST_NAME, proxy.rootCertificate())).toEqual({ authorized: true, error: null, protocol: 'TLSv1.3' });
    expect((await handshake(proxy.port, 'elsewhere.test', proxy.rootCertificate())).authorized).toBe(false);
    expect(proxy.caddyfile).toContain('tls internal');
    const health = await viaProxy('GET', '/api/health');
    expect(health.status).toBe(200);
    // The session cookie is Secure (PUBLIC_URL is https) and HttpOnly.
    const signedIn = await viaProxy('POST', '/api/login', { json: { username: STUDENT.mobileNumber, password: STUDENT.password } });
    expect(signedIn.status).toBe(200);
    const session = cookiesOf(signedIn.headers).find((cookie) => cookie.startsWith('parley_session=')) ?? '';
    expect(session.split(';').map((part) => part.trim().toLowerCase())).toEqual(expect.arrayContaining(['secure', 'httponly']));
  });

  it('a student signs in on a phone: a secure context, a Secure cookie, the microphone step, and a recorded attempt saved through the proxy', async () => {
    const proxy = caddy as Caddy;
    const page: Page = await newPage((launched as LaunchedBrowser).browser, { viewport: 'phone' });
    const errors = collectConsoleErrors(page);
    await signInWithForm(page, proxy.baseUrl, STUDENT.mobileNumber, STUDENT.password);
    await page.waitForURL(`${proxy.baseUrl}/test`);

    expect(
      await page.evaluate(() => ({
        secure: window.isSecureContext,
        protocol: location.protocol,
        randomUUID: typeof (crypto as Partial<Crypto>).randomUUID,
        mediaDevices: 'mediaDevices' in navigator,
      })),
    ).toEqual({ secure: true, protocol: 'https:', randomUUID: 'function', mediaDevices: true });
    const session = (await page.context().cookies(proxy.baseUrl)).find((cookie) => cookie.name === 'parley_session');
    expect(session).toMatchObject({ secure: true, httpOnly: true, domain: HOST_NAME });

    // The microphone step runs (the fake microphone is allowed) instead of the "needs https" notice.
    await page.getByRole('button', { name: 'Start Test' }).waitFor({ timeout: 30_000 });
    expect(await page.getByRole('heading', { level: 1, name: 'IELTS Speaking Test' }).count()).toBe(1);
    expect(await page.getByTestId('secure-address-notice').count()).toBe(0);

    // Two seconds from the microphone, recorded in the page as the test does, saved with an attempt.
    const body = testSessionBody(studentId);
    const outcome = await page.evaluate(async (save) => {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const recorder = new MediaRecorder(stream, { mimeType: 'audio/webm;codecs=opus' });
      const pieces: Blob[] = [];
      recorder.ondataavailable = (event) => pieces.push(event.data);
      const stopped = new Promise((resolve) => (recorder.onstop = resolve));
      recorder.start(250);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      recorder.stop();
      await stopped;
      for (const track of stream.getTracks()) track.stop();
      const recording = new Blob(pieces, { type: 'audio/webm;codecs=opus' });
      const saved = await fetch('/api/test-sessions', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(save) });
      const uploaded = await fetch(`/api/attempts/${save.attemptId}/recording`, { method: 'PUT', headers: { 'content-type': recording.type }, body: recording });
      const back = await fetch(`/api/attempts/${save.attemptId}/recording`);
      const head = new Uint8Array(await back.arrayBuffer());
      const mine = (await (await fetch('/api/student/attempts')).json()) as { attempts?: Array<{ id: string }> };
      return {
        saved: saved.status,
        uploaded: uploaded.status,
        recordedBytes: recording.size,
        back: { status: back.status, type: back.headers.get('content-type'), bytes: head.length, signature: Array.from(head.slice(0, 4)) },
        listed: JSON.stringify(mine).includes(String(save.attemptId)),
      };
    }, body);
    expect(outcome).toMatchObject({ saved: 201, uploaded: 200, listed: true, back: { status: 200, type: 'audio/webm;codecs=opus', signature: [0x1a, 0x45, 0xdf, 0xa3] } });
    expect(outcome.recordedBytes).toBeGreaterThan(1_000);
    expect(outcome.back.bytes).toBeGreaterThan(1_000);
    errors.assertNone();
    await page.context().close();
  }, 90_000);
});

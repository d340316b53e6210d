/*
 * Parley as a school runs it on its own network: the built server (`node dist/node/server/main.js`,
 * TRUST_PROXY=true, PUBLIC_URL=https://…) behind Debian's Caddy terminating TLS with its internal CA
 * (`tls internal`, a LAN without a public name), the Caddyfile of docs/deploy.md. Chromium opens the
 * app by name (parley.test, mapped to 127.0.0.1 by its own resolver) over https: a secure context,
 * so the microphone is there; the session cookie is Secure. A student on a phone takes a whole IELTS
 * speaking test there (the espeak-ng microphone and its real recording; the scripted recognizer, the
 * only fake, and Playwright's clock for the timers, as e2e/speaking-test.test.ts does): the attempt is
 * saved through the proxy with its recording, which is stored in DATA_DIR and served back through the
 * proxy byte for byte.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD } from '../faults/support.js';
import type { AttemptsPage } from '../src/shared/api/admin-attempts.js';
import { RESTARTING_MESSAGE } from '../src/server/lib/graceful-stop.js';
import { spawnApp, stopApp, waitUntilHealthy, type AppProcess } from './support/app-process.js';
import { handshake, startCaddy, type Caddy } from './support/caddy.js';
import { installFakeRecognition } from './support/fake-recognition.js';
import { requestThroughProxy, type ProxyAnswer, type ProxyRequestOptions } from './support/through-proxy.js';
import {
  answerWithRecognizer,
  clientDistDir,
  collectConsoleErrors,
  freePort,
  launchBrowser,
  listening,
  makeSpeechWav,
  newPage,
  PART2_PREPARATION_TEXT,
  pumpUntil,
  screenshot,
  signInWithForm,
  testResultsDir,
  visible,
  type LaunchedBrowser,
} from './support/index.js';

const HOST_NAME = 'parley.test';
const STUDENT = { name: 'Anita Desai', mobileNumber: '98765 10001', password: 'school-https-password' };
// One sentence of its own for each answer (the test's questions are drawn at random): each answer
// takes up its question's words and adds one of these, so none is off-topic or a repeat.
const OWN_SENTENCES = [
  'My family lives in Nashik, close to the old market and the river.',
  'Most evenings I play badminton with two friends from my college.',
  'Last month my grandmother taught me her recipe for lentil soup.',
  'Early mornings suit me best because the streets are still quiet.',
  'Our college library stays open late before the accounting exams.',
  'Sometimes my father drives me, but usually I take the green bus.',
  'Detective novels keep me reading long after midnight.',
  'I saved money for a year to buy my first laptop.',
  'Japan is the country I would most like to visit one day.',
  'My younger sister paints landscapes and sells them to neighbours.',
  'Young people learn quickly when they are allowed to make mistakes.',
  'Public transport in big cities should be cheaper for students.',
  'Older generations keep festivals alive by cooking the traditional dishes.',
  'Employers now value clear communication as much as technical skill.',
  'Tourism brings money to villages but can damage fragile beaches.',
  'Online courses are convenient, although staying motivated alone is hard.',
  'Parents and schools share the job of teaching children good habits.',
  'Governments ought to fund libraries and free evening classes for adults.',
  'Technology saves time, yet many people feel busier than before.',
  'Sport teaches teamwork in a way that classrooms rarely manage.',
];
const answerTo = (index: number) => (question: string) => `About ${question.replace(/[?.]\s*$/, '').toLowerCase()}: ${OWN_SENTENCES[index] ?? ''}`;
const talkAbout = (cueCard: string) =>
  `${cueCard.split('\n')[0] ?? ''}. I would like to talk about this because it mattered to me. It happened two years ago, in the winter, when I was still at school in Nashik. ` +
  'At first I was nervous, but step by step I understood what was expected and began to enjoy it. Looking back, it changed how I plan my work and how I speak to people.';
const outputDir = path.join(testResultsDir, 'https-proxy');

let app: AppProcess | undefined;
let caddy: Caddy | undefined;
let launched: LaunchedBrowser | undefined;
let dataDir = '';
let adminCookie = '';

/** A request through Caddy from Node, trusting only Caddy's own root certificate. */
function viaProxy(method: string, urlPath: string, options: ProxyRequestOptions = {}): Promise<ProxyAnswer> {
  const proxy = caddy as Caddy;
  return requestThroughProxy({ port: proxy.port, baseUrl: proxy.baseUrl, hostName: HOST_NAME, ca: proxy.rootCertificate() }, method, urlPath, options);
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
  // PGlite's first start can take most of a minute on a busy two-core machine.
  await waitUntilHealthy(app, 90_000);

  const signedIn = await viaProxy('POST', '/api/login', { json: { username: 'admin', password: ADMIN_PASSWORD } });
  expect(signedIn.status).toBe(200);
  adminCookie = (cookiesOf(signedIn.headers).find((cookie) => cookie.startsWith('__Host-parley_session=')) ?? '').split(';')[0] as string;
  const active = JSON.parse((await viaProxy('GET', '/api/courses/active', { cookie: adminCookie })).text) as { courses: Array<{ id: number; courseName: string }> };
  const course = active.courses.find((candidate) => candidate.courseName === 'IELTS');
  if (!course) throw new Error('no IELTS course');
  const created = await viaProxy('POST', '/api/admin/students', {
    cookie: adminCookie,
    json: { studentName: STUDENT.name, course: course.courseName, courseId: course.id, mobileNumber: STUDENT.mobileNumber, username: null, password: STUDENT.password, status: 'Activated' },
  });
  expect(created.status, created.text).toBe(201);

  // Caddy's certificate is accepted for the test's name; a school installs Caddy's root certificate instead.
  const wav = await makeSpeechWav('My name is Anita. I live in Nashik and I study accounting. I enjoy badminton and detective novels.');
  launched = await launchBrowser({ fakeAudioFile: wav, args: [`--host-resolver-rules=MAP ${HOST_NAME} 127.0.0.1`, '--ignore-certificate-errors'] });
}, 180_000);

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
    const session = cookiesOf(signedIn.headers).find((cookie) => cookie.startsWith('__Host-parley_session=')) ?? '';
    expect(session.split(';').map((part) => part.trim().toLowerCase())).toEqual(expect.arrayContaining(['secure', 'httponly']));
  });

  it('a student on a phone takes a whole IELTS speaking test at https://…: saved through the proxy with its recording, stored and served back byte for byte', async () => {
    const proxy = caddy as Caddy;
    const page: Page = await newPage((launched as LaunchedBrowser).browser, { viewport: 'phone' });
    page.setDefaultTimeout(15_000);
    const errors = collectConsoleErrors(page);
    const fake = await installFakeRecognition(page);
    await page.clock.install();
    // A session cookie planted for the whole domain (by another of its hosts, or a forged plain-http
    // answer), here the teacher's own: sent first, it was the session the server read. Now it is no
    // session over https (decision 0070), and the teacher's session is still theirs at the end.
    await page.context().addCookies([{ name: 'parley_session', value: adminCookie.slice(adminCookie.indexOf('=') + 1), domain: `.${HOST_NAME}`, path: '/' }]);
    await signInWithForm(page, proxy.baseUrl, STUDENT.mobileNumber, STUDENT.password);
    await pumpUntil(page, async () => page.url() === `${proxy.baseUrl}/test`, 'the test page after signing in', { stepMs: 250, realMs: 100 });

    expect(
      await page.evaluate(() => ({
        secure: window.isSecureContext,
        protocol: location.protocol,
        randomUUID: typeof (crypto as Partial<Crypto>).randomUUID,
        mediaDevices: 'mediaDevices' in navigator,
      })),
    ).toEqual({ secure: true, protocol: 'https:', randomUUID: 'function', mediaDevices: true });
    const session = (await page.context().cookies(proxy.baseUrl)).find((cookie) => cookie.name === '__Host-parley_session');
    expect(session).toMatchObject({ secure: true, httpOnly: true, domain: HOST_NAME });

    // The microphone step runs (the fake microphone is allowed) instead of the "needs https" notice.
    await pumpUntil(page, visible(page, 'Ready to start'), 'the microphone to be granted');
    expect(await page.getByTestId('secure-address-notice').count()).toBe(0);
    await page.getByRole('button', { name: 'Start Test' }).click();

    for (let n = 1; n <= 10; n += 1) await answerWithRecognizer(page, fake, n, answerTo(n - 1));
    await pumpUntil(page, visible(page, PART2_PREPARATION_TEXT), 'the Part 2 preparation');
    const cueCard = await page.getByTestId('cue-card').innerText();
    await page.clock.runFor(60_000);
    await pumpUntil(page, () => listening(fake), 'listening in Part 2');
    await fake.say(talkAbout(cueCard));
    await page.clock.runFor(120_500);
    await pumpUntil(page, async () => (await page.getByRole('heading', { name: 'Discussion' }).count()) > 0, 'Part 3');
    for (let n = 1; n <= 10; n += 1) await answerWithRecognizer(page, fake, n, answerTo(n + 9));
    await pumpUntil(page, visible(page, 'Test Complete!'), 'the results', { realMs: 100 });
    const saveState = page.locator('[data-save-state]');
    await pumpUntil(page, async () => (await saveState.getAttribute('data-save-state')) === 'saved', 'the save through the proxy', { stepMs: 1_000, realMs: 100 });
    // The server's bands read as the page's: no "Saved with different scores".
    expect(await page.getByTestId('saved-scores').count()).toBe(0);
    await screenshot(page, 'https-proxy-results-phone');

    // The teacher's list, read through the proxy: the attempt once, scored, with all 21 answers.
    const list = await viaProxy('GET', '/api/admin/test-attempts?page=1&limit=10', { cookie: adminCookie });
    expect(list.status, list.text).toBe(200);
    const rows = (JSON.parse(list.text) as AttemptsPage).attempts.filter((row) => row.studentName === STUDENT.name);
    expect(rows).toHaveLength(1);
    const attemptId = rows[0]?.id ?? '';
    expect(rows[0]?.assessable).toBe(true);
    const mine = await page.evaluate(async () => JSON.stringify(await (await fetch('/api/student/attempts')).json()));
    expect(mine).toContain(attemptId);

    // The recording follows the save: uploaded through the proxy, kept in DATA_DIR/recordings.
    const recordingUrl = `/api/attempts/${attemptId}/recording`;
    await pumpUntil(page, async () => (await viaProxy('HEAD', recordingUrl, { cookie: adminCookie })).status === 200, 'the recording upload', {
      stepMs: 1_000,
      realMs: 250,
      maxSteps: 120,
    });
    const served = await viaProxy('GET', recordingUrl, { cookie: adminCookie });
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toContain('audio/webm');
    expect(Array.from(served.body.subarray(0, 4))).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
    const stored = storedRecordingFiles(dataDir);
    expect(stored).toHaveLength(1);
    const storedBytes = readFileSync(stored[0] ?? '');
    expect(storedBytes.length).toBeGreaterThan(10_000);
    expect(served.body.equals(storedBytes)).toBe(true);
    // A real recording of the test, which ffprobe reads.
    mkdirSync(outputDir, { recursive: true });
    const file = path.join(outputDir, 'recording.webm');
    writeFileSync(file, served.body);
    const seconds = Number(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file], { encoding: 'utf8' }).trim());
    expect(seconds).toBeGreaterThan(1);
    errors.assertNone();
    await page.context().close();
  }, 240_000);

  it('while the app is down (a restart), a page says Parley is restarting and a request gets the 503 sentence the app itself gives, not an empty 502', async () => {
    await stopApp(app as AppProcess);
    const api = await viaProxy('GET', '/api/user', { cookie: adminCookie });
    expect(api.status).toBe(503);
    expect(api.headers['retry-after']).toBe('10');
    expect(api.headers['content-type']).toContain('application/json');
    expect(JSON.parse(api.text)).toEqual({ message: RESTARTING_MESSAGE });
    const page: Page = await newPage((launched as LaunchedBrowser).browser, { viewport: 'phone' });
    const opened = await page.goto(`${(caddy as Caddy).baseUrl}/progress`);
    expect(opened?.status()).toBe(503);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Parley is restarting');
    expect(await page.locator('body').innerText()).toContain('Please try again in a moment.');
    await screenshot(page, 'https-proxy-restarting-phone');
    await page.context().close();
  });
});

/** Every recording file the app keeps under `dir`/recordings (not the upload folder `incoming/`). */
function storedRecordingFiles(dir: string): string[] {
  const root = path.join(dir, 'recordings');
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !path.relative(root, entry.parentPath).split(path.sep).includes('incoming'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/*
 * A stored recording seeks in Firefox and in WebKit (Safari's engine), in both formats the app
 * records: WebM/Opus (Chrome, Firefox) and MP4/AAC (Safari). Nine minutes of espeak-ng speech and
 * sox silences are encoded by ffmpeg to a pipe, as a MediaRecorder hands them over (a WebM without
 * Cues, a fragmented MP4), uploaded through the app's API as the client does, and played in the
 * teacher's attempt page: the player set to 20, 300 and 480 s must land within 0.5 s, and play on
 * from there. Before the server re-muxed uploads (decision 0032) Firefox landed short
 * (20 s -> 5.1 s) and WebKit played from 0:00.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mp4HasIndexFirst, webmHasCues } from '../src/server/recordings/remux.js';
import { testSessionBody } from '../src/server/test/attempt-fixtures.js';
import { sessionCookieForUser } from '../src/server/test/app.js';
import { createAdmin, createStudent, type CreatedAdmin } from '../src/server/test/factories.js';
import { launchFirefox, type LaunchedFirefox } from './support/firefox.js';
import { startTestServer, testResultsDir, type TestServer } from './support/index.js';
import { expectLandings, seekAll, type SeekResult } from './support/seek.js';
import { launchWebKit, type WebKitBrowser } from './support/webkit.js';

const TARGETS_S = [20, 300, 480];
const LENGTH_S = 540;
const folder = mkdtempSync(path.join(tmpdir(), 'parley-seek-'));
const formats = {
  // The encoders' fastest settings: nine minutes cost about two seconds of CPU each.
  webm: { contentType: 'audio/webm;codecs=opus', args: ['-c:a', 'libopus', '-compression_level', '0', '-b:a', '16k', '-f', 'webm'] },
  // One-second fragments, as Safari's recorder hands over a piece every second.
  mp4: { contentType: 'audio/mp4', args: ['-c:a', 'aac', '-aac_coder', 'fast', '-b:a', '24k', '-movflags', 'empty_moov+default_base_moof', '-frag_duration', '1000000', '-f', 'mp4'] },
} as const;
type Format = keyof typeof formats;

let server: TestServer;
let admin: CreatedAdmin;
let firefox: LaunchedFirefox | undefined;
let webkit: WebKitBrowser | undefined;
const attemptIds: Partial<Record<Format, string>> = {};

/** Nine minutes: a spoken sentence and a second of silence, over and over (mono 16 kHz). */
function makeLongSpeech(): string {
  const sentence = path.join(folder, 'sentence.wav');
  const long = path.join(folder, 'long.wav');
  execFileSync('espeak-ng', ['-v', 'en-us', '-s', '150', '-w', sentence, 'My favourite season is spring because the days are long and the garden is full of flowers.']);
  const seconds = Number(execFileSync('soxi', ['-D', sentence]).toString()) + 1;
  execFileSync('sox', [sentence, '-r', '16000', '-c', '1', long, 'pad', '0', '1', 'repeat', String(Math.ceil(LENGTH_S / seconds) - 1), 'trim', '0', String(LENGTH_S)]);
  return long;
}

async function upload(format: Format, wav: string): Promise<string> {
  const bytes = execFileSync('ffmpeg', ['-loglevel', 'error', '-i', wav, ...formats[format].args, 'pipe:1'], { maxBuffer: 64 * 1024 * 1024 });
  const student = await createStudent(server.database.db, { studentName: `Seek ${format}` });
  const login = await fetch(`${server.baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: student.mobileNumber, password: student.password }),
  });
  expect(login.status).toBe(200);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const body = testSessionBody(student.student.id);
  body.sessionData = { ...body.sessionData, duration: LENGTH_S };
  const saved = await fetch(`${server.baseUrl}/api/test-sessions`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(saved.status).toBe(201);
  const { attemptId } = (await saved.json()) as { attemptId: string };
  const put = await fetch(`${server.baseUrl}/api/attempts/${attemptId}/recording`, { method: 'PUT', headers: { cookie, 'content-type': formats[format].contentType }, body: new Uint8Array(bytes) });
  expect(put.status).toBe(200);
  return attemptId;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await createAdmin(server.database.db);
  const wav = makeLongSpeech();
  // The browsers start while the recordings upload; each is kept (and closed after) even if the other fails.
  const starting = Promise.allSettled([launchFirefox(), launchWebKit()] as const);
  const uploaded = Promise.allSettled([upload('webm', wav), upload('mp4', wav)] as const);
  const [ff, wk] = await starting;
  if (ff.status === 'fulfilled') firefox = ff.value;
  if (wk.status === 'fulfilled') webkit = wk.value;
  const [webm, mp4] = await uploaded;
  for (const outcome of [ff, wk, webm, mp4]) if (outcome.status === 'rejected') throw outcome.reason;
  if (webm.status === 'fulfilled') attemptIds.webm = webm.value;
  if (mp4.status === 'fulfilled') attemptIds.mp4 = mp4.value;
}, 240_000);

afterAll(async () => {
  await Promise.all([firefox?.close(), webkit?.close()]);
  await server?.close();
  rmSync(folder, { recursive: true, force: true });
});

async function signInAdmin(evaluate: (username: string, password: string) => Promise<number>) {
  expect(await evaluate(admin.username, admin.password)).toBe(200);
}

const login = async (username: string, password: string) =>
  (await fetch('/api/login', { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) })).status;

/** The whole nine minutes are there, and each target is reached. */
function expectSeeks(result: SeekResult) {
  expect(Math.abs(result.duration - LENGTH_S)).toBeLessThan(1);
  expectLandings(result, TARGETS_S);
}

describe.each(['webm', 'mp4'] as const)('a stored %s recording', (format) => {
  it('seeks to 20, 300 and 480 s in Firefox', async () => {
    if (!firefox) throw new Error('Firefox did not start');
    const page: Page = await firefox.browser.newPage();
    try {
      await page.goto(`${server.baseUrl}/auth`);
      await signInAdmin((u, p) => page.evaluate(login, u, p));
      await page.goto(`${server.baseUrl}/admin/attempts/${attemptIds[format]}`);
      await page.waitForSelector('audio');
      expectSeeks(await page.evaluate(seekAll, TARGETS_S));
    } finally {
      await page.close();
    }
  }, 90_000);

  it('seeks to 20, 300 and 480 s in WebKit', async () => {
    const browser = webkit;
    if (!browser) throw new Error('WebKit did not start');
    await browser.goto(`${server.baseUrl}/auth`);
    await signInAdmin((u, p) => browser.evaluate(login, u, p));
    await browser.goto(`${server.baseUrl}/admin/attempts/${attemptIds[format]}`);
    await browser.waitFor(() => document.querySelector('audio') !== null, { timeoutMs: 15_000, what: 'the player' });
    const result = await browser.evaluate(seekAll, TARGETS_S);
    await browser.screenshot(path.join(testResultsDir, 'screenshots', `seek-webkit-${format}.png`));
    expectSeeks(result);
  }, 90_000);
});

it('serves the uploads re-muxed, index first (what makes them seek)', async () => {
  const cookie = await sessionCookieForUser(server.database.db, admin.user.id);
  for (const [format, hasIndex] of [['webm', webmHasCues], ['mp4', mp4HasIndexFirst]] as const) {
    const served = await fetch(`${server.baseUrl}/api/attempts/${attemptIds[format]}/recording`, { headers: { cookie } });
    expect(served.status).toBe(200);
    expect(hasIndex(Buffer.from(await served.arrayBuffer())), format).toBe(true);
  }
});

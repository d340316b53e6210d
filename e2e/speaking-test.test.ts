import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { LEAVE_RESULTS_TEXT } from '../src/client/features/speaking-test/leave-texts.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SaveTestSessionBody } from '../src/shared/api/attempts.js';
import type { AttemptsPage } from '../src/shared/api/admin-attempts.js';
import { roundToHalfBand } from '../src/shared/speaking-test/scoring.js';
import { attempts } from '../src/server/db/schema.js';
import { createAdmin, createStudent, type CreatedStudent } from '../src/server/test/factories.js';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './support/browser.js';
import { PART3_ANSWERS } from './support/answers.js';
import { installFakeRecognition, type FakeRecognition } from './support/fake-recognition.js';
import {
  answerWithRecognizer as answer,
  collectConsoleErrors,
  drawSameQuestions,
  launchBrowser,
  listening,
  makeSpeechWav,
  newPage,
  PART2_PREPARATION_TEXT,
  pumpUntil,
  screenshot,
  seriousAccessibilityViolations,
  signInByApi as signIn,
  sleep,
  startTestServer,
  testResultsDir,
  toast,
  visible,
  type LaunchedBrowser,
  type TestServer,
  type ViewportName,
} from './support/index.js';

// The whole /test page in Chromium: a real microphone stream (espeak-ng speech), the real examiner
// voice, the scripted fake recognizer (the only fake) and Playwright's clock for the 60 s / 120 s
// Part 2 timers, the 3 s silences and the outbox's retries.

// The signed-out current-user call answers 401 by design; the failed saves below answer 503.
const EXPECTED_NOISE = [/status of 401/, /status of 503/];
const outputDir = path.join(testResultsDir, 'speaking-test');

const PART1_ANSWERS = [
  'My name is Asha Verma and my friends call me Ash',
  'I live in Pune with my parents and my younger brother in a quiet neighbourhood',
  'I am studying commerce at a college near my home and I enjoy the accounting classes',
  'In my free time I read novels and I go cycling early in the morning',
  'I prefer mornings because the city is calm and I can think clearly',
  'My favourite food is my grandmother\u2019s lentil soup with fresh bread',
  'I usually travel by bus but sometimes my father drives me to college',
  'I would like to visit Japan because the culture and the food fascinate me',
  'I use my phone mostly for messages music and online lectures',
  'Last weekend I helped my cousin move into a new flat across the city',
];
const PART2_SENTENCES = [
  'I would like to describe a journey to the mountains that I took with my family two years ago',
  'We travelled by train for almost twelve hours and the views from the window were beautiful',
  'When we arrived the air was cold and fresh and we stayed in a small wooden guest house',
  'I enjoyed it because we spent time together without screens and I learned to appreciate nature',
];

/** A student who says nothing: Chrome ends the recognition session after a while, and 2 s later the answer closes empty. */
async function silentAnswer(page: Page, fake: FakeRecognition, number: number) {
  const shown = visible(page, `Question ${number} of 10`);
  await pumpUntil(page, async () => (await shown()) && (await listening(fake)), `question ${number} to be listened for`);
  await page.clock.runFor(5_000);
  expect(await shown()).toBe(true);
  await fake.end();
  await page.clock.runFor(2_100);
}

/** Start Test, then every answer in silence, to the results. */
async function takeSilentTest(page: Page, fake: FakeRecognition) {
  await page.getByRole('button', { name: 'Start Test' }).click();
  for (let n = 1; n <= 10; n += 1) await silentAnswer(page, fake, n);
  await pumpUntil(page, visible(page, PART2_PREPARATION_TEXT), 'the Part 2 preparation');
  await page.clock.runFor(60_000);
  await pumpUntil(page, () => listening(fake), 'listening in Part 2');
  await page.clock.runFor(120_500);
  for (let n = 1; n <= 10; n += 1) await silentAnswer(page, fake, n);
  await pumpUntil(page, visible(page, 'Test Complete!'), 'the results');
}

async function checkAxe(page: Page, name: string) {
  expect(await seriousAccessibilityViolations(page), `${name}: accessibility violations`).toEqual([]);
}

async function shoot(page: Page, stage: string, viewport: ViewportName) {
  await screenshot(page, `speaking-test-${stage}-${viewport}`);
  await checkAxe(page, `${stage} at ${viewport}`);
}

async function adminGet<T>(page: Page, url: string): Promise<T> {
  return page.evaluate(async (target) => {
    const response = await fetch(target, { credentials: 'include' });
    if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }, url);
}

/** The audio streams ffprobe finds in a file, and the file's duration in seconds. */
function ffprobeAudio(file: string): { audioStreams: number; duration: number } {
  const probed = JSON.parse(
    execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_type:format=duration', '-of', 'json', file], { encoding: 'utf8' }),
  ) as { streams?: Array<{ codec_type?: string }>; format?: { duration?: string } };
  return { audioStreams: (probed.streams ?? []).filter((stream) => stream.codec_type === 'audio').length, duration: Number(probed.format?.duration) };
}

/** Clicks a download button and saves what the browser downloads under test-results/speaking-test/. */
async function saveDownload(page: Page, button: string, saveAs: string) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button, exact: true }).click()]);
  const file = path.join(outputDir, saveAs);
  await download.saveAs(file);
  return { fileName: download.suggestedFilename(), file };
}

function ffprobeDuration(file: string): number {
  return Number(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file], { encoding: 'utf8' }).trim());
}

/** Captures the bodies of POST /api/test-sessions; the first `failures` answer 503 (then: all of them when Infinity). */
async function routeSaves(page: Page, failures: number) {
  const bodies: SaveTestSessionBody[] = [];
  let calls = 0;
  await page.route('**/api/test-sessions', async (route) => {
    calls += 1;
    bodies.push(route.request().postDataJSON() as SaveTestSessionBody);
    if (calls <= failures) await route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Service unavailable"}' });
    else await route.continue();
  });
  return { bodies, calls: () => calls };
}

let server: TestServer;
beforeAll(async () => {
  mkdirSync(outputDir, { recursive: true });
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function attemptsOf(student: CreatedStudent) {
  const rows = await server.database.db.select().from(attempts);
  return rows.filter((row) => row.studentId === student.student.id);
}

describe('speaking test with a microphone and the examiner voice', () => {
  let launched: LaunchedBrowser;
  beforeAll(async () => {
    const wav = await makeSpeechWav('My name is Asha. I live in Pune and I study commerce. I enjoy reading novels and cycling in the morning.');
    launched = await launchBrowser({ speech: true, fakeAudioFile: wav });
  });
  afterAll(async () => {
    await launched?.close();
  });

  it('takes a whole test from setup to results; two failed saves (503) still store it once, with the scores shown, in the admin list, and the recording is a valid webm; each results download is saved and opens', async () => {
    const student = await createStudent(server.database.db, { studentName: 'Asha Verma' });
    const admin = await createAdmin(server.database.db);
    const page = await newPage(launched.browser, { viewport: 'desktop' });
    page.setDefaultTimeout(15_000);
    const errors = collectConsoleErrors(page, { ignore: EXPECTED_NOISE });
    const fake = await installFakeRecognition(page);
    // Counts the examiner's utterances that really ended (onend), to show the real voice spoke.
    await page.addInitScript(() => {
      const w = window as unknown as { __ended: number };
      w.__ended = 0;
      const speak = speechSynthesis.speak.bind(speechSynthesis);
      speechSynthesis.speak = (utterance: SpeechSynthesisUtterance) => {
        utterance.addEventListener('end', () => (w.__ended += 1));
        speak(utterance);
      };
    });
    await drawSameQuestions(page);
    await page.clock.install();
    await signIn(page, server.baseUrl, student.mobileNumber, student.password);
    const saves = await routeSaves(page, 2);
    await page.goto(`${server.baseUrl}/test`);

    await page.getByText('Preparing the microphone check…').waitFor();
    expect(await page.getByTestId('progress-label').textContent()).toBe('Part 1 of 3');
    await shoot(page, 'setup', 'desktop');
    await page.clock.runFor(1_100);
    await pumpUntil(page, visible(page, 'Ready to start'), 'the microphone to be granted');
    await shoot(page, 'ready', 'desktop');
    await page.getByRole('button', { name: 'Start Test' }).click();

    // Part 1: the first question at the real voice's pace, with a look at the live transcript.
    await page.getByRole('heading', { name: 'Introduction & Interview' }).waitFor();
    expect(await page.getByTestId('question-text').textContent()).toBe('What is your name?');
    // The Start Test button is gone: the focus moved to the part's heading.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Introduction & Interview');
    await answer(page, fake, 1, PART1_ANSWERS[0] ?? '', {
      realtime: true,
      beforeSilence: async () => {
        await expect.poll(() => page.getByTestId('live-transcript').textContent()).toContain('My name is Asha Verma');
        await shoot(page, 'part1', 'desktop');
      },
    });
    for (let n = 2; n <= 10; n += 1) await answer(page, fake, n, PART1_ANSWERS[n - 1] ?? '');

    // Part 2: announcement, 60 s preparation, 120 s speaking.
    await pumpUntil(page, visible(page, PART2_PREPARATION_TEXT), 'the Part 2 preparation');
    expect(await page.getByTestId('progress-label').textContent()).toBe('Part 2 of 3');
    await page.clock.runFor(5_000);
    await expect.poll(() => page.getByTestId('prep-timer').textContent()).toBe('0:55');
    await expect.poll(() => page.getByTestId('announcer').textContent()).toBe('Preparation started: 1 minute to think about the cue card.');
    await shoot(page, 'part2-prep', 'desktop');
    await page.clock.runFor(25_000);
    await expect.poll(() => page.getByTestId('announcer').textContent()).toBe('30 seconds of preparation left.');
    await page.clock.runFor(30_000);
    await pumpUntil(page, () => listening(fake), 'listening in Part 2');
    expect(await page.getByTestId('announcer').textContent()).toBe('Preparation is over. Start speaking now: you have 2 minutes.');
    for (const sentence of PART2_SENTENCES) {
      await fake.say(sentence);
      await page.clock.runFor(15_000);
    }
    await fake.end(); // Chrome ends a long session on its own: the flow listens again.
    await pumpUntil(page, () => listening(fake), 'listening again in Part 2', { stepMs: 100 });
    await shoot(page, 'part2-speaking', 'desktop');
    expect(await page.getByTestId('live-transcript').textContent()).toContain('journey to the mountains');
    await page.clock.runFor(60_000);

    // Part 3, with the network to the student's record gone by the end: the page asked for it when
    // the test began, so the save needs no request but the outbox's own.
    await page.route('**/api/student/profile', (route) => route.abort('internetdisconnected'));
    await pumpUntil(page, async () => (await page.getByRole('heading', { name: 'Discussion' }).count()) > 0, 'Part 3');
    await answer(page, fake, 1, PART3_ANSWERS[0] ?? '', { realtime: true, beforeSilence: () => shoot(page, 'part3', 'desktop') });
    for (let n = 2; n <= 10; n += 1) await answer(page, fake, n, PART3_ANSWERS[n - 1] ?? '');

    // Complete: the closing line, the recording stops, the save is retried through two 503s.
    await pumpUntil(page, visible(page, 'Test Complete!'), 'the results', { realMs: 100 });
    expect(await page.getByTestId('progress-label').textContent()).toBe('Complete');
    await pumpUntil(page, async () => (await attemptsOf(student)).length > 0 && (await page.getByText('Your test results have been saved successfully.').count()) > 0, 'the saved attempt', { stepMs: 1_000, realMs: 100 });
    await shoot(page, 'complete', 'desktop');
    expect(saves.calls()).toBe(3);
    expect(new Set(saves.bodies.map((body) => body.attemptId)).size).toBe(1);
    const sent = saves.bodies[0];
    expect(sent?.studentId).toBe(student.student.id);
    expect(sent?.sessionData.questionAnswerPairs).toHaveLength(21);
    expect(sent?.sessionData.questionAnswerPairs[0]).toMatchObject({ part: 1, questionNumber: 1, question: 'What is your name?', answer: PART1_ANSWERS[0] });
    expect(sent?.sessionData.questionAnswerPairs[10]?.answer).toContain('journey to the mountains');
    expect(sent?.sessionData.questionAnswerPairs.every((pair) => typeof pair.responseTimeMs === 'number' && (pair.speakingTimeMs ?? -1) >= 0)).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { __ended: number }).__ended)).toBeGreaterThan(0);

    const stored = await attemptsOf(student);
    expect(stored).toHaveLength(1);
    const shownOverall = sent?.sessionData.scores?.overall;
    expect(typeof shownOverall).toBe('number');
    const shownBand = roundToHalfBand(shownOverall ?? 0).toFixed(1);
    expect(await page.locator('main').innerText()).toContain(shownBand);

    // The teacher's IELTS list: once, with the scores the student saw; the recording plays in ffprobe.
    const adminPage = await newPage(launched.browser);
    await signIn(adminPage, server.baseUrl, admin.username, admin.password);
    const list = await adminGet<AttemptsPage>(adminPage, '/api/admin/test-attempts?page=1&limit=10');
    const rows = list.attempts.filter((row) => row.studentName === 'Asha Verma');
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect(row?.assessable).toBe(true);
    for (const key of ['fluency', 'vocabulary', 'grammar', 'pronunciation', 'overall'] as const) {
      expect(roundToHalfBand(row?.scores?.[key] ?? -1), key).toBe(roundToHalfBand(sent?.sessionData.scores?.[key] ?? -2));
    }
    const recordingStatus = () =>
      adminPage.evaluate(async (id) => (await fetch(`/api/attempts/${id}/recording`, { method: 'HEAD', credentials: 'include' })).status, row?.id ?? '');
    await pumpUntil(page, async () => (await recordingStatus()) === 200, 'the recording upload', { stepMs: 1_000, realMs: 100 });
    const recording = await adminPage.evaluate(async (id) => {
      const response = await fetch(`/api/attempts/${id}/recording`, { credentials: 'include' });
      return { status: response.status, type: response.headers.get('content-type'), bytes: Array.from(new Uint8Array(await response.arrayBuffer())) };
    }, row?.id ?? '');
    expect(recording.status).toBe(200);
    expect(recording.type).toContain('audio/webm');
    const file = path.join(outputDir, 'recording.webm');
    writeFileSync(file, Buffer.from(recording.bytes));
    expect(ffprobeDuration(file)).toBeGreaterThan(0);
    await adminPage.context().close();

    // The results' downloads (spec sections 2 and 9), each saved and opened: the transcript holds every
    // answer given, the audio is a webm with an audio stream ffprobe reads, the timeline has every answer.
    const given = [...PART1_ANSWERS, ...PART3_ANSWERS];
    const transcript = await saveDownload(page, 'Download Transcript', 'download-transcript.txt');
    expect(transcript.fileName).toMatch(/^ielts-speaking-transcript-\d{4}-\d{2}-\d{2}\.txt$/);
    const transcriptText = readFileSync(transcript.file, 'utf8');
    expect(transcriptText).toContain('Student: Asha Verma');
    for (const text of given) expect(transcriptText.split('\n'), text).toContain(`Answer: ${text}`);
    for (const sentence of PART2_SENTENCES) expect(transcriptText, sentence).toContain(sentence);
    expect(transcriptText.match(/^Answer: /gm)).toHaveLength(21);
    const audio = await saveDownload(page, 'Download Audio', 'download-recording.webm');
    expect(audio.fileName).toMatch(/^ielts-speaking-recording-\d{4}-\d{2}-\d{2}\.webm$/);
    const probed = ffprobeAudio(audio.file);
    expect(probed.audioStreams).toBe(1);
    expect(probed.duration).toBeGreaterThan(0);
    const timeline = await saveDownload(page, 'Download Audio Timeline', 'download-timeline.txt');
    expect(timeline.fileName).toMatch(/^ielts-speaking-audio-timeline-\d{4}-\d{2}-\d{2}\.txt$/);
    const timelineText = readFileSync(timeline.file, 'utf8');
    for (const text of [...given, ...PART2_SENTENCES]) expect(timelineText, text).toContain(text);

    // Saved: the tab notes it, so that a reload of the results says where they are (the next test's check).
    const savedNote = () => page.evaluate(() => sessionStorage.getItem('parley.testSaved'));
    await pumpUntil(page, async () => (await savedNote()) !== null, 'the saved test noted', { stepMs: 250 });
    expect(JSON.parse((await savedNote()) ?? 'null')).toEqual({ userId: student.user.id, attemptId: row?.id });

    // Leaving the saved results still asks (spec section 4), but says the test is over and saved, not that leaving ends it.
    await page.getByRole('navigation', { name: 'Your practice' }).getByRole('link', { name: 'My progress' }).click();
    const leaveResults = page.getByRole('dialog', { name: 'Leave your results?' });
    await pumpUntil(page, async () => (await leaveResults.count()) > 0, 'the leave dialog', { stepMs: 100 });
    expect(await leaveResults.innerText()).toContain(LEAVE_RESULTS_TEXT);
    await page.getByRole('button', { name: 'Stay' }).click();
    await pumpUntil(page, async () => (await leaveResults.count()) === 0, 'the dialog to close', { stepMs: 100 });
    expect(new URL(page.url()).pathname).toBe('/test');

    // Take Another Test signs out (spec section 2) and opens the sign-in page 1 s later; the note goes.
    await page.getByRole('button', { name: 'Take Another Test' }).click();
    await pumpUntil(page, async () => new URL(page.url()).pathname === '/auth', 'the sign-in page', { stepMs: 250 });
    expect(await page.evaluate(async () => (await fetch('/api/user', { credentials: 'include' })).status)).toBe(401);
    expect(await savedNote()).toBeNull();

    errors.assertNone();
    await page.context().close();
  }, 240_000);
});

describe('speaking test without a microphone', () => {
  // Chromium without --use-fake-ui-for-media-stream: Playwright's contexts deny the permission
  // unless granted, so getUserMedia fails with NotAllowedError as for a student who said no.
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_FLAGS, '--use-fake-device-for-media-stream'] });
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function openTest(viewport: ViewportName, student: { mobileNumber: string; password: string }, ignore: RegExp[] = []) {
    const page = await newPage(browser, { viewport });
    page.setDefaultTimeout(15_000);
    const errors = collectConsoleErrors(page, { ignore: [...EXPECTED_NOISE, ...ignore] });
    const fake = await installFakeRecognition(page);
    await page.clock.install();
    await signIn(page, server.baseUrl, student.mobileNumber, student.password);
    await page.goto(`${server.baseUrl}/test`);
    await page.clock.runFor(1_100);
    await pumpUntil(page, visible(page, 'Try Again'), 'the denied microphone');
    return { page, errors, fake };
  }

  it("shows the spec's text when the microphone is denied; Try Again after allowing it gets ready; a silent test completes, then the session expires", async () => {
    const student = await createStudent(server.database.db, { studentName: 'Denied Student' });
    const { page, errors, fake } = await openTest('desktop', student);
    // The spec's prefix as the alert's title, then what to do, said once.
    await page.getByTestId('microphone-error').waitFor();
    expect(await page.getByTestId('microphone-error').innerText()).toBe(
      'Microphone access issue\nThis site is not allowed to use it. Please click the microphone icon in the address bar, allow access and try again.',
    );
    await page.getByRole('button', { name: 'Continue in Demo Mode (No Microphone)' }).waitFor();
    await shoot(page, 'denied', 'desktop');
    await page.context().grantPermissions(['microphone'], { origin: server.baseUrl });
    await page.getByRole('button', { name: 'Try Again' }).click();
    await pumpUntil(page, visible(page, 'Ready to start'), 'ready after Try Again');
    expect(await page.getByText('Microphone ready', { exact: true }).count()).toBe(1);

    // A student who never speaks is not stuck: each answer closes 2 s after recognition ends.
    await page.evaluate((id) => sessionStorage.setItem('parley.studentInfo', JSON.stringify({ id, studentName: 'Denied Student' })), student.student.id);
    await takeSilentTest(page, fake);
    await pumpUntil(page, async () => (await attemptsOf(student)).length === 1, 'the saved attempt', { stepMs: 1_000, realMs: 50 });
    expect((await attemptsOf(student))[0]?.assessable).toBe(false);

    // The last minute: a countdown at the foot of the screen, and Stay starts the 5 minutes again.
    const countdown = page.getByTestId('session-countdown');
    const secondsShown = async () => (await countdown.count()) > 0 ? ((await page.getByTestId('session-seconds-left').textContent()) ?? '') : '';
    // (Waiting for the save above moved the clock on by an unknown few seconds: the countdown is looked
    // for second by second, and must start at a minute.)
    await pumpUntil(page, async () => (await countdown.count()) > 0, 'the countdown in the last minute', { stepMs: 1_000, realMs: 20, maxSteps: 300 });
    expect(await secondsShown()).toMatch(/^(1:00|0:5\d)$/);
    expect(await countdown.innerText()).toContain('Your results are saved. Then this device is signed out');
    await page.clock.runFor(20_000);
    await pumpUntil(page, async () => /^0:(3\d|4[0-1])$/.test(await secondsShown()), 'the countdown going down', { stepMs: 250, realMs: 30 });
    await sleep(300);
    await shoot(page, 'session-countdown', 'desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await sleep(300);
    await shoot(page, 'session-countdown', 'phone');
    const box = await countdown.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390 && box.y + box.height <= 844).toBe(true);
    await page.setViewportSize({ width: 1280, height: 800 });
    await countdown.getByRole('button', { name: 'Stay' }).click();
    await pumpUntil(page, async () => (await countdown.count()) === 0, 'the countdown to go after Stay', { stepMs: 100 });
    // Stay is not a sign-out: the session still answers, and the new 5 minutes warn again.
    expect(await page.evaluate(async () => (await fetch('/api/user')).status)).toBe(200);
    await page.clock.runFor(230_000);
    expect(await countdown.count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/test');
    await pumpUntil(page, async () => (await countdown.count()) > 0, 'the countdown again, 4 minutes after Stay', { stepMs: 1_000, realMs: 20, maxSteps: 15 });
    expect(await secondsShown()).toMatch(/^(1:00|0:5\d)$/);

    // Five minutes after Stay: the stored student info goes, 'Session Expired', then /auth 2 s later.
    await page.clock.runFor(50_000);
    expect(new URL(page.url()).pathname).toBe('/test');
    const toastText = async () => (await toast(page).count()) > 0 ? ((await toast(page).textContent()) ?? '') : '';
    await pumpUntil(page, async () => (await toastText()).includes('Session Expired'), "the 'Session Expired' toast", { stepMs: 250, realMs: 30 });
    expect(await page.evaluate(() => sessionStorage.getItem('parley.studentInfo'))).toBeNull();
    await page.clock.runFor(1_500);
    expect(new URL(page.url()).pathname).toBe('/test');
    await pumpUntil(page, async () => new URL(page.url()).pathname === '/auth', 'the redirect to /auth', { stepMs: 250 });
    // The device is signed out, so /auth shows its form rather than 'Already Logged In'.
    expect(await page.evaluate(async () => (await fetch('/api/user')).status)).toBe(401);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    errors.assertNone();
    await page.context().close();
  }, 150_000);

  it('takes a test in demo mode on an Android phone; a save that failed is sent again after a reload, once', async () => {
    const student = await createStudent(server.database.db, { studentName: 'Demo Student' });
    const { page, errors, fake } = await openTest('phone', student);
    await shoot(page, 'setup-denied', 'phone');
    await page.getByRole('button', { name: 'Continue in Demo Mode (No Microphone)' }).click();
    await page.getByText('Demo mode: not recording').waitFor();
    await shoot(page, 'ready', 'phone');
    const saves = await routeSaves(page, Number.POSITIVE_INFINITY);
    // Spec section 7: on Android the page reports the device at the start and whenever listening starts.
    const reports: Array<{ testData: Record<string, unknown>; status: number }> = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname !== '/api/device-debug') return;
      reports.push({ testData: (response.request().postDataJSON() as { testData: Record<string, unknown> }).testData, status: response.status() });
    });
    await page.getByRole('button', { name: 'Start Test' }).click();

    const repeatedAnswer = async () => {
      // Android ends recognition on its own and re-sends the earlier words when it starts again.
      await fake.end();
      await pumpUntil(page, () => listening(fake), 'listening again after a restart', { stepMs: 100 });
      await fake.say(`${PART1_ANSWERS[3]} and on Sundays I paint`);
    };
    for (let n = 1; n <= 10; n += 1) {
      const options = n === 2 ? { beforeSilence: () => shoot(page, 'part1', 'phone') } : n === 4 ? { beforeSilence: repeatedAnswer } : {};
      await answer(page, fake, n, PART1_ANSWERS[n - 1] ?? '', options);
      if (n === 3) {
        // Leaving inside the app asks first; Stay keeps the test going.
        await page.getByRole('link', { name: 'Parley' }).click();
        await pumpUntil(page, async () => (await page.getByRole('dialog', { name: 'Leave the test?' }).count()) > 0, 'the leave dialog', { stepMs: 100 });
        await page.getByRole('button', { name: 'Stay' }).click();
        await page.clock.runFor(500);
        expect(new URL(page.url()).pathname).toBe('/test');
      }
    }
    await pumpUntil(page, visible(page, PART2_PREPARATION_TEXT), 'the Part 2 preparation');
    await page.clock.runFor(10_000);
    await shoot(page, 'part2-prep', 'phone');
    await page.clock.runFor(50_000);
    await pumpUntil(page, () => listening(fake), 'listening in Part 2');
    await fake.say(PART2_SENTENCES.join(' '));
    await page.clock.runFor(20_000);
    await shoot(page, 'part2-speaking', 'phone');
    await page.clock.runFor(100_500);
    await pumpUntil(page, async () => (await page.getByRole('heading', { name: 'Discussion' }).count()) > 0, 'Part 3');
    for (let n = 1; n <= 10; n += 1) {
      await answer(page, fake, n, PART3_ANSWERS[n - 1] ?? '', n === 1 ? { beforeSilence: () => shoot(page, 'part3', 'phone') } : {});
    }
    await pumpUntil(page, visible(page, 'Test Complete!'), 'the results');
    await pumpUntil(page, async () => saves.calls() >= 2, 'two refused saves', { stepMs: 1_000 });
    await shoot(page, 'complete', 'phone');
    expect(await attemptsOf(student)).toHaveLength(0);
    expect(saves.bodies[0]?.sessionData.demo).toBe(true);
    expect(reports.filter((report) => report.testData.action === 'test-start')).toHaveLength(1);
    expect(reports.filter((report) => report.testData.action === 'listening-start').length).toBeGreaterThanOrEqual(21);
    for (const report of reports) {
      expect(report.status).toBe(204);
      expect(report.testData.android).toBe(true);
      expect(report.testData).not.toHaveProperty('userId');
    }
    // Signing out while the result is unsent asks first; waiting keeps the student here.
    await page.getByRole('button', { name: 'Take Another Test' }).click();
    const unsaved = page.getByRole('dialog', { name: 'Your result is not saved yet' });
    await pumpUntil(page, async () => (await unsaved.count()) > 0, 'the unsent-result dialog', { stepMs: 100 });
    await page.clock.runFor(500); // Mantine's open transition runs on the (fake) clock
    await sleep(300);
    await screenshot(page, 'speaking-test-unsent-dialog-phone', { fullPage: false });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Wait for it' }).click();
    await pumpUntil(page, async () => (await unsaved.count()) === 0, 'the dialog to close', { stepMs: 100 });
    expect(new URL(page.url()).pathname).toBe('/test');
    expect(saves.bodies[0]?.sessionData.questionAnswerPairs[3]?.answer).toBe(`${PART1_ANSWERS[3]}\nand on Sundays I paint`);

    // Reload: the browser asks first; the stored student info is cleared; the outbox sends it again.
    await page.evaluate((id) => sessionStorage.setItem('parley.studentInfo', JSON.stringify({ id, studentName: 'Demo Student' })), student.student.id);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.type());
      void dialog.accept();
    });
    await page.unroute('**/api/test-sessions');
    await page.reload();
    expect(dialogs).toEqual(['beforeunload']);
    expect(await page.evaluate(() => sessionStorage.getItem('parley.studentInfo'))).toBeNull();
    await pumpUntil(page, async () => (await attemptsOf(student)).length > 0, 'the attempt after the reload', { stepMs: 1_000, realMs: 100 });
    await page.clock.runFor(10_000);
    await sleep(300);
    const stored = await attemptsOf(student);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.id).toBe(saves.bodies[0]?.attemptId);
    errors.assertNone();
    await page.context().close();
  }, 180_000);
  it('after a reload that ended a test part-way, the next /test page in the tab says its answers were not saved, until closed or a new test starts', async () => {
    const student = await createStudent(server.database.db, { studentName: 'Reload Student' });
    const { page, errors, fake } = await openTest('phone', student);
    // A reload asks first (the browser's own question): the student says leave.
    page.on('dialog', (dialog) => void dialog.accept());
    expect(await page.getByTestId('test-stopped').count()).toBe(0);
    await page.getByRole('button', { name: 'Continue in Demo Mode (No Microphone)' }).click();
    // A note that is there from the start is not an alert: a screen reader is not interrupted by it.
    expect(await page.getByTestId('demo-note').getAttribute('role')).toBe('note');
    await page.getByRole('button', { name: 'Start Test' }).click();
    await answer(page, fake, 1, 'My name is Reload Student');
    await pumpUntil(page, () => listening(fake), 'listening to question 2', { stepMs: 100 });
    await page.reload();
    await page.clock.runFor(1_100);
    const notice = page.getByTestId('test-stopped');
    await notice.waitFor();
    expect(await notice.innerText()).toContain('Your last test did not finish');
    expect(await notice.innerText()).toContain('The page was reloaded or closed during your last test, so its answers were not saved.');
    await shoot(page, 'test-stopped', 'phone');
    // Still there after another reload before a test; gone once closed, and after a reload too.
    await page.reload();
    await page.clock.runFor(1_100);
    await notice.waitFor();
    await page.getByRole('button', { name: 'Close this notice' }).click();
    expect(await notice.count()).toBe(0);
    await page.reload();
    await page.clock.runFor(1_100);
    await pumpUntil(page, visible(page, 'Try Again'), 'the denied microphone');
    expect(await notice.count()).toBe(0);
    // Leaving through the app's own dialog is the student's choice: no notice. A new test clears it too.
    await page.getByRole('button', { name: 'Continue in Demo Mode (No Microphone)' }).click();
    await page.getByRole('button', { name: 'Start Test' }).click();
    await pumpUntil(page, () => listening(fake), 'listening to question 1', { stepMs: 100 });
    await page.getByRole('link', { name: 'Parley' }).click();
    await pumpUntil(page, async () => (await page.getByRole('dialog', { name: 'Leave the test?' }).count()) > 0, 'the leave dialog', { stepMs: 100 });
    await page.getByRole('button', { name: 'Leave' }).click();
    await page.goto(`${server.baseUrl}/test`);
    await page.clock.runFor(1_100);
    await pumpUntil(page, visible(page, 'Try Again'), 'the denied microphone');
    expect(await notice.count()).toBe(0);

    // A reload of a saved test's results (noted as the whole test above checks): the page says where
    // they are, for the student who took it only, until closed.
    const attemptId = '6a1f0b0e-4a8e-4d36-9a57-1f0a2b3c4d5e';
    const saved = page.getByTestId('test-saved');
    for (const userId of [student.user.id + 1, student.user.id]) {
      await page.evaluate((note) => sessionStorage.setItem('parley.testSaved', note), JSON.stringify({ userId, attemptId }));
      await page.reload();
      await page.clock.runFor(1_100);
      await pumpUntil(page, visible(page, 'Try Again'), 'the denied microphone');
      if (userId !== student.user.id) expect(await saved.count()).toBe(0);
    }
    expect(await saved.innerText()).toContain('Your last test is saved');
    expect(await saved.getByRole('link', { name: 'see your last test' }).getAttribute('href')).toBe(`/progress/attempts/${attemptId}`);
    await shoot(page, 'test-saved', 'phone');
    await page.getByRole('button', { name: 'Close this notice' }).click();
    expect(await saved.count()).toBe(0);
    expect(await page.evaluate(() => sessionStorage.getItem('parley.testSaved'))).toBeNull();
    errors.assertNone();
    await page.context().close();
  }, 180_000);

  it('a browser that cannot record (no MediaRecorder) is told so on the ready card, before Start Test; the Recording Error then says recording may not be available', async () => {
    const student = await createStudent(server.database.db, { studentName: 'Unrecorded Student' });
    const { page, errors } = await openTest('desktop', student);
    await page.evaluate(() => delete (window as { MediaRecorder?: unknown }).MediaRecorder);
    await page.context().grantPermissions(['microphone'], { origin: server.baseUrl });
    await page.getByRole('button', { name: 'Try Again' }).click();
    await pumpUntil(page, visible(page, 'Ready to start'), 'ready after Try Again');
    // Chrome transcribes: the estimate stands, but the teacher will have nothing to listen to.
    expect(await page.getByTestId('cannot-record-note').innerText()).toBe(
      'This browser cannot record\nYour answers are not recorded in this browser: they are transcribed for your estimate, but your teacher will not be able to listen to them. Use Chrome on a computer or an Android phone if you can, or take the test on another device.',
    );
    expect(await page.getByTestId('no-transcript-note').count()).toBe(0);
    await shoot(page, 'ready-cannot-record', 'desktop');
    await page.getByRole('button', { name: 'Start Test' }).click();
    await pumpUntil(page, async () => (await toast(page, 'Recording Error').count()) > 0, 'the Recording Error toast');
    expect(await toast(page, 'Recording Error').locator('.mantine-Notification-description').textContent()).toBe('Audio recording may not be available in this browser.');
    errors.assertNone();
    await page.context().close();
  }, 60_000);

  it("warns 'Save Warning' and sends nothing when a teacher takes a test without a student's access; without MediaRecorder, Download Audio says 'No Audio'", async () => {
    const admin = await createAdmin(server.database.db);
    const { page, errors, fake } = await openTest('desktop', { mobileNumber: admin.username, password: admin.password });
    const saves = await routeSaves(page, 0);
    await page.getByRole('button', { name: 'Continue in Demo Mode (No Microphone)' }).click();
    // A browser that cannot record (no MediaRecorder, as in some older browsers): nothing is recorded,
    // so at the end Download Audio has nothing to give.
    await page.evaluate(() => delete (window as { MediaRecorder?: unknown }).MediaRecorder);
    await takeSilentTest(page, fake);
    await expect.poll(() => toast(page).textContent()).toContain('Test completed but results may not be saved. Please contact your teacher.');
    const downloads: string[] = [];
    page.on('download', (download) => downloads.push(download.suggestedFilename()));
    await page.getByRole('button', { name: 'Download Audio', exact: true }).click();
    const toasts = async () => (await toast(page).allTextContents()).join(' | ');
    await pumpUntil(page, async () => (await toasts()).includes('No test data available to generate audio.'), "the 'No Audio' toast", { stepMs: 500 });
    expect(await toast(page, 'No test data available to generate audio.').locator('.mantine-Notification-title').textContent()).toBe('No Audio');
    expect(downloads).toEqual([]);
    // No student is known, so there is no history of earlier bands to ask for.
    expect(await page.getByRole('heading', { name: 'Your progress' }).count()).toBe(0);
    await page.clock.runFor(10_000);
    expect(saves.calls()).toBe(0);
    errors.assertNone();
    await page.context().close();
  }, 120_000);
});

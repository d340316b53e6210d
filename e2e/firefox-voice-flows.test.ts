/*
 * Firefox for real (Debian's Firefox ESR over WebDriver BiDi, at a laptop's viewport): a whole
 * speaking test and a whole mock interview on a PulseAudio microphone fed with espeak-ng speech, the
 * browser's own speech synthesis and MediaRecorder, nothing faked in the page. Firefox has no speech
 * recognition: every answer ends on the microphone's silence, the attempts are saved with their
 * recording and no transcript, and the teacher scores them. Only the page clock is run forward (the
 * examiner's and interviewer's lines, the Part 2 minutes, the silence after each answer and the
 * interview's auto-advance), so the file takes a couple of minutes, not the half hour the spec's
 * timers would.
 *
 * Each recording must be stored once and served re-muxed with its Cues (decision 0032), so that the
 * teacher's player seeks in Firefox; the save must never flash a warning on the way to "Saved".
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { BrowserContext, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAVE_TOASTS, SAVE_WARNING_TEXT } from '../src/client/features/speaking-test/flow/after-the-test.js';
import type { AttemptsPage } from '../src/shared/api/admin-attempts.js';
import type { TestSessionData } from '../src/shared/api/attempts.js';
import { emptyInterviewProfile } from '../src/shared/api/interview.js';
import { INTERVIEW_NO_TRANSCRIPT_TEXT } from '../src/shared/interview/constants.js';
import { NO_TRANSCRIPT_RESULT_TEXT } from '../src/shared/speaking-test/scoring.js';
import { attempts } from '../src/server/db/schema.js';
import { recordings } from '../src/server/db/schema-recordings.js';
import { saveInterviewProfile } from '../src/server/interview/service.js';
import { webmHasCues } from '../src/server/recordings/remux.js';
import { sessionCookieForUser } from '../src/server/test/app.js';
import { createAdmin, createStudent, type CreatedAdmin } from '../src/server/test/factories.js';
import { openInterviewWelcome, takeWholeInterview } from './support/driven-interview.js';
import { takeWholeTest, textsSeen, waitForBody, waitForText, watchForTexts } from './support/driven-test.js';
import { drivenPage, launchFirefox, type LaunchedFirefox } from './support/firefox.js';
import { signInFromPage } from './support/sign-in-script.js';
import { makeSpeechWav, startTestServer, testResultsDir, type TestServer } from './support/index.js';
import { installLevelWatch, LEVEL_WATCH, LOUD_DB } from './support/level-watch.js';
import { installPageClock, PAGE_CLOCK } from './support/page-clock.js';
import { startPulseMicrophone, type PulseMicrophone } from './support/pulse.js';
import { expectLandings, seekAll } from './support/seek.js';

/** A laptop's screen. */
const VIEWPORT = { width: 1280, height: 800 };
/** A phone's: Firefox on a phone-sized window shows the same results, nothing wider than the screen. */
const PHONE = { width: 390, height: 844 };
const RECORDING_SENT_TEXT = 'Your recording is sent with your answers: your teacher listens to it to give your bands.';
/**
 * What a normal save must never show, even for a moment (Firefox once flashed the first for 0.2 s).
 * Not the recorder's "No recording is being made" or "The recording stopped": its checks every 5 s
 * of page time see no new piece while the page clock runs ahead of the recorder's real second; the
 * recording's length against the test's real time is checked instead.
 */
const ALARMS = [SAVE_WARNING_TEXT, SAVE_TOASTS.failed.description, 'we will keep trying'];
const INTERVIEW_ALARMS = ['Saving… will keep trying', 'The recording could not be uploaded'];

let server: TestServer;
let microphone: PulseMicrophone | undefined;
let firefox: LaunchedFirefox | undefined;
let admin: CreatedAdmin;
let clip: string;

beforeAll(async () => {
  [server, microphone, clip] = await Promise.all([startTestServer(), startPulseMicrophone(), makeSpeechWav('I live in Pune with my family.')]);
  firefox = await launchFirefox({ pulseServer: microphone.server });
  admin = await createAdmin(server.database.db);
}, 120_000);

afterAll(async () => {
  await firefox?.close();
  await microphone?.close();
  await server?.close();
});

interface Session {
  page: Page;
  /** Requests the page sent, as 'METHOD path'. */
  sent: string[];
  close(): Promise<void>;
}

/**
 * A signed-in page in a browser context of its own (its own cookies), at the laptop viewport; with
 * `clock`, the page clock and the level watch (what the voice meter heard) are preload scripts, in
 * place before the app's scripts on every load.
 */
async function signedIn(username: string, password: string, { clock = false } = {}): Promise<Session> {
  if (!firefox) throw new Error('Firefox did not start');
  const context: BrowserContext = await firefox.browser.createBrowserContext();
  const page = await context.newPage();
  const sent: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) sent.push(`${request.method()} ${url.pathname}`);
  });
  await page.setViewport(VIEWPORT);
  if (clock) {
    await page.evaluateOnNewDocument(installPageClock, PAGE_CLOCK);
    await page.evaluateOnNewDocument(installLevelWatch, LEVEL_WATCH, LOUD_DB);
  }
  await page.goto(`${server.baseUrl}/auth`);
  const status = await page.evaluate(signInFromPage, username, password);
  expect(status).toBe(200);
  return { page, sent, close: () => context.close() };
}

async function shot(page: Page, name: string): Promise<void> {
  const folder = path.join(testResultsDir, 'screenshots');
  mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: path.join(folder, `${name}.png`) as `${string}.png`, fullPage: true });
}

/** The page at a phone's size: nothing wider than the window (no sideways scrolling), then a screenshot. */
async function atPhoneSize(page: Page, name: string): Promise<void> {
  await page.setViewport(PHONE);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await shot(page, name);
}

/** The one stored attempt of a student. */
async function onlyAttempt(studentId: number) {
  const [stored, ...others] = await server.database.db.select().from(attempts).where(eq(attempts.studentId, studentId));
  expect(others).toEqual([]);
  if (!stored) throw new Error('the attempt was not stored');
  return stored;
}

/** Waits (up to 30 s) for the attempt's recording to be stored, and returns the bytes the server serves for it. */
async function storedRecording(attemptId: string): Promise<Buffer> {
  const deadline = Date.now() + 30_000;
  while ((await server.database.db.select().from(recordings).where(eq(recordings.attemptId, attemptId))).length === 0) {
    if (Date.now() > deadline) throw new Error(`no recording was stored for ${attemptId} within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const served = await fetch(`${server.baseUrl}/api/attempts/${attemptId}/recording`, { headers: { cookie: await sessionCookieForUser(server.database.db, admin.user.id) } });
  expect(served.status).toBe(200);
  expect(served.headers.get('content-type')).toMatch(/^audio\/webm/);
  return Buffer.from(await served.arrayBuffer());
}

/** The teacher's list row of an attempt (the list's API, as the Attempts tab reads it). */
async function listRow(kind: 'test' | 'interview', attemptId: string) {
  const listed = await fetch(`${server.baseUrl}/api/admin/${kind}-attempts?page=1&limit=10`, { headers: { cookie: await sessionCookieForUser(server.database.db, admin.user.id) } });
  expect(listed.status).toBe(200);
  return ((await listed.json()) as AttemptsPage).attempts.find((attempt) => attempt.id === attemptId);
}

const uploads = (sent: string[], attemptId: string) => sent.filter((request) => request === `PUT /api/attempts/${attemptId}/recording`).length;

describe('Firefox ESR on a PulseAudio microphone', () => {
  it(
    'a whole speaking test: saved with its recording, stored once and seekable, and the teacher will score it',
    async () => {
      if (!microphone) throw new Error('the microphone did not start');
      const student = await createStudent(server.database.db, { studentName: 'Lena Fischer' });
      const session = await signedIn(student.mobileNumber, student.password, { clock: true });
      const page = drivenPage(session.page);
      try {
        await session.page.goto(`${server.baseUrl}/test`);
        await waitForText(page, 'Ready to start');
        expect(await page.evaluate(() => 'SpeechRecognition' in window || 'webkitSpeechRecognition' in window)).toBe(false);
        await watchForTexts(page, ALARMS);
        await page.clickButton('Start Test');
        const started = Date.now();
        const timings = await takeWholeTest(page, microphone, { clip, part1: { runSilenceForward: true }, part3: { runSilenceForward: true } });
        const tookS = (Date.now() - started) / 1000;

        const saveState = () => page.evaluate(() => document.querySelector('[data-save-state]')?.getAttribute('data-save-state') ?? null);
        const deadline = Date.now() + 60_000;
        for (let state = await saveState(); state !== 'saved'; state = await saveState()) {
          if (Date.now() > deadline) throw new Error(`the test was not saved within 60 s: ${state}`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        const results = await page.evaluate(() => document.querySelector<HTMLElement>('[data-testid="results-panel"]')?.innerText ?? '');
        expect(await page.evaluate(() => document.querySelector<HTMLElement>('[data-testid="awaiting-teacher"]')?.innerText ?? '')).toBe(NO_TRANSCRIPT_RESULT_TEXT);
        expect(await page.evaluate(() => document.querySelector<HTMLElement>('[data-testid="recording-sentence"]')?.innerText ?? '')).toBe(RECORDING_SENT_TEXT);
        expect(results).not.toContain('Nothing to score');
        // No answer has words: no key to highlights there are none of.
        expect(results).not.toContain('Less common word');
        expect(await page.evaluate(() => document.querySelector('[data-testid="recording-problem"]') === null)).toBe(true);
        await shot(session.page, 'firefox-speaking-test-results-laptop');
        await atPhoneSize(session.page, 'firefox-speaking-test-results-phone');

        // Stored once: one attempt, one upload, one recording, served re-muxed with its Cues.
        const stored = await onlyAttempt(student.student.id);
        expect(stored.assessable).toBe(false);
        // Every Part 1 and 3 answer was heard in the microphone and ended on its silence.
        const pairs = (stored.sessionData as TestSessionData).questionAnswerPairs.filter((pair) => pair.part !== 2);
        expect(pairs).toHaveLength(20);
        // The message gives what the page's voice meter heard of each clip (page ms), to tell a flow that
        // cut an answer short from a microphone that carried too little of it.
        const heard = timings.map((timing) => timing.heardMs);
        expect(
          pairs.filter((pair) => !((pair.speakingTimeMs ?? 0) > 1_000)).map(({ part, questionNumber, speakingTimeMs }) => ({ part, questionNumber, speakingTimeMs })),
          `heard by the meter: ${heard.join(', ')} ms`,
        ).toEqual([]);
        // And each answer's speaking time is the sound the meter read, give or take the gate's lower end
        // threshold (-58 dBFS against the -50 it starts on; measured 50-110 ms longer).
        const measured = pairs.map(({ part, questionNumber, speakingTimeMs }, i) => ({ part, questionNumber, speakingTimeMs, heardMs: heard[i] }));
        expect(measured.filter(({ speakingTimeMs, heardMs }) => heardMs === undefined || Math.abs((speakingTimeMs ?? 0) - heardMs) > 200)).toEqual([]);
        const bytes = await storedRecording(stored.id);
        expect(webmHasCues(bytes)).toBe(true);
        expect(session.sent.filter((request) => request === 'POST /api/test-sessions')).toHaveLength(1);
        expect(uploads(session.sent, stored.id)).toBe(1);
        expect(await textsSeen(page)).toEqual([]);
        expect(await listRow('test', stored.id)).toMatchObject({ assessable: false, overall: null, awaitingTeacher: true });

        // The teacher plays it in Firefox and seeks inside it.
        const teacher = await signedIn(admin.username, admin.password);
        try {
          await teacher.page.goto(`${server.baseUrl}/admin/attempts/${stored.id}`);
          await teacher.page.waitForSelector('audio');
          const seeks = await teacher.page.evaluate(seekAll, [20]);
          // The recording runs as long as the test took in real time (the clock's skips are not in it):
          // the recorder went on to the end.
          expect(seeks.duration).toBeGreaterThan(Math.max(25, tookS * 0.8));
          expectLandings(seeks, [20]);
          await shot(teacher.page, 'firefox-teacher-attempt-laptop');
        } finally {
          await teacher.close();
        }
      } finally {
        await session.close();
      }
    },
    300_000,
  );

  it(
    'a whole interview answered aloud: saved with its recording and no scores, awaiting the teacher',
    async () => {
      if (!microphone) throw new Error('the microphone did not start');
      const student = await createStudent(server.database.db, { courseName: 'Interview Aspirant', studentName: 'Jonas Weber' });
      await saveInterviewProfile(server.database.db, student.student.id, { ...emptyInterviewProfile(), professionalSummary: 'Support engineer.' });
      const session = await signedIn(student.mobileNumber, student.password, { clock: true });
      const page = drivenPage(session.page);
      try {
        await session.page.goto(`${server.baseUrl}/interview-simulator`);
        const total = await openInterviewWelcome(page);
        expect(total).toBeGreaterThanOrEqual(5);
        expect(await page.evaluate(() => document.querySelector<HTMLElement>('[data-testid="no-transcript-note"]')?.innerText ?? '')).toContain(
          'it records your answers but does not turn them into text',
        );
        await shot(session.page, 'firefox-interview-welcome-laptop');
        await watchForTexts(page, INTERVIEW_ALARMS);
        await takeWholeInterview(page, microphone, {
          clip,
          total,
          atFirstCountdown: async () => {
            expect(await page.evaluate(() => document.querySelector<HTMLElement>('[data-testid="live-transcript"]')?.innerText ?? '')).toContain('Recording only: this browser does not transcribe.');
            await shot(session.page, 'firefox-interview-answer-laptop');
          },
        });

        await waitForBody(page, 'no "Saved."', (text) => /^Saved\.$/m.test(text), 30_000);
        expect(await page.evaluate(() => document.querySelector<HTMLElement>('[data-testid="awaiting-teacher"]')?.innerText ?? '')).toBe(INTERVIEW_NO_TRANSCRIPT_TEXT);
        expect(await page.evaluate(() => document.body.innerText)).not.toContain('Your scores');
        expect(await page.evaluate(() => [...document.querySelectorAll('button')].find((button) => button.innerText.trim() === 'Download Audio')?.disabled)).toBe(false);
        await shot(session.page, 'firefox-interview-completed-laptop');
        await atPhoneSize(session.page, 'firefox-interview-completed-phone');

        const stored = await onlyAttempt(student.student.id);
        expect(stored).toMatchObject({ kind: 'interview', assessable: false, overall: null });
        expect(webmHasCues(await storedRecording(stored.id))).toBe(true);
        expect(session.sent.filter((request) => request === 'POST /api/interview-sessions')).toHaveLength(1);
        expect(uploads(session.sent, stored.id)).toBe(1);
        expect(await textsSeen(page)).toEqual([]);

        // The teacher's list: awaiting the teacher's scores, not nothing to score.
        const row = await listRow('interview', stored.id);
        expect(row).toMatchObject({ assessable: false, overall: null, awaitingTeacher: true });
        expect(row?.nothingToScore).toBeUndefined();
        const teacher = await signedIn(admin.username, admin.password);
        try {
          await teacher.page.goto(`${server.baseUrl}/admin?tab=interview`);
          const teacherPage = drivenPage(teacher.page);
          await waitForBody(teacherPage, 'no interview attempts listed', (text) => text.includes('Jonas Weber'), 20_000);
          const rowText = () => teacherPage.evaluate((id) => document.querySelector<HTMLElement>(`tr[data-attempt-id="${id}"]`)?.innerText ?? null, stored.id);
          expect(await rowText()).toContain("Awaiting teacher's scores");
          await shot(teacher.page, 'firefox-teacher-interview-list-laptop');
        } finally {
          await teacher.close();
        }
      } finally {
        await session.close();
      }
    },
    240_000,
  );

  // Zod asks whether it may compile parsers with `new Function('')` when its first object schema is
  // built, unless told it is jitless (src/shared/zod.ts): the page's CSP refuses that eval, and Firefox
  // logged "The page's settings blocked a JavaScript eval" on every page that loads a schema.
  it("the forms that check with Zod's schemas report no refused eval: the teacher's Add Student, the student's profile Save", async () => {
    const student = await createStudent(server.database.db, { courseName: 'Interview Aspirant', studentName: 'Mia Keller' });
    const visits = [
      // The dialog's fields are drawn with the form's schemas; the profile is checked by its schema on Save.
      { username: admin.username, password: admin.password, route: '/admin', button: 'Add Student', done: '[role="dialog"] input' },
      { username: student.mobileNumber, password: student.password, route: '/interview-dashboard', button: 'Save', done: '.mantine-Notification-root' },
    ];
    for (const { username, password, route, button, done } of visits) {
      const session = await signedIn(username, password);
      const page = drivenPage(session.page);
      const errors: string[] = [];
      session.page.on('pageerror', (error) => errors.push(String(error)));
      session.page.on('console', (message) => {
        if (message.type() === 'error' || /eval|Content-Security-Policy/i.test(message.text())) errors.push(`console ${message.type()}: ${message.text()}`);
      });
      try {
        await session.page.evaluateOnNewDocument(() => {
          const refused: string[] = [];
          Object.defineProperty(window, '__refused', { value: refused });
          document.addEventListener('securitypolicyviolation', (event) => refused.push(`${event.violatedDirective} ${event.blockedURI}`));
        });
        await session.page.goto(`${server.baseUrl}${route}`);
        await waitForText(page, button);
        await page.clickButton(button);
        for (const deadline = Date.now() + 20_000; !(await page.evaluate((selector) => document.querySelector(selector) !== null, done)); ) {
          if (Date.now() > deadline) throw new Error(`${route}: no ${done} within 20 s after ${button}`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        if (route === '/interview-dashboard') await waitForText(page, 'Profile saved');
        expect(await page.evaluate(() => (window as unknown as { __refused: string[] }).__refused)).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await session.close();
      }
    }
  }, 120_000);
});

/*
 * Leaving the page mid-interview and mid-test in Firefox and in WebKit (Safari's engine, an
 * iPhone's user agent at 390x844): the page really goes out of sight while an answer is being
 * given (Firefox: another tab brought to the front; WebKit: the window minimised; as another app or
 * the screen locked on a phone), a minute passes on the page clock, and the student comes back. The interview and the test must hold where they were (nothing moves while away), say so,
 * and go on with Continue: the answer begun is kept and ended by the microphone's silence, and the
 * next question follows. Neither browser has speech recognition here; the answers are clips played
 * into a PulseAudio microphone (pulse.ts), the waits run forward on the page clock (page-clock.ts).
 */
import path from 'node:path';
import type { BrowserContext, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { START_INTERVIEW_LABEL } from '../src/client/features/interview/flow/labels.js';
import { INTERVIEW_PAUSED_MESSAGE } from '../src/client/features/interview/flow/pause-step.js';
import { PAGE_HIDDEN_MESSAGE } from '../src/client/features/speaking-test/flow/recognition.js';
import { emptyInterviewProfile } from '../src/shared/api/interview.js';
import { saveInterviewProfile } from '../src/server/interview/service.js';
import { createStudent } from '../src/server/test/factories.js';
import { INTERVIEW_LISTENING_TEXT, INTERVIEWER_SPEAKING_TEXT, openInterviewWelcome, stepUntil } from './support/driven-interview.js';
import { ANSWER_NOW_TEXT, ASKING_TEXT, bodyText, runClock, skipWhileShown, waitForText, type ClickingPage } from './support/driven-test.js';
import { drivenPage, launchFirefox, type LaunchedFirefox } from './support/firefox.js';
import { signInFromPage } from './support/sign-in-script.js';
import { makeSpeechWav, startTestServer, testResultsDir, type TestServer } from './support/index.js';
import { installPageClock, PAGE_CLOCK } from './support/page-clock.js';
import { pageLife, watchPageLife } from './support/page-life.js';
import { startPulseMicrophone, type PulseMicrophone } from './support/pulse.js';
import { IPHONE_USER_AGENT, launchWebKit, type WebKitBrowser } from './support/webkit.js';

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 800 };

let server: TestServer;
let microphone: PulseMicrophone;
let clip: string;

beforeAll(async () => {
  [server, microphone, clip] = await Promise.all([startTestServer(), startPulseMicrophone(), makeSpeechWav('I live in Pune with my family.')]);
}, 60_000);

afterAll(async () => {
  await microphone?.close();
  await server?.close();
});

/** A driven page that can also screenshot itself and be told what to open. */
interface Browsed extends ClickingPage {
  /** Opens `route` signed in as the student, the page clock and the page-life watch installed. */
  open(route: string, username: string, password: string): Promise<void>;
  shot(name: string): Promise<void>;
  /** Sets the viewport (Firefox) or window (WebKit) size. */
  resize(size: { width: number; height: number }): Promise<void>;
  /** Takes the page really out of sight (Firefox: another tab in front; WebKit: the window minimised), and back. */
  away(): Promise<void>;
  back(): Promise<void>;
}

const life = (page: ClickingPage) => pageLife(page);
const recorderState = async (page: ClickingPage) => (await life(page)).recorders.at(-1) ?? 'none';

async function interviewee(name: string) {
  const student = await createStudent(server.database.db, { courseName: 'Interview Aspirant', studentName: name });
  await saveInterviewProfile(server.database.db, student.student.id, { ...emptyInterviewProfile(), professionalSummary: 'Support engineer.' });
  return student;
}

/** From the welcome view: Start, the greeting and question 1 run forward, to the page listening. */
async function toFirstAnswer(page: ClickingPage, total: number) {
  await page.clickButton(START_INTERVIEW_LABEL);
  await waitForText(page, `Question 1 of ${total}`, 20_000);
  await stepUntil(page, '[data-testid="current-question"]', 'question 1 was never asked', 500, 60);
  await skipWhileShown(page, INTERVIEWER_SPEAKING_TEXT);
  for (let steps = 0; !(await bodyText(page)).includes(INTERVIEW_LISTENING_TEXT); steps += 1) {
    if (steps > 20) throw new Error(`the page never listened:\n${(await bodyText(page)).slice(0, 1500)}`);
    await runClock(page, 250);
  }
}

/** The interview, really out of sight for a minute mid-answer, and back: held, then Continue to the next question. */
async function interviewAwayMidAnswer(page: Browsed, engine: string, expectRecorder: boolean) {
  const student = await interviewee(`Away ${engine}`);
  await page.open('/interview-simulator', student.mobileNumber, student.password);
  const total = await openInterviewWelcome(page);
  await toFirstAnswer(page, total);
  await microphone.play(clip);
  if (expectRecorder) expect(await recorderState(page)).toBe('recording');
  await page.away();
  // Without the pause, the silence after the clip (3 s) and the auto-advance (8 s) would reach question 2.
  await runClock(page, 60_000);
  let text = await bodyText(page);
  expect(text).toContain(`Question 1 of ${total}`);
  expect(text).not.toContain(`Question 2 of ${total}`);
  expect(await page.evaluate(() => document.querySelector('[data-testid="auto-advance"]') === null)).toBe(true);
  if (expectRecorder) expect(await recorderState(page)).toBe('paused');
  await page.back();
  expect((await life(page)).events).toEqual(expect.arrayContaining(['visibilitychange:hidden', 'visibilitychange:visible']));
  text = await bodyText(page);
  expect(text).toContain('Interview paused');
  expect(text).toContain(INTERVIEW_PAUSED_MESSAGE);
  expect(text).toContain('your answer so far is kept');
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Continue');
  await page.shot(`${engine}-interview-paused-phone`);
  await page.resize(LAPTOP);
  await page.shot(`${engine}-interview-paused-laptop`);
  await page.resize(PHONE);
  await page.clickButton('Continue');
  // Listening again; the recording resumes 0.5 s after, as when a question has been spoken.
  await runClock(page, 600);
  if (expectRecorder) expect(await recorderState(page)).toBe('recording');
  // The clip was heard before leaving: the silence after it now ends the answer, 8 s on the next question.
  await stepUntil(page, '[data-testid="auto-advance"]', 'the answer did not end on the silence after Continue', 500, 40);
  await runClock(page, 8_100);
  await waitForText(page, `Question 2 of ${total}`, 20_000);
  expect((await life(page)).errors).toEqual([]);
}

/** The speaking test, really out of sight for a minute mid-answer, and back: held, Continue asks question 1 again. */
async function testAwayMidAnswer(page: Browsed, engine: string, expectRecorder: boolean) {
  const student = await createStudent(server.database.db, { studentName: `Test ${engine}` });
  await page.open('/test', student.mobileNumber, student.password);
  await waitForText(page, 'Ready to start');
  await page.clickButton('Start Test');
  await waitForText(page, 'Question 1 of 10', 30_000);
  await skipWhileShown(page, ASKING_TEXT);
  for (let steps = 0; !(await bodyText(page)).includes(ANSWER_NOW_TEXT); steps += 1) {
    if (steps > 20) throw new Error(`the test never said to answer:\n${(await bodyText(page)).slice(0, 1500)}`);
    await runClock(page, 250);
  }
  await microphone.play(clip);
  await page.away();
  // Without the hold, the silence after the clip would end the answer and question 2 would follow.
  await runClock(page, 60_000);
  await page.back();
  const text = await bodyText(page);
  expect(text).toContain('Test paused');
  expect(text).toContain(PAGE_HIDDEN_MESSAGE);
  expect(text).toContain('Question 1 of 10');
  // The test's recording goes on through the pause (its own rule), unlike the interview's.
  if (expectRecorder) expect(await recorderState(page)).toBe('recording');
  await page.shot(`${engine}-test-paused-phone`);
  await page.clickButton('Continue');
  await skipWhileShown(page, ASKING_TEXT);
  await waitForText(page, ANSWER_NOW_TEXT);
  await microphone.play(clip);
  for (let steps = 0; (await bodyText(page)).includes('Question 1 of 10'); steps += 1) {
    if (steps > 40) throw new Error('question 1 did not end on the silence after Continue');
    await runClock(page, 500);
  }
  await waitForText(page, 'Question 2 of 10', 20_000);
  expect((await life(page)).errors).toEqual([]);
}

describe('Firefox', () => {
  let firefox: LaunchedFirefox | undefined;
  let page: Page;
  let browsed: Browsed;
  let context: BrowserContext | undefined;
  /** The tab brought to the front while the student is away. */
  let other: Page | undefined;

  beforeAll(async () => {
    firefox = await launchFirefox({ pulseServer: microphone.server });
    browsed = {
      evaluate: (fn, ...args) => drivenPage(page).evaluate(fn, ...args),
      clickButton: (name) => drivenPage(page).clickButton(name),
      async open(route, username, password) {
        // A page of its own each time: the last one may hold a running interview (and its leave confirmation).
        await context?.close();
        if (!firefox) throw new Error('Firefox did not start');
        context = await firefox.browser.createBrowserContext();
        page = await context.newPage();
        await page.setViewport(PHONE);
        await page.evaluateOnNewDocument(installPageClock, PAGE_CLOCK);
        await page.evaluateOnNewDocument(watchPageLife);
        await page.goto(`${server.baseUrl}/auth`);
        const status = await page.evaluate(signInFromPage, username, password);
        expect(status).toBe(200);
        await page.goto(`${server.baseUrl}${route}`);
      },
      async shot(name) {
        await page.screenshot({ path: path.join(testResultsDir, 'screenshots', `${name}.png`) as `${string}.png` });
      },
      resize: (size) => page.setViewport(size),
      // Each waits until the page itself reports it: the browser hides and shows it a moment later.
      async away() {
        if (!context) throw new Error('no page open');
        other = await context.newPage();
        await page.waitForFunction(() => document.visibilityState === 'hidden', { timeout: 10_000 });
      },
      async back() {
        await page.bringToFront();
        await other?.close();
        await page.waitForFunction(() => document.visibilityState === 'visible', { timeout: 10_000 });
      },
    };
  }, 60_000);
  afterAll(() => firefox?.close());

  it('the interview holds while the page is out of sight, and Continue goes on to the next question', async () => {
    await interviewAwayMidAnswer(browsed, 'firefox', true);
  }, 120_000);

  it('the speaking test holds while the page is out of sight, and Continue asks the question again', async () => {
    await testAwayMidAnswer(browsed, 'firefox', true);
  }, 120_000);
});

describe('WebKit with an iPhone user agent', () => {
  let webkit: WebKitBrowser | undefined;
  let browsed: Browsed;

  beforeAll(async () => {
    webkit = await launchWebKit({ pulseServer: microphone.server, userAgent: IPHONE_USER_AGENT, ...PHONE });
    const browser = webkit;
    browsed = {
      evaluate: (fn, ...args) => browser.evaluate(fn, ...args),
      clickButton: (name) => browser.clickButton(name),
      async open(route, username, password) {
        await browser.goto(`${server.baseUrl}/auth`);
        const status = await browser.evaluate(signInFromPage, username, password);
        expect(status).toBe(200);
        // Classic WebDriver runs no script before the page's own: the clock goes in on '/', then the app moves to `route`.
        await browser.goto(`${server.baseUrl}/`);
        await browser.waitFor(() => document.querySelector('h1') !== null, { timeoutMs: 20_000, what: 'the home page' });
        // The same tab each time: a flag left by an interview still running on the last page would end the next one.
        await browser.evaluate(() => sessionStorage.clear());
        await browser.evaluate(installPageClock, PAGE_CLOCK);
        await browser.evaluate(watchPageLife);
        await browser.evaluate((to) => {
          history.pushState(null, '', to);
          dispatchEvent(new PopStateEvent('popstate'));
        }, route);
      },
      shot: (name) => browser.screenshot(path.join(testResultsDir, 'screenshots', `${name}.png`)),
      resize: ({ width, height }) => browser.resize(width, height),
      // Each waits until the page itself reports it: the window manager minimises and restores it a moment later.
      async away() {
        await browser.minimize();
        await browser.waitFor(() => document.visibilityState === 'hidden', { timeoutMs: 10_000, what: 'the page out of sight' });
      },
      async back() {
        await browser.resize(PHONE.width, PHONE.height);
        await browser.waitFor(() => document.visibilityState === 'visible', { timeoutMs: 10_000, what: 'the page in sight again' });
      },
    };
  }, 60_000);
  afterAll(() => webkit?.close());

  it('the interview holds while the page is out of sight, and Continue goes on to the next question', async () => {
    await interviewAwayMidAnswer(browsed, 'webkit', false);
  }, 120_000);

  it('the speaking test holds while the page is out of sight, and Continue asks the question again', async () => {
    await testAwayMidAnswer(browsed, 'webkit', false);
  }, 120_000);
});

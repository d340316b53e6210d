/*
 * iOS Safari speaks only once the page has called speechSynthesis.speak() inside a tap, and the
 * examiner's first line comes after the tap has ended (the speaking test draws its questions first;
 * the interview waits for the voice list). On Apple devices each flow's Start therefore speaks an
 * empty utterance in its click (speech/prime-voice.ts); elsewhere it must not, since Chromium's
 * Linux backend fails an empty utterance and every line after it. WebKitGTK does not enforce the
 * tap rule, so this checks the order in Chromium with an iPhone's user agent: the first speak()
 * runs inside the Start click, and the examiner's lines after it; with Android's, no empty one.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyInterviewProfile } from '../src/shared/api/interview.js';
import { saveInterviewProfile } from '../src/server/interview/service.js';
import { createStudent } from '../src/server/test/factories.js';
import { launchBrowser, newPage, signInByApi, startTestServer, type LaunchedBrowser, type TestServer } from './support/index.js';
import { IPHONE_USER_AGENT } from './support/webkit.js';

let server: TestServer;
let launched: LaunchedBrowser;
beforeAll(async () => {
  server = await startTestServer();
  launched = await launchBrowser();
});
afterAll(async () => {
  await launched?.close();
  await server?.close();
});

interface SpeakCall {
  text: string;
  inTap: boolean;
}

/** Records every speak() with whether a click was being dispatched (window's capture phase to its bubble phase). */
async function recordSpeaking(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const calls: Array<{ text: string; inTap: boolean }> = [];
    (window as unknown as { speakCalls: typeof calls }).speakCalls = calls;
    let inTap = false;
    window.addEventListener('click', () => (inTap = true), true);
    window.addEventListener('click', () => (inTap = false));
    const speak = speechSynthesis.speak.bind(speechSynthesis);
    speechSynthesis.speak = (utterance: SpeechSynthesisUtterance) => {
      calls.push({ text: utterance.text, inTap });
      // Chromium here would fail the empty one and the lines after it (see above); iOS would not.
      if (utterance.text !== '') speak(utterance);
    };
  });
}

const speakCalls = (page: Page) => page.evaluate(() => (window as unknown as { speakCalls: SpeakCall[] }).speakCalls);

const APPLE = { name: 'an iPhone', userAgent: IPHONE_USER_AGENT, primed: true } as const;
const ANDROID = { name: 'an Android phone', userAgent: undefined, primed: false } as const;

/** On an iPhone: one empty utterance, in the tap, before the first line; elsewhere none. */
async function expectPrimed(page: Page, primed: boolean): Promise<void> {
  await expect.poll(async () => (await speakCalls(page)).some((call) => call.text !== ''), { timeout: 20_000 }).toBe(true);
  const calls = await speakCalls(page);
  if (!primed) {
    expect(calls.filter((call) => call.text === '')).toHaveLength(0);
    return;
  }
  expect(calls[0]).toEqual({ text: '', inTap: true });
  // The examiner's first line is spoken outside the tap: without the empty one, an iPhone stays silent.
  expect(calls.find((call) => call.text !== '')?.inTap).toBe(false);
  expect(calls.filter((call) => call.text === '')).toHaveLength(1);
}

describe.each([APPLE, ANDROID])('the examiner voice on $name', ({ userAgent, primed }) => {
  it('the speaking test: Start Test and the first line', async () => {
    const student = await createStudent(server.database.db, { studentName: 'Ira Sen' });
    const page = await newPage(launched.browser, { viewport: 'phone', ...(userAgent ? { userAgent } : {}) });
    await recordSpeaking(page);
    await signInByApi(page, server.baseUrl, student.mobileNumber, student.password);
    await page.goto(`${server.baseUrl}/test`);
    await page.getByText('Ready to start').waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Start Test' }).click();
    await expectPrimed(page, primed);
    await page.context().close();
  }, 60_000);

  it('the interview: Start My Interview and the greeting', async () => {
    const student = await createStudent(server.database.db, { courseName: 'Interview Aspirant', studentName: 'Tomas Weber' });
    await saveInterviewProfile(server.database.db, student.student.id, { ...emptyInterviewProfile(), professionalSummary: 'Support engineer.' });
    const page = await newPage(launched.browser, { viewport: 'phone', ...(userAgent ? { userAgent } : {}) });
    await recordSpeaking(page);
    await signInByApi(page, server.baseUrl, student.mobileNumber, student.password);
    await page.goto(`${server.baseUrl}/interview-simulator`);
    await page.getByRole('button', { name: 'Allow Microphone Access' }).click();
    await page.getByRole('button', { name: 'Start My Interview' }).click();
    await expectPrimed(page, primed);
    await page.context().close();
  }, 60_000);
});

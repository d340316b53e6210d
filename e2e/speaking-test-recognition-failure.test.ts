/*
 * Speech recognition failing mid-test. A 'network' error on a Part 1 question holds the
 * question (its clocks stop, the recording goes on) with the spec's text, Try again and Continue
 * without transcript; Try again asks the same question again and it is saved once. Leaving the page
 * mid-answer (the browser's visibilitychange, as a phone sends it for a call or the screen locked)
 * holds the question the same way until Continue. A later failure
 * answered with Continue without transcript finishes the test on acoustic silence (the fake
 * microphone: espeak-ng speech, then 4.5 s of silence).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SaveTestSessionBody } from '../src/shared/api/attempts.js';
import { NO_TRANSCRIPT_RESULT_TEXT } from '../src/shared/speaking-test/scoring.js';
import { REPEAT_QUESTION_BUTTON } from '../src/client/features/speaking-test/PartPanel.js';
import { createStudent } from '../src/server/test/factories.js';
import { installFakeRecognition, type FakeRecognition } from './support/fake-recognition.js';
import {
  collectConsoleErrors,
  launchBrowser,
  lookAt,
  makeSpeechWithSilenceWav,
  newPage,
  setPageHidden,
  skipVoiceLine,
  startTestServer,
  type LaunchedBrowser,
  type TestServer,
} from './support/index.js';

const EXPECTED_NOISE = [/status of 401/];
const NETWORK_TEXT = 'Network error. Please check your internet connection.';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function pumpUntil(page: Page, check: () => Promise<boolean>, what: string, stepMs = 500) {
  for (let step = 0; step < 400; step += 1) {
    if (await check()) return;
    await page.clock.runFor(stepMs);
    await sleep(20);
  }
  throw new Error(`timed out waiting for ${what}`);
}

const listening = async (fake: FakeRecognition) => (await fake.status()).live?.state === 'listening';
const shown = (page: Page, text: string) => async () => (await page.getByText(text, { exact: true }).count()) > 0;

async function answer(page: Page, fake: FakeRecognition, n: number, text: string) {
  await pumpUntil(page, async () => (await shown(page, `Question ${n} of 10`)()) && (await listening(fake)), `question ${n} listened for`);
  await fake.say(text);
  await page.clock.runFor(3_600);
}

let server: TestServer;
let launched: LaunchedBrowser;
beforeAll(async () => {
  server = await startTestServer();
  launched = await launchBrowser({ fakeAudioFile: await makeSpeechWithSilenceWav('My name is Asha and I live in Pune with my family.', 4.5) });
});
afterAll(async () => {
  await launched?.close();
  await server?.close();
});

describe('recognition failing during the test', () => {
  it(
    "a network error holds the question with Try again, which asks it again; Continue without transcript finishes the test",
    async () => {
      const student = await createStudent(server.database.db, { studentName: 'Ravi Kumar' });
      const page = await newPage(launched.browser, { viewport: 'desktop' });
      const errors = collectConsoleErrors(page, { ignore: EXPECTED_NOISE });
      const fake = await installFakeRecognition(page);
      await page.clock.install();
      await page.goto(`${server.baseUrl}/auth`);
      expect(
        await page.evaluate(
          async (body) => (await fetch('/api/login', { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body })).status,
          JSON.stringify({ username: student.mobileNumber, password: student.password }),
        ),
      ).toBe(200);
      const bodies: SaveTestSessionBody[] = [];
      await page.route('**/api/test-sessions', async (route) => {
        bodies.push(route.request().postDataJSON() as SaveTestSessionBody);
        await route.continue();
      });
      await page.goto(`${server.baseUrl}/test`);
      await page.clock.runFor(1_100);
      await pumpUntil(page, shown(page, 'Ready to start'), 'the microphone');
      expect(await page.getByTestId('no-transcript-note').count()).toBe(0);
      await page.getByRole('button', { name: 'Start Test' }).click();

      // Question 1: the student asks to hear it again (once), then answers.
      await pumpUntil(page, async () => (await shown(page, 'Question 1 of 10')()) && (await listening(fake)), 'question 1');
      await page.getByRole('button', { name: 'Repeat the question' }).click();
      await page.getByText('Repeated once at your request.').waitFor();
      expect(await page.getByRole('button', { name: 'Repeat the question' }).isDisabled()).toBe(true);
      await page.clock.runFor(100);
      await answer(page, fake, 1, 'My name is Ravi Kumar and I come from Chennai');
      await answer(page, fake, 2, 'I work in a bank and I enjoy helping customers every day');

      // Question 3: words, then the network fails.
      await pumpUntil(page, async () => (await shown(page, 'Question 3 of 10')()) && (await listening(fake)), 'question 3');
      const question3 = (await page.getByTestId('question-text').textContent()) ?? '';
      await fake.say('I think that');
      await fake.error('network');
      await page.getByRole('button', { name: 'Try again' }).waitFor();
      expect(await page.getByTestId('recognition-failure').innerText()).toContain(NETWORK_TEXT);
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Try again');
      await expect.poll(() => page.getByTestId('announcer').textContent()).toContain(NETWORK_TEXT);
      await lookAt(page, 'speaking-test-recognition-failure-desktop');
      await page.setViewportSize({ width: 390, height: 844 });
      await lookAt(page, 'speaking-test-recognition-failure-phone');
      await page.setViewportSize({ width: 1280, height: 800 });
      // The question's clocks are stopped: a minute later it is still question 3, waiting.
      await page.clock.runFor(60_000);
      expect(await shown(page, 'Question 3 of 10')()).toBe(true);
      expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(1);

      await page.getByRole('button', { name: 'Try again' }).click();
      // Try again went with its panel: the focus goes to the question's first button, not the page's top.
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(REPEAT_QUESTION_BUTTON);
      await answer(page, fake, 3, 'I think that reading every day improves your vocabulary a lot');

      // Question 4: the student starts answering, then leaves the page (a call) for a minute.
      await pumpUntil(page, async () => (await shown(page, 'Question 4 of 10')()) && (await listening(fake)), 'question 4');
      await fake.say('My favourite');
      await setPageHidden(page, true);
      await page.getByRole('button', { name: 'Continue', exact: true }).waitFor();
      expect(await page.getByTestId('recognition-failure').innerText()).toContain('You left the test page');
      await page.clock.runFor(60_000);
      await setPageHidden(page, false);
      expect(await shown(page, 'Question 4 of 10')()).toBe(true);
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Continue');
      await expect.poll(() => page.getByTestId('announcer').textContent()).toContain('Choose Continue when you are ready.');
      await page.setViewportSize({ width: 390, height: 844 });
      await lookAt(page, 'speaking-test-page-hidden-phone');
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(REPEAT_QUESTION_BUTTON);
      await answer(page, fake, 4, 'My favourite place is the old library near my home');
      for (let n = 5; n <= 10; n += 1) await answer(page, fake, n, `This is my answer to question ${n} with a reason and an example`);

      // Part 2: the network fails mid-sentence; Try again goes on with the long turn, the words kept.
      await pumpUntil(page, shown(page, 'Preparation: think about what you will say. You may make notes.'), 'Part 2');
      await page.clock.runFor(60_000);
      await pumpUntil(page, () => listening(fake), 'listening in Part 2');
      await fake.say('I would like to describe a journey to the mountains with my family two years ago');
      await fake.interim('and the weather was');
      await fake.error('network');
      await page.getByRole('button', { name: 'Try again' }).waitFor();
      expect(await page.getByTestId('recognition-failure').innerText()).toContain(
        'The speaking timer is paused and your audio is still being recorded. Try again to go on speaking with a transcript, from where the timer stopped and with what you have said so far,',
      );
      await page.setViewportSize({ width: 390, height: 844 });
      await lookAt(page, 'speaking-test-part2-failure-phone');
      await page.setViewportSize({ width: 1280, height: 800 });
      await lookAt(page, 'speaking-test-part2-failure-desktop');
      await page.getByRole('button', { name: 'Try again' }).click();
      // No question's buttons in the long turn: the focus goes to the part's heading.
      await expect.poll(() => page.evaluate(() => (document.activeElement?.tagName === 'H2' ? document.activeElement.textContent : document.activeElement?.tagName))).toBe(
        'Cue Card',
      );
      await fake.say('really sunny and cold');
      await page.clock.runFor(120_500);

      // Part 3: answered until question 9 fails; then on without a transcript.
      await pumpUntil(page, async () => (await page.getByRole('heading', { name: 'Discussion' }).count()) > 0, 'Part 3');
      for (let n = 1; n <= 8; n += 1) await answer(page, fake, n, `Part three answer ${n} because people change and societies change too`);
      await pumpUntil(page, async () => (await shown(page, 'Question 9 of 10')()) && (await listening(fake)), 'Part 3 question 9');
      await fake.error('not-allowed');
      await page.getByRole('button', { name: 'Continue without transcript' }).click();
      // From here the answers end on the microphone's silence, in real time.
      await page.getByText('Answer now: your audio is being recorded. A pause of about 3 seconds ends your answer.').waitFor({ timeout: 15_000 });
      await page.getByText('Question 10 of 10', { exact: true }).waitFor({ timeout: 30_000 });
      // The voice (no voices here) waits out the question on the page clock: skipped, so listening
      // starts within the clip's silence and the answer takes one loop of it, not two.
      await skipVoiceLine(page, 'The examiner is asking the question…');
      await page.getByText('Test Complete!').waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('awaiting-teacher').textContent()).toBe(NO_TRANSCRIPT_RESULT_TEXT);

      await expect.poll(() => bodies.length, { timeout: 15_000 }).toBe(1);
      const sent = bodies[0];
      expect(sent?.sessionData.noTranscript).toBe(true);
      const pairs = sent?.sessionData.questionAnswerPairs ?? [];
      expect(pairs).toHaveLength(21);
      // Every question once in the transcript, question 3 with the answer given after Try again.
      const asked = (sent?.sessionData.transcript ?? []).filter((entry) => entry.speaker === 'Examiner').map((entry) => `${entry.part}:${entry.text}`);
      expect(new Set(asked).size).toBe(21);
      expect(asked).toHaveLength(21);
      expect(asked.filter((text) => text === `1:${question3}`)).toHaveLength(1);
      expect(pairs[2]).toMatchObject({ part: 1, questionNumber: 3, question: question3, answer: 'I think that reading every day improves your vocabulary a lot' });
      expect(pairs[3]).toMatchObject({ part: 1, questionNumber: 4, answer: 'My favourite place is the old library near my home' });
      expect(pairs.filter((pair) => pair.part === 3).map((pair) => pair.questionNumber)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      expect(pairs[19]?.answer).toBe('');
      // Part 2's words before and after the failure, each once: those still interim when it failed too.
      expect(pairs.find((pair) => pair.part === 2)?.answer.split('\n')).toEqual([
        'I would like to describe a journey to the mountains with my family two years ago',
        'and the weather was',
        'really sunny and cold',
      ]);
      // The repeat is noted for the teacher.
      expect(pairs[0]).toMatchObject({ questionNumber: 1, repeated: true });
      expect(pairs.filter((pair) => pair.repeated)).toHaveLength(1);
      expect((sent?.sessionData.transcript ?? []).filter((entry) => entry.speaker === 'Note')).toEqual([
        expect.objectContaining({ text: 'The student asked to hear this question again; the examiner repeated it.', part: 1 }),
      ]);
      errors.assertNone();
      await page.context().close();
    },
    300_000,
  );
});

/*
 * Driving the /test page through a whole speaking test, shared by the end-to-end files that take one:
 * - with the scripted recognizer (`fake-recognition.ts`) and Playwright's clock moved on in steps
 *   (`pumpUntil`, `answerWithRecognizer`): a whole test in about a minute;
 * - without speech recognition (`withoutSpeechRecognition`), each answer ended by the real silence
 *   in the fake microphone's looped clip (`answeredBySilence`, with `SILENCE_CLIP`), in real time,
 *   or on a silent microphone by the no-speech timeout run on the page clock (`answeredByNothing`).
 */
import type { Page } from 'playwright-core';
import { NO_SPEECH_TIMEOUT_MS } from '../../src/shared/speaking-test/constants.js';
import { expect } from 'vitest';
import type { FakeRecognition } from './fake-recognition.js';
import { skipVoiceLine } from './voice-lines.js';

/** The screen's status while the examiner (without voices: its timer) asks a question. */
export const EXAMINER_ASKING_TEXT = 'The examiner is asking the question…';
export const PART2_INTRO_TEXT = 'The examiner is introducing Part 2…';
export const PART2_PREPARATION_TEXT = 'Preparation: think about what you will say. You may make notes.';

/**
 * The fake microphone's clip for answers ended by silence (`makeSpeechWithSilenceWav(SILENCE_CLIP.speech,
 * SILENCE_CLIP.silenceSeconds)`). It lines up with the answers: an answer ends 3-3.5 s into the
 * clip's silence (checked every 0.5 s), the examiner's question is skipped, listening starts 0.5 s
 * later, and the speech comes round again just after that, so each answer takes one loop (about
 * 6 s) rather than two. The speech is about 1.7 s (each answer must have over 1 s); the clip ends
 * with about 0.4 s of espeak-ng's own quiet, so the silence is about 4.5 s in all. A late listener
 * (a busy machine) only misses one loop: that answer takes two.
 */
export const SILENCE_CLIP = { speech: 'I live in Pune with my family.', silenceSeconds: 4.1 } as const;

/** Signs in through the API from the page's origin (the session cookie lands in the page's context). */
export async function signInByApi(page: Page, baseUrl: string, username: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/auth`);
  const status = await page.evaluate(
    async ({ username, password }) =>
      (await fetch('/api/login', { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) })).status,
    { username, password },
  );
  expect(status).toBe(200);
}

/** Removes the Web Speech recognition API before the app's scripts run, as Firefox has it. */
export async function withoutSpeechRecognition(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as Record<string, unknown>;
    delete w.SpeechRecognition;
    delete w.webkitSpeechRecognition;
  });
}

/**
 * Question `n` of the part, without recognition: its line is skipped, then the answer is waited for
 * in real time (the silence is real audio) until the label is gone. Polled every 50 ms, not with
 * Playwright's backoff (up to 0.5 s): the next question's line is skipped as soon as it starts, to
 * keep up with the loop.
 */
export async function answeredBySilence(page: Page, n: number): Promise<void> {
  const text = `Question ${n} of 10`;
  await page.getByText(text, { exact: true }).waitFor({ timeout: 20_000 });
  await skipVoiceLine(page, EXAMINER_ASKING_TEXT);
  await page.waitForFunction((label) => !document.body.innerText.includes(label), text, { polling: 50, timeout: 30_000 });
}

/**
 * Question `n` of the part, without recognition, on a silent microphone: its line is skipped, then
 * the page clock is run on until the answer ends, NO_SPEECH_TIMEOUT_MS after listening began.
 */
export async function answeredByNothing(page: Page, n: number): Promise<void> {
  const text = `Question ${n} of 10`;
  await page.getByText(text, { exact: true }).waitFor({ timeout: 20_000 });
  await skipVoiceLine(page, EXAMINER_ASKING_TEXT);
  const limit = NO_SPEECH_TIMEOUT_MS + 5_000;
  for (let ran = 0; await page.getByText(text, { exact: true }).isVisible(); ran += 500) {
    if (ran > limit) throw new Error(`${text}: a silent answer did not end after ${limit / 1000} s of page time`);
    await page.clock.runFor(500);
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface PumpOptions {
  /** Page time per step (default 500 ms). */
  stepMs?: number;
  /** Real time between steps, for the real voice and recorder to run (default 20 ms). */
  realMs?: number;
  maxSteps?: number;
}

/** Advances the page clock in steps until `check` holds; `realMs` of real time between steps lets the real voice and recorder run. */
export async function pumpUntil(page: Page, check: () => Promise<boolean>, what: string, options: PumpOptions = {}): Promise<void> {
  const { stepMs = 500, realMs = 20, maxSteps = 400 } = options;
  for (let step = 0; step < maxSteps; step += 1) {
    if (await check()) return;
    await page.clock.runFor(stepMs);
    if (realMs > 0) await sleep(realMs);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Whether the scripted recognizer's live session is listening. */
export async function listening(fake: FakeRecognition): Promise<boolean> {
  return (await fake.status()).live?.state === 'listening';
}

/** Whether `text` (exactly) is on the page. */
export const visible = (page: Page, text: string) => async () => (await page.getByText(text, { exact: true }).count()) > 0;

/**
 * With the scripted recognizer and the page clock: waits for question `number` of the part to be
 * asked and listened for, says `text` (or what `text` makes of the question on the screen), then
 * stays silent for 3 s (the answer closes).
 */
export async function answerWithRecognizer(
  page: Page,
  fake: FakeRecognition,
  number: number,
  text: string | ((question: string) => string),
  options: { realtime?: boolean; beforeSilence?: () => Promise<void> } = {},
): Promise<void> {
  const shown = visible(page, `Question ${number} of 10`);
  await pumpUntil(page, async () => (await shown()) && (await listening(fake)), `question ${number} to be listened for`, options.realtime ? { stepMs: 100, realMs: 100 } : {});
  const said = typeof text === 'string' ? text : text((await page.getByTestId('question-text').textContent()) ?? '');
  await fake.say(said, { confidence: 0.9 });
  await options.beforeSilence?.();
  await page.clock.runFor(3_600);
}

/**
 * Part 2 with the scripted recognizer and the page clock: the minute of preparation, then
 * `sentences` said 15 s apart, on to the end of the two minutes and Part 3's heading.
 */
export async function speakPart2(page: Page, fake: FakeRecognition, sentences: readonly string[]): Promise<void> {
  await pumpUntil(page, visible(page, PART2_PREPARATION_TEXT), 'Part 2');
  await page.clock.runFor(60_000);
  await pumpUntil(page, () => listening(fake), 'listening in Part 2');
  let spokenMs = 0;
  for (const [i, sentence] of sentences.entries()) {
    if (i > 0) {
      await page.clock.runFor(15_000);
      spokenMs += 15_000;
    }
    await fake.say(sentence);
  }
  await page.clock.runFor(120_500 - spokenMs);
  await pumpUntil(page, async () => (await page.getByRole('heading', { name: 'Discussion' }).count()) > 0, 'Part 3');
}

/*
 * A whole speaking test on /test in a browser driven without Playwright (Firefox over BiDi, WebKit
 * over WebDriver): only through what the page shows and a PulseAudio microphone. The page's timers
 * run on the page clock (page-clock.ts): the Part 2 minutes and a silent examiner's waits are run
 * forward; an answer is a spoken clip played into the microphone once the page says "answer now",
 * and it ends on the real silence after it.
 */
import { pageNow, waitUntilHeardAndQuiet, waitUntilMeterSettled } from './level-watch.js';
import { PAGE_CLOCK, type PageClockControl } from './page-clock.js';
import type { PulseMicrophone } from './pulse.js';

/** The little a test needs from a page: run a self-contained function in it. */
export interface DrivenPage {
  evaluate<T, A extends unknown[]>(fn: (...args: A) => T | Promise<T>, ...args: A): Promise<T>;
}

/** A driven page that can also click a button as a user would (a real pointer click). */
export interface ClickingPage extends DrivenPage {
  /** Clicks the button whose whole text is `name`. */
  clickButton(name: string): Promise<void>;
}

export const ASKING_TEXT = 'The examiner is asking the question…';
export const PART2_INTRO_TEXT = 'The examiner is introducing Part 2…';
export const PART3_INTRO_TEXT = 'The examiner is introducing Part 3…';
export const ANSWER_NOW_TEXT = 'A pause of about 3 seconds ends your answer.';
export const PREPARATION_TEXT = 'Preparation: think about what you will say. You may make notes.';
export const PART2_SPEAKING_TEXT = 'Speak now until the timer ends';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const bodyText = (page: DrivenPage): Promise<string> => page.evaluate(() => document.body.innerText);

/** Waits until `test` holds for the page's text (polled every 50 ms); fails naming `what`. */
export async function waitForBody(page: DrivenPage, what: string, test: (text: string) => boolean, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const text = await bodyText(page);
    if (test(text)) return text;
    if (Date.now() > deadline) throw new Error(`${what} within ${timeoutMs} ms; the page says:\n${text.slice(0, 1500)}`);
    await pause(50);
  }
}

export const waitForText = (page: DrivenPage, text: string, timeoutMs?: number) => waitForBody(page, `no "${text}"`, (body) => body.includes(text), timeoutMs);

/** Runs the page clock `ms` forward (see page-clock.ts). */
export function runClock(page: DrivenPage, ms: number): Promise<void> {
  return page.evaluate(
    (name, by) => {
      const clock = (window as unknown as Record<string, PageClockControl | undefined>)[name];
      if (!clock) throw new Error('the page clock is not installed');
      return clock.runFor(by);
    },
    PAGE_CLOCK,
    ms,
  );
}

/** While `text` is on the page, runs the page clock on in 0.5 s steps (at most `maxSeconds` of page time). */
export async function skipWhileShown(page: DrivenPage, text: string, maxSeconds = 60): Promise<void> {
  for (let steps = 0; (await bodyText(page)).includes(text); steps += 1) {
    if (steps * 0.5 >= maxSeconds) throw new Error(`"${text}" is still shown after ${maxSeconds} s of page time`);
    await runClock(page, 500);
  }
}

export interface AnswerTiming {
  question: number;
  /** From the end of the clip to the next screen, in real time (ms); undefined when the silence was run forward. */
  closedAfterMs?: number;
  /** How long the page's voice meter heard sound in the clip (page ms), on a page with the level watch (level-watch.ts). */
  heardMs?: number;
}

export interface AnswerOptions {
  /** Run the silence after the clip forward on the page clock instead of waiting it out. */
  runSilenceForward?: boolean;
}

/**
 * Question `n` of the current part: the examiner's line skipped on the page clock, the clip played
 * into the microphone once the page says to answer, then the silence that ends the answer.
 */
export async function answerQuestion(page: DrivenPage, microphone: PulseMicrophone, n: number, clip: string, options: AnswerOptions = {}): Promise<AnswerTiming> {
  const label = `Question ${n} of 10`;
  await waitForText(page, label, 30_000);
  await skipWhileShown(page, ASKING_TEXT);
  // Until listening starts ("Get ready to answer…" lasts 0.5 s of page time).
  for (let steps = 0; !(await bodyText(page)).includes(ANSWER_NOW_TEXT); steps += 1) {
    if (steps > 20) throw new Error(`${label}: the page never said to answer:\n${(await bodyText(page)).slice(0, 1500)}`);
    await runClock(page, 250);
  }
  const playedFrom = await pageNow(page);
  await microphone.play(clip);
  const spoken = Date.now();
  if (options.runSilenceForward) {
    // The clock runs only once the page has heard the clip through (level-watch.ts says why).
    const heard = await waitUntilHeardAndQuiet(page, playedFrom);
    for (let steps = 0; (await bodyText(page)).includes(label); steps += 1) {
      if (steps > 40) throw new Error(`${label}: the answer did not end on 20 s of silence`);
      await runClock(page, 500);
    }
    return heard ? { question: n, heardMs: heard.heardMs } : { question: n };
  }
  await waitForBody(page, `${label} did not end on the silence`, (text) => !text.includes(label), 20_000);
  return { question: n, closedAfterMs: Date.now() - spoken };
}

export interface WholeTestOptions {
  /** Played into the microphone in each answer. */
  clip: string;
  /** Played at the start of Part 2's two minutes (the student speaking on the cue card). */
  part2Clip?: string;
  part1?: AnswerOptions;
  part3?: AnswerOptions;
}

/** From Start Test (already clicked) to "Test Complete!": ten Part 1 answers, Part 2, ten Part 3 answers. */
export async function takeWholeTest(page: DrivenPage, microphone: PulseMicrophone, options: WholeTestOptions): Promise<AnswerTiming[]> {
  const timings: AnswerTiming[] = [];
  await waitUntilMeterSettled(page);
  for (let n = 1; n <= 10; n += 1) timings.push(await answerQuestion(page, microphone, n, options.clip, options.part1));
  await waitForText(page, PART2_INTRO_TEXT, 30_000);
  await skipWhileShown(page, PART2_INTRO_TEXT);
  await waitForText(page, PREPARATION_TEXT);
  await runClock(page, 60_000);
  await waitForText(page, PART2_SPEAKING_TEXT);
  if (options.part2Clip) await microphone.play(options.part2Clip);
  await runClock(page, 120_500);
  await waitForText(page, 'Discussion', 30_000);
  await skipWhileShown(page, PART3_INTRO_TEXT);
  for (let n = 1; n <= 10; n += 1) timings.push(await answerQuestion(page, microphone, n, options.clip, options.part3));
  await waitForText(page, 'Test Complete!', 30_000);
  return timings;
}

const WATCHED_TEXTS = '__parleyWatchedTexts';

/**
 * From now on, notes which of `texts` the page ever shows, however briefly (a MutationObserver on
 * the body's text): for a message that flashes and goes before a poll could see it. The page must
 * stay the same document until `textsSeen` is asked.
 */
export function watchForTexts(page: DrivenPage, texts: string[]): Promise<void> {
  return page.evaluate(
    (name, wanted) => {
      const seen: string[] = [];
      const check = () => {
        const body = document.body.textContent ?? '';
        for (const text of wanted) if (!seen.includes(text) && body.includes(text)) seen.push(text);
      };
      new MutationObserver(check).observe(document.body, { subtree: true, childList: true, characterData: true });
      check();
      Object.defineProperty(window, name, { value: seen, configurable: true });
    },
    WATCHED_TEXTS,
    texts,
  );
}

/** Which of the texts given to watchForTexts the page has shown so far. */
export function textsSeen(page: DrivenPage): Promise<string[]> {
  return page.evaluate((name) => {
    const seen = (window as unknown as Record<string, string[] | undefined>)[name];
    if (!seen) throw new Error('watchForTexts was not called on this page');
    return [...seen];
  }, WATCHED_TEXTS);
}

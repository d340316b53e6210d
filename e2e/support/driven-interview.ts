/*
 * A whole mock interview on /interview-simulator in a browser driven without Playwright (Firefox
 * over BiDi, WebKit over WebDriver), as driven-test.ts does the speaking test: only through what the
 * page shows, a button's click and a PulseAudio microphone. In these browsers the app has no speech
 * recognition, so an answer is a spoken clip ended by the microphone's silence (3 s), then the
 * spec's 8 s auto-advance. The page clock (page-clock.ts) runs forward the interviewer's lines, the
 * greeting's 3 s, the silence after each clip, the auto-advance and the 1.5 s before the next
 * question; the clips are heard in real time. The browser's own voice goes to the private
 * PulseAudio's speakers, not its microphone (pulse.ts), as through headphones.
 */
import { ALLOW_MICROPHONE_LABEL, START_INTERVIEW_LABEL } from '../../src/client/features/interview/flow/labels.js';
import { pageNow, waitUntilHeardAndQuiet } from './level-watch.js';
import { bodyText, runClock, skipWhileShown, waitForBody, waitForText, type ClickingPage, type DrivenPage } from './driven-test.js';
import type { PulseMicrophone } from './pulse.js';

export const INTERVIEWER_SPEAKING_TEXT = 'The interviewer is speaking…';
/** Shown beside "Live Transcript" while an answer is being taken. */
export const INTERVIEW_LISTENING_TEXT = 'Listening...';
export const INTERVIEW_COMPLETED_TITLE = 'Interview Completed!';

/** Whether the page has an element matching `selector` (run in the page). */
const hasElement = (selector: string) => document.querySelector(selector) !== null;

/** Runs the page clock on in `stepMs` steps until `selector` matches (at most `maxSteps` steps); fails naming `what`. */
export async function stepUntil(page: DrivenPage, selector: string, what: string, stepMs: number, maxSteps: number): Promise<void> {
  for (let steps = 0; !(await page.evaluate(hasElement, selector)); steps += 1) {
    if (steps >= maxSteps) throw new Error(`${what} after ${(steps * stepMs) / 1000} s of page time; the page says:\n${(await bodyText(page)).slice(0, 1500)}`);
    await runClock(page, stepMs);
  }
}

/** Waits until the button whose whole text is `name` is there and can be pressed (not disabled, not loading). */
async function waitForButton(page: DrivenPage, name: string): Promise<void> {
  const ready = (label: string) =>
    [...document.querySelectorAll('button')].some((button) => button.innerText.trim() === label && !button.disabled && !button.hasAttribute('data-loading'));
  const deadline = Date.now() + 30_000;
  while (!(await page.evaluate(ready, name))) {
    if (Date.now() > deadline) throw new Error(`no "${name}" button to press within 30 s; the page says:\n${(await bodyText(page)).slice(0, 1500)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * From the permission view (the page open on /interview-simulator, the page clock installed): the
 * microphone allowed, up to the welcome view. Returns how many questions it says were prepared.
 */
export async function openInterviewWelcome(page: ClickingPage): Promise<number> {
  // The page's first frame draws the button waiting (disabled, with a spinner) until the profile is in.
  await waitForButton(page, ALLOW_MICROPHONE_LABEL);
  await page.clickButton(ALLOW_MICROPHONE_LABEL);
  const welcome = await waitForBody(page, 'no welcome view', (text) => /\d+ questions? have been prepared from your profile/.test(text), 30_000);
  return Number(/(\d+) questions? have been prepared/.exec(welcome)?.[1]);
}

export interface WholeInterviewOptions {
  /** Played into the microphone as each answer. */
  clip: string;
  /** The number of questions (openInterviewWelcome's). */
  total: number;
  /** Called once the first answer's auto-advance countdown shows (e.g. for a screenshot). */
  atFirstCountdown?: () => Promise<void>;
}

/**
 * From the welcome view to "Interview Completed!": Start My Interview, then each question heard out
 * (its line run forward), answered by `clip` once the page listens, and closed by the silence after
 * it and the auto-advance, both run forward on the page clock.
 */
export async function takeWholeInterview(page: ClickingPage, microphone: PulseMicrophone, options: WholeInterviewOptions): Promise<void> {
  await waitForButton(page, START_INTERVIEW_LABEL);
  await page.clickButton(START_INTERVIEW_LABEL);
  await waitForText(page, 'Interview Simulation', 20_000);
  for (let n = 1; n <= options.total; n += 1) {
    const label = `Question ${n} of ${options.total}`;
    await waitForText(page, label, 20_000);
    // The greeting and its 3 s (first question) or the 1.5 s after the last answer, then the line.
    await stepUntil(page, '[data-testid="current-question"]', `${label} was never asked`, 500, 60);
    await skipWhileShown(page, INTERVIEWER_SPEAKING_TEXT);
    for (let steps = 0; !(await bodyText(page)).includes(INTERVIEW_LISTENING_TEXT); steps += 1) {
      if (steps > 20) throw new Error(`${label}: the page never listened:\n${(await bodyText(page)).slice(0, 1500)}`);
      await runClock(page, 250);
    }
    const playedFrom = await pageNow(page);
    await microphone.play(options.clip);
    // The clock runs only once the page has heard the clip through, on a page with the level watch (level-watch.ts says why).
    await waitUntilHeardAndQuiet(page, playedFrom);
    // 3 s of silence after the speech count as the final result and start the 8 s auto-advance.
    await stepUntil(page, '[data-testid="auto-advance"]', `${label}: the answer did not end on the silence`, 500, 40);
    if (n === 1) await options.atFirstCountdown?.();
    await runClock(page, 8_100);
  }
  await waitForText(page, INTERVIEW_COMPLETED_TITLE, 30_000);
}

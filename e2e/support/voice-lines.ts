/*
 * Browser tests run Chromium without voices unless they ask for speech-dispatcher: the examiner's or
 * interviewer's voice then fails at once and waits about as long as the line would take to say, on a
 * timer (src/client/speech/voice.ts), before listening starts. With Playwright's clock installed
 * that wait can be skipped; nothing acoustic happens during it, so answers ended by real silence in
 * the fake microphone keep their real timings.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * While `status` (the screen's "is speaking" text, matched exactly) is shown, moves the page clock
 * on in 0.5 s steps, at most `maxSeconds` of page time. Returns at once when it is not shown. A step
 * taken just as the line ends can only shorten the delay before listening (0.5 s in both flows).
 */
export async function skipVoiceLine(page: Page, status: string, maxSeconds = 30): Promise<void> {
  const shown = page.getByText(status, { exact: true });
  for (let steps = 0; await shown.isVisible(); steps += 1) {
    if (steps * 0.5 >= maxSeconds) throw new Error(`"${status}" is still shown after ${maxSeconds} s of page time`);
    await page.clock.fastForward(500);
  }
}

/**
 * Cuts the voice short (the flow hears 'cancelled' and goes on) and waits until nothing is speaking
 * or queued. Chromium finishes a cancel asynchronously, slowly on a loaded host, and the flow may
 * start its next line meanwhile (after the greeting, the question): each poll cancels whatever is
 * speaking again, so the wait ends on silence rather than on a race.
 */
export async function cutSpeechShort(page: Page, timeoutMs = 10_000): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          if (speechSynthesis.speaking || speechSynthesis.pending) speechSynthesis.cancel();
          return speechSynthesis.speaking || speechSynthesis.pending;
        }),
      { timeout: timeoutMs, interval: 100 },
    )
    .toBe(false);
}

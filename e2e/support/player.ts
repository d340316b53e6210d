import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

type SeekWindow = Window & { __seekedTo?: number };

/**
 * Does `act` (a click, a key) and returns where `audio`'s currentTime was set: read at the 'seeking'
 * event, since a click on a word also plays from it, and on a busy machine the playback may run on
 * by the time the test could read currentTime.
 */
export async function seekBy(page: Page, audio: Locator, act: () => Promise<void>): Promise<number> {
  await audio.evaluate((element: HTMLAudioElement) => {
    const w = window as SeekWindow;
    delete w.__seekedTo;
    element.addEventListener('seeking', () => (w.__seekedTo = element.currentTime), { once: true });
  });
  await act();
  await expect.poll(() => page.evaluate(() => (window as SeekWindow).__seekedTo ?? null)).not.toBeNull();
  return page.evaluate(() => (window as SeekWindow).__seekedTo ?? Number.NaN);
}

/** Clicks `target` and returns where `audio`'s currentTime was set (seekBy). */
export const seekByClick = (page: Page, audio: Locator, target: Locator): Promise<number> => seekBy(page, audio, () => target.click());

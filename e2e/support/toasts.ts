import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** Mantine's toast, by the stable class Mantine documents for styling its parts (`classNames`' `root`). */
export const TOAST_SELECTOR = '.mantine-Notification-root';

/** The page's toasts, or those whose text holds `text` (a title or a message). */
export function toast(page: Page, text?: string): Locator {
  const toasts = page.locator(TOAST_SELECTOR);
  return text === undefined ? toasts : toasts.filter({ hasText: text });
}

/**
 * Waits until every toast on the page stands still: the same boxes 100 ms apart. A toast slides in,
 * so a box measured, or a button pressed, while it moves can be wrong: a toast coming over a button
 * between Playwright's check of what is under the pointer and the press takes the press.
 */
export async function toastsStandStill(page: Page): Promise<void> {
  let last = '';
  await expect
    .poll(async () => {
      const now = JSON.stringify(await page.locator(TOAST_SELECTOR).evaluateAll((toasts) => toasts.map((toast) => toast.getBoundingClientRect().toJSON() as unknown)));
      const still = now === last;
      last = now;
      return still;
    }, { interval: 100 })
    .toBe(true);
}

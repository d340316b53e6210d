import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { testResultsDir } from './paths.js';

export const screenshotsDir = path.join(testResultsDir, 'screenshots');

/** Button and badge labels Mantine cuts off (it does not wrap them): the words are lost on screen. */
export function cutOffLabels(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.mantine-Button-label, .mantine-Badge-label')]
      .filter((label) => label.offsetParent !== null && label.scrollWidth > label.clientWidth + 1)
      .map((label) => label.textContent ?? ''),
  );
}

/**
 * A PNG at test-results/screenshots/<name>.png, of the full page by default; returns its path. Use
 * `{ fullPage: false }` for an open dialog: a full-page capture stretches the viewport, and fixed
 * overlays are drawn part-way down a long page. Every screen looked at this way is also checked for
 * cut-off button and badge labels.
 */
export async function screenshot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}): Promise<string> {
  const safeName = name.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '') || 'screenshot';
  const file = path.join(screenshotsDir, `${safeName}.png`);
  mkdirSync(screenshotsDir, { recursive: true });
  await page.screenshot({ path: file, fullPage });
  expect(await cutOffLabels(page), `${safeName}: labels cut off`).toEqual([]);
  return file;
}

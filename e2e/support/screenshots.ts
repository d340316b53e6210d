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
 * The whole page as a phone shows it. Chromium draws a full-page capture with the touch screen's
 * `pointer: coarse` off (a matchMedia listener sees it turn false and back), so a phone's page came
 * out with a mouse's 30-36 px buttons where the phone has 44. On a touch screen, the viewport is
 * made as tall as the page for one capture of the window instead, then given back with its scroll.
 */
async function fullPageAsSeen(page: Page, file: string): Promise<void> {
  const viewport = page.viewportSize();
  const { coarse, height, scrollY } = await page.evaluate(() => ({
    coarse: matchMedia('(pointer: coarse)').matches,
    height: document.documentElement.scrollHeight,
    scrollY: window.scrollY,
  }));
  if (!coarse || !viewport) {
    await page.screenshot({ path: file, fullPage: true });
    return;
  }
  if (height <= viewport.height) {
    await page.screenshot({ path: file });
    return;
  }
  await page.setViewportSize({ width: viewport.width, height });
  try {
    await page.screenshot({ path: file });
  } finally {
    await page.setViewportSize(viewport);
    await page.evaluate((y) => window.scrollTo(0, y), scrollY);
  }
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
  if (fullPage) await fullPageAsSeen(page, file);
  else await page.screenshot({ path: file });
  expect(await cutOffLabels(page), `${safeName}: labels cut off`).toEqual([]);
  return file;
}

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { testResultsDir } from './paths.js';

export const screenshotsDir = path.join(testResultsDir, 'screenshots');

/**
 * A PNG at test-results/screenshots/<name>.png, of the full page by default; returns its path. Use
 * `{ fullPage: false }` for an open dialog: a full-page capture stretches the viewport, and fixed
 * overlays are drawn part-way down a long page.
 */
export async function screenshot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}): Promise<string> {
  const safeName = name.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '') || 'screenshot';
  const file = path.join(screenshotsDir, `${safeName}.png`);
  mkdirSync(screenshotsDir, { recursive: true });
  await page.screenshot({ path: file, fullPage });
  return file;
}

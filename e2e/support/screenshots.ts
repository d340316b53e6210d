import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { testResultsDir } from './paths.js';

export const screenshotsDir = path.join(testResultsDir, 'screenshots');

/** A full-page PNG at test-results/screenshots/<name>.png; returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const safeName = name.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '') || 'screenshot';
  const file = path.join(screenshotsDir, `${safeName}.png`);
  mkdirSync(screenshotsDir, { recursive: true });
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

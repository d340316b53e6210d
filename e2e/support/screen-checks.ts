import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { screenshot } from './screenshots.js';
import { settled } from './settled.js';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * The serious and critical axe-core (WCAG 2.1 AA) violations on the page, one line each. With a
 * dialog open, only the dialog is checked: the page behind it is dimmed and out of reach.
 *
 * Legacy mode runs axe in the page itself. The default mode runs it in parts and then opens a blank
 * page, injects axe-core (about 550 KB) there too and finishes the run in it, on every call; that
 * mode exists for cross-origin frames, which the app does not have. 50 checks in `screens.test.ts`
 * took 67.6 s the default way and 39.6 s in legacy mode; `harness.test.ts` checks that this mode
 * still finds planted faults.
 */
export async function seriousAccessibilityViolations(page: Page): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode(true);
  if (await page.getByRole('dialog').count()) builder.include('[role="dialog"]');
  const axe = await builder.analyze();
  return axe.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`).join(', ')})`);
}

export interface LookOptions {
  /** Expect exactly one h1 (default true). */
  oneH1?: boolean;
  /**
   * Wait for entrance transitions to end and the fonts to load before the picture (default true;
   * settled.ts). False where the screen is looked at in a moment that does not wait.
   */
  settle?: boolean;
}

/**
 * Takes the screenshot `name` (test-results/screenshots/<name>.png, to be looked at) and checks what
 * every screen must hold: no sideways scrolling, one h1, no serious or critical accessibility faults.
 */
export async function lookAt(page: Page, name: string, { oneH1 = true, settle = true }: LookOptions = {}): Promise<void> {
  if (settle) await settled(page);
  await screenshot(page, name);
  // Against the layout width: on a phone (isMobile) window.innerWidth grows with content wider than
  // the screen, so a page that scrolls sideways would pass a check against it.
  const layout = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, width: document.documentElement.clientWidth, h1: document.querySelectorAll('h1').length }));
  expect(layout.scrollWidth, `${name} scrolls sideways`).toBeLessThanOrEqual(layout.width);
  if (oneH1) expect(layout.h1, `${name} has one h1`).toBe(1);
  expect(await seriousAccessibilityViolations(page), `${name}: accessibility violations`).toEqual([]);
}

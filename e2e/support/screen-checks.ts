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
  /**
   * With `settle`, wait also for the page's requests and loading states to end (default false;
   * settled.ts): for a screen looked at right after it was opened, before its data is known to be in.
   */
  network?: boolean;
}

/**
 * Takes the screenshot `name` (test-results/screenshots/<name>.png, to be looked at) and checks what
 * every screen must hold: no sideways scrolling, one h1, every form field labelled, no serious or
 * critical accessibility faults.
 */
export async function lookAt(page: Page, name: string, { oneH1 = true, settle = true, network = false }: LookOptions = {}): Promise<void> {
  if (settle) await settled(page, { network });
  await screenshot(page, name);
  const layout = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    // The layout width: on a phone (isMobile) window.innerWidth grows with content wider than the
    // screen, so a page that scrolls sideways would pass a check against it.
    width: document.documentElement.clientWidth,
    h1: document.querySelectorAll('h1').length,
    // Every field shown is named by a <label> or an ARIA label: a placeholder or title alone passes
    // axe but is not a label. Fields not rendered (display: none) reach no one and are left out, as
    // axe leaves them out: a password manager's hidden username, Mantine FileInput's file input.
    unlabelled: [...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>('input, textarea, select')]
      .filter((field) => field.getAttribute('type') !== 'hidden' && field.getClientRects().length > 0)
      .filter((field) => !field.labels?.length && !field.getAttribute('aria-label') && !field.getAttribute('aria-labelledby'))
      .map((field) => field.outerHTML),
  }));
  expect(layout.scrollWidth, `${name} scrolls sideways`).toBeLessThanOrEqual(layout.width);
  if (oneH1) expect(layout.h1, `${name} has one h1`).toBe(1);
  expect(layout.unlabelled, `${name} has unlabelled fields`).toEqual([]);
  expect(await seriousAccessibilityViolations(page), `${name}: accessibility violations`).toEqual([]);
}

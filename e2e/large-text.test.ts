import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createStudent } from '../src/server/test/factories.js';
import { screenshot, signInWithForm, useBrowserSuite } from './support/index.js';

/**
 * A phone with Android's large text: Chrome on Android zooms the page with the system's font size,
 * so a 390 px wide phone at 200 % lays the page out 195 px wide (and at 150 %, 260 px). The student's
 * header and the test page's device card must still fit: no sideways scrolling, and each fact's value
 * on lines of whole words, not one letter under another.
 */
const suite = useBrowserSuite();

/**
 * How wide the page is against the screen, and the narrowest value of the device card. The screen's
 * width is the root's clientWidth: on a phone (isMobile) window.innerWidth grows with the content.
 */
function measure(page: Page) {
  return page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    screenWidth: document.documentElement.clientWidth,
    narrowestValue: Math.min(...[...document.querySelectorAll('dd')].map((value) => value.getBoundingClientRect().width)),
  }));
}

describe('large text on a phone', () => {
  it.each([
    ['200 %', 195],
    ['150 %', 260],
  ])('the student header and the device card fit at %s', async (label, width) => {
    const student = await createStudent(suite.server.database.db, { studentName: 'Asha Verma' });
    const { page, errors } = await suite.openPage({ viewport: 'phone', ignore: [/status of 401/], timeoutMs: 15_000 });
    await signInWithForm(page, suite.server.baseUrl, student.mobileNumber, student.password);
    await page.waitForURL('**/test');
    await page.setViewportSize({ width, height: Math.round((width * 844) / 390) });
    await page.getByRole('button', { name: 'Start Test' }).waitFor();
    await page.getByRole('navigation', { name: 'Your practice' }).waitFor();
    // A picture to look at, and no button or badge label cut off ("Microphone ready", "Start Test").
    await screenshot(page, `large-text-${width}`);
    const layout = await measure(page);
    expect(layout.scrollWidth, `the page scrolls sideways at ${label}`).toBeLessThanOrEqual(layout.screenWidth);
    // "Android 14" on one line needs about 5 em; one letter a line is under 1.5 em.
    expect(layout.narrowestValue, `a device card value is squeezed at ${label}`).toBeGreaterThanOrEqual(64);
    // Every link of the header can be reached on the screen.
    for (const name of ['Practice', 'My progress']) {
      const box = await page.getByRole('link', { name, exact: true }).boundingBox();
      expect(box && box.x + box.width <= layout.screenWidth, `${name} is off the screen at ${label}`).toBe(true);
    }
    const signOut = await page.getByRole('button', { name: 'Sign out' }).boundingBox();
    expect(signOut && signOut.x + signOut.width <= layout.screenWidth, `Sign out is off the screen at ${label}`).toBe(true);
    errors.assertNone();
  });
});

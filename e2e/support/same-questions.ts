import type { Page } from 'playwright-core';

/**
 * The same questions every run: a seeded Math.random in the page (mulberry32), which the test draws
 * its questions with. The scripted answers fit some drawn questions and not others, and where more
 * than half are judged off-topic the test gets no band (decision 0018), so a test that expects a band
 * must not depend on the draw.
 */
export async function drawSameQuestions(page: Page): Promise<void> {
  await page.addInitScript(() => {
    let seed = 20_261_129;
    Math.random = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
    };
  });
}

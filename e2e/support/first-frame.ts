import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { ViewportName } from './browser.js';
import { lookAt } from './screen-checks.js';
import type { BrowserSuite } from './suite.js';

export interface FirstFrameCheck {
  path: string;
  userId: number;
  /** Where the eye lands first: each is measured where it is shown (the first match drawn on screen). */
  landmarks: readonly string[];
  /** The page's first GET (a glob), held back so that the page's first render is seen before its data. */
  data: string;
  /** Shown by the page's own render while `data` is held, and not by the frame (e.g. `[aria-busy="true"]` outside `[inert]`). */
  drawn: string;
  /** What the frame says to a screen reader while it shows. */
  status: string;
  /** Screenshots' name. */
  name: string;
}

/** Each landmark's box, rounded to whole pixels; `{ selector }` alone when it is not drawn. */
const layout = (page: Page, landmarks: readonly string[]) =>
  page.evaluate(
    (selectors) =>
      selectors.map((selector) => {
        const shown = [...document.querySelectorAll(selector)].find((element) => element.getClientRects().length > 0);
        const box = shown?.getBoundingClientRect();
        return box ? { selector, x: Math.round(box.x), y: Math.round(box.y), width: Math.round(box.width), height: Math.round(box.height) } : { selector };
      }),
    landmarks,
  );

/**
 * A route's own first frame (app/shell.tsx, served by src/server/lib/route-preloads.ts) against the
 * page's first render, at both screen sizes: the frame as the server sends it, before any script has
 * come (held, not refused or turned off: either would show the page's note for a browser without
 * scripts), draws every landmark exactly where the page then draws it.
 */
export async function expectFirstFrameWherePageDrawsIt(suite: BrowserSuite, check: FirstFrameCheck): Promise<void> {
  for (const viewport of ['desktop', 'phone'] as const satisfies readonly ViewportName[]) {
    const { page: still } = await suite.openPage({ viewport });
    await still.context().route('**/*.js', () => new Promise<void>(() => {}));
    await suite.signInAs(still, check.userId);
    await still.goto(`${suite.server.baseUrl}${check.path}`, { waitUntil: 'commit' });
    await still.locator('main h1').waitFor();
    expect(await still.content()).not.toContain('__PARLEY_');
    await still.getByRole('status').filter({ hasText: check.status }).waitFor({ state: 'attached' });
    // Measured once the stylesheets are in (the browser paints nothing before them, but a layout
    // query answers at once, with the browser's own styles, on a slow machine).
    await still.waitForFunction(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => link.sheet !== null));
    const frame = await layout(still, check.landmarks);
    expect(frame.every((box) => 'y' in box), `every landmark is drawn in the frame: ${JSON.stringify(frame)}`).toBe(true);
    await lookAt(still, `${check.name}-first-frame-${viewport}`);

    const { page } = await suite.openPage({ viewport });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.context().route(check.data, async (route) => {
      await held;
      await route.continue();
    });
    await suite.signInAs(page, check.userId);
    await page.goto(`${suite.server.baseUrl}${check.path}`);
    // The frame is inert; the page that replaces it is not.
    await page.locator('main [inert]').waitFor({ state: 'detached' });
    await page.locator(check.drawn).filter({ visible: true }).first().waitFor();
    expect(await layout(page, check.landmarks), viewport).toEqual(frame);
    await lookAt(page, `${check.name}-before-its-data-${viewport}`);
    release();
  }
}

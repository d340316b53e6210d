import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Scrolls the teacher's review page to one of the sections loaded below the fold ('Questions and
 * answers', 'Review trail') once it has loaded. Until then a placeholder section of the same name
 * holds its place (AttemptReview.tsx) and is replaced as the part comes: a scroll begun on the
 * placeholder can find it gone ("Element is not attached to the DOM"), so it is tried again until
 * no placeholder is left, then made once more on the loaded section (mounted once, never replaced).
 */
export async function scrollToLoadedSection(page: Page, name: string, timeoutMs = 20_000): Promise<void> {
  const section = page.getByRole('region', { name });
  await expect
    .poll(
      async () => {
        await section.scrollIntoViewIfNeeded({ timeout: 5_000 }).catch(() => undefined);
        return page.locator('[aria-busy="true"]').getByRole('region', { name }).count();
      },
      { timeout: timeoutMs },
    )
    .toBe(0);
  await section.scrollIntoViewIfNeeded();
}

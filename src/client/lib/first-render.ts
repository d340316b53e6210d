/*
 * What the full app's first render waits a moment for (app/full.tsx): the page's early GETs
 * (lib/early-data.ts) and the later parts it starts as it opens (lib/later-part.tsx). Drawn with
 * them, the page is drawn once, instead of its loading states first and then, as each lands, the
 * page again, in one long task each (decision 0028).
 */

const awaited = new Set<Promise<unknown>>();

/** `loading` is one of them until it settles. */
export function awaitBeforeFirstRender(loading: Promise<unknown>): void {
  awaited.add(loading);
  const done = () => awaited.delete(loading);
  loading.then(done, done);
}

/**
 * The performance mark set when the first render stopped waiting with some of them still loading:
 * the page is then drawn with their loading states, on purpose (a slow link or a busy device). The
 * end-to-end check that a first visit draws no loading state reads it (e2e/first-visit-chunks.test.ts).
 */
export const FIRST_RENDER_WAITED_OUT = 'parley:first-render-waited-out';

/** Resolves once all of them have settled, or after `maxWaitMs`, whichever is first. */
export async function firstRenderInputs(maxWaitMs: number): Promise<void> {
  if (awaited.size === 0) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeUp = new Promise<'time up'>((resolve) => (timer = setTimeout(() => resolve('time up'), maxWaitMs)));
  const ended = await Promise.race([Promise.allSettled([...awaited]), timeUp]);
  clearTimeout(timer);
  if (ended === 'time up' && awaited.size > 0) performance.mark(FIRST_RENDER_WAITED_OUT);
}

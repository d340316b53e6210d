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

/** Resolves once all of them have settled, or after `maxWaitMs`, whichever is first. */
export async function firstRenderInputs(maxWaitMs: number): Promise<void> {
  if (awaited.size === 0) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeUp = new Promise<void>((resolve) => (timer = setTimeout(resolve, maxWaitMs)));
  await Promise.race([Promise.allSettled([...awaited]), timeUp]);
  clearTimeout(timer);
}

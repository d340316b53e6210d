/**
 * The opened page's first request, asked for by the bootstrap as it starts (the server lists it in
 * the page: `<meta name="parley-data">`, src/server/lib/route-preloads.ts) instead of once the page's
 * code has arrived and rendered: the answer comes back while the code is still on its way.
 *
 * The answer is read as it arrives, so that:
 * - the full app's first render, which waits a moment for it (lib/first-render.ts), draws the page with
 *   its data at once: the page's query starts from it (`earlyData`, a query's `initialData`) instead
 *   of drawing a loading state and then the whole page again when the answer lands;
 * - an answer still on its way, or one that is an error, is taken by the page's own GET of the same
 *   URL (lib/api.ts) as if it had asked itself.
 * Each answer is taken once; later GETs go to the server as before. An answer nobody took within a
 * few seconds is dropped, so nothing stale is shown later.
 */

import { awaitBeforeFirstRender } from './first-render';

const KEEP_MS = 10_000;

/** A response as lib/api.ts reads it, body included. */
export interface ServerAnswer {
  ok: boolean;
  status: number;
  statusText: string;
  text: string;
}

export async function readAnswer(response: Response): Promise<ServerAnswer> {
  return { ok: response.ok, status: response.status, statusText: response.statusText, text: await response.text() };
}

/** Answers not yet taken, on their way or in. */
const early = new Map<string, Promise<ServerAnswer>>();
/** Those of them that are in. */
const arrived = new Map<string, ServerAnswer>();

/** Starts the GETs of `urls` (the site's own API only), with the options lib/api.ts would use. */
export function startEarlyRequests(urls: readonly string[], init: RequestInit): void {
  for (const url of urls) {
    if (!url.startsWith('/api/') || early.has(url)) continue;
    const answer = fetch(url, init).then(readAnswer);
    early.set(url, answer);
    awaitBeforeFirstRender(answer);
    answer.then(
      (read) => {
        if (early.get(url) === answer) arrived.set(url, read);
      },
      // A failed early request is not an error of its own: the page's GET asks again.
      () => undefined,
    );
    setTimeout(() => {
      if (early.get(url) === answer) takeEarlyAnswer(url);
    }, KEEP_MS);
  }
}

/** The early answer for `url`, if one was started and not yet taken (each is taken once). */
export function takeEarlyAnswer(url: string): Promise<ServerAnswer> | undefined {
  const answer = early.get(url);
  early.delete(url);
  arrived.delete(url);
  return answer;
}

/**
 * The data of `url`'s early answer if it has arrived and is a success (taken then), else undefined:
 * for a query's `initialData`, so that the page's first render already shows it.
 */
export function earlyData<T>(url: string): T | undefined {
  const answer = arrived.get(url);
  if (!answer?.ok || !answer.text) return undefined;
  takeEarlyAnswer(url);
  return JSON.parse(answer.text) as T;
}

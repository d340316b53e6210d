/**
 * The opened page's first request, asked for by the bootstrap as it starts (the server lists it in
 * the page: `<meta name="parley-data">`, src/server/lib/route-preloads.ts) instead of once the page's
 * code has arrived and rendered: the answer comes back while the code is still on its way. The
 * page's own GET of the same URL (lib/api.ts) takes it, once; later GETs go to the server as before.
 * An answer nobody took within a few seconds is dropped, so nothing stale is shown later.
 */

const KEEP_MS = 10_000;
const early = new Map<string, Promise<Response>>();

/** Starts the GETs of `urls` (the site's own API only), with the options lib/api.ts would use. */
export function startEarlyRequests(urls: readonly string[], init: RequestInit): void {
  for (const url of urls) {
    if (!url.startsWith('/api/') || early.has(url)) continue;
    const response = fetch(url, init);
    // A failed early request is not an error of its own: the page's GET asks again.
    response.catch(() => undefined);
    early.set(url, response);
    setTimeout(() => {
      // Not taken: its body is read and dropped, so the request ends (a page waiting for a quiet
      // network, or the browser's connection limit, would otherwise wait on it).
      if (takeEarlyResponse(url) === response) void response.then((answer) => answer.body?.cancel()).catch(() => undefined);
    }, KEEP_MS);
  }
}

/** The early answer for `url`, if one was started and not yet taken (each is taken once). */
export function takeEarlyResponse(url: string): Promise<Response> | undefined {
  const response = early.get(url);
  early.delete(url);
  return response;
}

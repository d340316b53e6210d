import { GET_INIT } from './api';
import { startEarlyRequests } from './early-data';

/**
 * Asks at once for every file the opened route's first visit needs, as the server listed them in the
 * page (`<meta name="parley-preload">`, src/server/lib/route-preloads.ts): the app, the page and the
 * parts it starts then download side by side, instead of each after the one that imports it. Called
 * first thing by the bootstrap, so the first paint (the prerendered header, waiting only for the
 * stylesheet) has had the network to itself. Vite's own loader finds these links and does not ask
 * twice. The page's first data request (`<meta name="parley-data">`) starts now too (lib/early-data.ts).
 */
export function preloadRoute(): void {
  const listed = (name: string) => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content.split(' ').filter(Boolean) ?? [];
  startEarlyRequests(listed('parley-data'), GET_INIT);
  // Only the site's own built files.
  const hrefs = listed('parley-preload').filter((href) => /^\/assets\/[\w.-]+\.(js|css)$/.test(href));
  const addLinks = (from: number) => {
    const started = performance.now();
    let next = from;
    // At least one per task, then as many as fit in a slice.
    do {
      document.head.append(preloadLink(hrefs[next]!));
      next += 1;
    } while (next < hrefs.length && performance.now() - started < LINKS_SLICE_MS);
    if (next < hrefs.length) setTimeout(() => addLinks(next), 0);
  };
  if (hrefs.length > 0) addLinks(0);
}

/**
 * How long one task may spend adding links. Adding a link starts its download there and then: about
 * 1 ms of main thread each on a laptop, 4 ms on a mid-range phone, and up to 15 ms on a slowed one
 * (Lighthouse's 4x on a busy host), so a route's 25 files at once would be a task of 100-400 ms during
 * which the page cannot answer a tap, and even six at a time made tasks of 50-180 ms. The first
 * files (the app, the router, the page: the server lists them first) go at once, the rest in the
 * following tasks, a moment later; a fast device adds them all in the first.
 */
const LINKS_SLICE_MS = 8;

function preloadLink(href: string): HTMLLinkElement {
  const link = document.createElement('link');
  if (href.endsWith('.css')) {
    link.rel = 'preload';
    link.as = 'style';
  } else {
    link.rel = 'modulepreload';
  }
  link.crossOrigin = '';
  link.href = href;
  return link;
}

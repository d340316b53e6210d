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
    for (const href of hrefs.slice(from, from + LINKS_PER_TASK)) document.head.append(preloadLink(href));
    if (from + LINKS_PER_TASK < hrefs.length) setTimeout(() => addLinks(from + LINKS_PER_TASK), 0);
  };
  addLinks(0);
}

/**
 * Links added in one task. Adding a link starts its download there and then: about 1 ms of main
 * thread each on a laptop, 4 ms on a mid-range phone, so a route's 25 files at once would be a task
 * of 100 ms during which the page cannot answer a tap. The first few (the app, the router, the page:
 * the server lists them first) go at once, the rest in the following tasks, a moment later.
 */
const LINKS_PER_TASK = 6;

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

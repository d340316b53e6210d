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
  for (const href of listed('parley-preload')) {
    // Only the site's own built files.
    if (!/^\/assets\/[\w.-]+\.(js|css)$/.test(href)) continue;
    const link = document.createElement('link');
    if (href.endsWith('.css')) {
      link.rel = 'preload';
      link.as = 'style';
    } else {
      link.rel = 'modulepreload';
    }
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}

import type { User } from '../../shared/api/auth.js';
import { APP_TITLE_MARKER, USER_MARKER } from '../../shared/index-page.js';
import type { RouteStart } from './route-preloads.js';

export interface PublicConfig {
  appTitle: string;
  className: string;
  phoneRegion: string;
  schoolTimezone: string;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/**
 * Puts the school's title and class name into the page (its meta data, its title and the prerendered
 * header), so the first paint shows them without a request and without an inline script (the
 * Content-Security-Policy allows none).
 */
export function renderIndexHtml(template: string, config: PublicConfig): string {
  const meta = `<meta name="parley-config" content="${escapeHtml(JSON.stringify(config))}" />`;
  const title = escapeHtml(config.appTitle);
  // Replacement functions, not strings: a "$&" or "$'" in a title is text, not a replacement pattern.
  return template
    .replace('<!--parley-config-->', () => meta)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`)
    .replaceAll(APP_TITLE_MARKER, () => title);
}

/**
 * The page for one visitor: `user` is who the session cookie belongs to (null: signed out), or
 * undefined when that could not be found out (the database is down): then the page says nothing and
 * the client asks GET /api/user as before. Knowing it from the page saves the client a round trip
 * before its first screen (a spinner, then the page) on every visit. `start` lists the files the opened
 * route loads and its page's first GETs (src/server/lib/route-preloads.ts), for the bootstrap to ask
 * for at once.
 */
export function indexHtmlFor(html: string, user: User | null | undefined, start: RouteStart = { files: [], data: [] }): string {
  const list = (name: string, items: readonly string[]) => (items.length ? `<meta name="${name}" content="${escapeHtml(items.join(' '))}" />` : '');
  const preloadMeta = list('parley-preload', start.files) + list('parley-data', start.data);
  const userMeta = user === undefined ? '' : `<meta name="parley-user" content="${escapeHtml(JSON.stringify(user))}" />`;
  return html.replace(USER_MARKER, () => userMeta + preloadMeta);
}

import type { User } from '../../shared/api/auth.js';
import { APP_TITLE_MARKER, FRAME_END, FRAME_START, STUDENT_NAME_MARKER, USER_MARKER, USERNAME_MARKER, YEAR_MARKER } from '../../shared/index-page.js';

export interface PublicConfig {
  appTitle: string;
  className: string;
  phoneRegion: string;
  schoolTimezone: string;
}

export const escapeHtml = (text: string) =>
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
  return fillTitle(
    template.replace('<!--parley-config-->', () => meta).replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`),
    config,
  );
}

/** The school's title, escaped, wherever a prerendered frame shows it. */
export function fillTitle(html: string, config: PublicConfig): string {
  const title = escapeHtml(config.appTitle);
  return html.replaceAll(APP_TITLE_MARKER, () => title);
}

/** What the page says for its route (src/server/lib/route-preloads.ts): its files and first GETs, and its own first frame. */
export interface PageStart {
  files: readonly string[];
  data: readonly string[];
  /** The route's prerendered first frame (title filled in; the year's and the visitor's name's markers not yet), in place of the bare one. */
  frame?: string;
  /** With a frame: the route's own stylesheets, which the frame needs from its first paint, as `<link>` tags. */
  stylesheetLinks?: string;
}

/**
 * The page for one visitor: `user` is who the session cookie belongs to (null: signed out), or
 * undefined when that could not be found out (the database is down): then the page says nothing and
 * the client asks GET /api/user as before. Knowing it from the page saves the client a round trip
 * before its first screen (a spinner, then the page) on every visit. `start` lists the files the opened
 * route loads and its page's first GETs (src/server/lib/route-preloads.ts), for the bootstrap to ask
 * for at once.
 */
export function indexHtmlFor(html: string, user: User | null | undefined, start: PageStart = { files: [], data: [] }, year = new Date().getFullYear()): string {
  const list = (name: string, items: readonly string[]) => (items.length ? `<meta name="${name}" content="${escapeHtml(items.join(' '))}" />` : '');
  const preloadMeta = list('parley-preload', start.files) + list('parley-data', start.data);
  const userMeta = user === undefined ? '' : `<meta name="parley-user" content="${escapeHtml(JSON.stringify(user))}" />`;
  const page = html.replace(USER_MARKER, () => userMeta + preloadMeta);
  const { frame } = start;
  // A frame that shows the visitor's name is for a signed-in visitor only.
  if (frame === undefined || (!user && (frame.includes(USERNAME_MARKER) || frame.includes(STUDENT_NAME_MARKER)))) return page;
  const withSheets = start.stylesheetLinks ? page.replace('</head>', () => `${start.stylesheetLinks}</head>`) : page;
  const from = withSheets.indexOf(FRAME_START);
  const to = withSheets.indexOf(FRAME_END);
  if (from < 0 || to < from) return page;
  const filled = frame
    .replaceAll(YEAR_MARKER, String(year))
    .replaceAll(USERNAME_MARKER, () => escapeHtml(user?.username ?? ''))
    // The student a test is for, as /test names them: the one a teacher opened it for, or the student.
    .replaceAll(STUDENT_NAME_MARKER, () => escapeHtml(user?.actingStudent?.studentName ?? user?.displayName ?? ''));
  return withSheets.slice(0, from + FRAME_START.length) + filled + withSheets.slice(to);
}

/** The `<link rel="stylesheet">` tags for a route frame's own stylesheets (worked out once per route). */
export function stylesheetLinks(hrefs: readonly string[]): string {
  return hrefs.map((href) => `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}">`).join('');
}

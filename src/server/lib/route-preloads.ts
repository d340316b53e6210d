import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { User } from '../../shared/api/auth.js';
import { FIRST_VISIT_ROUTES, firstVisitRouteFor, type FirstVisitVisitor } from '../../shared/first-visit-routes.js';
import { deviceInfoFrom, type DeviceInfo } from '../../shared/device.js';
import { androidFrameKey, DEVICE_MARKER_PATTERN, ROUTE_FRAMES_FILE } from '../../shared/index-page.js';
import { escapeHtml, fillTitle, stylesheetLinks, type PageStart, type PublicConfig } from './index-html.js';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/** One route's chunks (paths from the site's root), and who they are for; with its own first frame, the files beside it and its stylesheets' links. */
interface RoutePreload {
  visitor: FirstVisitVisitor;
  files: string[];
  framed?: { frame: string; androidFrame?: string; showsDevice: boolean; files: string[]; stylesheetLinks: string };
}

/** What the bootstrap asks for as it starts (the route's files, its page's first GETs), and the route's own first frame. */
export type RouteStart = PageStart;
const NOTHING: RouteStart = { files: [], data: [] };

/** The JavaScript and CSS files `keys` need, with everything they import statically. */
function filesOf(manifest: Manifest, keys: readonly string[]): { js: Set<string>; css: Set<string> } {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  const js = new Set<string>();
  const css = new Set<string>();
  for (const key of seen) {
    const chunk = manifest[key];
    if (!chunk) continue;
    if (chunk.file.endsWith('.js')) js.add(chunk.file);
    for (const sheet of chunk.css ?? []) css.add(sheet);
  }
  return { js, css };
}

/**
 * Reads the built client's manifest once and returns, for a path and its visitor, the files the
 * route's first visit loads (src/shared/first-visit-routes.ts: JavaScript, and a page's own CSS),
 * less what index.html names already, and the page's first GETs. The page lists them (`<meta name="parley-preload">`) and the
 * bootstrap asks for all of them as it starts (src/client/lib/preload-route.ts); without the list the
 * full app's routes load in steps (the bootstrap, then the app and the page, then the parts the page
 * starts), a round trip each on a slow network. Not as `<link rel="modulepreload">` in the head:
 * those would share the first moments' bandwidth with the stylesheet the first paint waits for
 * (Lighthouse: first paint 0.4-0.6 s later on /student and /admin). With no manifest (a client built
 * without it, or none) the list is empty.
 */
export function routePreloads(clientDir: string, config: PublicConfig): (url: string, user: User | null | undefined, userAgent?: string) => RouteStart {
  const manifestFile = path.join(clientDir, '.vite/manifest.json');
  if (!existsSync(manifestFile)) return () => NOTHING;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) return () => NOTHING;
  const inPage = filesOf(manifest, [entryKey]);
  // The routes' first frames the build prerendered (src/client/app/shell.tsx), with the school's title.
  const framesFile = path.join(clientDir, ROUTE_FRAMES_FILE);
  const frames = new Map<string, string>(
    existsSync(framesFile) ? Object.entries(JSON.parse(readFileSync(framesFile, 'utf8')) as Record<string, string>).map(([route, html]) => [route, fillTitle(html, config)]) : [],
  );
  const byRoute = new Map<string, RoutePreload>();
  for (const { route, visitor, modules } of FIRST_VISIT_ROUTES) {
    const { js, css } = filesOf(manifest, modules.filter((key) => manifest[key]));
    const jsFiles = [...js].filter((file) => !inPage.js.has(file)).map((file) => `/${file}`);
    const cssFiles = [...css].filter((file) => !inPage.css.has(file)).map((file) => `/${file}`);
    const frame = frames.get(route);
    // A frame is drawn before any script: the route's own CSS comes as stylesheets then (render-blocking, a few KB), not as preloads.
    const androidFrame = frames.get(androidFrameKey(route));
    const framed = frame === undefined ? undefined : { frame, ...(androidFrame ? { androidFrame } : {}), showsDevice: frame.search(DEVICE_MARKER_PATTERN) >= 0, files: jsFiles, stylesheetLinks: stylesheetLinks(cssFiles) };
    byRoute.set(route, { visitor, files: [...jsFiles, ...cssFiles], ...(framed ? { framed } : {}) });
  }
  return (url, user, userAgent = '') => {
    const [pathname = '/', query] = url.split('?');
    const opened = firstVisitRouteFor(pathname);
    const preload = opened && byRoute.get(opened.route.route);
    if (!preload || !forVisitor(preload.visitor, user)) return NOTHING;
    // A query string may open the page elsewhere (another tab of /admin): its first GETs are the page's own then, and its first frame may not be the route's.
    if (query) return { files: preload.files, data: [] };
    // A parameter goes into a URL only as an id's characters: anything else and the page says it is not found.
    const data = (opened.route.data ?? []).flatMap((dataUrl) => {
      let filled = dataUrl;
      for (const [name, value] of Object.entries(opened.params)) {
        if (!/^[\w-]{1,64}$/.test(value)) return [];
        filled = filled.replaceAll(`:${name}`, value);
      }
      return [filled];
    });
    const { framed } = preload;
    if (!framed) return { files: preload.files, data };
    // A frame that shows the visitor's device shows it as their browser will (src/shared/device.ts),
    // in its Android form on Android (the server cannot tell an iPad that asks for desktop sites from a
    // Mac: the page then names it in the same place).
    const device = framed.showsDevice ? deviceInfoFrom(userAgent, 0) : undefined;
    const frame = device?.isAndroid && framed.androidFrame ? framed.androidFrame : framed.frame;
    return { files: framed.files, data, frame: device ? fillDevice(frame, device) : frame, stylesheetLinks: framed.stylesheetLinks };
  };
}

/** `frame` with each device marker replaced by that field of `device`, escaped. */
function fillDevice(frame: string, device: DeviceInfo): string {
  return frame.replace(DEVICE_MARKER_PATTERN, (_, field: string) => escapeHtml(String(device[field as keyof DeviceInfo] ?? '')));
}

/** Whether the route shows its own page to this visitor (and not the sign-in page, or the new-password page). */
function forVisitor(visitor: FirstVisitVisitor, user: User | null | undefined): boolean {
  if (visitor === 'anyone') return true;
  if (!user || user.mustChangePassword) return false;
  // A device acting for a student is closed to the admin API (auth/access.ts): its admin pages preload nothing.
  return visitor === 'admin' ? user.isAdmin && user.actingStudent === null : !user.isAdmin || user.actingStudent !== null;
}

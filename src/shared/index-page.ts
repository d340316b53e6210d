/**
 * Markers in the built index.html that the server fills in for each page it serves
 * (src/server/lib/index-html.ts).
 */

/** Where the page says who is signed in: the client reads it instead of asking GET /api/user. */
export const USER_MARKER = '<!--parley-user-->';
/** Where the prerendered page shell (src/client/app/shell.tsx) shows the school's title. */
export const APP_TITLE_MARKER = '__PARLEY_APP_TITLE__';
/** Where a prerendered route frame's footer shows the year (the server fills in the current one). */
export const YEAR_MARKER = '__PARLEY_YEAR__';
/** Where a prerendered route frame shows the signed-in user's name (the server fills it in, escaped, for the visitor). */
export const USERNAME_MARKER = '__PARLEY_USERNAME__';
/** Around the prerendered frame in #root: the server may put a route's own frame between them (src/server/lib/route-preloads.ts). */
export const FRAME_START = '<!--parley-frame-->';
export const FRAME_END = '<!--/parley-frame-->';
/** The route frames the build writes beside the manifest (path in the client directory). */
export const ROUTE_FRAMES_FILE = '.vite/parley-frames.json';

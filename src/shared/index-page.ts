/**
 * Markers in the built index.html that the server fills in for each page it serves
 * (src/server/lib/index-html.ts).
 */

/** Where the page says who is signed in: the client reads it instead of asking GET /api/user. */
export const USER_MARKER = '<!--parley-user-->';
/** Where the prerendered page shell (src/client/app/shell.tsx) shows the school's title. */
export const APP_TITLE_MARKER = '__PARLEY_APP_TITLE__';

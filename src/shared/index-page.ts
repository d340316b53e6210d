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
/** Where a prerendered route frame shows the student the page is for (the server fills in the acting student's or the signed-in student's name, escaped). */
export const STUDENT_NAME_MARKER = '__PARLEY_STUDENT_NAME__';
/** Where /test's frame shows a field of the visitor's device (a `DeviceInfo` key, src/shared/device.ts): the server fills in what the request's user agent says. */
export function deviceMarker(field: string): string {
  return `__PARLEY_DEVICE_${field}__`;
}
export const DEVICE_MARKER_PATTERN = /__PARLEY_DEVICE_(\w+)__/g;
/** A route's frame for Android devices, beside its own in the frames file (/test's device card has a row more there). */
export function androidFrameKey(route: string): string {
  return `${route} android`;
}
/** The route a key of the frames file is for. */
export function routeOfFrame(key: string): string {
  return key.split(' ')[0] ?? key;
}
/** Around the prerendered frame in #root: the server may put a route's own frame between them (src/server/lib/route-preloads.ts). */
export const FRAME_START = '<!--parley-frame-->';
export const FRAME_END = '<!--/parley-frame-->';
/** The route frames the build writes beside the manifest (path in the client directory). */
export const ROUTE_FRAMES_FILE = '.vite/parley-frames.json';

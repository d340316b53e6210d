import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { User } from '../../shared/api/auth.js';
import { firstVisitRouteFor } from '../../shared/first-visit-routes.js';
import { androidFrameKey, APP_TITLE_MARKER, deviceMarker, ROUTE_FRAMES_FILE } from '../../shared/index-page.js';
import { routePreloads } from './route-preloads.js';

// A manifest of the built client's shape: the entry (index.html) with a chunk it names itself, the two
// apps, pages, a chunk pages share, and a page's own CSS.
const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_runtime.js'], css: ['assets/index-1.css'] },
  '_runtime.js': { file: 'assets/runtime-1.js' },
  '_router.js': { file: 'assets/router-1.js', imports: ['index.html', '_runtime.js'] },
  '_table.js': { file: 'assets/Table-1.js', imports: ['index.html'] },
  'src/client/app/full.tsx': { file: 'assets/full-1.js', imports: ['_router.js', 'index.html'] },
  'src/client/app/light.tsx': { file: 'assets/light-1.js', imports: ['index.html'] },
  'src/client/features/landing/LandingPage.tsx': { file: 'assets/LandingPage-1.js', imports: ['index.html'], css: ['assets/LandingPage-1.css'] },
  'src/client/features/admin/AdminPage.tsx': { file: 'assets/AdminPage-1.js', imports: ['_router.js', '_table.js'] },
  'src/client/features/admin/attempts/AttemptReviewPage.tsx': { file: 'assets/AttemptReviewPage-1.js', imports: ['_router.js'] },
  'src/client/features/speaking-test/TestPage.tsx': { file: 'assets/TestPage-1.js', imports: ['_router.js'] },
};

function clientWithManifest(manifest: object | undefined, frames?: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'parley-preloads-'));
  if (manifest) {
    mkdirSync(path.join(dir, '.vite'));
    writeFileSync(path.join(dir, '.vite/manifest.json'), JSON.stringify(manifest));
    if (frames) writeFileSync(path.join(dir, ROUTE_FRAMES_FILE), JSON.stringify(frames));
  }
  return dir;
}

const CONFIG = { appTitle: 'Riverside & Co', className: 'Class', phoneRegion: 'IN', schoolTimezone: 'Asia/Kolkata' };
const user = (fields: Partial<User>): User => ({ id: 1, username: 'u', isAdmin: false, displayName: 'U', mustChangePassword: false, actingStudent: null, ...fields });
const admin = user({ isAdmin: true });
const student = user({});

describe('the chunks a page names for its route', () => {
  const start = routePreloads(clientWithManifest(MANIFEST), CONFIG);
  const preloads = (pathname: string, visitor: User | null | undefined) => [...start(pathname, visitor).files];

  it("names the app's, the page's and their imports' files, less what index.html names already", () => {
    expect(preloads('/admin', admin).sort()).toEqual(['/assets/AdminPage-1.js', '/assets/Table-1.js', '/assets/full-1.js', '/assets/router-1.js']);
  });

  it("names a page's own CSS too", () => {
    expect(preloads('/', null).sort()).toEqual(['/assets/LandingPage-1.css', '/assets/LandingPage-1.js', '/assets/light-1.js']);
  });

  it('matches paths as the router does: any case, a trailing slash, an id segment', () => {
    expect(preloads('/ADMIN/', admin)).toEqual(preloads('/admin', admin));
    expect(preloads('/admin/attempts/42', admin)).toContain('/assets/AttemptReviewPage-1.js');
    expect(preloads('/admin/attempts', admin)).toEqual([]);
    expect(preloads('/admin/attempts/42/more', admin)).toEqual([]);
    expect(preloads('/nowhere', admin)).toEqual([]);
  });

  it('names them only to the visitor the page is for: others are sent elsewhere and would load them for nothing', () => {
    expect(preloads('/admin', null)).toEqual([]);
    expect(preloads('/admin', undefined)).toEqual([]);
    expect(preloads('/admin', student)).toEqual([]);
    expect(preloads('/test', admin)).toEqual([]);
    expect(preloads('/test', user({ isAdmin: true, actingStudent: { id: 7, studentName: 'Asha' } }))).toContain('/assets/TestPage-1.js');
    expect(preloads('/test', student)).toContain('/assets/TestPage-1.js');
    // Until a new password is set, every page sends the student to /set-password.
    expect(preloads('/test', user({ mustChangePassword: true }))).toEqual([]);
  });

  it('skips a route module the build does not have (its page still loads on its own)', () => {
    // /student's page is not in this manifest: the app's files are still named.
    expect(preloads('/student', student).sort()).toEqual(['/assets/full-1.js', '/assets/router-1.js']);
  });
});

describe("the page's first GETs", () => {
  const start = routePreloads(clientWithManifest(MANIFEST), CONFIG);

  it("are the route's, with its id filled in, for the visitor the route is for", () => {
    expect(start('/admin', admin).data).toEqual(['/api/admin/students?page=1&limit=10&search=']);
    expect(start('/admin/attempts/0b0c7a52-1f7e-4c55-9d62-5a0d3a2b1c11', admin).data).toEqual(['/api/admin/attempts/0b0c7a52-1f7e-4c55-9d62-5a0d3a2b1c11']);
    expect(start('/admin', student).data).toEqual([]);
  });

  it('are left to the page when a query string may open it elsewhere, or the id is not an id', () => {
    expect(start('/admin?tab=ielts', admin)).toEqual({ files: start('/admin', admin).files, data: [] });
    expect(start('/admin/attempts/a%22b', admin).data).toEqual([]);
    expect(start('/admin/attempts/..%2F..%2Fuser', admin).data).toEqual([]);
  });
});

describe("a route's own first frame", () => {
  const start = routePreloads(clientWithManifest(MANIFEST, { '/admin': `<main><span>${APP_TITLE_MARKER}</span><h1>Dashboard</h1></main>`, '/': '<main>Landing</main>' }), CONFIG);

  it("comes with the route's own CSS as stylesheets (the frame is drawn before any script), not as preloads", () => {
    expect(start('/', null)).toEqual({
      files: ['/assets/light-1.js', '/assets/LandingPage-1.js'],
      data: [],
      frame: '<main>Landing</main>',
      stylesheetLinks: '<link rel="stylesheet" crossorigin href="/assets/LandingPage-1.css">',
    });
  });

  it("is the route's, with the school's title escaped, for the route's visitor only", () => {
    expect(start('/admin', admin).frame).toBe('<main><span>Riverside &amp; Co</span><h1>Dashboard</h1></main>');
    // Another tab of /admin is not the frame's page: the bare frame shows, and the CSS is preloaded as without a frame.
    expect(start('/admin?tab=ielts', admin).frame).toBeUndefined();
    expect(start('/?from=mail', null)).toEqual({ files: ['/assets/light-1.js', '/assets/LandingPage-1.js', '/assets/LandingPage-1.css'], data: [] });
    expect(start('/admin', student).frame).toBeUndefined();
    expect(start('/admin', null).frame).toBeUndefined();
    expect(start('/admin/courses', admin).frame).toBeUndefined();
  });
});

describe("/test's frame: the visitor's device", () => {
  const device = `<dd>${deviceMarker('osName')} ${deviceMarker('osVersion')}</dd><dd>${deviceMarker('browserName')} ${deviceMarker('browserVersion')}</dd>`;
  const start = routePreloads(
    clientWithManifest(MANIFEST, { '/test': `<main>${device}</main>`, [androidFrameKey('/test')]: `<main android>${device}</main>` }),
    CONFIG,
  );
  const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
  const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

  it('is filled in from the user agent as the page reads it, in its Android form on Android', () => {
    expect(start('/test', student, WINDOWS).frame).toBe('<main><dd>Windows NT 10.0</dd><dd>Chrome 131.0.0.0</dd></main>');
    expect(start('/test', student, ANDROID).frame).toBe('<main android><dd>Android 14</dd><dd>Chrome 131.0.0.0</dd></main>');
    expect(start('/test', student).frame).toBe('<main><dd>Unknown </dd><dd>Unknown </dd></main>');
  });

  it('escapes what the user agent says', () => {
    expect(start('/test', student, 'Mozilla/5.0 (Windows NT 10.0) Chrome/<b>1').frame).toBe('<main><dd>Windows NT 10.0</dd><dd>Unknown </dd></main>');
    expect(start('/test', student, 'Opera OPR/1.<i>&').frame).not.toMatch(/<i>|&(?!amp;|lt;|gt;|quot;|#)/);
  });
});

it('names nothing when the client was built without a manifest', () => {
  expect(routePreloads(clientWithManifest(undefined), CONFIG)('/admin', admin)).toEqual({ files: [], data: [] });
});

it('finds the route of each budgeted path, and none for others', () => {
  expect(firstVisitRouteFor('/Interview-Dashboard/')?.route.route).toBe('/interview-dashboard');
  expect(firstVisitRouteFor('/admin/attempts/7')).toMatchObject({ route: { route: '/admin/attempts/:id' }, params: { id: '7' } });
  expect(firstVisitRouteFor('/admin/attempts/')).toBeUndefined();
  expect(firstVisitRouteFor('/progress')).toBeUndefined();
});

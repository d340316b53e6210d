import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../shared/api/auth.js';
import { APP_TITLE_MARKER, FRAME_END, FRAME_START, STUDENT_NAME_MARKER, USER_MARKER, USERNAME_MARKER, YEAR_MARKER } from '../../shared/index-page.js';
import { indexHtmlFor, stylesheetLinks } from './index-html.js';
import { createAdmin, createStudent } from '../test/factories.js';
import { createTestApp, sessionCookieForUser, type TestApp } from '../test/app.js';

// The built index.html's shape: the markers the server fills in, and a prerendered header (shell.tsx).
const TEMPLATE = `<!doctype html><html lang="en"><head><!--parley-config-->${USER_MARKER}<title>Parley</title></head>
<body><div id="root"><header><a href="/"><span>${APP_TITLE_MARKER}</span></a></header></div></body></html>`;

function appWithPage(): Promise<TestApp> {
  const clientDir = mkdtempSync(path.join(tmpdir(), 'parley-index-html-'));
  writeFileSync(path.join(clientDir, 'index.html'), TEMPLATE);
  return createTestApp({ clientDir, env: { APP_TITLE: 'Riverside "English" & <Co> $& $\' $$ $`' } });
}

let t: TestApp;
beforeAll(async () => {
  t = await appWithPage();
});
afterAll(async () => {
  await t?.close();
});

const page = (headers: Record<string, string> = {}, app = t.app) => app.inject({ url: '/student', headers });

/** What the page's parley-user meta says: the user, null, or undefined when it says nothing. */
function pageUser(response: LightMyRequestResponse): User | null | undefined {
  const content = /<meta name="parley-user" content="([^"]*)"/.exec(response.body)?.[1];
  if (content === undefined) return undefined;
  const text = content.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  return JSON.parse(text) as User | null;
}

describe('the served page', () => {
  it('says "signed out" to a visitor without a session, and is never stored for others', async () => {
    const response = await page();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(pageUser(response)).toBeNull();
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(String(response.headers.vary)).toMatch(/\bCookie\b/);
    // An unknown token is a signed-out visitor too.
    expect(pageUser(await page({ cookie: 'parley_session=not-a-real-token' }))).toBeNull();
  });

  it('names the signed-in user as GET /api/user does, with their name escaped', async () => {
    const { user } = await createStudent(t.database.db, { studentName: `Zoë "<script>alert(1)</script>" O'Brien & co $& $' $\`` });
    const cookie = await sessionCookieForUser(t.database.db, user.id);
    const response = await page({ cookie });
    expect(response.body).not.toContain('<script>alert(1)');
    const fromApi = (await t.app.inject({ url: '/api/user', headers: { cookie } })).json<User>();
    expect(fromApi.displayName).toBe(`Zoë "<script>alert(1)</script>" O'Brien & co $& $' $\``);
    expect(pageUser(response)).toEqual(fromApi);
    // Not kept in the disk cache of a shared computer, where it would outlive the session.
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(String(response.headers.vary)).toMatch(/\bCookie\b/);
  });

  it('says nothing of an expired session but "signed out"', async () => {
    const { user } = await createAdmin(t.database.db);
    const cookie = await sessionCookieForUser(t.database.db, user.id, { ttlMs: 1, now: new Date(Date.now() - 60_000) });
    expect(pageUser(await page({ cookie }))).toBeNull();
  });

  it('fills in the school title in the prerendered header and the title, escaped, "$" as text', async () => {
    const { body } = await page();
    expect(body).not.toContain(APP_TITLE_MARKER);
    expect(body).toContain('<span>Riverside &quot;English&quot; &amp; &lt;Co&gt; $&amp; $&#39; $$ $`</span>');
    expect(body).toContain('<title>Riverside &quot;English&quot; &amp; &lt;Co&gt; $&amp; $&#39; $$ $`</title>');
  });

  it('is compressed as the browser accepts, and plain when it accepts neither', async () => {
    const plain = await page();
    expect(plain.headers['content-encoding']).toBeUndefined();

    const br = await page({ 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);

    const gzip = await page({ 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);

    const refused = await page({ 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);
    expect(String(br.headers.vary)).toMatch(/\bAccept-Encoding\b/);
  });

  it('still serves the page, saying nothing of the user, when the session cannot be read', async () => {
    const broken = await appWithPage();
    try {
      const { user } = await createAdmin(broken.database.db);
      const cookie = await sessionCookieForUser(broken.database.db, user.id);
      await broken.database.close();
      const response = await page({ cookie }, broken.app);
      expect(response.statusCode).toBe(200);
      expect(pageUser(response)).toBeUndefined();
      expect(response.body).toContain('<div id="root"><header>');
    } finally {
      await broken.app.close();
      broken.mailer.close();
    }
  });
});

describe("the opened route's chunks in the page", () => {
  it('are listed to the visitor the route is for, and signed-out pages differ by path', async () => {
    const clientDir = mkdtempSync(path.join(tmpdir(), 'parley-index-preloads-'));
    writeFileSync(path.join(clientDir, 'index.html'), TEMPLATE);
    mkdirSync(path.join(clientDir, '.vite'));
    writeFileSync(
      path.join(clientDir, '.vite/manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-1.js', isEntry: true },
        'src/client/app/full.tsx': { file: 'assets/full-1.js', imports: ['index.html'] },
        'src/client/app/light.tsx': { file: 'assets/light-1.js', imports: ['index.html'] },
        'src/client/features/admin/AdminPage.tsx': { file: 'assets/AdminPage-1.js', imports: ['index.html'] },
        'src/client/features/landing/LandingPage.tsx': { file: 'assets/LandingPage-1.js', imports: ['index.html'] },
      }),
    );
    const withManifest = await createTestApp({ clientDir });
    try {
      const { user } = await createAdmin(withManifest.database.db);
      const cookie = await sessionCookieForUser(withManifest.database.db, user.id);
      const at = async (url: string, headers: Record<string, string> = {}) => (await withManifest.app.inject({ url, headers })).body;
      const adminPage = await at('/admin', { cookie });
      expect(adminPage).toContain('<meta name="parley-preload" content="/assets/full-1.js /assets/AdminPage-1.js" />');
      // A signed-out visitor of /admin is sent to /auth: nothing of the admin's page is named to them.
      expect(await at('/admin')).not.toContain('parley-preload');
      // Signed-out pages are kept per path and encoding: / names the light app, /admin does not.
      expect(await at('/')).toContain('<meta name="parley-preload" content="/assets/light-1.js /assets/LandingPage-1.js" />');
      expect(await at('/admin')).not.toContain('light-1.js');
    } finally {
      await withManifest.close();
    }
  });
});

describe("a route's own first frame", () => {
  const page = `<html><head>${USER_MARKER}</head><body><div id="root">${FRAME_START}<header>bare</header>${FRAME_END}</div></body></html>`;

  it('takes the bare frame\'s place, with the year filled in', () => {
    const html = indexHtmlFor(page, null, { files: [], data: [], frame: `<header>bare</header><main><h1>Interview Dashboard</h1></main><footer>© ${YEAR_MARKER}</footer>` }, 2031);
    expect(html).toContain(`<div id="root">${FRAME_START}<header>bare</header><main><h1>Interview Dashboard</h1></main><footer>© 2031</footer>${FRAME_END}</div>`);
  });

  it("links the route's stylesheets in the head", () => {
    const html = indexHtmlFor(page, null, { files: [], data: [], frame: '<main>x</main>', stylesheetLinks: stylesheetLinks(['/assets/Page-1.css']) });
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/Page-1.css"></head>');
    expect(indexHtmlFor(page, null)).not.toContain('stylesheet');
  });

  it("shows the signed-in visitor's name, escaped, where the frame has its marker", () => {
    const teacher = { id: 1, username: '<b>Ann & "Bo"</b>', isAdmin: true, displayName: 'Ann', mustChangePassword: false, actingStudent: null };
    const frame = `<main><h1>Welcome, ${USERNAME_MARKER}</h1></main>`;
    const html = indexHtmlFor(page, teacher, { files: [], data: [], frame });
    expect(html).toContain(`${FRAME_START}<main><h1>Welcome, &lt;b&gt;Ann &amp; &quot;Bo&quot;&lt;/b&gt;</h1></main>${FRAME_END}`);
    expect(html).not.toContain(USERNAME_MARKER);
    // Signed out, or not known (the database is down): no name to show, so the bare frame.
    for (const nobody of [null, undefined]) expect(indexHtmlFor(page, nobody, { files: [], data: [], frame })).toContain(`${FRAME_START}<header>bare</header>${FRAME_END}`);
  });

  it('names the student a test is for, escaped: the one a teacher opened it for, else the signed-in student', () => {
    const frame = `<main><p>Test for ${STUDENT_NAME_MARKER}.</p></main>`;
    const student = { id: 2, username: '98765', isAdmin: false, displayName: 'Asha <Rao>', mustChangePassword: false, actingStudent: null };
    expect(indexHtmlFor(page, student, { files: [], data: [], frame })).toContain(`${FRAME_START}<main><p>Test for Asha &lt;Rao&gt;.</p></main>${FRAME_END}`);
    const teacher = { ...student, id: 1, isAdmin: true, displayName: 'Ann', actingStudent: { id: 7, studentName: 'Dev & Co' } };
    expect(indexHtmlFor(page, teacher, { files: [], data: [], frame })).toContain('<p>Test for Dev &amp; Co.</p>');
    for (const nobody of [null, undefined]) expect(indexHtmlFor(page, nobody, { files: [], data: [], frame })).toContain(`${FRAME_START}<header>bare</header>${FRAME_END}`);
  });

  it('leaves the bare frame when the route has none, or the page has no markers', () => {
    expect(indexHtmlFor(page, null)).toContain(`${FRAME_START}<header>bare</header>${FRAME_END}`);
    const unmarked = '<html><body><div id="root"><header>bare</header></div></body></html>';
    expect(indexHtmlFor(unmarked, null, { files: [], data: [], frame: '<main>x</main>' })).toBe(unmarked);
  });
});

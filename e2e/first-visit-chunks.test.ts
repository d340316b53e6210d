import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { gzipSize, measureRoutes } from '../bench/bundle-size.js';
import { FIRST_RENDER_WAITED_OUT } from '../src/client/lib/first-render.js';
import { FIRST_VISIT_ROUTES, type FirstVisitVisitor } from '../src/shared/first-visit-routes.js';
import { testSessionBody } from '../src/server/test/attempt-fixtures.js';
import { sessionCookieForUser } from '../src/server/test/app.js';
import { createAdmin, createStudent } from '../src/server/test/factories.js';
import { clientDistDir, useBrowserSuite } from './support/index.js';

/**
 * `npm run bench:check` budgets each route's first visit from the Vite manifest (bench/bundle-size.ts):
 * the bootstrap and the modules src/shared/first-visit-routes.ts names for the route (the app, the
 * page, the parts the page loads as it opens), with their static imports. Here each route is opened
 * in Chromium by the visitor it is for, and what it really downloads until the network is quiet is
 * compared with that list, both ways: a script loaded but not counted would make the budget a
 * wish. The page the server sends must name every counted file (its own tags, or the list the
 * bootstrap asks for at once), so that none waits for another to arrive first.
 */
const suite = useBrowserSuite();

/**
 * Loading states a first render draws on purpose: an IELTS student's /student on its way to the
 * test, and the attempt review's sections below the fold, which load as they come near (decision 0023).
 */
const DRAWN_ON_PURPOSE = [/^Welcome, .*Opening your IELTS practice/, /^busy: Questions and answers/];

describe('first visit: the scripts counted are the scripts loaded', () => {
  it('loads on each route exactly what bench/bundle-size.ts counts for it, every file named in the page', async () => {
    const db = suite.server.database.db;
    const admin = await createAdmin(db);
    const ielts = await createStudent(db, { studentName: 'Asha Verma' });
    const aspirant = await createStudent(db, { studentName: 'Ravi Kumar', courseName: 'Interview Aspirant' });
    // The review page of a real attempt, saved as the test saves it (an unknown id would measure its
    // error page; an empty one would bring the sections below the fold into the first screen).
    const savedTest = await suite.server.app.inject({
      method: 'POST',
      url: '/api/test-sessions',
      headers: { cookie: await sessionCookieForUser(db, ielts.user.id) },
      payload: testSessionBody(ielts.student.id),
    });
    expect(savedTest.statusCode).toBe(201);
    const attemptId = (savedTest.json() as { attemptId: string }).attemptId;
    // Each route's `:id`: the attempt's, or on the student page the student's who saved it.
    const idFor = (route: string) => (route.startsWith('/admin/students/') ? String(ielts.student.id) : attemptId);
    const who: Record<FirstVisitVisitor, Partial<Record<string, number>> & { default?: number }> = {
      anyone: {},
      student: { default: ielts.user.id, '/interview-dashboard': aspirant.user.id, '/interview-simulator': aspirant.user.id },
      admin: { default: admin.user.id },
    };

    const report: string[] = [];
    const misses: string[] = [];
    const measuredRoutes = measureRoutes(clientDistDir);
    for (const measured of measuredRoutes) {
      const route = FIRST_VISIT_ROUTES.find((r) => r.route === measured.route);
      if (!route) throw new Error(`${measured.route} is not in FIRST_VISIT_ROUTES`);
      const { page } = await suite.openPage({ ignore: [/status of 40[014]/] });
      const userId = who[route.visitor][route.route] ?? who[route.visitor].default;
      if (userId !== undefined) await suite.signInAs(page, userId);
      const requested = new Set<string>();
      const apiGets: string[] = [];
      page.on('request', (request) => {
        const { pathname, search } = new URL(request.url());
        if (pathname.startsWith('/assets/') && pathname.endsWith('.js')) requested.add(pathname.slice(1));
        if (pathname.startsWith('/api/') && request.method() === 'GET') apiGets.push(pathname + search);
      });
      // Every loading state the app draws (a table's aria-busy, a loader's status line), not counting
      // the frame the server wrote into the page (src/client/app/shell.tsx), parsed before the scripts ran.
      await page.addInitScript(() => {
        const seen: string[] = [];
        Object.assign(window, { loadingSeen: seen });
        const LOADING = '[aria-busy="true"], [role="status"]';
        const note = (element: Element) => {
          const shown = element instanceof HTMLElement ? element.innerText : (element.textContent ?? '');
          const text = `${element.getAttribute('aria-busy') === 'true' ? 'busy: ' : ''}${shown.replace(/\s+/g, ' ').trim().slice(0, 60)}`;
          // An empty live region that is not busy draws nothing: it waits for a sentence to announce
          // (Start Test's status on /test comes with the ready card, once the microphone has answered).
          if (text === '') return;
          if (!seen.includes(text)) seen.push(text);
        };
        document.addEventListener('DOMContentLoaded', () => {
          new MutationObserver((records) => {
            for (const record of records) {
              if (record.target instanceof Element && record.type === 'attributes' && record.target.matches(LOADING)) note(record.target);
              for (const node of record.addedNodes) {
                if (!(node instanceof Element)) continue;
                if (node.matches(LOADING)) note(node);
                node.querySelectorAll(LOADING).forEach(note);
              }
            }
          }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-busy', 'role'] });
        });
      });
      const response = await page.goto(`${suite.server.baseUrl}${route.route.replace(':id', idFor(route.route))}`, { waitUntil: 'networkidle' });
      await page.locator('#main').waitFor();
      const html = (await response?.text()) ?? '';
      // index.html's own script and modulepreload tags, and the route's list for the bootstrap.
      const listed = /<meta name="parley-preload" content="([^"]*)"/.exec(html)?.[1]?.split(' ') ?? [];
      const named = new Set([...[...html.matchAll(/<(?:script type="module" crossorigin src|link rel="modulepreload" crossorigin href)="([^"]+)"/g)].map((m) => m[1]), ...listed].map((href) => href?.replace(/^\//, '')));

      // The bootstrap asked for each listed file itself (src/client/lib/preload-route.ts).
      const linked = new Set(await page.evaluate(() => [...document.querySelectorAll('link[rel="modulepreload"], link[rel="preload"][as="style"]')].map((l) => l.getAttribute('href'))));
      const listedNotLinked = listed.filter((href) => !linked.has(href));
      if (listedNotLinked.length) misses.push(`${route.route}: listed but not asked for by the bootstrap: ${listedNotLinked.join(', ')}`);

      const counted = new Set(measured.jsFiles.map((file) => file.split(path.sep).join('/')));
      // /student sends an IELTS student on to /test a second after the profile comes (StudentDashboard).
      // The router loads the next page's files before it moves the URL, so on a busy machine they can
      // be seen loading with the URL still at the route: given a few seconds, the page lands on /test.
      const opened = new URL(page.url()).pathname;
      if ([...requested].some((file) => !counted.has(file))) await page.waitForURL((url) => url.pathname !== opened, { timeout: 10_000 }).catch(() => undefined);
      const size = (files: Iterable<string>) => ([...files].reduce((sum, file) => sum + gzipSize(path.join(clientDistDir, file)), 0) / 1024).toFixed(1);
      const countedNotLoaded = [...counted].filter((file) => !requested.has(file));
      // On a busy machine that move can come before the network is quiet, and what it then loads is
      // /test's own first visit, counted there.
      const landedOn = new URL(page.url()).pathname;
      const movedOn = measuredRoutes.find((other) => other.route === landedOn && landedOn !== route.route);
      const countedThere = new Set((movedOn?.jsFiles ?? []).map((file) => file.split(path.sep).join('/')));
      const loadedNotCounted = [...requested].filter((file) => !counted.has(file) && !countedThere.has(file));
      if (movedOn) report.push(`${route.route}: moved on to ${landedOn} before the network was quiet; its files are counted there`);
      const countedNotNamed = [...counted].filter((file) => !named.has(file));
      const loadingSeen = await page.evaluate(() => (window as unknown as { loadingSeen: string[] }).loadingSeen);
      // The first render waits a moment for the page's data and parts (src/client/app/full.tsx), so
      // it draws them at once: no loading state, then the page again as each lands.
      // Unless the wait ran out (the page's data or a part took longer than it on a busy machine):
      // then its loading states are drawn on purpose, and the report says so.
      const waitedOut = await page.evaluate((name) => performance.getEntriesByName(name).length > 0, FIRST_RENDER_WAITED_OUT);
      const unexpected = loadingSeen.filter((text) => !DRAWN_ON_PURPOSE.some((pattern) => pattern.test(text)));
      if (unexpected.length && !waitedOut) misses.push(`${route.route}: drew loading states: ${JSON.stringify(unexpected)}`);
      if (waitedOut) report.push(`${route.route}: the first render's wait ran out; loading states drawn: ${JSON.stringify(unexpected)}`);
      report.push(`${route.route}: ${counted.size} files counted (${size(counted)} KB), ${requested.size} loaded (${size(requested)} KB); GET ${apiGets.join(', ') || 'nothing'}`);
      // The page's first GETs, started by the bootstrap (src/client/lib/early-data.ts): each asked for
      // once, its answer taken by the page (a second request would mean the page asked another URL).
      const early = /<meta name="parley-data" content="([^"]*)"/.exec(html)?.[1]?.replaceAll('&amp;', '&').split(' ') ?? [];
      expect(early, `${route.route}: the page's first GETs listed`).toEqual((route.data ?? []).map((url) => url.replace(':id', idFor(route.route))));
      for (const url of early) {
        const times = apiGets.filter((get) => get === url).length;
        if (times !== 1) misses.push(`${route.route}: ${url} was asked for ${times} times, not once`);
      }
      if (countedNotLoaded.length) misses.push(`${route.route}: counted but not loaded: ${countedNotLoaded.join(', ')}`);
      if (loadedNotCounted.length) misses.push(`${route.route}: loaded but not counted (${size(loadedNotCounted)} KB): ${loadedNotCounted.join(', ')}`);
      if (countedNotNamed.length) misses.push(`${route.route}: counted but not named in the page: ${countedNotNamed.join(', ')}`);
      await page.context().close();
    }
    console.log(report.join('\n'));
    // All routes first, then one failure naming every difference (a route's list is in src/shared/first-visit-routes.ts).
    expect(misses).toEqual([]);
  });
});

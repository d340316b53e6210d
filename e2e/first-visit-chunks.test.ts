import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { gzipSize, measureRoutes } from '../bench/bundle-size.js';
import { createAdmin, createStudent } from '../src/server/test/factories.js';
import { clientDistDir, useBrowserSuite } from './support/index.js';

/**
 * `npm run bench:check` budgets each route's first visit from the Vite manifest (bench/bundle-size.ts):
 * the bootstrap, the app it starts (the light app on `/`, `/auth`, `/forgot-password`, the full app
 * elsewhere, decision 0022) and the page, with their static imports. Here each route is opened once in
 * Chromium, and the scripts it really downloads are compared with that list: everything counted is
 * loaded, and on the light pages nothing else is.
 */
const suite = useBrowserSuite();


const LIGHT_ROUTES = new Set(['/', '/auth', '/forgot-password']);

describe('first visit: the scripts counted are the scripts loaded', () => {
  it('loads on each route exactly what bench/bundle-size.ts counts for it (light pages), or at least all of it (full app)', async () => {
    const db = suite.server.database.db;
    const admin = await createAdmin(db);
    const ielts = await createStudent(db, { studentName: 'Asha Verma' });
    const aspirant = await createStudent(db, { studentName: 'Ravi Kumar', courseName: 'Interview Aspirant' });
    const who: Record<string, number | undefined> = {
      '/test': ielts.user.id,
      '/interview-dashboard': aspirant.user.id,
      '/interview-simulator': aspirant.user.id,
    };

    const report: string[] = [];
    for (const measured of measureRoutes(clientDistDir)) {
      const { page } = await suite.openPage({ ignore: [/status of 40[014]/] });
      const userId = LIGHT_ROUTES.has(measured.route) ? undefined : (who[measured.route] ?? admin.user.id);
      if (userId !== undefined) await suite.signInAs(page, userId);
      const requested = new Set<string>();
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (pathname.startsWith('/assets/') && pathname.endsWith('.js')) requested.add(pathname.slice(1));
      });
      await page.goto(`${suite.server.baseUrl}${measured.route.replace(':id', '1')}`, { waitUntil: 'networkidle' });
      await page.locator('#main').waitFor();

      const counted = new Set(measured.jsFiles.map((file) => file.split(path.sep).join('/')));
      const countedNotLoaded = [...counted].filter((file) => !requested.has(file));
      const loadedNotCounted = [...requested].filter((file) => !counted.has(file));
      // What the page really fetched while it opened (the parts it loads right after its first render
      // included), beside what the budget counts: docs/quality.md reports both.
      const loadedKb = [...requested].reduce((sum, file) => sum + gzipSize(path.join(clientDistDir, file)), 0) / 1024;
      report.push(
        `${measured.route}: ${counted.size} files counted (${(measured.jsGzipBytes / 1024).toFixed(1)} KB), ${requested.size} loaded (${loadedKb.toFixed(1)} KB); not counted: ${loadedNotCounted.join(', ') || 'none'}`,
      );
      expect(countedNotLoaded, `${measured.route}: counted but not loaded`).toEqual([]);
      if (LIGHT_ROUTES.has(measured.route)) expect(loadedNotCounted, `${measured.route}: loaded but not counted`).toEqual([]);
      await page.context().close();
    }
    console.log(report.join('\n'));
  });
});

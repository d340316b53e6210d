import { describe, expect, it } from 'vitest';
import { createStudent } from '../src/server/test/factories.js';
import { expectFirstFrameWherePageDrawsIt, useBrowserSuite } from './support/index.js';

/**
 * /test's first frame (app/shell.tsx): the setup screen, with the visitor's device as their user agent
 * tells it, filled in by the server (src/server/lib/route-preloads.ts), its Android form on Android.
 */
const suite = useBrowserSuite();

describe("/test's first frame", () => {
  it('names the student and their device as the page does, on Android (phone) and a desktop', async () => {
    const student = await createStudent(suite.server.database.db, { courseName: 'IELTS', studentName: 'Frame <Student>' });
    for (const viewport of ['desktop', 'phone'] as const) {
      const { page } = await suite.openPage({ viewport });
      await suite.signInAs(page, student.user.id);
      const html = await (await page.request.get(`${suite.server.baseUrl}/test`)).text();
      const root = html.slice(html.indexOf('<div id="root">'));
      expect(root).toMatch(/<h1[^>]*>IELTS Speaking Test<\/h1>/);
      expect(root).toContain('Test for Frame &lt;Student&gt;</p>');
      expect(root).not.toContain('__PARLEY_');
      const facts = [...root.matchAll(/<dt>([^<]*)<\/dt><dd>([^<]*)<\/dd>/g)].map(([, label, value]) => `${label}: ${value}`);
      // What the page itself draws in the same card, once its scripts have run.
      await page.goto(`${suite.server.baseUrl}/test`);
      await page.locator('main:not(:has([inert])) #device-card-title').waitFor();
      const drawn = await page.locator('main dl div').evaluateAll((rows) => rows.map((row) => `${row.querySelector('dt')?.textContent}: ${row.querySelector('dd')?.textContent}`));
      expect(facts.map((fact) => fact.replace(/\s+/g, ' ').trim())).toEqual(drawn);
      expect(drawn[0]).toMatch(viewport === 'phone' ? /^Device: Android 14$/ : /^Platform: Linux · desktop$/);
    }
  });

  it('is drawn before any script runs, exactly where the page then draws it', async () => {
    const student = await createStudent(suite.server.database.db, { courseName: 'IELTS', studentName: 'Still Student' });
    await expectFirstFrameWherePageDrawsIt(suite, {
      path: '/test',
      userId: student.user.id,
      landmarks: ['main h1', 'main section[aria-label="Test progress"]', 'main dl', 'main section[aria-labelledby="microphone-title"] p'],
      // The test's own code, held: the page draws its setup screen until it comes.
      data: '**/assets/TestSession-*.js',
      drawn: 'main h1',
      status: 'Loading the test…',
      name: 'test',
    });
  });
});

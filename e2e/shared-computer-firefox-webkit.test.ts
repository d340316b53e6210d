/*
 * A school's shared computer in Firefox and in WebKit (Safari's engine), as e2e/shared-computer.test.ts
 * in Chromium (decision 0075): both keep the page a student signed in on in their back/forward cache,
 * and Back after the student signed out gave it back, their attempt on the screen. It must come back
 * hidden and load again, for nobody.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidateReadCaches } from '../src/server/db/read-cache.js';
import { createStudent, type CreatedStudent } from '../src/server/test/factories.js';
import type { ClickingPage } from './support/driven-test.js';
import { drivenPage, launchFirefox } from './support/firefox.js';
import { sleep, startTestServer, type TestServer } from './support/index.js';
import { launchWebKit } from './support/webkit.js';
import { saveTestByApi } from './support/saved-test.js';

let server: TestServer;
let student: CreatedStudent;
let attemptId = '';

beforeAll(async () => {
  server = await startTestServer();
  student = await createStudent(server.database.db, { studentName: 'Asha Rao', mobileNumber: '98765 43210' });
  ({ attemptId } = await saveTestByApi(server.baseUrl, student));
  invalidateReadCaches(server.database.db);
}, 60_000);

afterAll(async () => {
  await server?.close();
});

/** Polls `check` in the page every 200 ms until it is true. */
async function until(page: ClickingPage, what: string, check: () => boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await page.evaluate(check).catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}; the page shows: ${(await page.evaluate(() => document.body.innerText)).slice(0, 300)}`);
    await sleep(200);
  }
}

/** Signs in through the form on /auth and opens the attempt inside the app (links clicked by script). */
async function openAttemptSignedIn(page: ClickingPage, goto: (url: string) => Promise<void>) {
  await goto(`${server.baseUrl}/auth`);
  await until(page, 'the sign-in form shows', () => document.querySelector('input[autocomplete="current-password"]') !== null);
  await page.evaluate(
    (username: string, password: string) => {
      const type = (selector: string, value: string) => {
        const input = document.querySelector<HTMLInputElement>(selector);
        if (!input) throw new Error(`no ${selector}`);
        // React listens for input events on values set through the prototype's setter.
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      };
      type('input[autocomplete="username"]', username);
      type('input[autocomplete="current-password"]', password);
    },
    student.mobileNumber,
    student.password,
  );
  await page.clickButton('Sign in');
  await until(page, 'the student is signed in', () => document.querySelector('a[href="/progress"]') !== null);
  await page.evaluate(() => document.querySelector<HTMLAnchorElement>('a[href="/progress"]')?.click());
  await until(page, 'the attempt is listed', () => document.querySelector('a[href^="/progress/attempts/"]') !== null);
  await page.evaluate(() => document.querySelector<HTMLAnchorElement>('a[href^="/progress/attempts/"]')?.click());
  await until(page, 'the attempt shows', () => location.pathname.startsWith('/progress/attempts/') && /IELTS speaking test, /.test(document.querySelector('h1')?.textContent ?? ''));
  expect(await page.evaluate(() => location.pathname)).toBe(`/progress/attempts/${attemptId}`);
}

async function backAfterSigningOut(page: ClickingPage, goto: (url: string) => Promise<void>) {
  await openAttemptSignedIn(page, goto);
  // Noted by the page itself: kept in sessionStorage, which a reload keeps, and a variable, which it does not.
  await page.evaluate(() => {
    (window as unknown as { keptInMemory: boolean }).keptInMemory = true;
    window.addEventListener('pageshow', (event) => {
      if (!event.persisted) return;
      const shown = { visibility: getComputedStyle(document.documentElement).visibility, showsAttempt: /IELTS speaking test, /.test(document.body.textContent ?? '') };
      sessionStorage.setItem('restored', JSON.stringify(shown));
    });
  });
  // The student types the sign-in page's address, finds themselves signed in and signs out there.
  await goto(`${server.baseUrl}/auth`);
  await until(page, '"Already Logged In" shows', () => document.body.innerText.includes('Logout & Login as Different User'));
  await page.clickButton('Logout & Login as Different User');
  await until(page, 'the sign-in form shows', () => document.querySelector('input[autocomplete="current-password"]') !== null);
  // The next student presses Back. The sign-in page Back leaves is marked too: on a slow machine it
  // still answered the wait below before Back had taken effect, and the page read next was the kept one.
  await page.evaluate(() => {
    (window as unknown as { beforeBack: boolean }).beforeBack = true;
    history.back();
  });
  await until(
    page,
    'the page has loaded again, signed out',
    () =>
      location.pathname === '/auth' &&
      document.querySelector('input[autocomplete="current-password"]') !== null &&
      !(window as unknown as { keptInMemory?: boolean }).keptInMemory &&
      !(window as unknown as { beforeBack?: boolean }).beforeBack,
  );
  const restored = await page.evaluate(() => sessionStorage.getItem('restored'));
  // The browser did give the page back from its cache (else this test proves nothing), hidden.
  expect(JSON.parse(restored ?? 'null')).toEqual({ visibility: 'hidden', showsAttempt: true });
  expect(await page.evaluate(() => /IELTS speaking test, /.test(document.body.textContent ?? ''))).toBe(false);
}

describe('Back after signing out on a shared computer', () => {
  it('Firefox: the page kept from before is hidden and loads again', async () => {
    const firefox = await launchFirefox();
    try {
      const page = await firefox.browser.newPage();
      await backAfterSigningOut(drivenPage(page), async (url) => {
        await page.goto(url);
      });
    } finally {
      await firefox.close();
    }
  }, 120_000);

  it('WebKit: the page kept from before is hidden and loads again', async () => {
    const webkit = await launchWebKit();
    try {
      await backAfterSigningOut(webkit, (url) => webkit.goto(url));
    } finally {
      await webkit.close();
    }
  }, 120_000);
});

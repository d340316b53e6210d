import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../src/server/db/schema.js';
import { invalidateReadCaches } from '../src/server/db/read-cache.js';
import { createAdmin, createStudent } from '../src/server/test/factories.js';
import { collectConsoleErrors, launchBrowser, lookAt, newPage, signInWithForm, startTestServer, type LaunchedBrowser, type TestServer } from './support/index.js';

/**
 * Every screen of the foundation at desktop and phone size: a screenshot to look at
 * (test-results/screenshots/), and checks that hold on every screen: no horizontal scrolling on a
 * phone, one h1, every form field labelled, no serious or critical axe-core (WCAG 2.1 AA) violations,
 * and no errors in the console.
 */
let server: TestServer;
let browser: LaunchedBrowser;

beforeAll(async () => {
  server = await startTestServer({ env: { CLASS_NAME: 'Evening Batch B' } });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const signIn = (page: Page, username: string, password: string) => signInWithForm(page, server.baseUrl, username, password);

describe.each(['desktop', 'phone'] as const)('screens at %s size', (viewport) => {
  // Looked at once its data has loaded and its entrance transitions have ended, so the picture shows
  // the settled screen; the screenshot is <name>-<viewport>.png.
  const look = (page: Page, name: string) => lookAt(page, `${name}-${viewport}`, { network: true });

  it('signed-out screens', async () => {
    const page = await newPage(browser.browser, { viewport });
    const errors = collectConsoleErrors(page, { ignore: [/status of 401/] });
    await page.clock.install({ time: new Date('2026-11-21T09:30:00') });
    for (const [name, path] of [
      ['landing', '/'],
      ['sign-in', '/auth'],
      ['forgot-password', '/forgot-password'],
      ['under-construction', '/under-construction'],
      ['not-found', '/no-such-page'],
    ] as const) {
      await page.goto(`${server.baseUrl}${path}`);
      await look(page, name);
    }
    await page.goto(`${server.baseUrl}/auth`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await look(page, 'sign-in-required-fields');
    await signIn(page, 'nobody', 'wrong-password');
    await page.getByRole('main').getByRole('alert').filter({ hasText: 'Login failed' }).waitFor();
    await look(page, 'sign-in-failed');
    await page.goto(`${server.baseUrl}/forgot-password`);
    await page.getByLabel('Email').fill('someone@example.org');
    await page.getByRole('button', { name: 'Send Password' }).click();
    await page.getByText('Your password has been sent to your email address.').waitFor();
    await look(page, 'forgot-password-sent');
    errors.assertNone();
    await page.context().close();
  });

  it('admin screens', async () => {
    const admin = await createAdmin(server.database.db);
    const mobileNumber = viewport === 'phone' ? '9000000002' : '9000000001';
    await createStudent(server.database.db, { studentName: 'Meera Pillai', mobileNumber });
    const page = await newPage(browser.browser, { viewport });
    const errors = collectConsoleErrors(page, { ignore: [/status of 401/, /status of 403/] });
    await signIn(page, admin.username, admin.password);
    await page.waitForURL('**/admin');
    await look(page, 'admin-dashboard');
    // Every other tab of the dashboard, on a phone too: teachers use the console on phones.
    for (const [tab, settled] of [
      ['ielts', 'IELTS Attempts'],
      ['interview', 'Interview Attempts'],
      ['class', 'Class'],
      ['settings', 'Settings'],
    ] as const) {
      await page.goto(`${server.baseUrl}/admin?tab=${tab}`);
      await page.getByRole('tab', { name: settled, selected: true }).waitFor();
      await look(page, `admin-tab-${tab}`);
    }
    await page.goto(`${server.baseUrl}/auth`);
    await page.getByRole('heading', { name: 'Already Logged In' }).waitFor();
    await look(page, 'already-logged-in-admin');
    if (viewport === 'phone') {
      // A 360 px phone (many Androids): "Logout & Login as Different User" wraps rather than losing its end (lookAt checks it).
      await page.setViewportSize({ width: 360, height: 780 });
      await lookAt(page, 'already-logged-in-admin-360', { network: true });
      await page.setViewportSize({ width: 390, height: 844 });
    }
    await page.goto(`${server.baseUrl}/admin/courses`);
    await look(page, 'courses');
    await page.goto(`${server.baseUrl}/student`);
    await look(page, 'student-access');
    await page.getByLabel('Mobile number').fill(mobileNumber);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Start Test' }).click();
    await page.getByRole('main').getByRole('alert').filter({ hasText: 'Invalid mobile number' }).waitFor();
    await look(page, 'student-access-denied');
    errors.assertNone();
    await page.context().close();
    // Ten screens, each settled and checked by axe: about 10 s each on a busy machine.
  }, 180_000);

  it('student screens', async () => {
    const student = await createStudent(server.database.db, { studentName: 'Arjun Nair' });
    const page = await newPage(browser.browser, { viewport });
    const errors = collectConsoleErrors(page, { ignore: [/status of 401/, /status of 403/] });
    await page.clock.install();
    await signIn(page, student.mobileNumber, student.password);
    await page.getByRole('heading', { name: 'Welcome, Arjun Nair' }).waitFor();
    await look(page, 'student-dashboard-redirecting');
    await page.clock.runFor(3100);
    await page.waitForURL('**/test');
    await look(page, 'test-placeholder');
    for (const [name, path] of [
      ['interview-dashboard', '/interview-dashboard'],
      ['interview-simulator-placeholder', '/interview-simulator'],
    ] as const) {
      await page.goto(`${server.baseUrl}${path}`);
      await look(page, name);
    }
    await page.goto(`${server.baseUrl}/auth`);
    await page.getByRole('heading', { name: 'Already Logged In' }).waitFor();
    await look(page, 'already-logged-in-student');
    await page.goto(`${server.baseUrl}/admin`);
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    await look(page, 'admin-access-denied');

    // Written straight to the database, as another process would: the app's read caches are told (read-cache.ts).
    await server.database.db.update(users).set({ mustChangePassword: true }).where(eq(users.id, student.user.id));
    invalidateReadCaches(server.database.db);
    await page.goto(`${server.baseUrl}/student`);
    await page.waitForURL('**/set-password');
    await look(page, 'set-password');
    await server.database.db.update(users).set({ mustChangePassword: false }).where(eq(users.id, student.user.id));
    invalidateReadCaches(server.database.db);
    errors.assertNone();
    await page.context().close();
  });

  it('the revoked-access screen', async () => {
    const student = await createStudent(server.database.db, { status: 'Deactivated' });
    const page = await newPage(browser.browser, { viewport });
    const errors = collectConsoleErrors(page, { ignore: [/status of 401/, /status of 403/] });
    await signIn(page, student.mobileNumber, student.password);
    await page.getByText('Your access has been revoked or deactivated.').waitFor();
    await look(page, 'student-access-revoked');
    errors.assertNone();
    await page.context().close();
  });
});

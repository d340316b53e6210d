import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { students, users } from '../src/server/db/schema.js';
import { hashPasswordBeside } from '../src/server/lib/passwords.js';
import { invalidateReadCaches } from '../src/server/db/read-cache.js';
import { createAdmin, createCourse, createStudent } from '../src/server/test/factories.js';
import { startSmtpSink, type SmtpSink } from '../src/server/test/smtp-sink.js';
import { toast, useBrowserSuite } from './support/index.js';

// The signed-out current-user call answers 401 by design (spec section 7); the browser logs the status.
const EXPECTED_NOISE = [/status of 401/, /status of 403/];

// The mail sink starts first: the server is told where it listens.
let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink?.close();
});

const suite = useBrowserSuite({
  server: () => ({ env: { SMTP_URL: sink.url, CLASS_NAME: 'Evening Batch B', APP_TITLE: 'Parley Test School' } }),
});

async function open(path: string, options: { viewport?: 'desktop' | 'phone'; clock?: boolean; ignore?: RegExp[] } = {}): Promise<Page> {
  const { page } = await suite.openPage({ viewport: options.viewport, ignore: [...EXPECTED_NOISE, ...(options.ignore ?? [])] });
  if (options.clock) await page.clock.install();
  await page.goto(`${suite.server.baseUrl}${path}`);
  return page;
}

/** The newest toast with this title: on a slow machine an earlier toast (the sign-in's) may still be shown beside it. */
const toastTitled = (page: Page, title: string) => toast(page).filter({ has: page.locator('.mantine-Notification-title', { hasText: title }) }).last();

async function fillSignIn(page: Page, username: string, password: string) {
  await page.getByLabel('Username or mobile number').fill(username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function apiUser(page: Page) {
  return page.evaluate(async () => {
    const response = await fetch('/api/user', { credentials: 'include' });
    return { status: response.status, body: response.ok ? ((await response.json()) as Record<string, unknown>) : null };
  });
}

describe('landing page', () => {
  it('shows the configured title and class name, a ticking clock and the three parts', async () => {
    const page = await open('/', { clock: true });
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Parley Test School');
    await expect(page.getByText('Evening Batch B')).toBeDefined();
    expect(await page.getByText('Evening Batch B').count()).toBe(1);
    for (const part of ['General Questions', 'Cue Card', 'Discussion']) {
      expect(await page.getByRole('heading', { name: part }).count()).toBe(1);
    }
    const clock = page.getByTestId('live-clock').locator('time');
    const before = await clock.getAttribute('datetime');
    await page.clock.runFor(1000);
    await expect.poll(() => clock.getAttribute('datetime')).not.toBe(before);
    const after = await clock.getAttribute('datetime');
    expect(Date.parse(after ?? '') - Date.parse(before ?? '')).toBeGreaterThanOrEqual(1000);
    expect(await page.title()).toBe('Parley Test School');
  });
});

describe('first visit', () => {
  it('paints the header, with the school title, from the page itself before any script has run', async () => {
    const { page } = await suite.openPage({ javaScriptEnabled: false });
    await page.goto(`${suite.server.baseUrl}/auth`);
    expect(await page.getByRole('link', { name: 'Parley Test School' }).isVisible()).toBe(true);
    expect(await page.locator('meta[name="parley-user"]').getAttribute('content')).toBe('null');
    // Above the header, not below a page-high frame.
    // (Playwright's text search skips <noscript>, so the notice is found by its place.)
    const notice = page.locator('noscript p');
    expect(await notice.textContent()).toBe('Parley needs JavaScript to run. Please turn it on in your browser.');
    expect(await notice.isVisible()).toBe(true);
    expect((await notice.boundingBox())?.y).toBeLessThan(100);
  });

  it('shows the sign-in form to a signed-out visitor and an admin page to an admin without asking GET /api/user, with one header', async () => {
    const admin = await createAdmin(suite.server.database.db, { username: 'firstpaint' });
    const { page } = await suite.openPage();
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/user') asked.push(request.url());
    });
    await page.goto(`${suite.server.baseUrl}/auth`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await fillSignIn(page, admin.username, admin.password);
    await page.waitForURL('**/admin');
    // (Not /admin itself: opening it ends any acting student and then asks for the user again, on purpose.)
    await page.goto(`${suite.server.baseUrl}/admin/courses`);
    await page.getByRole('heading', { name: 'Courses Management' }).waitFor();
    await page.getByRole('cell', { name: 'IELTS', exact: true }).waitFor();
    expect(asked).toEqual([]);
    // The prerendered header was replaced, not doubled.
    expect(await page.locator('header').count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Skip to content' }).count()).toBe(1);
  });
});

describe('sign-in', () => {
  it('signs an admin in, then shows Already Logged In with the role and username', async () => {
    const admin = await createAdmin(suite.server.database.db, { username: 'headteacher' });
    const page = await open('/auth');
    await fillSignIn(page, admin.username, admin.password);
    await page.waitForURL('**/admin');
    expect(await toastTitled(page, 'Login successful').textContent()).toContain('Welcome back!');
    await page.getByRole('heading', { name: 'Welcome, headteacher' }).waitFor();

    await page.goto(`${suite.server.baseUrl}/auth`);
    await page.getByRole('heading', { name: 'Already Logged In' }).waitFor();
    expect(await page.getByText('Admin', { exact: true }).count()).toBe(1);
    expect(await page.getByText('headteacher').count()).toBe(1);
    await page.getByRole('link', { name: 'Go to Admin Dashboard' }).waitFor();

    await page.getByRole('button', { name: 'Logout & Login as Different User' }).click();
    await toastTitled(page, 'Logged out').waitFor();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect((await apiUser(page)).status).toBe(401);
  });

  it('shows the spec texts for a wrong password and keeps the user signed out', async () => {
    const student = await createStudent(suite.server.database.db);
    const page = await open('/auth');
    await fillSignIn(page, student.mobileNumber, 'not-the-password');
    expect(await toastTitled(page, 'Login failed').textContent()).toContain('Invalid username or password');
    expect(await page.getByRole('main').getByRole('alert').filter({ hasText: 'Invalid username or password' }).count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/auth');
    expect((await apiUser(page)).status).toBe(401);
  });

  it('says a mailed temporary password has expired, rather than that the password is wrong', async () => {
    const student = await createStudent(suite.server.database.db);
    const db = suite.server.database.db;
    await db
      .update(users)
      .set({ tempPasswordHash: await hashPasswordBeside('mailed-temp-pass-1', student.user.passwordHash), tempPasswordExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(users.id, student.user.id));
    const page = await open('/auth');
    await fillSignIn(page, student.mobileNumber, 'mailed-temp-pass-1');
    const alert = page.getByRole('main').getByRole('alert').filter({ hasText: 'This temporary password has expired' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Use "Forgot Password?" to get a new one, or sign in with your own password.');
    expect((await apiUser(page)).status).toBe(401);
  });

  it('asks for both fields before sending anything', async () => {
    const page = await open('/auth');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Enter your username or mobile number').waitFor();
    await page.getByText('Enter your password').waitFor();
    expect(await toast(page).count()).toBe(0);
  });

  it('shows and hides the password', async () => {
    const page = await open('/auth');
    const password = page.getByRole('textbox', { name: 'Password', exact: true });
    await password.fill('secret-words');
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Show or hide password' }).click();
    expect(await password.getAttribute('type')).toBe('text');
  });
});

describe('student dashboard routing', () => {
  const cases = [
    { courseName: 'IELTS', target: '/test' },
    { courseName: 'Interview Aspirant', target: '/interview-dashboard' },
    { courseName: 'Speaking Level 3', target: '/under-construction' },
    { courseName: 'Business English', target: '/test' },
  ];
  for (const { courseName, target } of cases) {
    it(`sends a '${courseName}' student to ${target} after 1 s`, async () => {
      if (courseName === 'Business English') await createCourse(suite.server.database.db, { courseName });
      const student = await createStudent(suite.server.database.db, { courseName, studentName: `Learner of ${courseName}` });
      const page = await open('/auth', { clock: true });
      await fillSignIn(page, student.mobileNumber, student.password);
      await page.getByRole('heading', { name: `Welcome, Learner of ${courseName}` }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/student');
      await page.clock.runFor(800);
      expect(new URL(page.url()).pathname).toBe('/student');
      await page.clock.runFor(300);
      await page.waitForURL(`**${target}`);
    });
  }

  it('waits 3 s on Android', async () => {
    const student = await createStudent(suite.server.database.db, { courseName: 'Interview Aspirant', studentName: 'Android Learner' });
    const page = await open('/auth', { clock: true, viewport: 'phone' });
    await fillSignIn(page, student.mobileNumber, student.password);
    await page.getByRole('heading', { name: 'Welcome, Android Learner' }).waitFor();
    await page.clock.runFor(2500);
    expect(new URL(page.url()).pathname).toBe('/student');
    await page.clock.runFor(600);
    await page.waitForURL('**/interview-dashboard');
  });

  it('shows the revoked-access text to a deactivated student', async () => {
    const student = await createStudent(suite.server.database.db, { status: 'Deactivated' });
    const page = await open('/auth');
    await fillSignIn(page, student.mobileNumber, student.password);
    await page.waitForURL('**/student');
    await page.getByText('Your access has been revoked or deactivated. Please contact the school for assistance.').waitFor();
    await page.waitForTimeout(1500);
    expect(new URL(page.url()).pathname).toBe('/student');
  });

  it('signs a student in by username too', async () => {
    const student = await createStudent(suite.server.database.db, { username: 'asha.k', studentName: 'Asha K' });
    const page = await open('/auth');
    await fillSignIn(page, 'Asha.K', student.password);
    await page.getByRole('heading', { name: 'Welcome, Asha K' }).waitFor();
    await page.waitForURL('**/test');
  });
});

describe('route guard', () => {
  it('sends a signed-out visitor of a protected page to /auth', async () => {
    for (const path of ['/admin', '/admin/courses', '/student', '/test', '/interview-dashboard', '/interview-simulator']) {
      const page = await open(path);
      await page.waitForURL('**/auth');
    }
  });

  it('shows a student Access Denied at /admin and sends them from other admin pages to /student', async () => {
    const student = await createStudent(suite.server.database.db, { courseName: 'Speaking Level 3' });
    const page = await open('/auth');
    await fillSignIn(page, student.mobileNumber, student.password);
    await page.waitForURL('**/under-construction');
    await page.goto(`${suite.server.baseUrl}/admin`);
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    await page.getByText("You don't have permission to access this page.").waitFor();
    expect(await page.getByRole('tab').count()).toBe(0);
    await page.getByRole('link', { name: 'Go to Test' }).waitFor();
    await page.goto(`${suite.server.baseUrl}/admin/courses`);
    await page.waitForURL(/\/(student|under-construction)$/);
  });

  it('signs out from the under-construction page to /auth', async () => {
    const student = await createStudent(suite.server.database.db, { courseName: 'Speaking Level 3' });
    const page = await open('/auth');
    await fillSignIn(page, student.mobileNumber, student.password);
    await page.waitForURL('**/under-construction');
    await page.getByRole('heading', { name: 'Under Construction' }).waitFor();
    await page.getByText('Speaking Level 3 Course').waitFor();
    await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
    await page.waitForURL('**/auth');
    expect((await apiUser(page)).status).toBe(401);
  });
});

describe('forgot password', () => {
  it('mails a temporary password that signs in once and then requires a new password', async () => {
    const student = await createStudent(suite.server.database.db, { email: 'priya@example.org', studentName: 'Priya S' });
    const page = await open('/forgot-password');
    await page.getByLabel('Email').fill('Priya@Example.org');
    await page.getByRole('button', { name: 'Send Password' }).click();
    await page.getByText('Your password has been sent to your email address.').waitFor();
    await toastTitled(page, 'Password sent').waitFor();

    const mail = await sink.waitFor('priya@example.org');
    const temporary = /Temporary password: (\S+)/.exec(mail.text)?.[1];
    expect(temporary).toMatch(/^\w{4}-\w{4}-\w{4}$/);
    expect(mail.text).toContain(`Sign in as: ${student.student.mobileNumber}`);

    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await fillSignIn(page, student.mobileNumber, temporary ?? '');
    await page.waitForURL('**/set-password');
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('brand-new-pass-1');
    await page.getByRole('textbox', { name: 'Confirm new password' }).fill('brand-new-pass-2');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText('New passwords do not match').waitFor();
    await page.getByRole('textbox', { name: 'Confirm new password' }).fill('brand-new-pass-1');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await toastTitled(page, 'Password changed').waitFor();
    await page.waitForURL('**/test');

    // The temporary password was single use; the new one works; the old one was replaced.
    const second = await open('/auth');
    await fillSignIn(second, student.mobileNumber, temporary ?? '');
    expect(await toastTitled(second, 'Login failed').textContent()).toContain('Invalid username or password');
    // That refusal's toast closed first, so the next one seen is the next attempt's.
    await toastTitled(second, 'Login failed').getByRole('button').click();
    await expect.poll(() => toast(second).count()).toBe(0);
    await fillSignIn(second, student.mobileNumber, student.password);
    expect(await toastTitled(second, 'Login failed').textContent()).toContain('Invalid username or password');
    await fillSignIn(second, student.mobileNumber, 'brand-new-pass-1');
    await second.getByRole('heading', { name: 'Welcome, Priya S' }).waitFor();
  });

  it('answers an unknown address the same way and sends nothing', async () => {
    const before = sink.messages.length;
    const page = await open('/forgot-password');
    await page.getByLabel('Email').fill('nobody@example.org');
    await page.getByRole('button', { name: 'Send Password' }).click();
    await page.getByText('Your password has been sent to your email address.').waitFor();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sink.messages.length).toBe(before);
  });
});

describe('student access on a teacher device', () => {
  it('starts a test for the student who enters their credentials, then /admin clears it', async () => {
    const admin = await createAdmin(suite.server.database.db);
    const student = await createStudent(suite.server.database.db, { studentName: 'Rahul M', mobileNumber: '+91 99887 76655' });
    const other = await createStudent(suite.server.database.db, { studentName: 'Somebody Else' });
    const page = await open('/auth');
    await fillSignIn(page, admin.username, admin.password);
    await page.waitForURL('**/admin');
    await page.getByRole('link', { name: 'Student access' }).click();
    await page.waitForURL('**/student');

    await page.getByLabel('Mobile number').fill('+91 99887 76655');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Start Test' }).click();
    await toastTitled(page, 'Access Denied').waitFor();
    expect(await page.getByRole('main').getByRole('alert').filter({ hasText: 'Invalid mobile number or password' }).count()).toBe(1);

    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(student.password);
    await page.getByRole('button', { name: 'Start Test' }).click();
    await page.waitForURL('**/test');
    expect(await toastTitled(page, 'Access Granted').textContent()).toContain('Welcome, Rahul M! You can now start the test.');
    await page.getByText('Test for Rahul M', { exact: true }).waitFor();
    const acting = await apiUser(page);
    expect(acting.body).toMatchObject({ isAdmin: true, actingStudent: { id: student.student.id, studentName: 'Rahul M' } });
    expect(acting.body?.actingStudent).not.toMatchObject({ id: other.student.id });
    expect(await page.evaluate(() => sessionStorage.getItem('parley.studentInfo'))).toContain('Rahul M');

    // The acting device is closed to the admin API; opening the dashboard ends the acting and signs
    // the device out: the teacher's own password opens the console again.
    expect((await page.request.get(`${suite.server.baseUrl}/api/admin/students`)).status()).toBe(403);
    await page.goto(`${suite.server.baseUrl}/admin`);
    await toastTitled(page, 'Student session cleared').waitFor();
    await page.waitForURL('**/auth**');
    expect((await apiUser(page)).status).toBe(401);
    expect(await page.evaluate(() => sessionStorage.getItem('parley.studentInfo'))).toBeNull();
    await fillSignIn(page, admin.username, admin.password);
    await page.waitForURL('**/admin');
    expect((await apiUser(page)).body).toMatchObject({ isAdmin: true, actingStudent: null });
  });

  it('refuses a deactivated student with the revoked-access text', async () => {
    const admin = await createAdmin(suite.server.database.db);
    const student = await createStudent(suite.server.database.db);
    await suite.server.database.db.update(students).set({ status: 'Deactivated' }).where(eq(students.id, student.student.id));
    invalidateReadCaches(suite.server.database.db);
    const page = await open('/auth');
    await fillSignIn(page, admin.username, admin.password);
    await page.waitForURL('**/admin');
    await page.goto(`${suite.server.baseUrl}/student`);
    await page.getByLabel('Mobile number').fill(student.mobileNumber);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(student.password);
    await page.getByRole('button', { name: 'Start Test' }).click();
    await page.getByRole('main').getByRole('alert').filter({ hasText: 'Your access has been revoked or deactivated. Please contact the school for assistance.' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/student');
  });
});

// Spec section 8's failure texts, each made to happen: the one request answers 500 or never reaches the
// server (intercepted in the browser, the app's edge), or the real server refuses it.
describe('failures the user is told about', () => {
  const REFUSED = [/status of 500/, /status of 400/, /net::ERR_FAILED/];
  const failWith500 = (page: Page, url: string) =>
    page.route(url, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Something went wrong on the server. Please try again."}' }));

  it("'Login failed. Please try again.' when sign-in answers 500, and when it never reaches the server", async () => {
    const student = await createStudent(suite.server.database.db);
    const page = await open('/auth', { ignore: REFUSED });
    for (const fail of ['500', 'network'] as const) {
      await page.route('**/api/login', (route) => (fail === '500' ? route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' }) : route.abort('failed')));
      await fillSignIn(page, student.mobileNumber, student.password);
      await expect.poll(() => toast(page).textContent()).toContain('Login failed. Please try again.');
      expect(await toast(page).locator('.mantine-Notification-title').textContent()).toBe('Login failed');
      expect(await page.getByRole('main').getByRole('alert').filter({ hasText: 'Login failed. Please try again.' }).count()).toBe(1);
      expect(new URL(page.url()).pathname).toBe('/auth');
      await page.unroute('**/api/login');
      await toast(page).getByRole('button').click();
      await expect.poll(() => toast(page).count()).toBe(0);
    }
    expect((await apiUser(page)).status).toBe(401);
    // The same form signs in once the server answers again.
    await fillSignIn(page, student.mobileNumber, student.password);
    await page.waitForURL('**/test');
  });

  it("'Logout failed' when sign-out answers 500: still signed in, and signing out works once the server answers", async () => {
    const admin = await createAdmin(suite.server.database.db);
    const page = await open('/auth', { ignore: REFUSED });
    await fillSignIn(page, admin.username, admin.password);
    await page.waitForURL('**/admin');
    await page.goto(`${suite.server.baseUrl}/auth`);
    await page.getByRole('heading', { name: 'Already Logged In' }).waitFor();
    await failWith500(page, '**/api/logout');
    await page.getByRole('button', { name: 'Logout & Login as Different User' }).click();
    await expect.poll(() => toast(page).locator('.mantine-Notification-title').textContent()).toBe('Logout failed');
    expect(await toast(page).textContent()).toContain('500');
    expect((await apiUser(page)).status).toBe(200);
    await page.getByRole('heading', { name: 'Already Logged In' }).waitFor();
    await page.unroute('**/api/logout');
    await page.getByRole('button', { name: 'Logout & Login as Different User' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect((await apiUser(page)).status).toBe(401);
  });

  it("'Failed to send password' when the request never reaches the server, and when it answers 500; no success text", async () => {
    const page = await open('/forgot-password', { ignore: REFUSED });
    await page.route('**/api/forgot-password', (route) => route.abort('failed'));
    await page.getByLabel('Email').fill('someone@example.org');
    await page.getByRole('button', { name: 'Send Password' }).click();
    await expect.poll(() => toast(page).locator('.mantine-Notification-title').textContent()).toBe('Failed to send password');
    await page.unroute('**/api/forgot-password');
    await toast(page).getByRole('button').click();
    await expect.poll(() => toast(page).count()).toBe(0);
    await failWith500(page, '**/api/forgot-password');
    await page.getByRole('button', { name: 'Send Password' }).click();
    await expect.poll(() => toast(page).locator('.mantine-Notification-title').textContent()).toBe('Failed to send password');
    // The server's own sentence, when it sent one.
    expect(await toast(page).textContent()).toContain('Something went wrong on the server. Please try again.');
    expect(await page.getByText('Your password has been sent to your email address.').count()).toBe(0);
  });
});

describe("the admin's Settings tab: the Change Password dialog", () => {
  const dialog = (page: Page) => page.getByRole('dialog', { name: 'Change Password' });
  const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
  const focusInDialog = (page: Page) => page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')));
  const field = (page: Page, name: string) => dialog(page).getByRole('textbox', { name, exact: true });

  it("opens with its three fields, closes on Escape with the focus back on its button, shows the server's refusal on the field and 'Password change failed', and closes on success", async () => {
    const admin = await createAdmin(suite.server.database.db, { username: 'settingsadmin' });
    const page = await open('/auth', { ignore: [/status of 400/] });
    await fillSignIn(page, admin.username, admin.password);
    await page.waitForURL('**/admin');
    await page.getByRole('tab', { name: 'Settings' }).click();
    const opener = page.getByRole('button', { name: 'Change Password' });
    await opener.click();

    // Opening: the dialog, its fields and buttons, the focus in the first field.
    await dialog(page).waitFor();
    for (const name of ['Current password', 'New password', 'Confirm new password']) {
      expect(await field(page, name).getAttribute('type'), name).toBe('password');
      expect(await field(page, name).getAttribute('required'), name).not.toBeNull();
    }
    expect(await dialog(page).getByRole('button', { name: 'Cancel' }).count()).toBe(1);
    expect(await dialog(page).getByRole('button', { name: 'Change Password' }).count()).toBe(1);
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.autocomplete)).toBe('current-password');
    // The keyboard stays in the dialog.
    for (let press = 0; press < 8; press += 1) {
      await page.keyboard.press('Tab');
      expect(await focusInDialog(page), `Tab ${press + 1}`).toBe(true);
    }
    // Escape closes it and gives the focus back to the button that opened it.
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
    await expect.poll(() => focusedText(page)).toBe('Change Password');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('BUTTON');

    // Enter on the focused button opens it again; empty fields are refused in the browser, a mismatch too.
    await page.keyboard.press('Enter');
    await dialog(page).waitFor();
    await dialog(page).getByRole('button', { name: 'Change Password' }).click();
    await dialog(page).getByText('Enter your current password').waitFor();
    await field(page, 'Current password').fill('not-my-password');
    await field(page, 'New password').fill('fresh-admin-pass-9');
    await field(page, 'Confirm new password').fill('fresh-admin-pass-8');
    await dialog(page).getByRole('button', { name: 'Change Password' }).click();
    await dialog(page).getByText('New passwords do not match').waitFor();

    // The server refuses a wrong current password: the sentence under that field, the spec's toast title.
    await field(page, 'Confirm new password').fill('fresh-admin-pass-9');
    await dialog(page).getByRole('button', { name: 'Change Password' }).click();
    const refusal = toastTitled(page, 'Password change failed');
    expect(await refusal.textContent()).toContain('The current password is not correct');
    expect(await refusal.textContent()).not.toContain('currentPassword');
    const current = field(page, 'Current password');
    // (Mantine's PasswordInput marks its inner input data-invalid, not aria-invalid; the sentence is its description.)
    await expect.poll(() => current.getAttribute('data-invalid')).toBe('true');
    const describedBy = (await current.getAttribute('aria-describedby')) ?? '';
    const fieldError = await page.evaluate((ids) => ids.split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' '), describedBy);
    expect(fieldError).toContain('The current password is not correct');
    expect(await dialog(page).count()).toBe(1);

    // The right current password: the success toast, the dialog closes, the new password signs in.
    await current.fill(admin.password);
    await dialog(page).getByRole('button', { name: 'Change Password' }).click();
    // (Two password hashes on the server: more than expect.poll's default second on a busy machine.)
    await dialog(page).waitFor({ state: 'detached' });
    const changed = toastTitled(page, 'Password changed');
    expect(await changed.textContent()).toContain('Your password has been updated successfully');
    const signIns = await page.evaluate(
      async ({ username, passwords }) => {
        const statuses: number[] = [];
        for (const password of passwords) {
          const response = await fetch('/api/login', { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
          statuses.push(response.status);
        }
        return statuses;
      },
      { username: admin.username, passwords: [admin.password, 'fresh-admin-pass-9'] },
    );
    expect(signIns).toEqual([401, 200]);
  });
});

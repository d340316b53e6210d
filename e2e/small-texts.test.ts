import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEACHER_FOOTER_NOTE } from '../src/client/components/AppLayout.js';
import { MICROPHONE_MESSAGES, withoutMicrophonePrefix } from '../src/client/speech/messages.js';
import { sessionCookieForUser } from '../src/server/test/app.js';
import { createAdmin, createStudent } from '../src/server/test/factories.js';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './support/browser.js';
import { collectConsoleErrors, lookAt, newPage, useBrowserSuite, type ViewportName } from './support/index.js';

/**
 * Smaller texts, each on its page at both sizes: the denied microphone on Android
 * (Chrome on Android's own steps, said once), the landing page's promise (what depends on the
 * browser), the Settings tab in words, the teachers' console's footer and its header lined up with
 * the page.
 */
const suite = useBrowserSuite();

describe('a denied microphone', () => {
  // Without --use-fake-ui-for-media-stream a context denies the microphone unless granted.
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_FLAGS, '--use-fake-device-for-media-stream'] });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each([
    ['phone', MICROPHONE_MESSAGES.notAllowedAndroid],
    ['desktop', MICROPHONE_MESSAGES.notAllowed],
  ] as const)('on %s: the steps for that device, the issue named once', async (viewport: ViewportName, message) => {
    const student = await createStudent(suite.server.database.db, { studentName: `Denied ${viewport}` });
    const page = await newPage(browser, { viewport });
    const errors = collectConsoleErrors(page);
    try {
      const [name, value] = (await sessionCookieForUser(suite.server.database.db, student.user.id)).split('=') as [string, string];
      await page.context().addCookies([{ name, value, url: suite.server.baseUrl, httpOnly: true, sameSite: 'Lax' }]);
      await page.goto(`${suite.server.baseUrl}/test`);
      const alert = page.getByTestId('microphone-error');
      await alert.waitFor({ timeout: 15_000 });
      const text = await alert.innerText();
      expect(text).toBe(`Microphone access issue\n${withoutMicrophonePrefix(message)}`);
      expect(text.match(/Microphone access/g)).toHaveLength(1);
      if (viewport === 'phone') expect(text).not.toContain('address bar');
      await lookAt(page, `microphone-denied-${viewport}`);
      errors.assertNone();
    } finally {
      await page.context().close();
    }
  });
});

describe('the landing page and the teachers console', () => {
  it.each(['desktop', 'phone'] as const)('the landing page says what depends on the browser (%s)', async (viewport) => {
    const { page } = await suite.openPage({ viewport, ignore: [/status of 401/] });
    await page.goto(`${suite.server.baseUrl}/`);
    await page.getByRole('heading', { name: 'Welcome to your speaking practice' }).waitFor();
    const text = await page.locator('main').innerText();
    expect(text).toContain('What else you get depends on your browser');
    expect(text).toContain('On Apple devices, and in browsers without speech recognition such as Firefox');
    await lookAt(page, `landing-${viewport}`);
  });

  async function openAdmin(viewport: ViewportName, tab: string): Promise<Page> {
    const admin = await createAdmin(suite.server.database.db, { username: `console-${viewport}-${tab}` });
    const { page } = await suite.openPage({ viewport });
    await suite.signInAs(page, admin.user.id);
    await page.goto(`${suite.server.baseUrl}/admin?tab=${tab}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    return page;
  }

  it.each(['desktop', 'phone'] as const)('Settings in words, the footer for the console, the header lined up (%s)', async (viewport) => {
    const page = await openAdmin(viewport, 'settings');
    await page.getByText('Storage used').waitFor();
    const settings = await page.getByRole('tabpanel').innerText();
    expect(settings).toContain('How long recordings are kept and the limit per student are set by whoever runs the server, in its settings.');
    // The variables' names only as help for whoever runs the server.
    expect(settings).toContain('For them: the settings are named RECORDING_RETENTION_DAYS and RECORDING_STUDENT_CAP_MB.');
    expect(await page.locator('footer').innerText()).toContain(TEACHER_FOOTER_NOTE);
    // The header's column and the page's start at the same x.
    const headerLeft = await page.locator('header .mantine-Container-root').evaluate((element) => element.getBoundingClientRect().left + parseFloat(getComputedStyle(element).paddingLeft));
    const pageLeft = await page.locator('main .mantine-Container-root').first().evaluate((element) => element.getBoundingClientRect().left + parseFloat(getComputedStyle(element).paddingLeft));
    expect(Math.abs(headerLeft - pageLeft)).toBeLessThanOrEqual(1);
    await lookAt(page, `admin-settings-${viewport}`);
    // Every console page keeps that column: the header stays put from the dashboard to the courses.
    await page.goto(`${suite.server.baseUrl}/admin/courses`);
    await page.getByRole('heading', { level: 1, name: 'Courses Management' }).waitFor();
    // Polled: the page's own header takes the place of the one served with the HTML as it starts.
    const headerLeftNow = () => page.locator('header .mantine-Container-root').evaluate((element) => element.getBoundingClientRect().left + parseFloat(getComputedStyle(element).paddingLeft));
    await expect.poll(headerLeftNow).toBeCloseTo(headerLeft, 0);
  });
});

import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { students } from '../src/server/db/schema.js';
import { createAdmin, storedMobileNumber, type CreatedAdmin } from '../src/server/test/factories.js';
import { screenshot, useBrowserSuite } from './support/index.js';

/**
 * Keyboard only: sign-in and the admin's Add Student dialog driven by page.keyboard alone (no clicks,
 * no fill). Every Tab lands where expected, and every focused control shows a focus indicator: an
 * outline or a box-shadow ring on the control (or on the field box around it), while :focus-visible.
 */

const suite = useBrowserSuite();
let admin: CreatedAdmin;

beforeAll(async () => {
  admin = await createAdmin(suite.server.database.db, { username: 'headteacher', password: 'keyboard-only-42' });
});

async function freshPage(): Promise<Page> {
  // A signed-out visitor's current-user call answers 401 by design.
  return (await suite.openPage({ ignore: [/status of 401/] })).page;
}

interface Focused {
  tag: string;
  /** The accessible name as a user hears it: aria-label, else the label (without the required mark), else the text. */
  name: string;
  focusVisible: boolean;
  /** An outline or box-shadow drawn on the control, or on the field box (.mantine-Input-input) holding it. */
  indicator: string | null;
}

function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { tag: 'BODY', name: '', focusVisible: false, indicator: null };
    const input = element as HTMLInputElement;
    const label = element.getAttribute('aria-label') ?? input.labels?.[0]?.textContent ?? element.textContent ?? '';
    const ring = (target: Element): string | null => {
      const style = getComputedStyle(target);
      if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) return `outline ${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`;
      if (style.boxShadow && style.boxShadow !== 'none') return `box-shadow ${style.boxShadow}`;
      return null;
    };
    const box = element.closest('.mantine-Input-input');
    return {
      tag: element.tagName,
      name: label.replace(/\s*\*\s*$/, '').trim(),
      focusVisible: element.matches(':focus-visible'),
      indicator: ring(element) ?? (box ? ring(box) : null),
    };
  });
}

/** Tab once; focus must land on `name` and show an indicator. */
async function tabTo(page: Page, name: string, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<Focused> {
  await page.keyboard.press(key);
  const now = await focused(page);
  expect(now.name, `after ${key}, focus is on "${now.name}" (${now.tag}), expected "${name}"`).toBe(name);
  expectIndicator(now);
  return now;
}

function expectIndicator(now: Focused) {
  expect(now.focusVisible, `"${now.name}" is focused but not :focus-visible`).toBe(true);
  expect(now.indicator, `"${now.name}" shows no outline or box-shadow when focused`).not.toBeNull();
}

/** /auth from the top of the page: Tab through the skip link and logo to the fields, typing the admin's credentials. */
async function typeCredentialsByKeyboard(): Promise<Page> {
  const page = await freshPage();
  await page.goto(`${suite.server.baseUrl}/auth`);
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  await tabTo(page, 'Skip to content');
  await tabTo(page, 'Parley');
  await tabTo(page, 'Username or mobile number');
  await page.keyboard.type(admin.username);
  await tabTo(page, 'Password');
  await page.keyboard.type('keyboard-only-42');
  return page;
}

it('signs in with the keyboard alone: skip link, logo, fields, password toggle, forgot link, button; Enter submits', async () => {
  const page = await typeCredentialsByKeyboard();
  await tabTo(page, 'Show or hide password');
  await tabTo(page, 'Forgot Password?');
  await tabTo(page, 'Sign in');
  // Back to the password field and Enter there: the form is sent.
  await tabTo(page, 'Forgot Password?', 'Shift+Tab');
  await tabTo(page, 'Show or hide password', 'Shift+Tab');
  await tabTo(page, 'Password', 'Shift+Tab');
  await screenshot(page, 'keyboard-auth-password-focused');
  await page.keyboard.press('Enter');
  await page.waitForURL('**/admin');
  await page.getByRole('heading', { level: 1, name: 'Welcome, headteacher' }).waitFor();
});

it('adds a student with the keyboard alone: Tab reaches Add Student, the dialog takes focus and keeps it, Enter saves', async () => {
  const page = await typeCredentialsByKeyboard();
  await page.keyboard.press('Enter');
  await page.locator('table[aria-label="Students"][aria-busy="false"]').waitFor();

  // From where sign-in left focus (the new page's main content), Tab by Tab to the Add Student button:
  // every stop shows its focus.
  const stops: string[] = [];
  for (let i = 0; i < 25; i += 1) {
    await page.keyboard.press('Tab');
    const now = await focused(page);
    expectIndicator(now);
    stops.push(now.name);
    if (now.name === 'Add Student') break;
  }
  expect(stops.at(-1), `Tab never reached Add Student: ${stops.join(' > ')}`).toBe('Add Student');
  expect(stops).toContain('Search students');
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('dialog', { name: 'Add Student' });
  await dialog.waitFor();
  // Named by its title and not described: a reader does not hear every label and button of the form on opening.
  expect(await dialog.getAttribute('aria-describedby')).toBeNull();
  // The dialog puts focus in its first field.
  await expect.poll(async () => (await focused(page)).name).toBe('Student name');
  expectIndicator(await focused(page));
  await page.keyboard.type('Kiran Keys');
  await tabTo(page, 'Course');
  await page.keyboard.press('ArrowDown'); // opens the list
  // The list opens with its first option highlighted (a moment later on a busy machine): Enter takes it.
  await page.locator('[role="option"][data-combobox-selected]').filter({ hasText: 'IELTS' }).waitFor();
  await page.keyboard.press('Enter');
  await expect.poll(() => dialog.getByRole('combobox', { name: 'Course' }).inputValue()).toBe('IELTS');
  await tabTo(page, 'Mobile number');
  await page.keyboard.type('98765 44444');
  await tabTo(page, 'Activated');
  await tabTo(page, 'E-mail');
  await tabTo(page, 'Username');
  await page.keyboard.type('kiran.keys');
  await tabTo(page, 'Password');
  await tabTo(page, 'Cancel');
  await tabTo(page, 'Add Student');
  await tabTo(page, 'Close');
  // Focus stays in the dialog: after its last control comes its first field again.
  await tabTo(page, 'Student name');
  // Shift+Tab back round to the submit button and Enter.
  await tabTo(page, 'Close', 'Shift+Tab');
  await tabTo(page, 'Add Student', 'Shift+Tab');
  await screenshot(page, 'keyboard-add-student-submit-focused');
  await page.keyboard.press('Enter');

  const created = page.getByRole('dialog', { name: 'Student created' });
  await created.waitFor();
  const [row] = await suite.server.database.db.select().from(students).where(eq(students.mobileNumber, storedMobileNumber('98765 44444')));
  expect(row?.studentName).toBe('Kiran Keys');
  // The result dialog is keyboard-reachable too; Escape closes it and the new student is listed.
  await page.keyboard.press('Escape');
  await created.waitFor({ state: 'hidden' });
  await page.getByRole('table', { name: 'Students' }).getByText('Kiran Keys', { exact: true }).waitFor();
});

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createStudent } from '../src/server/test/factories.js';
import { lookAt, makeSpeechWav, useBrowserSuite } from './support/index.js';

/**
 * The interview as a screen reader and the keyboard alone meet it: where the focus goes when a view
 * or a list row is replaced, and what the live region reads as each question is asked. Keys only
 * (focus and Enter), no clicks.
 */
const suite = useBrowserSuite({ browser: async () => ({ fakeAudioFile: await makeSpeechWav('I build accessible web applications.') }) });

/** The focused element: its tag, accessible name as a reader gets it (label, aria-label or text), and what describes it. */
function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement;
    const input = element as HTMLInputElement;
    const described = (element.getAttribute('aria-describedby') ?? '').split(/\s+/).map((id) => document.getElementById(id)?.textContent ?? '');
    return {
      tag: element.tagName,
      name: (element.getAttribute('aria-label') ?? input.labels?.[0]?.textContent ?? element.textContent ?? '').replace(/\s*\*\s*$/, '').trim(),
      invalid: element.getAttribute('aria-invalid') === 'true',
      description: described.join(' ').trim(),
      group: element.closest('[role="group"]')?.getAttribute('aria-label') ?? null,
    };
  });
}

/** Presses Enter on the control, focused as Tab would leave it. */
async function press(page: Page, name: string | RegExp) {
  await page.getByRole('button', { name, exact: typeof name === 'string' }).focus();
  await page.keyboard.press('Enter');
}

describe('interview dashboard, keyboard and screen reader', () => {
  async function openDashboard() {
    const student = await createStudent(suite.server.database.db, { courseName: 'Interview Aspirant', studentName: 'Asha Rao' });
    const { page } = await suite.openPage();
    await suite.signInAs(page, student.user.id);
    await page.goto(`${suite.server.baseUrl}/interview-dashboard`);
    await page.getByLabel('Professional Summary').waitFor();
    return { page, experience: page.getByRole('region', { name: 'Professional Experience' }) };
  }

  it('a refused save takes the focus to the first invalid field, which reads its error, instead of leaving it on Save in silence', async () => {
    const { page, experience } = await openDashboard();
    await press(page, 'Add More Professional Experience');
    await experience.getByLabel('Company name').fill('Acme');
    await experience.getByLabel('From').fill('2024-05-01');
    await experience.getByLabel('To', { exact: true }).fill('2023-01-01');

    await press(page, 'Save');
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'INPUT', name: 'To', invalid: true, description: 'must not be before fromDate Empty means present' });
    await lookAt(page, 'screen-reader-dashboard-refused-desktop');
  });

  it("names each list row's fields by their row, and a removed row leaves the focus on the row in its place, then on Add More, not on the page's top", async () => {
    const { page, experience } = await openDashboard();
    await press(page, 'Add More Professional Experience');
    await press(page, 'Add More Professional Experience');
    await experience.getByRole('group', { name: 'Experience 1' }).getByLabel('Company name').fill('Acme');
    await experience.getByRole('group', { name: 'Experience 2' }).getByLabel('Company name').fill('Globex');

    await press(page, 'Remove experience 1');
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'INPUT', name: 'Company name', group: 'Experience 1' });
    expect(await experience.getByLabel('Company name').inputValue()).toBe('Globex');
    await press(page, 'Remove experience 1');
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'BUTTON', name: 'Add More Professional Experience' });
  });
});

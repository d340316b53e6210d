import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createStudent } from '../src/server/test/factories.js';
import { lookAt, signInWithForm, toast, useBrowserSuite, type ViewportName } from './support/index.js';

/** The Interview Dashboard (/interview-dashboard): the profile form, its lists, limits, saving and the unsaved-changes guard. */
const suite = useBrowserSuite();

/** A new 'Interview Aspirant' student, signed in through /auth and sent on to the dashboard. */
async function openDashboard(options: { viewport?: ViewportName; ignore?: RegExp[]; name?: string } = {}) {
  const student = await createStudent(suite.server.database.db, {
    courseName: 'Interview Aspirant',
    studentName: options.name ?? 'Priya Sharma',
  });
  // /auth asks for the current user first: a 401 there is expected.
  const { page } = await suite.openPage({ viewport: options.viewport, ignore: [/status of 401/, ...(options.ignore ?? [])] });
  await signInWithForm(page, suite.server.baseUrl, student.mobileNumber, student.password);
  await page.waitForURL('**/interview-dashboard');
  await page.getByRole('heading', { level: 1, name: 'Interview Dashboard' }).waitFor();
  await page.getByLabel('Professional Summary').waitFor();
  return { page, student };
}

const addMore = (page: Page, list: string) => page.getByRole('button', { name: `Add More ${list}` });

const look = (page: Page, name: string, viewport: ViewportName) => lookAt(page, `interview-dashboard-${name}-${viewport}`);

async function fillEverything(page: Page) {
  await page.getByLabel('Professional Summary').fill('Backend developer who loves clean APIs.');
  await page.getByLabel('Experience (years)').fill('4');
  await page.getByLabel('Experience (months)').fill('7');
  await page.getByLabel('Profile', { exact: true }).fill('Software Engineer');
  await page.getByLabel('Core Competence').fill('Distributed systems');
  await page.getByLabel('Skills', { exact: true }).fill('Go, SQL, mentoring');

  await addMore(page, 'Professional Experience').click();
  await page.getByRole('textbox', { name: 'Company name', exact: true }).fill('Acme Corp');
  const experience = page.getByRole('region', { name: 'Professional Experience' });
  await experience.getByLabel('From').fill('2020-01-15');
  await experience.getByLabel('To').fill('2023-06-30');

  await addMore(page, 'Education').click();
  await page.getByRole('textbox', { name: 'Institution', exact: true }).fill('State University');
  const education = page.getByRole('region', { name: 'Education' });
  await education.getByLabel('From').fill('2015-08-01');

  await addMore(page, 'Certification').click();
  await page.getByRole('textbox', { name: 'Certification', exact: true }).fill('AWS Solutions Architect');
  await addMore(page, 'Technical Skills').click();
  await page.getByRole('textbox', { name: 'Technical skill', exact: true }).fill('Kubernetes');
  await addMore(page, 'Achievements').click();
  await page.getByRole('textbox', { name: 'Achievement', exact: true }).fill('Employee of the year 2022');
}

describe('interview dashboard', () => {
  it('is drawn with its heading and the form\'s frame before any script runs, and nothing moves when the form arrives', async () => {
    const student = await createStudent(suite.server.database.db, { courseName: 'Interview Aspirant', studentName: 'Frame Student' });
    const { page } = await suite.openPage();
    await suite.signInAs(page, student.user.id);
    // The page as the server sends it (src/server/lib/route-preloads.ts, app/shell.tsx's route frames).
    const html = await (await page.request.get(`${suite.server.baseUrl}/interview-dashboard`)).text();
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toMatch(/<h1[^>]*>Interview Dashboard<\/h1>/);
    expect(root).toContain('Professional Details');
    expect(root).toContain(`© ${new Date().getFullYear()} `);
    expect(root).not.toContain('__PARLEY_');

    await page.goto(`${suite.server.baseUrl}/interview-dashboard`);
    await page.getByLabel('Professional Summary').waitFor();
    const shifted = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list) => {
            resolve(list.getEntries().reduce((sum, entry) => sum + (entry as PerformanceEntry & { value: number }).value, 0));
          }).observe({ type: 'layout-shift', buffered: true });
          // No entry at all: nothing moved.
          setTimeout(() => resolve(0), 500);
        }),
    );
    expect(shifted).toBeLessThan(0.01);
  });

  it("gives each field one id for good as it is drawn: its label's link follows it, no two share an id, adding a row changes no other", async () => {
    const student = await createStudent(suite.server.database.db, { courseName: 'Interview Aspirant', studentName: 'Once Student' });
    const { page } = await suite.openPage();
    await suite.signInAs(page, student.user.id);
    // Mantine's useId gives a field React's id in its first render and its own random id in a layout
    // effect, so a field's id and its label's `for` change once as it is drawn (decision 0034 measures
    // the second render this costs). Each element's changes are counted: once at most, never later.
    await page.addInitScript(() => {
      const changes: Array<{ what: string; old: string; now: string; times: number }> = [];
      const times = new WeakMap<Element, Map<string, number>>();
      (window as unknown as { idChanges: typeof changes }).idChanges = changes;
      new MutationObserver((records) => {
        for (const record of records) {
          const element = record.target as Element;
          const name = record.attributeName!;
          if (record.oldValue === null) continue;
          const counted = times.get(element) ?? new Map<string, number>();
          times.set(element, counted.set(name, (counted.get(name) ?? 0) + 1));
          changes.push({ what: `${element.tagName} ${name}`, old: record.oldValue, now: element.getAttribute(name) ?? '', times: counted.get(name)! });
        }
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['id', 'for'], attributeOldValue: true });
    });
    await page.goto(`${suite.server.baseUrl}/interview-dashboard`);
    await page.getByLabel('Professional Summary').waitFor();
    const seen = () =>
      page.evaluate(() => ({
        changes: (window as unknown as { idChanges: Array<{ what: string; old: string; now: string; times: number }> }).idChanges.slice(),
        ids: [...document.querySelectorAll('[id]')].map((element) => element.id),
        fields: document.querySelectorAll('#root input, #root textarea').length,
      }));
    const opened = await seen();
    await addMore(page, 'Education').click();
    await page.getByRole('textbox', { name: 'Institution', exact: true }).waitFor();
    const { changes, ids, fields } = await seen();
    expect(fields).toBeGreaterThan(8);
    // Each change is a new field's React id (mantine-_r…_) becoming Mantine's own, once.
    for (const change of changes) {
      expect(change.times, `${change.what} changed twice`).toBe(1);
      expect(change.old, change.what).toMatch(/^mantine-_r_[a-z0-9]+_(-[a-z]+)?$/);
      expect(change.now, change.what).toMatch(/^mantine-[a-z0-9]+(-[a-z]+)?$/);
    }
    // The Education row's fields got theirs; the fields already drawn kept their ids.
    const added = changes.slice(opened.changes.length);
    expect(added.length).toBeGreaterThan(0);
    expect(opened.ids.filter((id) => !ids.includes(id))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    // Labels still name their fields.
    await expect(page.getByLabel('Institution', { exact: true }).count()).resolves.toBe(1);
  });

  it('grows the summary and skills with their text to the same heights whether the browser or Mantine sizes them', async () => {
    // Chromium grows them by CSS field-sizing (components/GrowingTextarea.tsx); a browser without it
    // (Firefox) gets Mantine's autosize, tried here by hiding field-sizing from CSS.supports.
    const heights: Record<string, number[]> = {};
    for (const way of ['field-sizing', 'autosize'] as const) {
      const { page } = await openDashboard({ name: `Growing ${way}` });
      if (way === 'autosize') {
        await page.addInitScript(() => {
          const supports = CSS.supports.bind(CSS);
          CSS.supports = ((...args: [string, string?]) => (args[0] === 'field-sizing' ? false : supports(...(args as [string, string])))) as typeof CSS.supports;
        });
        await page.reload();
        await page.getByLabel('Professional Summary').waitFor();
      }
      const summary = page.getByLabel('Professional Summary');
      const skills = page.getByLabel('Skills', { exact: true });
      const sized = await summary.evaluate((element) => (getComputedStyle(element) as CSSStyleDeclaration & { fieldSizing?: string }).fieldSizing ?? '');
      expect(sized === 'content').toBe(way === 'field-sizing');
      const height = async (field: typeof summary) => Math.round((await field.boundingBox())!.height);
      const seen = [await height(summary), await height(skills)];
      await summary.fill(Array.from({ length: 6 }, (_, line) => `Line ${line + 1}`).join('\n'));
      await skills.fill(Array.from({ length: 5 }, (_, line) => `Skill ${line + 1}`).join('\n'));
      seen.push(await height(summary), await height(skills));
      // Past ten rows the summary stops growing and scrolls; the skills have no limit.
      await summary.fill(Array.from({ length: 14 }, (_, line) => `Line ${line + 1}`).join('\n'));
      seen.push(await height(summary));
      expect(await summary.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
      await summary.fill('');
      seen.push(await height(summary));
      heights[way] = seen;
    }
    // Empty: the placeholder's boxes (DashboardSkeleton: 101 and 57 px), so the page does not move when the form arrives.
    expect(heights['field-sizing']!.slice(0, 2)).toEqual([101, 57]);
    expect(heights['field-sizing']![2]).toBeGreaterThan(101);
    expect(heights['field-sizing']![3]).toBeGreaterThan(57);
    expect(heights['field-sizing']![4]).toBe(233);
    expect(heights['field-sizing']![5]).toBe(101);
    for (const [index, value] of heights['autosize']!.entries()) expect(Math.abs(value - heights['field-sizing']![index]!)).toBeLessThanOrEqual(1);
  });

  it('shows the header, the empty lists, and the example, at desktop and phone size', async () => {
    for (const viewport of ['desktop', 'phone'] as const) {
      const { page } = await openDashboard({ viewport, name: `Empty ${viewport}` });
      await page.getByText('Prepare your professional profile for interviews').waitFor();
      await page.getByText(`Welcome, Empty ${viewport}`).waitFor();
      expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe(`Empty ${viewport}`);
      expect(await page.getByLabel('Name', { exact: true }).getAttribute('readonly')).not.toBeNull();
      await page.getByRole('button', { name: 'Logout' }).waitFor();
      for (const message of [
        'No professional experience added yet.',
        'No education added yet.',
        'No certifications added yet.',
        'No technical skills added yet.',
        'No achievements added yet.',
      ]) {
        await page.getByText(message).waitFor();
      }
      await page.getByText('0/500').waitFor();
      await look(page, 'empty', viewport);

      await page.getByRole('button', { name: 'Show Example' }).click();
      await page.getByTestId('summary-example').waitFor();
      await page.getByRole('button', { name: 'Hide Example' }).waitFor();
      await look(page, 'example', viewport);
      await page.getByRole('button', { name: 'Hide Example' }).click();
      expect(await page.getByTestId('summary-example').count()).toBe(0);

      await fillEverything(page);
      await look(page, 'filled', viewport);
      if (viewport === 'phone') {
        // A 360 px phone: "Experience (months)" wraps to two lines; the two boxes stay level.
        await page.setViewportSize({ width: 360, height: 780 });
        const labelHeight = (text: string) => page.locator('label', { hasText: text }).evaluate((label) => label.getBoundingClientRect().height);
        expect(await labelHeight('Experience (months)'), 'the label wraps').toBeGreaterThan(await labelHeight('Experience (years)'));
        const years = await page.getByLabel('Experience (years)').boundingBox();
        const months = await page.getByLabel('Experience (months)').boundingBox();
        expect(months?.y).toBe(years?.y);
        // A finger gets the digits keypad, not 24 x 21 px arrows over the field's edge (they stay for a mouse).
        expect(await page.locator('[data-direction]').filter({ visible: true }).count()).toBe(0);
        await page.getByLabel('Experience (years)').scrollIntoViewIfNeeded();
        await lookAt(page, 'interview-dashboard-filled-360');
      } else {
        expect(await page.locator('[data-direction]').filter({ visible: true }).count()).toBeGreaterThan(0);
      }
    }
  });

  it('saves every section and shows it all again after a reload', async () => {
    const { page } = await openDashboard();
    await fillEverything(page);
    await page.getByText(`${'Backend developer who loves clean APIs.'.length}/500`).waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page).filter({ hasText: 'Profile saved' }).waitFor();
    await expect.poll(() => page.getByTestId('unsaved-note').count()).toBe(0);

    await page.reload();
    await page.getByLabel('Professional Summary').waitFor();
    expect(await page.getByLabel('Professional Summary').inputValue()).toBe('Backend developer who loves clean APIs.');
    expect(await page.getByLabel('Experience (years)').inputValue()).toBe('4');
    expect(await page.getByLabel('Experience (months)').inputValue()).toBe('7');
    expect(await page.getByLabel('Profile', { exact: true }).inputValue()).toBe('Software Engineer');
    expect(await page.getByLabel('Core Competence').inputValue()).toBe('Distributed systems');
    expect(await page.getByLabel('Skills', { exact: true }).inputValue()).toBe('Go, SQL, mentoring');
    expect(await page.getByRole('textbox', { name: 'Company name', exact: true }).inputValue()).toBe('Acme Corp');
    const experience = page.getByRole('region', { name: 'Professional Experience' });
    expect(await experience.getByLabel('From').inputValue()).toBe('2020-01-15');
    expect(await experience.getByLabel('To').inputValue()).toBe('2023-06-30');
    expect(await page.getByRole('textbox', { name: 'Institution', exact: true }).inputValue()).toBe('State University');
    const education = page.getByRole('region', { name: 'Education' });
    expect(await education.getByLabel('From').inputValue()).toBe('2015-08-01');
    expect(await education.getByLabel('To').inputValue()).toBe('');
    expect(await page.getByRole('textbox', { name: 'Certification', exact: true }).inputValue()).toBe('AWS Solutions Architect');
    expect(await page.getByRole('textbox', { name: 'Technical skill', exact: true }).inputValue()).toBe('Kubernetes');
    expect(await page.getByRole('textbox', { name: 'Achievement', exact: true }).inputValue()).toBe('Employee of the year 2022');

    // A per-row delete, saved, stays deleted.
    await page.getByRole('button', { name: 'Remove technical skill 1' }).click();
    await page.getByText('No technical skills added yet.').waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page).filter({ hasText: 'Profile saved' }).waitFor();
    await page.reload();
    await page.getByText('No technical skills added yet.').waitFor();
  });

  it('disables Add More at 10 entries', async () => {
    const { page } = await openDashboard();
    const button = addMore(page, 'Achievements');
    for (let i = 0; i < 10; i += 1) await button.click();
    expect(await page.getByRole('textbox', { name: 'Achievement', exact: true }).count()).toBe(10);
    expect(await button.isDisabled()).toBe(true);
    expect(await addMore(page, 'Education').isDisabled()).toBe(false);
    await page.getByRole('button', { name: 'Remove achievement 10' }).click();
    expect(await button.isDisabled()).toBe(false);
  });

  it('enforces the limits: text stops at its length, a bad date order is refused, the server refuses too long text', async () => {
    const { page } = await openDashboard({ ignore: [/status of 400/] });
    // Never cut silently: a summary past the limit is kept whole, the counter and the error say by how much, and Save refuses it.
    const summary = page.getByLabel('Professional Summary');
    await summary.fill('x'.repeat(600));
    expect((await summary.inputValue()).length).toBe(600);
    await page.getByText('600/500: the limit is reached').waitFor();
    await page.getByText('100 characters over the limit of 500: shorten the summary to save it.').waitFor();
    expect(await summary.getAttribute('aria-invalid')).toBe('true');
    await summary.fill('x'.repeat(501));
    await page.getByText('1 character over the limit of 500: shorten the summary to save it.').waitFor();
    await summary.fill('x'.repeat(500));
    await page.getByText('500/500: the limit is reached').waitFor();
    expect(await page.getByText(/over the limit of 500/).count()).toBe(0);
    expect(await summary.getAttribute('aria-invalid')).not.toBe('true');
    await page.getByLabel('Profile', { exact: true }).fill('p'.repeat(150));
    expect((await page.getByLabel('Profile', { exact: true }).inputValue()).length).toBe(100);

    await addMore(page, 'Professional Experience').click();
    const experience = page.getByRole('region', { name: 'Professional Experience' });
    await experience.getByLabel('From').fill('2022-01-01');
    await experience.getByLabel('To').fill('2021-01-01');
    await page.getByRole('button', { name: 'Save' }).click();
    await experience.getByText('must not be before the From date').waitFor();
    expect(await experience.getByLabel('To').getAttribute('aria-invalid')).toBe('true');

    const refused = await page.evaluate(async () => {
      const response = await fetch('/api/interview/profile', {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          professionalSummary: 'y'.repeat(501),
          experienceYears: 0,
          experienceMonths: 0,
          profile: '',
          coreCompetence: '',
          skills: '',
          professionalExperience: [],
          education: [],
          certifications: [],
          technicalSkills: [],
          achievements: [],
        }),
      });
      return { status: response.status, body: (await response.json()) as { message?: string } };
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('professionalSummary');
  });

  it("shows a server refusal on the field it names, and in a toast", async () => {
    const { page } = await openDashboard({ ignore: [/status of 400/] });
    // A refusal the browser's own checks would not give (e.g. a server with stricter rules).
    await page.route('**/api/interview/profile', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ message: 'profile: is not allowed here' }) })
        : route.fallback(),
    );
    await page.getByLabel('Profile', { exact: true }).fill('Astronaut');
    await page.getByRole('button', { name: 'Save' }).click();
    const refusal = toast(page).filter({ hasText: 'Could not save the profile' });
    await refusal.filter({ hasText: 'See the field marked below: is not allowed here' }).waitFor();
    // The server's path for the field is for the form, not for the student to read.
    expect(await refusal.innerText()).not.toContain('profile:');
    await page.getByText('is not allowed here', { exact: true }).waitFor();
    expect(await page.getByLabel('Profile', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await page.getByTestId('unsaved-note').waitFor();
  });

  it('warns before leaving with unsaved edits, and lets the student stay or leave', async () => {
    const { page } = await openDashboard();
    await page.getByLabel('Core Competence').fill('Negotiation');
    await page.getByTestId('unsaved-note').waitFor();

    // In-app navigation (the brand link) is stopped by the dialog.
    await page.locator('header a[href="/"]').first().click();
    const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Stay on this page' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/interview-dashboard');
    expect(await page.getByLabel('Core Competence').inputValue()).toBe('Negotiation');

    // Logout asks too.
    await page.getByRole('button', { name: 'Logout' }).click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Stay on this page' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Reloading the tab raises the browser's own warning.
    const browserDialog = page.waitForEvent('dialog');
    const reload = page.reload();
    const shown = await browserDialog;
    expect(shown.type()).toBe('beforeunload');
    await shown.accept();
    await reload;
    await page.getByLabel('Core Competence').waitFor();
    expect(await page.getByLabel('Core Competence').inputValue()).toBe('');

    // After leaving through the dialog, the student is elsewhere.
    await page.getByLabel('Core Competence').fill('Negotiation');
    await page.locator('header a[href="/"]').first().click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Leave without saving' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('Start My Interview saves unsaved edits first, then opens the simulator', async () => {
    const { page } = await openDashboard();
    await page.getByLabel('Profile', { exact: true }).fill('Data Analyst');
    await page.getByRole('button', { name: 'Start My Interview' }).click();
    await page.waitForURL('**/interview-simulator');
    const saved = await page.evaluate(async () => {
      const response = await fetch('/api/interview/profile', { credentials: 'include' });
      return (await response.json()) as { profile: string };
    });
    expect(saved.profile).toBe('Data Analyst');
  });
});

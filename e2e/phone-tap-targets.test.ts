import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { testSessionBody } from '../src/server/test/attempt-fixtures.js';
import { createAdmin, createStudent, type CreatedAdmin, type CreatedStudent } from '../src/server/test/factories.js';
import { lookAt, useBrowserSuite } from './support/index.js';

/**
 * A student's sign-in and interview profile, and a teacher's students list and review, on a phone: no
 * field's text is under 16 px, the size below which Safari on an iPhone zooms the page in on every
 * tap into a field (and leaves it zoomed).
 *
 * A teacher's console on a phone: every button, icon button, tab and field is a tap target of at least
 * 44 px (and icon buttons 44 px wide), and a student card's status badge, Edit and Delete do not
 * touch one another; the tab row says where more tabs are; an attempt awaiting review opens from
 * its whole row. With a mouse the compact sizes stay.
 */
const suite = useBrowserSuite();
let admin: CreatedAdmin;
let attemptId = '';
let interviewee: CreatedStudent;
let asha: CreatedStudent;

beforeAll(async () => {
  const db = suite.server.database.db;
  admin = await createAdmin(db, { username: 'headteacher' });
  asha = await createStudent(db, { studentName: 'Asha Rao', mobileNumber: '98765 43210' });
  await createStudent(db, { studentName: 'Ravi Kumar', mobileNumber: '98765 43211' });
  interviewee = await createStudent(db, { studentName: 'Theo Laurent', courseName: 'Interview Aspirant' });
  const saved = await suite.server.app.inject({
    method: 'POST',
    url: '/api/test-sessions',
    headers: { cookie: await (await import('../src/server/test/app.js')).sessionCookieForUser(db, asha.user.id) },
    payload: testSessionBody(asha.student.id),
  });
  expect(saved.statusCode).toBe(201);
  attemptId = saved.json<{ attemptId: string }>().attemptId;
}, 60_000);

/** Visible buttons, links drawn as buttons, tabs, fields and selects smaller than a finger: "name: width x height". */
function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('button, [role="tab"], a.mantine-Button-root, .mantine-ActionIcon-root, .touch-target, .mantine-Input-input, input[type="search"]')]
      .filter((element) => element.offsetParent !== null)
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ element, box }) => box.height < 44 || (element.matches('.mantine-ActionIcon-root, .mantine-CloseButton-root') && box.width < 44))
      .map(({ element, box }) => `${element.getAttribute('aria-label') ?? element.textContent?.trim()}: ${Math.round(box.width)} x ${Math.round(box.height)}`),
  );
}

/** Visible fields whose text is under 16 px: "label: size". */
function zoomingFields(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>('input:not([type="hidden"]), textarea, select')]
      .filter((element) => element.offsetParent !== null && parseFloat(getComputedStyle(element).fontSize) < 16)
      .map((element) => `${element.getAttribute('aria-label') ?? element.labels?.[0]?.textContent?.trim() ?? element.id}: ${getComputedStyle(element).fontSize}`),
  );
}

/** Visible links in the page's main part (not inside a sentence), or in its header's nav, shorter than 44 px: "text: height". */
function smallLinks(page: Page, where = 'main'): Promise<string[]> {
  return page.evaluate(
    (within) =>
      [...document.querySelectorAll<HTMLElement>(`${within} a.mantine-Anchor-root`)]
        .filter((element) => element.offsetParent !== null && element.getBoundingClientRect().height < 44)
        .map((element) => `${element.textContent?.trim()}: ${Math.round(element.getBoundingClientRect().height)}`),
    where,
  );
}

describe('on a phone, the student\'s fields', () => {
  it('are at least 16 px on the sign-in form and the interview profile, so that Safari does not zoom in', async () => {
    const { page } = await suite.openPage({ viewport: 'phone', ignore: [/status of 401/] });
    await page.goto(`${suite.server.baseUrl}/auth`);
    await page.getByLabel('Username or mobile number').waitFor();
    expect(await zoomingFields(page)).toEqual([]);
    expect(await smallLinks(page)).toEqual([]);
    await suite.signInAs(page, interviewee.user.id);
    await page.goto(`${suite.server.baseUrl}/interview-dashboard`);
    await page.getByLabel('Professional Summary').waitFor();
    await page.getByRole('button', { name: 'Add More Professional Experience' }).click();
    await page.getByRole('textbox', { name: 'Company name', exact: true }).waitFor();
    expect(await zoomingFields(page)).toEqual([]);
    // The header's Practice and My progress, beside Sign out.
    const nav = page.getByRole('navigation', { name: 'Your practice' });
    expect(await nav.getByRole('link').count()).toBe(2);
    expect(await smallLinks(page, 'nav[aria-label="Your practice"]')).toEqual([]);
  });

  it('has tap targets of 44 px on the student pages, the links to My progress and to each attempt too', async () => {
    const { page } = await suite.openPage({ viewport: 'phone' });
    await suite.signInAs(page, asha.user.id);
    await page.goto(`${suite.server.baseUrl}/student`);
    await page.getByRole('link', { name: /My progress/ }).first().waitFor();
    expect([...(await smallTargets(page)), ...(await smallLinks(page))]).toEqual([]);
    await page.goto(`${suite.server.baseUrl}/progress`);
    await page.getByTestId('progress-attempt').first().waitFor();
    expect([...(await smallTargets(page)), ...(await smallLinks(page))]).toEqual([]);
    await lookAt(page, 'tap-targets-progress-phone');
    await page.goto(`${suite.server.baseUrl}/progress/attempts/${attemptId}`);
    await page.getByRole('link', { name: /Back to My progress|My progress/ }).last().waitFor();
    expect([...(await smallTargets(page)), ...(await smallLinks(page))]).toEqual([]);
  });
});

describe('on a phone, the teachers console', () => {
  it('has tap targets of 44 px on the students list, whose status, Edit and Delete do not touch', async () => {
    const { page } = await suite.openPage({ viewport: 'phone' });
    await suite.signInAs(page, admin.user.id);
    await page.goto(`${suite.server.baseUrl}/admin`);
    const card = page.locator('[data-row-card]').filter({ hasText: 'Asha Rao' });
    await card.waitFor();
    expect(await smallTargets(page)).toEqual([]);
    // The search box is the app's own field, not Mantine's: it was 36 px tall, its text 14 px.
    expect(await zoomingFields(page)).toEqual([]);
    // The student's name opens their page.
    expect(await smallLinks(page)).toEqual([]);
    const boxes = await Promise.all(
      [card.getByTestId('status-toggle'), card.getByRole('button', { name: 'Edit Asha Rao' }), card.getByRole('button', { name: 'Delete Asha Rao' })].map(async (target) => {
        const box = await target.boundingBox();
        if (!box) throw new Error('not shown');
        return box;
      }),
    );
    for (const [i, a] of boxes.entries()) {
      for (const b of boxes.slice(i + 1)) {
        const apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
        expect(apart, 'the status badge, Edit and Delete do not overlap').toBe(true);
      }
    }
    await lookAt(page, 'tap-targets-students-phone');
  });

  it('has tap targets of 44 px on the review page (the queue, the form)', async () => {
    const { page } = await suite.openPage({ viewport: 'phone' });
    await suite.signInAs(page, admin.user.id);
    await page.goto(`${suite.server.baseUrl}/admin/attempts/${attemptId}`);
    await page.getByTestId('review-queue').waitFor();
    await page.getByRole('region', { name: 'Teacher review' }).waitFor();
    expect(await smallTargets(page)).toEqual([]);
    expect(await zoomingFields(page)).toEqual([]);
    // The back link and the student's name, to their page (the links inside the transcript's sentences are words, not targets).
    expect((await page.getByRole('link', { name: /^← Back to/ }).boundingBox())?.height).toBeGreaterThanOrEqual(44);
    expect((await page.getByRole('link', { name: 'Asha Rao', exact: true }).boundingBox())?.height).toBeGreaterThanOrEqual(44);
  });

  it('fades the tab row at the side where more tabs are out of sight', async () => {
    const { page } = await suite.openPage({ viewport: 'phone' });
    await suite.signInAs(page, admin.user.id);
    await page.goto(`${suite.server.baseUrl}/admin`);
    const tabs = page.getByRole('tablist');
    await page.locator('[data-row-card]').first().waitFor();
    const edges = () => tabs.evaluate((list) => ({ left: list.hasAttribute('data-more-left'), right: list.hasAttribute('data-more-right'), mask: getComputedStyle(list).maskImage }));
    // Settings, where a teacher changes their password, starts out of sight to the right.
    const settings = await page.getByRole('tab', { name: 'Settings' }).boundingBox();
    expect((settings?.x ?? 0) + (settings?.width ?? 0)).toBeGreaterThan(390);
    expect(await edges()).toEqual({ left: false, right: true, mask: expect.stringContaining('linear-gradient') });
    await tabs.evaluate((list) => list.scrollTo({ left: list.scrollWidth }));
    await expect.poll(edges).toEqual({ left: true, right: false, mask: expect.stringContaining('linear-gradient') });
  });

  it('opens an attempt awaiting review from anywhere on its row of the Class tab, not only from the name', async () => {
    const { page } = await suite.openPage({ viewport: 'phone' });
    await suite.signInAs(page, admin.user.id);
    await page.goto(`${suite.server.baseUrl}/admin?tab=class`);
    const row = page.locator(`[data-testid="awaiting-attempt"][data-attempt-id="${attemptId}"]`);
    await row.waitFor();
    const box = await row.boundingBox();
    if (!box) throw new Error('the row is not shown');
    expect(box.height).toBeGreaterThanOrEqual(44);
    // The date line under the name, at the row's right end: away from the name's own link text.
    await page.touchscreen.tap(box.x + box.width - 10, box.y + box.height - 12);
    await page.waitForURL(`**/admin/attempts/${attemptId}`);
  });
});

it('with a mouse, keeps the compact sizes', async () => {
  const { page } = await suite.openPage({ viewport: 'desktop' });
  await suite.signInAs(page, admin.user.id);
  await page.goto(`${suite.server.baseUrl}/admin`);
  const edit = page.getByRole('button', { name: 'Edit Asha Rao' }).filter({ visible: true });
  await edit.waitFor();
  expect((await edit.boundingBox())?.height).toBeLessThan(44);
});

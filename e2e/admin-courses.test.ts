import { eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { courses } from '../src/server/db/schema.js';
import { createAdmin, createCourse, createStudent, type CreatedAdmin } from '../src/server/test/factories.js';
import { expectFirstFrameWherePageDrawsIt, lookAt, toast, useBrowserSuite, type ViewportName } from './support/index.js';

/** Course management at /admin/courses: add, edit, delete, the refusal when students are enrolled, paging. */
const suite = useBrowserSuite();
let admin: CreatedAdmin;

beforeAll(async () => {
  admin = await createAdmin(suite.server.database.db);
});

/** The courses page as a signed-in admin (a session made directly: this file is not about signing in). */
async function openCourses(options: { viewport?: ViewportName; ignore?: RegExp[]; path?: string } = {}): Promise<Page> {
  const { page } = await suite.openPage({ viewport: options.viewport, ignore: options.ignore });
  await suite.signInAs(page, admin.user.id);
  await page.goto(`${suite.server.baseUrl}${options.path ?? '/admin/courses'}`);
  await page.getByRole('heading', { level: 1, name: 'Courses Management' }).waitFor();
  await page.getByRole('button', { name: /^Edit / }).first().waitFor();
  return page;
}

const rows = (page: Page) => page.locator('tbody tr');
/** The course's table row, or its card on a phone (the other layout is display: none). */
const rowOf = (page: Page, courseName: string) =>
  page
    .locator('tbody tr, [data-row-card]')
    .filter({ visible: true })
    .filter({ has: page.getByText(courseName, { exact: true }) });
const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title });

async function courseInDb(courseName: string) {
  const [row] = await suite.server.database.db.select().from(courses).where(eq(courses.courseName, courseName));
  return row;
}

/** Settled (transitions over), then a and the checks every screen must pass. */
const look = (page: Page, name: string, viewport: ViewportName) => lookAt(page, `courses-${name}-${viewport}`);

async function expectToast(page: Page, title: string, message?: string) {
  const shown = toast(page).filter({ hasText: title });
  await shown.waitFor();
  if (message) await expect.poll(() => shown.textContent()).toContain(message);
}

/** Shown, and wholly within the screen's width: nothing to scroll sideways for. */
async function expectWithinWidth(locator: Locator, what: string) {
  expect(await locator.isVisible(), `${what} is visible`).toBe(true);
  const box = await locator.boundingBox();
  const width = locator.page().viewportSize()?.width ?? 0;
  expect(box, `${what} has a box`).not.toBeNull();
  expect(box?.x ?? -1, `${what} starts on the screen`).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? Infinity), `${what} ends on the screen (${width} px)`).toBeLessThanOrEqual(width);
}

async function cell(row: Locator, column: number): Promise<string> {
  return ((await row.locator('td').nth(column).textContent()) ?? '').trim();
}

describe("the page's first frame", () => {
  it('is drawn before any script runs, exactly where the page then draws it', async () => {
    await expectFirstFrameWherePageDrawsIt(suite, {
      path: '/admin/courses',
      userId: admin.user.id,
      landmarks: ['main a[href="/admin"]', 'h1', 'main p', '[aria-busy]'],
      data: '**/api/admin/courses?*',
      drawn: '[aria-busy="true"]',
      status: 'Loading the courses…',
      name: 'admin-courses',
    });
  });
});

describe('courses management', () => {
  it('shows the seeded courses with every column', async () => {
    await createCourse(suite.server.database.db, { courseName: 'Accent Workshop', description: null, isActive: false });
    const page = await openCourses();
    const headers = await page.locator('thead th').allTextContents();
    expect(headers).toEqual(['Course Name', 'Description', 'Status', 'Created', 'Actions']);
    const ielts = rowOf(page, 'IELTS');
    expect(await cell(ielts, 2)).toBe('Active');
    expect(await cell(ielts, 3)).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
    const workshop = rowOf(page, 'Accent Workshop');
    expect(await cell(workshop, 1)).toBe('No description');
    expect(await cell(workshop, 2)).toBe('Inactive');
    await expect.poll(() => ielts.getByRole('button', { name: 'Edit IELTS' }).isVisible()).toBe(true);
    await expect.poll(() => ielts.getByRole('button', { name: 'Delete IELTS' }).isVisible()).toBe(true);
    // No more than one page: no Previous or Next.
    expect(await page.getByRole('button', { name: 'Next' }).count()).toBe(0);
    await page.getByRole('link', { name: /Back to Admin Dashboard/ }).click();
    await page.waitForURL('**/admin');
  });

  it('adds a course; Save stays off while the name is blank; Active is on by default', async () => {
    const page = await openCourses();
    await page.getByRole('button', { name: 'Add Course' }).click();
    const add = dialog(page, 'Add Course');
    await add.waitFor();
    const save = add.getByRole('button', { name: 'Add Course' });
    expect(await save.isDisabled()).toBe(true);
    await add.getByLabel('Course name').fill('    ');
    expect(await save.isDisabled()).toBe(true);
    expect(await add.getByRole('switch', { name: 'Active' }).isChecked()).toBe(true);

    await add.getByLabel('Course name').fill('  Business English ');
    expect(await save.isDisabled()).toBe(false);
    await add.getByLabel('Course name').fill('');
    expect(await save.isDisabled()).toBe(true);
    await add.getByLabel('Course name').fill('Business English');
    await add.getByLabel('Description').fill('Emails, meetings and presentations.');
    await save.click();
    await expectToast(page, 'Course created');
    await add.waitFor({ state: 'hidden' });
    const row = rowOf(page, 'Business English');
    await row.waitFor();
    expect(await cell(row, 1)).toBe('Emails, meetings and presentations.');
    expect(await cell(row, 2)).toBe('Active');
    expect(await courseInDb('Business English')).toMatchObject({ description: 'Emails, meetings and presentations.', isActive: true });
  });

  it('a duplicate name is refused with the server message, and the dialog stays open', async () => {
    const page = await openCourses({ ignore: [/status of 409/] });
    await page.getByRole('button', { name: 'Add Course' }).click();
    const add = dialog(page, 'Add Course');
    await add.getByLabel('Course name').fill('ielts');
    await add.getByRole('button', { name: 'Add Course' }).click();
    const message = 'A course named "IELTS" already exists. Course names must be different (capital letters do not count).';
    await expectToast(page, 'Could not create the course', message);
    expect(await add.isVisible()).toBe(true);
    expect(await add.getByText(message).count()).toBe(1);
  });

  it('edits a course: deactivates it and changes the description', async () => {
    await createCourse(suite.server.database.db, { courseName: 'Group Discussion', description: 'Old text' });
    const page = await openCourses();
    await rowOf(page, 'Group Discussion').getByRole('button', { name: 'Edit Group Discussion' }).click();
    const edit = dialog(page, 'Edit Course');
    await edit.waitFor();
    expect(await edit.getByLabel('Course name').inputValue()).toBe('Group Discussion');
    expect(await edit.getByLabel('Description').inputValue()).toBe('Old text');
    const active = edit.getByRole('switch', { name: 'Active' });
    expect(await active.isChecked()).toBe(true);
    await active.click();
    expect(await active.isChecked()).toBe(false);
    await edit.getByLabel('Description').fill('');
    await edit.getByLabel('Course name').fill('');
    expect(await edit.getByRole('button', { name: 'Save Changes' }).isDisabled()).toBe(true);
    await edit.getByLabel('Course name').fill('Group Discussion Skills');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Course updated');
    const row = rowOf(page, 'Group Discussion Skills');
    await row.waitFor();
    await expect.poll(() => cell(row, 2)).toBe('Inactive');
    expect(await cell(row, 1)).toBe('No description');
    expect(await courseInDb('Group Discussion Skills')).toMatchObject({ isActive: false, description: null });
  });

  it('renaming a routing course shows the note and keeps Save off; its status can still change', async () => {
    const page = await openCourses();
    await rowOf(page, 'Speaking Level 3').getByRole('button', { name: 'Edit Speaking Level 3' }).click();
    const edit = dialog(page, 'Edit Course');
    const note = edit.getByTestId('routing-rename-note');
    expect(await note.count()).toBe(0);
    await edit.getByLabel('Course name').fill('Speaking Level Three');
    await note.waitFor();
    expect(await note.textContent()).toContain('are sent to the under-construction page after signing in');
    expect(await edit.getByRole('button', { name: 'Save Changes' }).isDisabled()).toBe(true);
    await note.getByRole('button', { name: 'Keep “Speaking Level 3”' }).click();
    await note.waitFor({ state: 'detached' });
    expect(await edit.getByLabel('Course name').inputValue()).toBe('Speaking Level 3');
    await edit.getByLabel('Description').fill('Opens next term.');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Course updated');
    expect(await courseInDb('Speaking Level 3')).toMatchObject({ description: 'Opens next term.' });
  });

  it('deletes a course after the confirmation', async () => {
    await createCourse(suite.server.database.db, { courseName: 'Summer Camp' });
    const page = await openCourses();
    await rowOf(page, 'Summer Camp').getByRole('button', { name: 'Delete Summer Camp' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Summer Camp?' });
    await confirm.waitFor();
    expect(await confirm.getByText('Are you sure you want to delete this course?', { exact: true }).count()).toBe(1);
    // Cancel keeps it.
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await courseInDb('Summer Camp')).toBeDefined();

    await rowOf(page, 'Summer Camp').getByRole('button', { name: 'Delete Summer Camp' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Course deleted');
    await rowOf(page, 'Summer Camp').waitFor({ state: 'detached' });
    expect(await courseInDb('Summer Camp')).toBeUndefined();
  });

  it('refuses to delete a course students are enrolled in, with the server message in a toast', async () => {
    await createCourse(suite.server.database.db, { courseName: 'Weekend Batch' });
    await createStudent(suite.server.database.db, { courseName: 'Weekend Batch' });
    await createStudent(suite.server.database.db, { courseName: 'Weekend Batch' });
    const page = await openCourses({ ignore: [/status of 409/] });
    await rowOf(page, 'Weekend Batch').getByRole('button', { name: 'Delete Weekend Batch' }).click();
    await page.getByRole('dialog', { name: 'Delete Weekend Batch?' }).getByRole('button', { name: 'Delete' }).click();
    await expectToast(
      page,
      'Could not delete the course',
      '2 students are enrolled in Weekend Batch: move them to another course or deactivate the course instead.',
    );
    expect(await rowOf(page, 'Weekend Batch').count()).toBe(1);
    expect(await courseInDb('Weekend Batch')).toBeDefined();
  });

  it('pages through 11+ courses with Previous and Next', async () => {
    // Names that sort after every other course, so the last page's last row is known.
    for (let i = 1; i <= 11; i += 1) await createCourse(suite.server.database.db, { courseName: `Zz Paging ${String(i).padStart(2, '0')}` });
    const total = (await suite.server.database.db.select().from(courses)).length;
    const pageCount = Math.ceil(total / 10);
    const page = await openCourses();
    expect(await rows(page).count()).toBe(10);
    await page.getByText(`1–10 of ${total} courses`).waitFor();
    expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    for (let n = 2; n <= pageCount; n += 1) {
      await page.getByRole('button', { name: 'Next' }).click();
      await page.waitForURL(`**/admin/courses?page=${n}`);
      await page.getByText(`${(n - 1) * 10 + 1}–${Math.min(n * 10, total)} of ${total} courses`).waitFor();
    }
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await expect.poll(() => rows(page).count()).toBe(total - (pageCount - 1) * 10);
    expect(await cell(rows(page).last(), 0)).toBe('Zz Paging 11');
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByText(`${(pageCount - 2) * 10 + 1}–${(pageCount - 1) * 10} of ${total} courses`).waitFor();
    expect(await rows(page).count()).toBe(10);

    // Deleting the only course on the last page moves back to the page before.
    let extra = 0;
    while ((total + extra) % 10 !== 1) {
      extra += 1;
      await createCourse(suite.server.database.db, { courseName: `Zz Paging 9${extra}` });
    }
    const lonely = extra === 0 ? 'Zz Paging 11' : `Zz Paging 9${extra}`;
    const lastPage = Math.ceil((total + extra) / 10);
    const onLast = await openCourses({ path: `/admin/courses?page=${lastPage}` });
    expect(await rows(onLast).count()).toBe(1);
    await rowOf(onLast, lonely).getByRole('button', { name: `Delete ${lonely}` }).click();
    await onLast.getByRole('dialog', { name: `Delete ${lonely}?` }).getByRole('button', { name: 'Delete' }).click();
    await expectToast(onLast, 'Course deleted');
    await onLast.waitForURL(`**/admin/courses?page=${lastPage - 1}`);
    await expect.poll(() => rows(onLast).count()).toBe(10);
  });
});

describe.each(['desktop', 'phone'] as const)('screens at %s size', (viewport) => {
  it('the page and each dialog', async () => {
    await createCourse(suite.server.database.db, {
      courseName: `Pronunciation Clinic (${viewport})`,
      description: 'Weekly drills on stress, rhythm and intonation, with recorded practice and feedback from the teacher after each session.',
    });
    const page = await openCourses({ viewport });
    await look(page, 'page', viewport);
    const clinic = `Pronunciation Clinic (${viewport})`;
    if (viewport === 'phone') {
      // No table to scroll sideways: a card a course, each column's value under the column's name, the whole description.
      expect(await page.locator('table').isVisible()).toBe(false);
      const card = rowOf(page, clinic);
      await expectWithinWidth(card.getByText(clinic, { exact: true }), 'the name');
      const columns = await page.locator('thead th').allTextContents();
      expect(columns).toEqual(['Course Name', 'Description', 'Status', 'Created', 'Actions']);
      const shown: Record<string, string> = {};
      for (const column of columns.filter((name) => name !== 'Course Name' && name !== 'Actions')) {
        const field = card.locator(`[data-card-field="${column}"]`);
        await expectWithinWidth(field.locator('dt'), `the label ${column}`);
        expect(await field.locator('dt').textContent()).toBe(column);
        await expectWithinWidth(field.locator('dd'), `the value of ${column}`);
        shown[column] = ((await field.locator('dd').textContent()) ?? '').trim();
      }
      expect(shown).toMatchObject({
        Description: 'Weekly drills on stress, rhythm and intonation, with recorded practice and feedback from the teacher after each session.',
        Status: 'Active',
      });
      expect(shown.Created).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
      for (const name of [`Edit ${clinic}`, `Delete ${clinic}`]) await expectWithinWidth(card.getByRole('button', { name }), name);
    } else {
      // The whole table is on a 1280 px screen, its actions included.
      // The box that scrolls the table sideways when it is wider than its place (components/Table.tsx).
      const box = await page.getByRole('table').evaluate((table) => {
        let scroller = table.parentElement;
        while (scroller && getComputedStyle(scroller).overflowX !== 'auto') scroller = scroller.parentElement;
        return { scrollWidth: scroller?.scrollWidth ?? 0, clientWidth: scroller?.clientWidth ?? 0 };
      });
      expect(box.clientWidth).toBeGreaterThan(0);
      expect(box.scrollWidth).toBeLessThanOrEqual(box.clientWidth);
      await expectWithinWidth(rowOf(page, clinic).getByRole('button', { name: `Delete ${clinic}` }), 'Delete');
    }
    // Status badges show their whole word, however narrow the column.
    const clipped = await page.locator('.mantine-Badge-label').evaluateAll((labels) =>
      labels.filter((label) => label.scrollWidth > label.clientWidth).map((label) => label.textContent),
    );
    expect(clipped).toEqual([]);

    await page.getByRole('button', { name: 'Add Course' }).click();
    await dialog(page, 'Add Course').waitFor();
    await look(page, 'add-dialog', viewport);
    await page.keyboard.press('Escape');
    await dialog(page, 'Add Course').waitFor({ state: 'hidden' });

    await rowOf(page, 'IELTS').getByRole('button', { name: 'Edit IELTS' }).click();
    const edit = dialog(page, 'Edit Course');
    await edit.getByLabel('Course name').fill('IELTS Academic');
    await edit.getByTestId('routing-rename-note').waitFor();
    await look(page, 'edit-dialog-routing-note', viewport);
    await page.keyboard.press('Escape');
    await edit.waitFor({ state: 'hidden' });

    await rowOf(page, `Pronunciation Clinic (${viewport})`).getByRole('button', { name: `Edit Pronunciation Clinic (${viewport})` }).click();
    await edit.waitFor();
    await look(page, 'edit-dialog', viewport);
    await page.keyboard.press('Escape');
    await edit.waitFor({ state: 'hidden' });

    await rowOf(page, 'IELTS').getByRole('button', { name: 'Delete IELTS' }).click();
    await page.getByRole('dialog', { name: 'Delete IELTS?' }).waitFor();
    await look(page, 'delete-confirm', viewport);
    await page.getByRole('button', { name: 'Cancel' }).click();
  });
});

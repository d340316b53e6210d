import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { testSessionBody } from '../src/server/test/attempt-fixtures.js';
import { createAdmin, createStudent, type CreatedAdmin, type CreatedStudent } from '../src/server/test/factories.js';
import { lookAt, toast, useBrowserSuite } from './support/index.js';

/**
 * The teachers' console as a blind teacher meets it: keys only (focus, Enter, Escape), and what a
 * screen reader reads of the focused control (its role, name, description and whether it is
 * unavailable or invalid) after each press.
 */
const suite = useBrowserSuite();
let admin: CreatedAdmin;
const attemptIds: string[] = [];

async function studentApi(student: CreatedStudent) {
  const login = await fetch(`${suite.server.baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: student.mobileNumber, password: student.password }),
  });
  expect(login.status).toBe(200);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return (body: unknown) => fetch(`${suite.server.baseUrl}/api/test-sessions`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

beforeAll(async () => {
  const db = suite.server.database.db;
  admin = await createAdmin(db, { username: 'headteacher' });
  for (const studentName of ['Asha Rao', 'Ravi Kumar']) {
    const student = await createStudent(db, { studentName });
    const saved = await (await studentApi(student))(testSessionBody(student.student.id));
    expect(saved.status).toBe(201);
    attemptIds.push(((await saved.json()) as { attemptId: string }).attemptId);
  }
});

/** The focused element as a screen reader names it. */
function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement;
    if (element === document.body) return { tag: 'BODY' };
    const input = element as HTMLInputElement;
    const described = (element.getAttribute('aria-describedby') ?? '').split(/\s+/).map((id) => document.getElementById(id)?.textContent ?? '');
    return {
      tag: element.tagName,
      name: (element.getAttribute('aria-label') ?? input.labels?.[0]?.textContent ?? element.textContent ?? '').replace(/\s*\*\s*$/, '').trim(),
      unavailable: element.getAttribute('aria-disabled') === 'true' || (element as HTMLButtonElement).disabled === true,
      invalid: element.getAttribute('aria-invalid') === 'true',
      description: described.join(' ').trim(),
    };
  });
}

/** Presses Enter on the control, focused as Tab would leave it. */
async function press(page: Page, role: 'button' | 'link' | 'tab', name: string | RegExp) {
  await page.getByRole(role, { name, exact: typeof name === 'string' }).focus();
  await page.keyboard.press('Enter');
}


async function teacherPage(path: string): Promise<Page> {
  const { page } = await suite.openPage();
  await suite.signInAs(page, admin.user.id);
  await page.goto(`${suite.server.baseUrl}${path}`);
  return page;
}

describe("the review form, keys only", () => {
  it('Save review and Release keep the focus (they were disabled, which dropped it to the page top); Release says why it is unavailable', async () => {
    const page = await teacherPage(`/admin/attempts/${attemptIds[0] ?? ''}`);
    await page.getByLabel('Comment').focus();
    await page.keyboard.type('Clear answers; use more past tenses.');
    for (const criterion of ['Fluency', 'Vocabulary', 'Grammar', 'Pronunciation']) {
      await page.getByLabel(`${criterion} band`, { exact: true }).focus();
      // On a closed select the arrow keys choose: 'Not set', then 1.0 ... 6.0.
      for (let i = 0; i < 11; i++) await page.keyboard.press('ArrowDown');
    }
    // Unsaved bands: Release is reachable by Tab and reads why it cannot be pressed yet.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'BUTTON', name: 'Release to the student', unavailable: true, description: 'Save your changes before releasing them.' });
    await page.keyboard.press('Enter');
    expect(await toast(page, 'Review released').count()).toBe(0);

    await press(page, 'button', 'Save review');
    await toast(page, 'Review saved').waitFor();
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'BUTTON', name: 'Save review', unavailable: false });

    await press(page, 'button', 'Release to the student');
    await toast(page, 'Review released').waitFor();
    await expect.poll(() => page.getByTestId('release-status').textContent()).toContain('Released to the student by headteacher');
    // The way on takes the focus (the Release button, now unavailable, had lost it to the page top).
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'A', name: 'Review the next awaiting attempt →' });
    await lookAt(page, 'teacher-keyboard-review-released-desktop');
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/admin/attempts/${attemptIds[1] ?? ''}`);
  });
});

describe('the students dialogs, keys only', () => {
  async function openAddStudent() {
    const page = await teacherPage('/admin');
    await page.getByRole('button', { name: 'Edit Asha Rao' }).waitFor();
    await press(page, 'button', 'Add Student');
    const dialog = page.getByRole('dialog', { name: 'Add Student' });
    await dialog.waitFor();
    return { page, dialog };
  }

  it('a refused Add Student takes the focus to the first invalid field, which reads its error (it stayed on the button, which said nothing)', async () => {
    const { page, dialog } = await openAddStudent();
    await dialog.getByRole('button', { name: 'Add Student', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'INPUT', name: 'Student name', invalid: true, description: "Enter the student's name" });
    await lookAt(page, 'teacher-keyboard-add-student-refused-desktop');
  });

  it('Escape or Cancel gives the focus back to the button that opened the dialog (it went to the page top)', async () => {
    const { page, dialog } = await openAddStudent();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'BUTTON', name: 'Add Student' });

    await press(page, 'button', 'Import CSV');
    const importDialog = page.getByRole('dialog', { name: 'Import students from CSV' });
    await importDialog.waitFor();
    await importDialog.getByRole('button', { name: 'Cancel' }).focus();
    await page.keyboard.press('Enter');
    await importDialog.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'BUTTON', name: 'Import CSV' });
  });

  it('Manage Courses: Escape gives the focus back to Add Course (it went to the page top)', async () => {
    const page = await teacherPage('/admin/courses');
    await page.getByRole('button', { name: /^Edit / }).first().waitFor();
    await press(page, 'button', 'Add Course');
    const dialog = page.getByRole('dialog', { name: 'Add Course' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'BUTTON', name: 'Add Course' });
  });
});

describe('settings', () => {
  it('each recordings figure is read with its label: a term and its description (they were two bare paragraphs, "Storage used", "0 KB")', async () => {
    const page = await teacherPage('/admin?tab=settings');
    const panel = page.getByRole('tabpanel', { name: 'Settings' });
    await panel.getByText('Storage used').waitFor();
    expect(await panel.getByRole('term').allInnerTexts()).toEqual(['Storage used', 'Recordings kept', 'Deleted after the retention period', 'Kept for', 'Limit per student', 'Stored in']);
    expect(await panel.getByRole('definition').count()).toBe(6);
    await lookAt(page, 'teacher-keyboard-settings-desktop');
  });
});

describe('arriving on a page', () => {
  it("the page's heading takes the focus after a row's Review link, Next awaiting and the link back (the focus was left on the page top, and nothing was read)", async () => {
    // The newest attempt awaiting review, for Next awaiting (the others share the fixture's date).
    const meena = await createStudent(suite.server.database.db, { studentName: 'Meena Iyer' });
    const newer = testSessionBody(meena.student.id);
    newer.sessionData.completedAt = new Date().toISOString();
    expect((await (await studentApi(meena))(newer)).status).toBe(201);
    const page = await teacherPage('/admin?tab=ielts');
    await press(page, 'link', /^Review the attempt of Ravi Kumar/);
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'H1', name: 'IELTS attempt: Ravi Kumar' });
    await lookAt(page, 'teacher-keyboard-attempt-arrived-desktop');
    await press(page, 'link', 'Next awaiting →');
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'H1', name: 'IELTS attempt: Meena Iyer' });

    await press(page, 'link', '← Back to IELTS Attempts');
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'H1', name: 'Welcome, headteacher' });
    // A tab chosen on the page keeps the focus: only a new page takes it to the heading.
    await press(page, 'tab', 'Settings');
    await page.getByRole('button', { name: 'Change Password' }).waitFor();
    expect(await focused(page)).toMatchObject({ name: 'Settings' });
  });
});

import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { Download, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MAX_FILE_BYTES, IMPORT_TOO_LARGE_MESSAGE, STUDENT_DEACTIVATE_CONFIRMATION } from '../src/shared/api/students-limits.js';
import { attempts, students, users } from '../src/server/db/schema.js';
import { invalidateReadCaches } from '../src/server/db/read-cache.js';
import { sessionCookieForUser } from '../src/server/test/app.js';
import { createAdmin, createStudent, storedMobileNumber, type CreatedAdmin } from '../src/server/test/factories.js';
import { expectFirstFrameWherePageDrawsIt, lookAt, toast, useBrowserSuite, type ViewportName } from './support/index.js';

/** The admin's Students tab: add, edit, toggle, delete, paging, search, the generated password, CSV export and import. */
const suite = useBrowserSuite();
let admin: CreatedAdmin;

// A signed-out current-user call answers 401 by design; refused requests log their status in the console.
const REFUSALS = [/status of 401/, /status of 409/];

beforeAll(async () => {
  admin = await createAdmin(suite.server.database.db, { username: 'headteacher' });
});

async function freshPage(viewport: ViewportName = 'desktop', ignore: RegExp[] = []): Promise<Page> {
  return (await suite.openPage({ viewport, ignore, acceptDownloads: true })).page;
}

/** The Students tab as a signed-in admin (a session made directly: this file is not about signing in). */
async function openStudents(options: { viewport?: ViewportName; ignore?: RegExp[] } = {}): Promise<Page> {
  const page = await freshPage(options.viewport, options.ignore);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.server.baseUrl });
  await suite.signInAs(page, admin.user.id);
  await page.goto(`${suite.server.baseUrl}/admin`);
  await page.getByRole('heading', { level: 1, name: 'Welcome, headteacher' }).waitFor();
  // The table from Mantine's sm breakpoint up, one card a row below it: whichever this screen shows.
  await page.locator('[aria-label="Students"][aria-busy="false"]').filter({ visible: true }).waitFor();
  return page;
}

/** Searching waits for typing to pause, then for the server: more than expect.poll's default second on a busy machine. */
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 10_000 });
const bodyRows = (page: Page) => page.getByRole('table', { name: 'Students' }).locator('tbody tr');
/** The student's table row, or their card on a phone (the other layout is display: none). */
const rowOf = (page: Page, studentName: string) =>
  page
    .locator('table[aria-label="Students"] tbody tr, [aria-label="Students"] [data-row-card]')
    .filter({ visible: true })
    .filter({ has: page.getByText(studentName, { exact: true }) });
const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title });

/** The toast with this title (and message): the one it replaced may still be fading out. */
async function expectToast(page: Page, title: string, message?: string) {
  await toast(page).filter({ hasText: title }).filter({ hasText: message ?? title }).first().waitFor();
}

async function cells(row: Locator): Promise<string[]> {
  return (await row.locator('td').allTextContents()).map((text) => text.trim());
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

async function removeAllStudents() {
  await suite.server.database.db.delete(users).where(eq(users.isAdmin, false));
  invalidateReadCaches(suite.server.database.db);
}

/** Settled (transitions over), then a and the checks every screen must pass. */
const look = (page: Page, name: string, viewport: ViewportName) => lookAt(page, `students-${name}-${viewport}`, { oneH1: false });

async function chooseCourse(scope: Locator, page: Page, courseName: string) {
  await scope.getByRole('combobox', { name: 'Course' }).click();
  await page.getByRole('option', { name: courseName, exact: true }).click();
}

async function downloaded(download: Download): Promise<string> {
  return readFileSync(await download.path(), 'utf8');
}

describe("the dashboard's first frame", () => {
  it("is drawn with the teacher's own name before any script runs, exactly where the page then draws it", async () => {
    await expectFirstFrameWherePageDrawsIt(suite, {
      path: '/admin',
      userId: admin.user.id,
      landmarks: ['h1', '[role="tablist"]', 'input[type="search"]', '[aria-label="Students"]'],
      data: '**/api/admin/students?*',
      drawn: '[aria-label="Students"][aria-busy="true"]',
      status: 'Loading the students…',
      name: 'admin',
    });
  });

  it('is not served for another tab, to a student, or to a signed-out visitor', async () => {
    const student = await createStudent(suite.server.database.db, { studentName: 'Frame Student' });
    const served = async (userId: number | null, path: string) => {
      const page = await freshPage();
      if (userId !== null) await suite.signInAs(page, userId);
      const html = await (await page.request.get(`${suite.server.baseUrl}${path}`)).text();
      return html.slice(html.indexOf('<div id="root">'));
    };
    expect(await served(admin.user.id, '/admin')).toMatch(/<h1[^>]*>Welcome, headteacher<\/h1>/);
    for (const [userId, path] of [[admin.user.id, '/admin?tab=ielts'], [student.user.id, '/admin'], [null, '/admin']] as const) {
      const root = await served(userId, path);
      expect(root).not.toContain('<h1');
      expect(root).not.toContain('__PARLEY_');
    }
  });
});

describe('students tab', () => {
  it('adds a student; the generated password is shown once, copied, and signs the student in by mobile number', async () => {
    await removeAllStudents();
    const page = await openStudents();
    expect(await page.locator('thead th').allTextContents()).toEqual(['Student Name', 'Course', 'Mobile Number', 'Created Date', 'Status', 'Actions']);
    await page.getByText('No students yet.').filter({ visible: true }).waitFor();

    await page.getByRole('button', { name: 'Add Student' }).click();
    const add = dialog(page, 'Add Student');
    await add.waitFor();
    // Nothing filled in: the form says what is missing and sends nothing.
    await add.getByRole('button', { name: 'Add Student' }).click();
    await add.getByText("Enter the student's name").waitFor();
    await add.getByText('Choose a course').first().waitFor();
    await add.getByText('Enter the mobile number').waitFor();
    expect(await add.getByRole('radio', { name: 'Activated', exact: true }).isChecked()).toBe(true);

    await add.getByLabel('Student name').fill('Meera Nair');
    await chooseCourse(add, page, 'IELTS');
    await add.getByLabel('Mobile number').fill('98765 11111');
    await add.getByText('Saved as +91 98765 11111').waitFor();
    await add.getByRole('button', { name: 'Add Student' }).click();

    await expectToast(page, 'Student created', 'Meera Nair has been added.');
    const created = dialog(page, 'Student created');
    await created.waitFor();
    const password = ((await created.getByTestId('generated-password').textContent()) ?? '').trim();
    expect(password).toMatch(/^[A-Za-z2-9]{4}-[A-Za-z2-9]{4}-[A-Za-z2-9]{4}$/);
    await created.getByRole('button', { name: 'Copy password' }).click();
    await created.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(password);
    await look(page, 'generated-password', 'desktop');
    await created.getByRole('button', { name: 'Done' }).click();
    await created.waitFor({ state: 'hidden' });

    const row = rowOf(page, 'Meera Nair');
    await row.waitFor();
    const [name, course, mobile, date, status] = await cells(row);
    expect([name, course, mobile, status]).toEqual(['Meera Nair', 'IELTS', '+91 98765 11111', 'Activated']);
    expect(date).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
    // Shown once: it is nowhere on the page any more.
    expect(await page.content()).not.toContain(password);

    // The student signs in with it on their own device, typing the number the way they know it.
    const student = await freshPage('desktop', REFUSALS);
    await student.goto(`${suite.server.baseUrl}/auth`);
    await student.getByLabel('Username or mobile number').fill('98765 11111');
    await student.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
    await student.getByRole('button', { name: 'Sign in' }).click();
    await student.getByRole('heading', { name: 'Welcome, Meera Nair' }).waitFor();
  });

  it('edits a student: a taken number is refused with the server message; a new name and course are saved', async () => {
    await removeAllStudents();
    await createStudent(suite.server.database.db, { studentName: 'Taken Number', mobileNumber: '98765 22222' });
    await createStudent(suite.server.database.db, { studentName: 'Ravi Menon', mobileNumber: '98765 33333', username: 'ravi.m', email: 'ravi@example.org' });
    const page = await openStudents({ ignore: REFUSALS });
    await rowOf(page, 'Ravi Menon').getByRole('button', { name: 'Edit Ravi Menon' }).click();
    const edit = dialog(page, 'Edit Student');
    await edit.waitFor();
    expect(await edit.getByLabel('Student name').inputValue()).toBe('Ravi Menon');
    expect(await edit.getByRole('combobox', { name: 'Course' }).inputValue()).toBe('IELTS');
    expect(await edit.getByLabel('Mobile number').inputValue()).toBe('+91 98765 33333');
    expect(await edit.getByLabel('Username').inputValue()).toBe('ravi.m');
    expect(await edit.getByLabel('E-mail').inputValue()).toBe('ravi@example.org');
    expect(await edit.getByLabel('New password').inputValue()).toBe('');
    await look(page, 'edit-dialog', 'desktop');

    await edit.getByLabel('Mobile number').fill('98765 22222');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    const message = 'A student with mobile number +91 98765 22222 already exists (Taken Number). Each student needs their own number.';
    await expectToast(page, 'Could not update the student', message);
    expect(await edit.getByText(message).count()).toBe(1);

    await edit.getByLabel('Mobile number').fill('98765 33333');
    await edit.getByLabel('Student name').fill('Ravi K Menon');
    await chooseCourse(edit, page, 'Interview Aspirant');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Student updated', 'Ravi K Menon has been saved.');
    await edit.waitFor({ state: 'hidden' });
    const row = rowOf(page, 'Ravi K Menon');
    await row.waitFor();
    expect((await cells(row)).slice(1, 3)).toEqual(['Interview Aspirant', '+91 98765 33333']);
  });

  it('clicking the status badge toggles the status and signs a deactivated student out', async () => {
    await removeAllStudents();
    const target = await createStudent(suite.server.database.db, { studentName: 'Toggle Me' });
    const studentCookie = await sessionCookieForUser(suite.server.database.db, target.user.id);
    const page = await openStudents();
    const row = rowOf(page, 'Toggle Me');
    // Deactivating asks first (it signs the student out); Cancel changes nothing.
    await row.getByRole('button', { name: 'Activated: deactivate Toggle Me' }).click();
    const asked = dialog(page, 'Deactivate Toggle Me?');
    await asked.getByText(STUDENT_DEACTIVATE_CONFIRMATION).waitFor();
    await asked.getByRole('button', { name: 'Cancel' }).click();
    await asked.waitFor({ state: 'hidden' });
    expect((await suite.server.app.inject({ url: '/api/user', headers: { cookie: studentCookie } })).statusCode).toBe(200);
    await row.getByRole('button', { name: 'Activated: deactivate Toggle Me' }).click();
    await asked.getByRole('button', { name: 'Deactivate' }).click();
    await expectToast(page, 'Status updated', 'Toggle Me is deactivated and signed out.');
    await row.getByRole('button', { name: 'Deactivated: activate Toggle Me' }).waitFor();
    const [stored] = await suite.server.database.db.select().from(students).where(eq(students.id, target.student.id));
    expect(stored?.status).toBe('Deactivated');
    expect((await suite.server.app.inject({ url: '/api/user', headers: { cookie: studentCookie } })).statusCode).toBe(401);

    await row.getByRole('button', { name: 'Deactivated: activate Toggle Me' }).click();
    await expectToast(page, 'Status updated', 'Toggle Me is activated.');
    await row.getByRole('button', { name: 'Activated: deactivate Toggle Me' }).waitFor();
  });

  it('hints load with the first hover: the hovered button keeps its name, shows its hint and is described by it; a click still lands', async () => {
    await removeAllStudents();
    await createStudent(suite.server.database.db, { studentName: 'Hinted One' });
    const page = await openStudents();
    const edit = rowOf(page, 'Hinted One').getByRole('button', { name: 'Edit Hinted One' });
    // Nothing of the tooltip is loaded before the first hover or focus (decision 0023).
    expect(await page.evaluate(() => performance.getEntriesByType('resource').some((entry) => /\/(tooltip|floating-ui)[^/]*\.js$/.test(entry.name)))).toBe(false);
    await edit.hover();
    const hint = page.getByRole('tooltip', { name: 'Edit student' });
    await hint.waitFor();
    expect(await edit.getAttribute('aria-describedby')).toBeTruthy();
    await page.mouse.move(0, 0);
    await hint.waitFor({ state: 'hidden' });
    await poll(() => edit.getAttribute('aria-describedby')).toBeNull();
    // Once loaded, every other hint shows on hover as before.
    await rowOf(page, 'Hinted One').getByRole('button', { name: 'Activated: deactivate Hinted One' }).hover();
    await page.getByRole('tooltip', { name: 'Click to deactivate' }).waitFor();
    await edit.click();
    await dialog(page, 'Edit Student').waitFor();
  });

  it('deletes a student only after the confirmation', async () => {
    await removeAllStudents();
    const target = await createStudent(suite.server.database.db, { studentName: 'Leaving Soon' });
    const page = await openStudents();
    const row = rowOf(page, 'Leaving Soon');
    await row.getByRole('button', { name: 'Delete Leaving Soon' }).click();
    const confirm = dialog(page, 'Delete Leaving Soon?');
    await confirm.waitFor();
    expect((await confirm.locator('.mantine-Modal-body p').first().textContent())?.trim()).toBe('Are you sure you want to delete this student?');
    // What goes with the student, counted: none yet.
    await poll(() => confirm.getByTestId('delete-consequences').textContent()).toBe('They have no saved attempts. Their account cannot be restored.');
    // The focus starts on Cancel, the safe choice, not on the dialog's close button.
    await poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Cancel');
    await look(page, 'delete-confirm', 'desktop');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await row.count()).toBe(1);

    // Two saved attempts: the dialog counts them and says how to keep them.
    for (const kind of ['ielts', 'interview'] as const) {
      await suite.server.database.db.insert(attempts).values({ id: randomUUID(), kind, studentId: target.student.id, sessionData: {}, assessable: false, scores: {}, durationMs: 60_000, completedAt: new Date() });
    }
    invalidateReadCaches(suite.server.database.db);
    await row.getByRole('button', { name: 'Delete Leaving Soon' }).click();
    await poll(() => dialog(page, 'Delete Leaving Soon?').getByTestId('delete-consequences').textContent()).toBe(
      "All 2 of their saved attempts (speaking tests and interviews), with the recordings and the teachers' reviews, will be deleted too and cannot be restored. To stop them signing in but keep their work, deactivate them instead.",
    );
    await look(page, 'delete-confirm-attempts', 'desktop');
    await dialog(page, 'Delete Leaving Soon?').getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Student deleted', 'Leaving Soon has been deleted.');
    await row.waitFor({ state: 'detached' });
    expect(await suite.server.database.db.$count(students, eq(students.id, target.student.id))).toBe(0);
    expect(await suite.server.database.db.$count(attempts, eq(attempts.studentId, target.student.id))).toBe(0);
  });

  it('pages 12 students 10 at a time; search by name or number, and Clear', async () => {
    await removeAllStudents();
    for (let i = 1; i <= 12; i += 1) {
      await createStudent(suite.server.database.db, { studentName: `Pupil ${String(i).padStart(2, '0')}`, mobileNumber: `97000 000${String(i).padStart(2, '0')}` });
    }
    const page = await openStudents();
    expect(await bodyRows(page).count()).toBe(10);
    const pager = page.getByRole('navigation', { name: 'Pages' });
    expect(await pager.textContent()).toContain('1–10 of 12 students');
    expect(await pager.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    await look(page, 'tab', 'desktop');

    await pager.getByRole('button', { name: 'Next' }).click();
    await poll(() => bodyRows(page).count()).toBe(2);
    expect(await bodyRows(page).locator('td:first-child').allTextContents()).toEqual(['Pupil 02', 'Pupil 01']);
    // The page is in the address: a student's page and its back link (or the browser's Back) return to it.
    await poll(async () => new URL(page.url()).searchParams.get('page')).toBe('2');
    await bodyRows(page).getByRole('link', { name: 'Pupil 01' }).click();
    await page.getByRole('link', { name: '← Back to Students' }).click();
    await poll(() => bodyRows(page).locator('td:first-child').allTextContents()).toEqual(['Pupil 02', 'Pupil 01']);
    await pager.getByRole('button', { name: 'Previous' }).click();
    await poll(() => bodyRows(page).count()).toBe(10);
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();

    const search = page.getByRole('searchbox', { name: 'Search students' });
    // Each word, in any case and order: "Pupil 01" holds a 1 too.
    await search.fill('1 PUPIL');
    await poll(() => bodyRows(page).locator('td:first-child').allTextContents()).toEqual(['Pupil 12', 'Pupil 11', 'Pupil 10', 'Pupil 01']);
    // A screen reader hears what the search found.
    await poll(() => page.getByTestId('students-search-result').textContent()).toBe('Found 4 students matching “1 PUPIL”.');
    // Four matches: one page, so no Previous or Next.
    expect(await page.getByRole('button', { name: 'Next' }).count()).toBe(0);

    // So is the search: back from a student's page, the search box and the list are as they were.
    await poll(async () => new URL(page.url()).searchParams.get('q')).toBe('1 PUPIL');
    await bodyRows(page).getByRole('link', { name: 'Pupil 10' }).click();
    await page.goBack();
    await poll(() => bodyRows(page).locator('td:first-child').allTextContents()).toEqual(['Pupil 12', 'Pupil 11', 'Pupil 10', 'Pupil 01']);
    expect(await search.inputValue()).toBe('1 PUPIL');

    await search.fill('+91 97000 00007');
    await poll(() => bodyRows(page).locator('td:first-child').allTextContents()).toEqual(['Pupil 07']);
    await search.fill('no such pupil');
    await page.getByText('No student matches “no such pupil”.').filter({ visible: true }).waitFor();

    await poll(() => page.getByTestId('students-search-result').textContent()).toBe('Found no students matching “no such pupil”.');

    await page.getByRole('button', { name: 'Clear' }).click();
    expect(await search.inputValue()).toBe('');
    // The unavailable Clear hands the keyboard to the search box, not to the page's top.
    expect(await search.evaluate((field) => field === document.activeElement)).toBe(true);
    await poll(() => bodyRows(page).count()).toBe(10);
    expect(await page.getByTestId('students-search-result').textContent()).toBe('');
    await pager.waitFor();
  });

  it('exports the list with the search applied as a CSV download', async () => {
    await removeAllStudents();
    await createStudent(suite.server.database.db, { studentName: 'Export Alpha', mobileNumber: '98000 11111' });
    await createStudent(suite.server.database.db, { studentName: 'Export Beta, Jr', mobileNumber: '98000 22222' });
    await createStudent(suite.server.database.db, { studentName: 'Someone Else', mobileNumber: '98000 33333' });
    const page = await openStudents();
    await page.getByRole('searchbox', { name: 'Search students' }).fill('export');
    await poll(() => bodyRows(page).count()).toBe(2);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^students-\d{4}-\d\d-\d\d\.csv$/);
    const text = await downloaded(download);
    const lines = text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(lines[0]).toBe('studentName,course,mobileNumber,status,email,username,createdAt');
    expect(lines.slice(1).map((line) => line.split(',')[0]).sort()).toEqual(['"Export Beta', 'Export Alpha']);
    expect(text).toContain(`'${storedMobileNumber('98000 11111')}`);
    await expectToast(page, 'Students exported', `Saved as ${download.suggestedFilename()}.`);
  });

  it('imports a CSV file: a preview with each row’s problems first, then only the valid rows, with their passwords to download', async () => {
    await removeAllStudents();
    await createStudent(suite.server.database.db, { studentName: 'Already Here', mobileNumber: '98000 44444' });
    const page = await openStudents();
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const importDialog = dialog(page, 'Import students from CSV');
    await importDialog.waitFor();
    // A file too large for any import is refused without being read or sent.
    const previews: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/admin/students/import')) previews.push(request.url());
    });
    await importDialog.locator('input[type="file"]').setInputFiles({ name: 'video.csv', mimeType: 'text/csv', buffer: Buffer.alloc(IMPORT_MAX_FILE_BYTES + 1, 'a') });
    await importDialog.getByRole('alert').filter({ hasText: `${IMPORT_TOO_LARGE_MESSAGE}.` }).waitFor();
    expect(previews).toEqual([]);
    const csv = [
      'studentName,course,mobileNumber,status,email,username,password',
      'Imported One,IELTS,98000 55555,,,,',
      'Imported Two,Interview Aspirant,+91 98000 66666,Deactivated,two@example.org,imported.two,given password',
      'Bad Number,IELTS,12345,,,,',
      'Duplicate,IELTS,98000 44444,,,,',
      'No Course,Cooking,98000 77777,,,,',
    ].join('\n');
    await importDialog.locator('input[type="file"]').setInputFiles({ name: 'students.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await importDialog.getByTestId('import-summary').waitFor();
    expect(await importDialog.getByTestId('import-summary').textContent()).toBe('5 rows: 2 ready to import, 3 with problems (skipped).');
    expect(await importDialog.getByTestId('import-encoding').count()).toBe(0);
    // The request watch above sees the previews: the file too large sent none.
    expect(previews).toHaveLength(1);
    expect(await importDialog.getByRole('alert').filter({ hasText: IMPORT_TOO_LARGE_MESSAGE }).count()).toBe(0);
    const previewRows = importDialog.getByTestId('import-row');
    expect(await previewRows.count()).toBe(5);
    expect(await previewRows.nth(2).textContent()).toContain('mobileNumber: Enter a valid mobile number');
    expect(await previewRows.nth(3).textContent()).toContain('already exists (Already Here)');
    expect(await previewRows.nth(4).textContent()).toContain('course: there is no active course named "Cooking"');
    await look(page, 'import-preview', 'desktop');
    // Nothing is written by the preview.
    expect(await suite.server.database.db.$count(students)).toBe(1);

    await importDialog.getByRole('button', { name: 'Import 2 students' }).click();
    await expectToast(page, 'Students imported', '2 students have been added.');
    await importDialog.getByTestId('import-result').waitFor();
    expect(await importDialog.getByTestId('import-result').textContent()).toBe('Imported 2 students; skipped 3 rows with problems.');
    await look(page, 'import-result', 'desktop');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      importDialog.getByRole('button', { name: 'Download passwords (CSV)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('student-passwords.csv');
    const passwords = (await downloaded(download)).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(passwords[0]).toBe('studentName,mobileNumber,username,password');
    expect(passwords).toHaveLength(2);
    const [studentName, mobileNumber, , password] = (passwords[1] ?? '').split(',');
    expect([studentName, mobileNumber]).toEqual(['Imported One', "'+919800055555"]);
    await importDialog.getByRole('button', { name: 'Done' }).click();
    await rowOf(page, 'Imported One').waitFor();
    await rowOf(page, 'Imported Two').waitFor();
    expect(await suite.server.database.db.$count(students)).toBe(3);
    const signIn = await suite.server.app.inject({ method: 'POST', url: '/api/login', payload: { username: '98000 55555', password } });
    expect(signIn.statusCode).toBe(200);
  });
});

describe('the Settings tab', () => {
  it('a wrong current password: the sentence under the field and in the toast, without the field name', async () => {
    const page = await openStudents({ ignore: [/status of 400/] });
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Change Password' }).click();
    const change = dialog(page, 'Change Password');
    await change.waitFor();
    await change.getByLabel('Current password').fill('not-the-password');
    await change.getByLabel(/^New password/).fill('a-new-password-1');
    await change.getByLabel('Confirm new password').fill('a-new-password-1');
    await change.getByRole('button', { name: 'Change Password' }).click();
    await expectToast(page, 'Password change failed', 'The current password is not correct');
    const shown = toast(page).filter({ hasText: 'Password change failed' }).first();
    expect(await shown.textContent()).not.toContain('currentPassword');
    await change.getByText('The current password is not correct', { exact: true }).waitFor();
  });
});

describe('on a phone (390x844)', () => {
  it('the tab, the dialogs and the import preview fit; each student is a card with every column and action', async () => {
    await removeAllStudents();
    for (let i = 1; i <= 11; i += 1) {
      await createStudent(suite.server.database.db, { studentName: `Phone Pupil ${i}`, mobileNumber: `96000 000${String(i).padStart(2, '0')}`, username: i === 11 ? 'phone.pupil' : null });
    }
    const page = await openStudents({ viewport: 'phone' });
    await look(page, 'tab', 'phone');
    // No table to scroll sideways: a card a student, each column's value under the column's name.
    expect(await page.getByRole('table', { name: 'Students' }).isVisible()).toBe(false);
    expect(await page.getByRole('list', { name: 'Students' }).getByRole('listitem').count()).toBe(10);
    // Only the layout shown gets the rows: the hidden table is drawn without them, and fills when the
    // screen crosses the breakpoint (a tablet turned), the cards then emptying.
    expect(await page.locator('table[aria-label="Students"] tbody tr').count()).toBe(0);
    await page.setViewportSize({ width: 1024, height: 768 });
    await expect.poll(() => bodyRows(page).count()).toBe(10);
    expect(await page.locator('[aria-label="Students"] [data-row-card]').count()).toBe(0);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.getByRole('list', { name: 'Students' }).getByRole('listitem').count()).toBe(10);
    const card = rowOf(page, 'Phone Pupil 11');
    await expectWithinWidth(card.getByText('Phone Pupil 11', { exact: true }), 'the name');
    await expectWithinWidth(card.getByText('phone.pupil', { exact: true }), 'the username');
    const columns = await page.locator('table[aria-label="Students"] thead th').allTextContents();
    expect(columns).toEqual(['Student Name', 'Course', 'Mobile Number', 'Created Date', 'Status', 'Actions']);
    const shown: Record<string, string> = {};
    for (const column of columns.filter((name) => name !== 'Student Name' && name !== 'Actions')) {
      const field = card.locator(`[data-card-field="${column}"]`);
      await expectWithinWidth(field.locator('dt'), `the label ${column}`);
      expect(await field.locator('dt').textContent()).toBe(column);
      await expectWithinWidth(field.locator('dd'), `the value of ${column}`);
      shown[column] = ((await field.locator('dd').textContent()) ?? '').trim();
    }
    expect(shown).toMatchObject({ Course: 'IELTS', 'Mobile Number': '+91 96000 00011', Status: 'Activated' });
    expect(shown['Created Date']).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
    for (const name of ['Activated: deactivate Phone Pupil 11', 'Edit Phone Pupil 11', 'Delete Phone Pupil 11']) {
      await expectWithinWidth(card.getByRole('button', { name }), name);
    }
    // The status badge toggles on the phone too.
    await card.getByRole('button', { name: 'Activated: deactivate Phone Pupil 11' }).click();
    await dialog(page, 'Deactivate Phone Pupil 11?').getByRole('button', { name: 'Deactivate' }).waitFor();
    await look(page, 'deactivate-dialog', 'phone');
    await dialog(page, 'Deactivate Phone Pupil 11?').getByRole('button', { name: 'Deactivate' }).click();
    await expectToast(page, 'Status updated', 'Phone Pupil 11 is deactivated and signed out.');
    await card.getByRole('button', { name: 'Deactivated: activate Phone Pupil 11' }).waitFor();
    await card.getByRole('button', { name: 'Deactivated: activate Phone Pupil 11' }).click();
    await expectToast(page, 'Status updated', 'Phone Pupil 11 is activated.');
    await card.getByRole('button', { name: 'Activated: deactivate Phone Pupil 11' }).waitFor();

    await page.getByRole('button', { name: 'Add Student' }).click();
    await dialog(page, 'Add Student').waitFor();
    await look(page, 'add-dialog', 'phone');
    // Sent empty from the foot of the dialog: the focus goes to the first field, its label in sight
    // below the dialog's title bar (a plain focus left the label under it).
    await dialog(page, 'Add Student').getByRole('button', { name: 'Add Student' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBe('true');
    const titleBar = await dialog(page, 'Add Student').getByRole('heading', { name: 'Add Student' }).boundingBox();
    const label = await dialog(page, 'Add Student').locator('label', { hasText: 'Student name' }).first().boundingBox();
    expect(label?.y ?? 0, 'the label is below the title bar').toBeGreaterThanOrEqual((titleBar?.y ?? 0) + (titleBar?.height ?? 0));
    await look(page, 'add-dialog-refused', 'phone');
    await page.keyboard.press('Escape');
    await dialog(page, 'Add Student').waitFor({ state: 'hidden' });

    await rowOf(page, 'Phone Pupil 11').getByRole('button', { name: 'Edit Phone Pupil 11' }).click();
    await dialog(page, 'Edit Student').waitFor();
    await look(page, 'edit-dialog', 'phone');
    await page.keyboard.press('Escape');
    await dialog(page, 'Edit Student').waitFor({ state: 'hidden' });

    await rowOf(page, 'Phone Pupil 11').getByRole('button', { name: 'Delete Phone Pupil 11' }).click();
    await dialog(page, 'Delete Phone Pupil 11?').waitFor();
    await dialog(page, 'Delete Phone Pupil 11?').getByText('They have no saved attempts.', { exact: false }).waitFor();
    await look(page, 'delete-confirm', 'phone');
    await dialog(page, 'Delete Phone Pupil 11?').getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Import CSV' }).click();
    const importDialog = dialog(page, 'Import students from CSV');
    await importDialog.waitFor();
    // Saved by Excel as "CSV (Comma delimited)": Windows-1252, so "ë" is the one byte EB. Read as such, and said.
    const csv = ['studentName,course,mobileNumber', 'Zoë Import,IELTS,98000 88888', 'Phone Bad,IELTS,123'].join('\r\n');
    await importDialog.locator('input[type="file"]').setInputFiles({ name: 'phone.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'latin1') });
    await importDialog.getByTestId('import-summary').waitFor();
    expect(await importDialog.getByTestId('import-encoding').textContent()).toContain('The file was read as Windows-1252');
    expect(await importDialog.getByTestId('import-card').first().textContent()).toContain('Zoë Import');
    // One card a row on a phone: each row's problem is in view without scrolling sideways.
    const badCard = importDialog.getByTestId('import-card').nth(1);
    expect(await badCard.isVisible()).toBe(true);
    expect(await badCard.textContent()).toContain('mobileNumber: Enter a valid mobile number');
    expect(await importDialog.getByRole('table', { name: 'Import preview' }).isVisible()).toBe(false);
    await look(page, 'import-preview', 'phone');
  });

  it('the add dialog at desktop size', async () => {
    const page = await openStudents();
    await page.getByRole('button', { name: 'Add Student' }).click();
    await dialog(page, 'Add Student').waitFor();
    await look(page, 'add-dialog', 'desktop');
  });
});

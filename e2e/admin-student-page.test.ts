import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { COURSE_INTERVIEW } from '../src/shared/courses.js';
import { attempts } from '../src/server/db/schema.js';
import { invalidateReadCaches } from '../src/server/db/read-cache.js';
import { createAdmin, createStudent, type CreatedAdmin, type CreatedStudent } from '../src/server/test/factories.js';
import { lookAt, useBrowserSuite, type ViewportName } from './support/index.js';

/**
 * The teacher's page of one student (/admin/students/:id): reached from the student's name in the
 * Students list, it shows the student and their attempts of both kinds newest first, 10 a page, each
 * opening the review page, whose back link returns to the student; a student with none says so.
 */
const suite = useBrowserSuite();
let admin: CreatedAdmin;
let asha: CreatedStudent;
let ravi: CreatedStudent;
/** Asha's attempts, newest first. */
let ashas: string[] = [];

beforeAll(async () => {
  const db = suite.server.database.db;
  admin = await createAdmin(db, { username: 'headteacher' });
  asha = await createStudent(db, { studentName: 'Asha Rao', mobileNumber: '98765 43210', username: 'asha.rao' });
  ravi = await createStudent(db, { studentName: 'Ravi Kumar', mobileNumber: '98765 43211', courseName: COURSE_INTERVIEW });
  const other = await createStudent(db, { studentName: 'Meena Iyer', mobileNumber: '98765 43212' });
  // 12 of Asha's, alternating kinds a day apart, the newest an hour ago; one of Meena's between them.
  const rows = Array.from({ length: 12 }, (_, i) => {
    const kind = i % 2 === 0 ? ('ielts' as const) : ('interview' as const);
    return {
      id: randomUUID(),
      kind,
      studentId: asha.student.id,
      sessionData: {},
      assessable: true,
      overall: kind === 'ielts' ? 6.5 : 7,
      scores: kind === 'ielts' ? { fluency: 6.5, vocabulary: 6.5, grammar: 6.5, pronunciation: 6.5, overall: 6.5 } : { communication: 7, confidence: 7, relevance: 7, clarity: 7, overall: 7 },
      durationMs: 60_000,
      completedAt: new Date(Date.now() - 3_600_000 - i * 86_400_000),
    };
  });
  ashas = rows.map((row) => row.id);
  const meenas = { ...rows[0]!, id: randomUUID(), studentId: other.student.id, completedAt: new Date(Date.now() - 2 * 86_400_000 + 60_000) };
  await db.insert(attempts).values([...rows, meenas]);
  invalidateReadCaches(db);
});

async function openAs(viewport: ViewportName, path: string) {
  const { page } = await suite.openPage({ viewport, ignore: [/status of 404/] });
  await suite.signInAs(page, admin.user.id);
  await page.goto(`${suite.server.baseUrl}${path}`);
  return page;
}

describe('a student page for teachers', () => {
  it("opens from the student's name in the Students list, pages through their attempts, and opens one", async () => {
    const page = await openAs('desktop', '/admin');
    const students = page.getByRole('table', { name: 'Students' });
    const name = students.getByRole('link', { name: 'Asha Rao', exact: true });
    // A real link, reached with the keyboard, with the name as its text.
    await name.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/admin/students/${asha.student.id}`);
    const heading = page.getByRole('heading', { level: 1, name: 'Asha Rao' });
    await expect.poll(() => heading.evaluate((element) => element === document.activeElement)).toBe(true);
    await expect.poll(() => page.getByText('asha.rao').isVisible()).toBe(true);

    const table = page.getByRole('table', { name: 'Attempts' });
    const rows = table.locator('tbody tr[data-attempt-id]');
    await expect.poll(() => rows.count()).toBe(10);
    expect(await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-attempt-id')))).toEqual(ashas.slice(0, 10));
    const first = rows.first();
    expect(await first.innerText()).toMatch(/IELTS attempt[\s\S]*6\.5[\s\S]*Awaiting review[\s\S]*Review/);
    expect(await rows.nth(1).innerText()).toMatch(/Interview attempt[\s\S]*7/);
    await expect.poll(() => page.getByText('1–10 of 12 attempts').isVisible()).toBe(true);
    await lookAt(page, 'student-page-desktop');

    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(/\?page=2$/);
    await expect.poll(() => rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-attempt-id')))).toEqual(ashas.slice(10));

    // The last one (IELTS, page 2): its review page, whose back link returns to this page of the student.
    await rows.first().getByRole('link', { name: /^Review/ }).click();
    await page.waitForURL(`**/admin/attempts/${ashas[10]}`);
    await page.getByRole('heading', { level: 1, name: 'IELTS attempt: Asha Rao' }).waitFor();
    await page.getByRole('link', { name: '← Back to Asha Rao' }).click();
    await page.waitForURL(`**/admin/students/${asha.student.id}?page=2`);
    await expect.poll(() => rows.count()).toBe(2);
    // The review page's student name leads to the student page too.
    await rows.first().getByRole('link', { name: /^Review/ }).click();
    await page.getByRole('heading', { level: 1, name: 'IELTS attempt: Asha Rao' }).waitFor();
    await page.getByRole('link', { name: 'Asha Rao', exact: true }).click();
    await page.waitForURL(`**/admin/students/${asha.student.id}`);
    await page.getByRole('link', { name: '← Back to Students' }).click();
    await page.waitForURL(/\/admin$/);
    await page.context().close();
  });

  it('on a phone: the attempts as cards; a student with none says so; an unknown student is named as such', async () => {
    const page = await openAs('phone', `/admin/students/${asha.student.id}`);
    await page.getByRole('heading', { level: 1, name: 'Asha Rao' }).waitFor();
    const cards = page.getByRole('list', { name: 'Attempts' }).getByRole('listitem');
    await expect.poll(() => cards.count()).toBe(10);
    await lookAt(page, 'student-page-phone');

    await page.goto(`${suite.server.baseUrl}/admin/students/${ravi.student.id}`);
    await page.getByRole('heading', { level: 1, name: 'Ravi Kumar' }).waitFor();
    const empty = 'No attempts yet: this student has not saved a speaking test or an interview.';
    await expect.poll(() => page.getByRole('list', { name: 'Attempts' }).getByText(empty).isVisible()).toBe(true);
    await lookAt(page, 'student-page-empty-phone');
    const desktop = await openAs('desktop', `/admin/students/${ravi.student.id}`);
    await desktop.getByRole('heading', { level: 1, name: 'Ravi Kumar' }).waitFor();
    await expect.poll(() => desktop.getByRole('table', { name: 'Attempts' }).getByText(empty).isVisible()).toBe(true);
    await lookAt(desktop, 'student-page-empty-desktop');
    await desktop.context().close();

    await page.goto(`${suite.server.baseUrl}/admin/students/987654`);
    await page.getByRole('alert').filter({ hasText: 'There is no student with id 987654. They may have been deleted.' }).waitFor();
    await page.context().close();
  });
});

import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { COURSE_INTERVIEW } from '../src/shared/courses.js';
import { createAdmin, createStudent } from '../src/server/test/factories.js';
import { lookAt, signInWithForm, toast, TOAST_SELECTOR, toastsStandStill, useBrowserSuite, type ViewportName } from './support/index.js';

/**
 * Where things sit on the screen at a laptop's and a phone's size: the "Login successful" toast clear
 * of the page's heading and of the controls it opens with, every list's Add More beside its heading on
 * the interview profile, and the header's Practice leading to the student's course page however the
 * page was opened.
 */
const suite = useBrowserSuite();
const VIEWPORTS: ViewportName[] = ['desktop', 'phone'];

type Box = { x: number; y: number; width: number; height: number };

const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function box(locator: Locator, what: string): Promise<Box> {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${what} has no box`);
  return found;
}

/** Every heading and control drawn on the screen (not the toast's own), with a name to report. */
async function onScreen(page: Page): Promise<Array<{ name: string; box: Box }>> {
  return page.evaluate((toastSelector) => {
    const seen: Array<{ name: string; box: { x: number; y: number; width: number; height: number } }> = [];
    for (const element of document.querySelectorAll<HTMLElement>('h1, h2, h3, h4, button, a[href], input, select, textarea, [role="tab"]')) {
      if (element.closest(toastSelector)) continue;
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0 || rect.bottom <= 0 || rect.top >= window.innerHeight) continue;
      seen.push({ name: `${element.tagName.toLowerCase()} "${(element.innerText || element.getAttribute('aria-label') || '').trim().slice(0, 40)}"`, box: { x: rect.x, y: rect.y, width: rect.width, height: rect.height } });
    }
    return seen;
  }, TOAST_SELECTOR);
}

describe('the sign-in toast', () => {
  for (const viewport of VIEWPORTS) {
    it(`covers neither the heading nor the controls a page opens with (${viewport})`, async () => {
      const db = suite.server.database.db;
      const admin = await createAdmin(db);
      const student = await createStudent(db, { studentName: 'Asha Toast' });
      for (const [who, username, password, heading] of [
        ['admin', admin.username, admin.password, `Welcome, ${admin.username}`],
        ['student', student.mobileNumber, student.password, 'Welcome, Asha Toast'],
      ] as const) {
        // /auth asks for the current user first: a 401 there is expected.
        const { page } = await suite.openPage({ viewport, ignore: [/status of 401/] });
        await signInWithForm(page, suite.server.baseUrl, username, password);
        const signedIn = toast(page, 'Login successful');
        await signedIn.waitFor();
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        await toastsStandStill(page);
        const toastBox = await box(signedIn, 'the toast');
        const size = page.viewportSize() ?? { width: 0, height: 0 };
        // At the bottom of the screen, clear of the header and of the page's opening lines.
        expect(size.height - (toastBox.y + toastBox.height), `${who}: toast at the bottom`).toBeLessThan(48);
        if (viewport === 'desktop') expect(toastBox.x, `${who}: toast at the left`).toBeLessThan(48);
        const covered = (await onScreen(page)).filter((item) => overlap(item.box, toastBox));
        const headingBox = await box(page.getByRole('heading', { level: 1, name: heading }), 'the heading');
        expect(overlap(headingBox, toastBox), `${who}: the heading is covered`).toBe(false);
        // A laptop's screen has room to spare at the bottom left: nothing there is covered. A phone's
        // screen is full: what it opens with (the heading, the header, the first controls) stays clear.
        const coveredHere = viewport === 'desktop' ? covered : covered.filter((item) => item.box.y < size.height / 2);
        expect(coveredHere.map((item) => item.name), `${who}: covered`).toEqual([]);
        await lookAt(page, `sign-in-toast-${who}-${viewport}`);
        await page.context().close();
      }
    });
  }
});

describe('the interview profile', () => {
  for (const viewport of VIEWPORTS) {
    it(`keeps every list's Add More beside its heading (${viewport})`, async () => {
      const student = await createStudent(suite.server.database.db, { studentName: 'Priya Lists', courseName: COURSE_INTERVIEW });
      const { page } = await suite.openPage({ viewport });
      await suite.signInAs(page, student.user.id);
      await page.goto(`${suite.server.baseUrl}/interview-dashboard`);
      for (const list of ['Professional Experience', 'Education', 'Certification', 'Technical Skills', 'Achievements']) {
        const section = page.getByRole('region', { name: list });
        const heading = await box(section.getByRole('heading', { name: list }), `${list}'s heading`);
        const button = await box(section.getByRole('button', { name: `Add More ${list}` }), `${list}'s Add More`);
        // On the heading's row: the button starts above the heading's last line ends, and to its right.
        expect(button.y, `${list}: Add More under its heading`).toBeLessThan(heading.y + heading.height);
        expect(button.x, `${list}: Add More beside its heading`).toBeGreaterThanOrEqual(heading.x + heading.width);
      }
      await lookAt(page, `interview-lists-${viewport}`);
    });
  }
});

describe("the header's Practice", () => {
  it("leads to the student's course page on a fresh load as after signing in", async () => {
    const db = suite.server.database.db;
    const ielts = await createStudent(db, { studentName: 'Asha Practice' });
    const aspirant = await createStudent(db, { studentName: 'Ravi Practice', courseName: COURSE_INTERVIEW });
    for (const [student, course] of [
      [ielts, '/test'],
      [aspirant, '/interview-dashboard'],
    ] as const) {
      for (const path of [course, '/progress']) {
        const { page } = await suite.openPage();
        await suite.signInAs(page, student.user.id);
        await page.goto(`${suite.server.baseUrl}${path}`);
        const practice = page.getByRole('navigation', { name: 'Your practice' }).getByRole('link', { name: 'Practice', exact: true });
        await expect.poll(() => practice.getAttribute('href'), { timeout: 5000 }).toBe(course);
        await page.context().close();
      }
    }
    // Signed in through the form, the same.
    const { page } = await suite.openPage({ ignore: [/status of 401/] });
    await signInWithForm(page, suite.server.baseUrl, ielts.mobileNumber, ielts.password);
    await page.waitForURL('**/test');
    await expect.poll(() => page.getByRole('link', { name: 'Practice', exact: true }).getAttribute('href'), { timeout: 5000 }).toBe('/test');
  });
});

import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { COURSE_INTERVIEW } from '../src/shared/courses.js';
import { attempts } from '../src/server/db/schema.js';
import { sessionCookieForUser } from '../src/server/test/app.js';
import { createStudent, type CreatedStudent } from '../src/server/test/factories.js';
import { lookAt, screenshot, useBrowserSuite, type ViewportName } from './support/index.js';

/**
 * A student's home: the header's Practice, My progress and Sign out on every student
 * page, by keyboard too; during a running test they ask first, in the test's own leave dialog.
 * My progress draws the estimate and the teacher's band as two series with round ticks and a date
 * label per attempt (two on one day told apart by their time).
 */
const suite = useBrowserSuite();
const DAY_MS = 24 * 3600_000;

let asha: CreatedStudent;
let ravi: CreatedStudent;
let mira: CreatedStudent;

const bands = (value: number) => ({ fluency: value, vocabulary: value, grammar: value, pronunciation: value, overall: value });

async function insert(student: CreatedStudent, at: number, estimate: number, released?: number, analysis?: unknown): Promise<void> {
  const releasedAt = new Date(at + 3600_000);
  await suite.server.database.db.insert(attempts).values({
    id: randomUUID(),
    kind: 'ielts',
    studentId: student.student.id,
    sessionData: {},
    assessable: true,
    overall: estimate,
    scores: bands(estimate),
    durationMs: 60_000,
    completedAt: new Date(at),
    ...(analysis === undefined ? {} : { analysis }),
    ...(released === undefined
      ? {}
      : { teacherScores: bands(released), teacherComment: 'Good work.', reviewedAt: releasedAt, releasedScores: bands(released), releasedComment: 'Good work.', releasedAt }),
  });
}

beforeAll(async () => {
  const db = suite.server.database.db;
  asha = await createStudent(db, { studentName: 'Asha Home' });
  ravi = await createStudent(db, { studentName: 'Ravi Home', courseName: COURSE_INTERVIEW });
  const now = Date.now();
  // Two tests on one morning (10:00 and 10:40 at the school), then an estimated 7.0 the teacher released as 6.5.
  const morning = Date.parse(new Date(now - 6 * DAY_MS).toISOString().slice(0, 10) + 'T04:30:00Z');
  await insert(asha, morning, 5.5);
  await insert(asha, morning + 40 * 60_000, 6);
  await insert(asha, now - 2 * DAY_MS, 7, 6.5);
  // A school that upgraded: two attempts scored by section 9's fixed rules (their working starts fluency 5, vocabulary 5, grammar 6), then one since.
  mira = await createStudent(db, { studentName: 'Mira Upgrade' });
  const criterion = (name: string, base: number) => ({ criterion: name, base, band: 6.5, rules: [], figures: {}, advice: '' });
  const earlierRules = { assessable: true, criteria: [criterion('fluency', 5), criterion('vocabulary', 5), criterion('grammar', 6), criterion('pronunciation', 6.5)] };
  await insert(mira, now - 20 * DAY_MS, 6.5, undefined, earlierRules);
  await insert(mira, now - 15 * DAY_MS, 6.5, undefined, earlierRules);
  await insert(mira, now - 3 * DAY_MS, 5.5);
}, 60_000);

async function open(student: CreatedStudent, path: string, viewport: ViewportName): Promise<Page> {
  const { page } = await suite.openPage({ viewport });
  await suite.signInAs(page, student.user.id);
  await page.goto(`${suite.server.baseUrl}${path}`);
  return page;
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Your practice' });

describe("the student's header", () => {
  it.each(['desktop', 'phone'] as const)('My progress on %s: the header, and the two series with their ticks, legend and dates', async (viewport) => {
    const page = await open(asha, '/progress', viewport);
    await page.getByRole('heading', { name: 'My progress', level: 1 }).waitFor();
    await page.getByTestId('chart-ielts-overall').waitFor();
    expect(await nav(page).getByRole('link', { name: 'My progress' }).getAttribute('aria-current')).toBe('page');
    expect(await nav(page).getByRole('link', { name: 'Practice' }).getAttribute('aria-current')).toBeNull();
    await nav(page).getByRole('button', { name: 'Sign out' }).waitFor();
    // The header's one row, the links inside the page's width.
    const header = await page.locator('header').boundingBox();
    expect(header?.height).toBeLessThanOrEqual(58);

    const chart = page.getByTestId('chart-ielts-overall');
    const values = (series: string) => chart.locator(`[data-series="${series}"] g[data-value]`).evaluateAll((marks) => marks.map((mark) => Number(mark.getAttribute('data-value'))));
    expect(await values('estimate')).toEqual([5.5, 6, 7]);
    expect(await values('teacher')).toEqual([6.5]);
    expect(await chart.locator('g[data-tick]').allTextContents()).toEqual(['1', '3', '5', '7', '9']);
    expect(await chart.locator('ul li').allTextContents()).toEqual(['Estimate', "Teacher's band"]);
    // Every attempt has its own label in the table; the two of one morning differ by their time.
    const rows = await chart.locator('tbody th').allTextContents();
    expect(rows).toHaveLength(3);
    expect(new Set(rows).size).toBe(3);
    const labels = await chart.locator('svg text').allTextContents();
    const morningLabels = labels.filter((label) => /\d\d:\d\d$/.test(label));
    expect(morningLabels.length).toBeGreaterThanOrEqual(1);
    expect(await chart.getByText("your teacher's band 6.5 on 1 attempt", { exact: false }).count()).toBe(1);
    await lookAt(page, `student-home-progress-${viewport}`);
  });

  it('My progress after an upgrade (phone): the earlier fixed rules\' estimates are listed, not drawn on the line of the calibrated ones', async () => {
    const page = await open(mira, '/progress', 'phone');
    const chart = page.getByTestId('chart-ielts-overall');
    await chart.waitFor();
    const values = await chart.locator('[data-series="estimate"] g[data-value]').evaluateAll((marks) => marks.map((mark) => Number(mark.getAttribute('data-value'))));
    expect(values).toEqual([5.5]);
    expect(await page.getByTestId('earlier-rules-ielts').textContent()).toMatch(/^The estimates of 2 earlier attempts are not on the charts: they were made by the simpler fixed rules/);
    expect(await page.getByText('Overall band: 6.5 (estimate by the earlier fixed rules)').count()).toBe(2);
    await lookAt(page, 'student-home-progress-upgraded-phone');
  });

  it("a tap on My progress while /student opens the practice wins over the move to the course's page, however long My progress's code takes", async () => {
    const { page } = await suite.openPage({ viewport: 'desktop' });
    await suite.signInAs(page, asha.user.id);
    // A slow laptop or network: My progress's code arrives after the second /student waits before moving on
    // (a laptop's: a phone on Android waits three).
    await page.route('**/assets/ProgressPage-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      await route.continue();
    });
    await page.goto(`${suite.server.baseUrl}/student`);
    await page.getByRole('heading', { name: 'Welcome, Asha Home' }).waitFor();
    await page.getByRole('link', { name: 'Or open My progress' }).click();
    // The move to /test was due a second after the profile loaded: it must not take the student there instead.
    await page.getByRole('heading', { name: 'My progress', level: 1 }).waitFor({ timeout: 15_000 });
    await page.waitForTimeout(1_500);
    expect(new URL(page.url()).pathname).toBe('/progress');
  });

  it('reaches Practice, My progress and Sign out by keyboard, and signs out', async () => {
    const page = await open(asha, '/progress', 'desktop');
    await page.getByTestId('chart-ielts-overall').waitFor();
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    const reached: string[] = [];
    for (let i = 0; i < 6 && !reached.includes('Sign out'); i += 1) {
      await page.keyboard.press('Tab');
      reached.push(await focused());
    }
    expect(reached).toEqual(expect.arrayContaining(['Practice', 'My progress', 'Sign out']));
    expect(reached.indexOf('Practice')).toBeLessThan(reached.indexOf('My progress'));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/auth');
    await page.getByRole('heading', { level: 1 }).waitFor();
  });

  it('on /test (phone): the header, the setup card on one line, and during the test the links ask first', async () => {
    const page = await open(asha, '/test', 'phone');
    await page.getByRole('heading', { name: 'IELTS Speaking Test', level: 1 }).waitFor();
    await nav(page).waitFor();
    expect(await page.getByText('Test for Asha Home', { exact: true }).count()).toBe(1);
    // The three markers and 'Part 1 of 3' share one line at 390 px.
    const markerTops = () => page.locator('section[aria-label="Test progress"] ol li').evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)));
    expect(new Set(await markerTops()).size).toBe(1);
    await page.getByRole('button', { name: 'Start Test' }).waitFor({ timeout: 20_000 });
    await lookAt(page, 'student-home-test-ready-phone');
    await page.getByRole('button', { name: 'Start Test' }).click();
    // 'Part 1 of 3' shows on the ready card too: the test runs, and guards leaving, once its first
    // question is up (the running code may still be loading after the click).
    await page.getByText('Question 1 of 10', { exact: true }).waitFor({ timeout: 45_000 });
    await page.getByTestId('progress-label').filter({ hasText: 'Part 1 of 3' }).waitFor();
    // Part 1's marker in bold, and at 360 px, as many Android phones are: still one line.
    await page.setViewportSize({ width: 360, height: 780 });
    expect(new Set(await markerTops()).size).toBe(1);
    await screenshot(page, 'student-home-test-part1-360', { fullPage: false });
    await page.setViewportSize({ width: 390, height: 844 });

    // A link away: the test's own "Leave the test?" dialog; Stay keeps the test.
    await nav(page).getByRole('link', { name: 'My progress' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave the test?' });
    // Its code loads once the test has started; on a machine busy with the rest of the suite that took
    // over 10 s once (it takes under 1 s alone).
    await dialog.waitFor({ timeout: 45_000 });
    // A screen reader hears the message as its description, not the buttons' labels after it.
    const describedBy = await dialog.getAttribute('aria-describedby');
    expect(describedBy).toBeTruthy();
    expect((await page.locator(`[id="${describedBy ?? ''}"]`).innerText()).trim()).toBe('Leaving or reloading this page ends your test, and the student details on this device are cleared.');
    await dialog.getByRole('button', { name: 'Stay' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/test');
    // Sign out asks in the same dialog; Stay keeps the student signed in.
    await nav(page).getByRole('button', { name: 'Sign out' }).click();
    await dialog.waitFor();
    await lookAt(page, 'student-home-test-leave-phone', { oneH1: false });
    await dialog.getByRole('button', { name: 'Stay' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await page.request.get(`${suite.server.baseUrl}/api/user`)).status()).toBe(200);
    // Leave: to My progress.
    await nav(page).getByRole('link', { name: 'My progress' }).click();
    await dialog.getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL('**/progress');
    await page.getByRole('heading', { name: 'My progress', level: 1 }).waitFor();
  });

  it.each(['desktop', 'phone'] as const)('on the interview dashboard (%s): the header, Practice is the dashboard, no made-up name while loading', async (viewport) => {
    const cookie = await sessionCookieForUser(suite.server.database.db, ravi.user.id);
    const html = (await suite.server.app.inject({ url: '/interview-dashboard', headers: { cookie } })).body;
    expect(html).toContain('Interview Dashboard');
    expect(html).not.toContain('Student Name');
    const page = await open(ravi, '/interview-dashboard', viewport);
    await page.getByText('Welcome, Ravi Home').waitFor();
    expect(await nav(page).getByRole('link', { name: 'Practice' }).getAttribute('aria-current')).toBe('page');
    expect(await nav(page).getByRole('link', { name: 'Practice' }).getAttribute('href')).toBe('/interview-dashboard');
    await lookAt(page, `student-home-interview-dashboard-${viewport}`);
  });
});

import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnalysisProcesses } from '../src/server/analysis/process.js';
import { createAttempt } from '../src/server/test/attempt-fixtures.js';
import { createAdmin, createStudent, type CreatedAdmin, type CreatedStudent } from '../src/server/test/factories.js';
import { analyseAll } from './support/analyse.js';
import { lookAt, testResultsDir, useBrowserSuite, type ViewportName } from './support/index.js';
import { buildMonth, type Month } from './support/student-month.js';

/**
 * A student's month, as the student sees it: every page they open, on a phone and a computer, with
 * eight speaking tests and four mock interviews over four weeks (e2e/support/student-month.ts). What
 * the pages must agree on: whose figure each number is (an interview's teacher gives scores), a test
 * of a few dozen words said to be a rough guide wherever its estimate shows, and the charts on one
 * set of dates. The screenshots (month-*) and the pages' text (test-results/month-text) are for looking at.
 */
const suite = useBrowserSuite();
const processes = new AnalysisProcesses();
let admin: CreatedAdmin;
let meera: CreatedStudent;
let month: Month;

beforeAll(async () => {
  const db = suite.server.database.db;
  admin = await createAdmin(db, { username: 'msrao' });
  meera = await createStudent(db, { studentName: 'Meera Joshi' });
  month = await buildMonth(suite.server, meera, admin, () => analyseAll(suite.server, processes));
}, 300_000);

afterAll(async () => {
  await processes.close();
});

async function open(student: CreatedStudent, url: string, viewport: ViewportName): Promise<Page> {
  const { page } = await suite.openPage({ viewport });
  await suite.signInAs(page, student.user.id);
  await page.goto(`${suite.server.baseUrl}${url}`);
  return page;
}

const textDir = path.join(testResultsDir, 'month-text');
async function keepText(page: Page, name: string) {
  mkdirSync(textDir, { recursive: true });
  writeFileSync(path.join(textDir, `${name}.txt`), await page.locator('main').innerText());
}

describe("a student's month", () => {
  it.each(['phone', 'desktop'] as const)('My progress (%s): whose figure each line is, the short test said to be one, the charts on one set of dates', async (viewport) => {
    const page = await open(meera, '/progress', viewport);
    await page.getByTestId('chart-ielts-overall').waitFor();
    await lookAt(page, `month-progress-${viewport}`);
    await keepText(page, `progress-${viewport}`);
    // An interview's teacher gives scores, as its cards say ("Your teacher's scores: ..."), not bands.
    const interview = page.getByTestId('chart-interview-overall');
    expect(await interview.locator('ul li').allTextContents()).toEqual(['Estimate', "Teacher's score"]);
    expect(await interview.innerText()).toContain("your teacher's score 6 on 1 attempt");
    expect(await page.getByTestId('chart-ielts-overall').locator('ul li').allTextContents()).toEqual(['Estimate', "Teacher's band"]);
    // The test of 70 words: a rough guide, above the charts and on its card; no other test is one.
    const short = month.byLabel('test 5 (short)');
    expect(await page.getByTestId('short-tests-ielts').innerText()).toMatch(/^The estimate of your test on \d+ \w+ \d{4} is based on only \d+ words, so read it as a rough guide, not as a change in your level\.$/);
    const cards = page.getByTestId('progress-attempt');
    const shortCard = cards.filter({ has: page.locator(`a[href="/progress/attempts/${short.id}"]`) });
    expect(await shortCard.innerText()).toMatch(/Overall band: \d\.\d \(estimate from only \d+ words: a rough guide\)/);
    expect(await cards.filter({ hasText: 'rough guide' }).count()).toBe(1);
    // The Firefox test, with no band yet, is named as left off the charts (8 tests, 7 drawn).
    expect(await page.getByTestId('not-drawn-ielts').innerText()).toBe('1 test without a band yet (awaiting your teacher) is in the list below but not on the charts.');
    expect(await page.getByTestId('not-drawn-interview').count()).toBe(0);
    // The teacher's Pronunciation bands are drawn on the same attempts (and dates) as the overall.
    const rows = (key: string) => page.getByTestId(`chart-ielts-${key}`).locator('tbody th').allTextContents();
    expect(await rows('pronunciation')).toEqual(await rows('overall'));
  }, 60_000);

  it.each(['phone', 'desktop'] as const)('the practice page (%s)', async (viewport) => {
    const page = await open(meera, '/test', viewport);
    await page.getByRole('button', { name: 'Start Test' }).waitFor({ timeout: 20_000 });
    await lookAt(page, `month-test-${viewport}`);
    await keepText(page, `test-${viewport}`);
  }, 60_000);

  it.each(['phone', 'desktop'] as const)('the interview dashboard (%s)', async (viewport) => {
    const page = await open(meera, '/interview-dashboard', viewport);
    await page.getByText('Welcome, Meera Joshi').waitFor();
    await lookAt(page, `month-interview-dashboard-${viewport}`);
    await keepText(page, `interview-dashboard-${viewport}`);
  }, 60_000);

  // One page of each kind on the phone, where it is tightest (the others lay out the same things with
  // other words: test 6 is released as test 1 is, test 7 has its estimate alone as test 2 has, interviews
  // 1 and 3 are unreviewed as interview 4 is); on the desktop too the ones with something of their own
  // to lay out (the short test, the review released again, the Firefox test, one analysing, an interview).
  const LIKE_ANOTHER = new Set(['test 6', 'test 7', 'interview 1', 'interview 3']);
  const ALSO_ON_DESKTOP = new Set(['test 3', 'test 4 (Firefox)', 'test 5 (short)', 'test 8 (analysing)', 'interview 4']);

  it('every kind of attempt page (phone; the distinct ones on desktop too)', async () => {
    for (const attempt of month.attempts.filter(({ label }) => !LIKE_ANOTHER.has(label))) {
      for (const viewport of ALSO_ON_DESKTOP.has(attempt.label) ? (['phone', 'desktop'] as const) : (['phone'] as const)) {
        const page = await open(meera, `/progress/attempts/${attempt.id}`, viewport);
        await page.getByRole('heading', { name: 'Your answers' }).waitFor({ timeout: 20_000 });
        const name = `month-attempt-${attempt.label.replace(/\W+/g, '-')}-${viewport}`;
        await lookAt(page, name);
        await keepText(page, name);
        // Only the short test's estimate is said to rest on few words.
        expect(await page.getByTestId('short-test').count(), attempt.label).toBe(attempt.label === 'test 5 (short)' ? 1 : 0);
        // The review released again says so, and what changed since the student first read it; no other does.
        const amended = page.getByTestId('review-amended');
        if (attempt.label === 'test 3') expect(await amended.innerText()).toMatch(/^Your teacher changed this review after first releasing it on .+: Fluency 5\.0 → 6\.0\.$/);
        else expect(await amended.count(), attempt.label).toBe(0);
        await page.context().close();
      }
    }
  }, 600_000);

  it('one attempt only (phone): the line starts with the next', async () => {
    const db = suite.server.database.db;
    const solo = await createStudent(db, { studentName: 'Arjun Solo' });
    await createAttempt(db, solo.student.id);
    const page = await open(solo, '/progress', 'phone');
    await page.getByTestId('chart-ielts-overall').waitFor();
    expect(await page.getByTestId('not-drawn-ielts').innerText()).toBe('Only one test is on the charts so far: your next test will start the line.');
    await lookAt(page, 'month-progress-one-attempt-phone');
    await keepText(page, 'progress-one-attempt-phone');
  }, 60_000);
});

import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { COURSE_IELTS, COURSE_INTERVIEW } from '../src/shared/courses.js';
import { NOTHING_TO_SCORE_LABEL } from '../src/shared/api/no-result-texts.js';
import { attempts } from '../src/server/db/schema.js';
import { invalidateReadCaches } from '../src/server/db/read-cache.js';
import { createAdmin, createStudent, type CreatedAdmin, type CreatedStudent } from '../src/server/test/factories.js';
import { lookAt, useBrowserSuite, type ViewportName } from './support/index.js';

/**
 * The teacher's class view: on seeded attempts, the band distribution, the
 * weekly criterion averages, the students who stopped practising and the attempts awaiting review
 * shown equal a hand computation; one link of each list is followed; both screen sizes looked at.
 */
const suite = useBrowserSuite();
const DAY_MS = 24 * 3600_000;
const TIME_ZONE = 'Asia/Kolkata'; // the test server's SCHOOL_TIMEZONE (the default)
/** IST is UTC+5:30 all year (no daylight saving). */
const IST_MS = 5.5 * 3600_000;

let admin: CreatedAdmin;
let interviewCourseId = 0;
let ieltsCourseId = 0;
const ids: Record<string, string> = {};
const people: Record<string, CreatedStudent> = {};
/** The first instant of the current school week (Monday 00:00 IST), worked out here independently of the app. */
let mondayStart = 0;

function currentMondayStart(now: number): number {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(now));
  const midnightUtc = Date.parse(`${today}T00:00:00Z`);
  const sinceMonday = (new Date(midnightUtc).getUTCDay() + 6) % 7;
  return midnightUtc - sinceMonday * DAY_MS - IST_MS;
}

const ielts = (fluency: number, vocabulary: number, grammar: number, pronunciation: number) => ({
  fluency,
  vocabulary,
  grammar,
  pronunciation,
  overall: (fluency + vocabulary + grammar + pronunciation) / 4,
});

async function insert(student: CreatedStudent, at: number, scores: Record<string, number>, released?: Record<string, number>): Promise<string> {
  const id = randomUUID();
  const releasedAt = new Date();
  await suite.server.database.db.insert(attempts).values({
    id,
    kind: 'ielts',
    studentId: student.student.id,
    sessionData: {},
    assessable: true,
    overall: scores.overall ?? null,
    scores,
    durationMs: 60_000,
    completedAt: new Date(at),
    ...(released ? { teacherScores: released, teacherComment: 'Well done.', reviewedAt: releasedAt, releasedScores: released, releasedComment: 'Well done.', releasedAt } : {}),
  });
  return id;
}

beforeAll(async () => {
  const db = suite.server.database.db;
  const now = Date.now();
  mondayStart = currentMondayStart(now);
  admin = await createAdmin(db, { username: 'classteacher' });
  for (const name of ['Asha Rao', 'Bilal Khan', 'Dev Menon', 'Esha Nair', 'Hari Iyer']) {
    people[name] = await createStudent(db, { studentName: name, courseName: COURSE_IELTS });
  }
  ieltsCourseId = people['Asha Rao']!.course.id;
  // This week: Asha (6, 5.5, 6, 7), overall 6.125 -> band 6.0, her latest.
  ids.a1 = await insert(people['Asha Rao']!, now - 30_000, ielts(6, 5.5, 6, 7));
  // Last week (the Friday): Asha's estimate (7, 7, 7, 7) replaced by the teacher's released (8, 7, 7, 7); Bilal (5, 5, 5, 5).
  ids.a2 = await insert(people['Asha Rao']!, mondayStart - 3 * DAY_MS, ielts(7, 7, 7, 7), ielts(8, 7, 7, 7));
  ids.b1 = await insert(people['Bilal Khan']!, mondayStart - 3 * DAY_MS + 3600_000, ielts(5, 5, 5, 5));
  // Three weeks back (17 days before this Monday, so more than 14 days ago): Dev's estimate 6.5, the teacher's released 6.
  ids.d1 = await insert(people['Dev Menon']!, mondayStart - 17 * DAY_MS, ielts(6.5, 6.5, 6.5, 6.5), ielts(6, 6, 6, 6));
  // 100 days back: before the 12 weeks; band 5.5; not reviewed.
  ids.h1 = await insert(people['Hari Iyer']!, mondayStart - 100 * DAY_MS, ielts(5.5, 5.5, 5.5, 5.5));
  // Esha never practised.
  // Another course's interview, taken where nothing could transcribe or record it: nothing to score.
  const farah = await createStudent(db, { studentName: 'Farah Ali', courseName: COURSE_INTERVIEW });
  interviewCourseId = farah.course.id;
  ids.f1 = randomUUID();
  await db.insert(attempts).values({
    id: ids.f1,
    kind: 'interview',
    studentId: farah.student.id,
    sessionData: { noTranscript: true, noRecording: true },
    assessable: false,
    durationMs: 60_000,
    completedAt: new Date(now - 20_000),
  });
  invalidateReadCaches(db);
}, 60_000);

async function openClassView(viewport: ViewportName): Promise<Page> {
  const { page } = await suite.openPage({ viewport });
  await suite.signInAs(page, admin.user.id);
  await page.goto(`${suite.server.baseUrl}/admin?tab=class`);
  await page.getByLabel('Course').selectOption(String(ieltsCourseId));
  await page.getByTestId('band-distribution').waitFor();
  expect(new URL(page.url()).searchParams.get('course')).toBe(String(ieltsCourseId));
  return page;
}

describe('the class view', () => {
  it('shows the hand-computed figures and its links lead to the student and the attempt (desktop)', async () => {
    const page = await openClassView('desktop');

    // Latest overall bands: Bilal 5.0, Hari 5.5, Asha 6.125 -> 6.0 and Dev's released 6.0; Esha never practised.
    const bars = await page
      .locator('[data-testid="band-distribution"] g[data-category]')
      .evaluateAll((groups) => groups.map((g) => [Number(g.getAttribute('data-category')), Number(g.getAttribute('data-value'))]));
    expect(bars).toEqual([
      [5, 1],
      [5.5, 1],
      [6, 2],
    ]);
    // Whole-number ticks for a count of students (once read "1, 1, 0"), and round ones for the averages.
    const ticks = (testId: string) => page.locator(`[data-testid="${testId}"] g[data-tick]`).evaluateAll((groups) => groups.map((g) => g.textContent));
    expect(await ticks('band-distribution')).toEqual(['0', '1', '2']);
    expect(await ticks('weekly-averages')).toEqual(['4', '5', '6', '7']);
    await expect.poll(() => page.getByTestId('never-practised').textContent()).toBe('Never practised: 1');
    expect(await page.getByTestId('no-band').textContent()).toBe('No band yet: 0');

    // Weekly averages, oldest week first: three weeks back Dev's released 6s; last week (8 + 5) / 2 = 6.5,
    // (7 + 5) / 2 = 6 ...; this week Asha's estimate. Other weeks: no attempts.
    const table = await page
      .getByTestId('weekly-table')
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent)));
    const none = ['0', '0', 'no band', 'no band', 'no band', 'no band'];
    expect(table).toEqual([
      ...Array.from({ length: 8 }, () => none),
      ['1', '1', '6.0', '6.0', '6.0', '6.0'],
      none,
      ['2', '2', '6.5', '6.0', '6.0', '6.0'],
      ['1', '1', '6.0', '5.5', '6.0', '7.0'],
    ]);
    // The chart draws the same points.
    const fluency = await page
      .locator('[data-testid="weekly-averages"] [data-series="fluency"] g[data-value]')
      .evaluateAll((marks) => marks.map((mark) => Number(mark.getAttribute('data-value'))));
    expect(fluency).toEqual([6, 6.5, 6]);

    // Not practised for 14 days: Esha (never) first, then Hari (100 days), then Dev (17 days).
    const inactive = page.getByTestId('inactive-student');
    expect(await inactive.evaluateAll((items) => items.map((item) => item.querySelector('p')?.textContent))).toEqual(['Esha Nair', 'Hari Iyer', 'Dev Menon']);
    expect(await page.getByTestId('inactive-total').textContent()).toContain('3 students');
    await expect.poll(() => inactive.nth(0).textContent()).toContain('Never practised');
    // Days counted by the school's calendar (its dates, not whole 24-hour periods); the number as every other page shows it.
    const schoolDate = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(ms);
    const devDays = Math.round((Date.parse(schoolDate(Date.now())) - Date.parse(schoolDate(mondayStart - 17 * DAY_MS))) / DAY_MS);
    expect(await inactive.nth(2).textContent()).toContain(`(${devDays} days ago)`);
    expect(await inactive.nth(2).getByRole('link', { name: /^\+91 \d{5} \d{5}$/ }).count()).toBe(1);

    // Awaiting review, oldest first: Hari's, Bilal's, Asha's latest (the two released are not waiting).
    const awaiting = page.getByTestId('awaiting-attempt');
    expect(await awaiting.evaluateAll((items) => items.map((item) => item.getAttribute('data-attempt-id')))).toEqual([ids.h1, ids.b1, ids.a1]);
    expect(await page.getByTestId('awaiting-total').textContent()).toContain('3 attempts');

    await lookAt(page, 'class-view-desktop');

    // Each link says which attempt it opens, not only whose (a student may have several waiting).
    expect(await awaiting.nth(0).getByRole('link').textContent()).toMatch(/^Hari Iyer: (IELTS|Interview) attempt, \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/);
    // The oldest waiting attempt opens its review page.
    await awaiting.nth(0).getByRole('link', { name: 'Hari Iyer' }).click();
    await page.waitForURL(`**/admin/attempts/${ids.h1}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.goBack();
    await page.getByTestId('inactive-list').waitFor();
    // A student who stopped: their latest attempt.
    await page.getByRole('link', { name: 'Dev Menon: latest attempt' }).click();
    await page.waitForURL(`**/admin/attempts/${ids.d1}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
  });

  it('fits a phone: the same figures, nothing cut off, no sideways scroll', async () => {
    const page = await openClassView('phone');
    expect(await page.getByTestId('awaiting-attempt').count()).toBe(3);
    expect(await page.getByTestId('inactive-student').count()).toBe(3);
    await lookAt(page, 'class-view-phone');
    // Every course's waiting attempts without a course chosen.
    await page.getByLabel('Course').selectOption('');
    // The course's charts go once the all-courses figures are in (the waiting list is 3 both before
    // and after, so it cannot tell the new figures from the old).
    await expect.poll(() => page.getByTestId('band-distribution').count()).toBe(0);
    await expect.poll(() => page.getByTestId('awaiting-attempt').count()).toBe(4);
    // Farah's interview has nothing to score: the list says so before the teacher opens it, as the attempts list does.
    const farah = page.locator(`[data-testid="awaiting-attempt"][data-attempt-id="${ids.f1}"]`);
    expect(await farah.getByTestId('nothing-to-score').innerText()).toBe(NOTHING_TO_SCORE_LABEL);
    expect(await farah.getByRole('link').textContent()).toMatch(/^Farah Ali: Interview attempt, .*, nothing to score: ask for a retake$/);
    expect(await page.getByTestId('nothing-to-score').count()).toBe(1);
    await lookAt(page, 'class-view-all-courses-phone');

    // The interview course's chart speaks of scores, as the interview's pages do.
    await page.getByLabel('Course').selectOption(String(interviewCourseId));
    const chart = page.getByTestId('band-distribution');
    await chart.getByText('Latest overall score', { exact: true }).waitFor();
    expect(await page.getByTestId('no-band').textContent()).toBe('No score yet: 1');
    await lookAt(page, 'class-view-interview-phone');
  });
});

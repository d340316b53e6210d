import { readFileSync } from 'node:fs';
import type { Locator, Page, Response } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { bandText, type AttemptKind } from '../src/shared/api/admin-attempts.js';
import { scoreKeyText } from '../src/shared/api/admin-attempts-limits.js';
import { COURSE_INTERVIEW } from '../src/shared/courses.js';
import { createAttempt, interviewSessionBody, testSessionBody } from '../src/server/test/attempt-fixtures.js';
import { createAdmin, createStudent, type CreatedAdmin, type CreatedStudent } from '../src/server/test/factories.js';
import { attempts } from '../src/server/db/schema.js';
import { invalidateReadCaches } from '../src/server/db/read-cache.js';
import { eq } from 'drizzle-orm';
import { lookAt, makeSpeechWav, scrollToLoadedSection, toast, useBrowserSuite, type ViewportName } from './support/index.js';

/**
 * The teacher's view of saved attempts: both lists with the server's scores, the date filter, the
 * review page with the recording playing and seeking, the teacher's review, and the CSV export.
 * Attempts are saved through the real API by signed-in students, with a real WAV recording.
 */
const suite = useBrowserSuite();
let admin: CreatedAdmin;
let asha: CreatedStudent;
let ravi: CreatedStudent;
const saved: {
  ielts?: { attemptId: string; scores: Record<string, number> };
  quiet?: { attemptId: string };
  interview?: { attemptId: string; scores: Record<string, number> };
} = {};
let recordingBytes = 0;

const SPEECH =
  'I grew up in a small town near the coast. On weekends my family and I walked by the sea, and I still enjoy that walk. ' +
  'Later I moved to the city to study engineering, which taught me to plan my time and to work with other people. ';

/** Today's date at the school (the default SCHOOL_TIMEZONE, Asia/Kolkata). */
function schoolToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

/** Signs the student in through the API and returns a fetch bound to their session cookie. */
async function studentApi(student: CreatedStudent) {
  const login = await fetch(`${suite.server.baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: student.mobileNumber, password: student.password }),
  });
  expect(login.status).toBe(200);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return (path: string, init: RequestInit = {}) => fetch(`${suite.server.baseUrl}${path}`, { ...init, headers: { cookie, ...init.headers } });
}

beforeAll(async () => {
  const db = suite.server.database.db;
  admin = await createAdmin(db, { username: 'headteacher' });
  asha = await createStudent(db, { studentName: 'Asha Rao', mobileNumber: '98765 43210' });
  ravi = await createStudent(db, { studentName: 'Ravi Kumar', mobileNumber: '98765 43211', courseName: COURSE_INTERVIEW });

  const completedAt = new Date().toISOString();
  const asAsha = await studentApi(asha);
  const test = testSessionBody(asha.student.id);
  test.sessionData.completedAt = completedAt;
  test.sessionData.questionAnswerPairs.push({
    questionNumber: 1,
    question: 'Describe a journey you remember well.',
    answer: 'Um, I went to Goa by train with my cousins and the the journey took a whole day, so, like, we played cards. He go to sleep in the picturesque carriage.',
    part: 2,
    responseTimeMs: 2500,
    speakingTimeMs: 45_000,
  });
  const savedTest = await asAsha('/api/test-sessions', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(test) });
  expect(savedTest.status).toBe(201);
  saved.ielts = await savedTest.json();
  // A real recording: espeak-ng speech as a WAV, about half a minute, uploaded as the app does.
  const wav = readFileSync(await makeSpeechWav(SPEECH.repeat(2)));
  recordingBytes = wav.length;
  const upload = await asAsha(`/api/attempts/${saved.ielts?.attemptId}/recording`, { method: 'PUT', headers: { 'content-type': 'audio/wav' }, body: wav });
  expect(upload.status).toBe(200);

  const quiet = testSessionBody(asha.student.id, { answer: 'My name is Asha.' });
  quiet.sessionData.completedAt = new Date(Date.now() - 60_000).toISOString();
  const savedQuiet = await asAsha('/api/test-sessions', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(quiet) });
  expect(savedQuiet.status).toBe(201);
  saved.quiet = await savedQuiet.json();

  const asRavi = await studentApi(ravi);
  const interview = interviewSessionBody(ravi.student.id);
  interview.sessionData.completedAt = completedAt;
  const savedInterview = await asRavi('/api/interview-sessions', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(interview),
  });
  expect(savedInterview.status).toBe(201);
  saved.interview = await savedInterview.json();
}, 120_000);

/** A page signed in as the admin (a session made directly: this file is not about signing in). */
async function adminPage(viewport: ViewportName = 'desktop', ignore: RegExp[] = []): Promise<Page> {
  const { page } = await suite.openPage({ viewport, ignore, acceptDownloads: true });
  await suite.signInAs(page, admin.user.id);
  return page;
}

const TABLE_NAME: Record<AttemptKind, string> = { ielts: 'IELTS Attempts', interview: 'Interview Attempts' };

async function openTab(page: Page, kind: AttemptKind, query = '') {
  await page.goto(`${suite.server.baseUrl}/admin?tab=${kind}${query}`);
  // The table from Mantine's sm breakpoint up, one card an attempt below it: whichever this screen shows.
  await page.locator(`[aria-label="${TABLE_NAME[kind]}"][aria-busy="false"]`).filter({ visible: true }).waitFor();
}

/** The attempt's card on a phone. */
const cardOf = (page: Page, attemptId: string) => page.locator(`[data-row-card][data-row-id="${attemptId}"]`);

/** Shown, and wholly within the screen's width: nothing to scroll sideways for. */
async function expectWithinWidth(locator: Locator, what: string) {
  expect(await locator.isVisible(), `${what} is visible`).toBe(true);
  const box = await locator.boundingBox();
  const width = locator.page().viewportSize()?.width ?? 0;
  expect(box, `${what} has a box`).not.toBeNull();
  expect(box?.x ?? -1, `${what} starts on the screen`).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? Infinity), `${what} ends on the screen (${width} px)`).toBeLessThanOrEqual(width);
}

/**
 * On a phone: every column of the table (read from its hidden header) is on the attempt's card as
 * a label with its value, within the screen's width, and so is the Review link. Returns what each
 * label shows (a score's text for screen readers left out).
 */
async function expectWholeCard(page: Page, kind: AttemptKind, attemptId: string, studentName: string): Promise<Record<string, string>> {
  const card = cardOf(page, attemptId);
  await expectWithinWidth(card.getByText(studentName, { exact: true }), 'the name');
  const columns = await page.locator(`table[aria-label="${TABLE_NAME[kind]}"] thead th`).allTextContents();
  expect(columns.slice(0, 1)).toEqual(['Student Name']);
  expect(columns.at(-1)).toBe('Review');
  const shown: Record<string, string> = {};
  for (const column of columns.slice(1, -1)) {
    const field = card.locator(`[data-card-field="${column}"]`);
    await expectWithinWidth(field.locator('dt'), `${kind}: the label ${column}`);
    expect(await field.locator('dt').textContent()).toBe(column);
    await expectWithinWidth(field.locator('dd'), `${kind}: the value of ${column}`);
    shown[column] = await field.locator('dd').evaluate((dd) => (dd.querySelector('[aria-hidden="true"]') ?? dd).textContent?.trim() ?? '');
  }
  await expectWithinWidth(card.getByRole('link', { name: new RegExp(`^Review the attempt of ${studentName}`) }), `${kind}: Review`);
  return shown;
}

const bodyRows = (page: Page, kind: AttemptKind) => page.getByRole('table', { name: TABLE_NAME[kind] }).locator('tbody tr');
const rowOf = (page: Page, kind: AttemptKind, attemptId: string) => page.locator(`tr[data-attempt-id="${attemptId}"]`);

/** What each cell shows (a score cell's text for screen readers is left out). */
async function cells(page: Page, kind: AttemptKind, attemptId: string): Promise<string[]> {
  return rowOf(page, kind, attemptId)
    .locator('td')
    .evaluateAll((tds) => tds.map((td) => (td.querySelector('[aria-hidden="true"]') ?? td).textContent?.trim() ?? ''));
}


/** Settled, then a and the checks every screen must pass. */
/** The review page's sections below Scores load as they come near the viewport (decision 0023): scrolls there and waits for them. */
async function showLowerSections(page: Page): Promise<void> {
  await scrollToLoadedSection(page, 'Review trail');
  await page.getByRole('form', { name: 'Teacher review' }).waitFor();
}

const look = (page: Page, name: string, viewport: ViewportName) => lookAt(page, `attempts-${name}-${viewport}`);

describe('the attempt lists', () => {
  it('show both kinds with the server scores, filter by the date at the school, and clear the filter', async () => {
    const page = await adminPage();
    await openTab(page, 'ielts');
    expect(await page.locator('thead th').allInnerTexts()).toEqual([
      'Student Name',
      'Course',
      'Mobile',
      'Status',
      'Overall Score',
      'Fluency',
      'Vocabulary',
      'Grammar',
      'Pronunciation',
      'Test Date',
      'Review',
    ]);
    await expect.poll(() => bodyRows(page, 'ielts').count()).toBe(2);
    const scores = saved.ielts?.scores ?? {};
    const ashaCells = await cells(page, 'ielts', saved.ielts?.attemptId ?? '');
    expect(ashaCells.slice(0, 9)).toEqual([
      'Asha Rao',
      'IELTS',
      '+91 98765 43210',
      'Activated',
      bandText('ielts', scores.overall ?? 0),
      bandText('ielts', scores.fluency ?? 0),
      bandText('ielts', scores.vocabulary ?? 0),
      bandText('ielts', scores.grammar ?? 0),
      bandText('ielts', scores.pronunciation ?? 0),
    ]);
    expect(ashaCells[9]).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}\d{2}:\d{2}$/);
    expect(await rowOf(page, 'ielts', saved.ielts?.attemptId ?? '').locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // Newest first; no estimate for too little speech, and the overall says why.
    expect(await bodyRows(page, 'ielts').first().getAttribute('data-attempt-id')).toBe(saved.ielts?.attemptId);
    expect((await cells(page, 'ielts', saved.quiet?.attemptId ?? '')).slice(4, 9)).toEqual(['Too little speech for an estimate', '—', '—', '—', '—']);
    // Two attempts: no Previous and Next.
    await expect.poll(() => page.getByRole('button', { name: 'Next' }).count()).toBe(0);
    // No teacher band yet: no key to the cells.
    expect(await page.getByTestId('score-key').count()).toBe(0);
    await look(page, 'ielts', 'desktop');

    const dateInput = page.getByLabel('Test date');
    await dateInput.fill(schoolToday());
    await expect.poll(() => page.url()).toContain(`date=${schoolToday()}`);
    await expect.poll(() => bodyRows(page, 'ielts').count()).toBe(2);
    await dateInput.fill('2026-01-01');
    await page.getByText('No speaking tests on Thursday 1 January 2026.', { exact: true }).filter({ visible: true }).waitFor();
    await look(page, 'ielts-empty-date', 'desktop');
    await page.getByRole('button', { name: 'Clear Filter' }).click();
    await expect.poll(() => bodyRows(page, 'ielts').count()).toBe(2);
    // The field follows the address a render later than the list can (the list without a date may come from the cache).
    await expect.poll(() => dateInput.inputValue()).toBe('');
    expect(page.url()).not.toContain('date=');
    // The unavailable Clear Filter hands the keyboard to the field it cleared, where a date is typed
    // digit by digit: the year's first digits (0002, 0020, 0202) filter nothing and ask the server nothing.
    expect(await dateInput.evaluate((field) => field === document.activeElement)).toBe(true);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/admin/test-attempts?')) asked.push(new URL(request.url()).searchParams.get('date') ?? '');
    });
    await page.keyboard.type('01012026');
    await page.getByText('No speaking tests on Thursday 1 January 2026.', { exact: true }).filter({ visible: true }).waitFor();
    expect(page.url()).toContain('date=2026-01-01');
    expect(asked.filter((date) => date !== '' && date !== '2026-01-01')).toEqual([]);
    expect(await page.getByText('Could not load').count()).toBe(0);
    // And a screen reader hears what the filter found.
    expect(await page.getByTestId('attempts-filter-result').textContent()).toBe('Found no speaking tests on Thursday 1 January 2026.');
    await page.getByRole('button', { name: 'Clear Filter' }).click();
    await expect.poll(() => bodyRows(page, 'ielts').count()).toBe(2);

    await page.getByRole('tab', { name: 'Interview Attempts' }).click();
    await page.locator('table[aria-label="Interview Attempts"][aria-busy="false"]').waitFor();
    expect((await page.locator('thead th').allInnerTexts()).slice(4)).toEqual([
      'Overall Score',
      'Communication',
      'Confidence',
      'Relevance',
      'Clarity',
      'Interview Date',
      'Review',
    ]);
    const interviewScores = saved.interview?.scores ?? {};
    expect((await cells(page, 'interview', saved.interview?.attemptId ?? '')).slice(0, 9)).toEqual([
      'Ravi Kumar',
      COURSE_INTERVIEW,
      '+91 98765 43211',
      'Activated',
      String(interviewScores.overall),
      ...['communication', 'confidence', 'relevance', 'clarity'].map((criterion) => bandText('interview', interviewScores[criterion] ?? 0)),
    ]);
    await page.getByLabel('Interview date').fill(schoolToday());
    await expect.poll(() => bodyRows(page, 'interview').count()).toBe(1);
    await page.getByRole('button', { name: 'Clear Filter' }).click();
    await look(page, 'interview', 'desktop');
  });
});

describe('the review page', () => {
  it('plays and seeks the recording, shows the answers and figures, saves a review, and the list shows the teacher band', async () => {
    const page = await adminPage('desktop', [/status of 400/]);
    const recordingUrl = `/api/attempts/${saved.ielts?.attemptId}/recording`;
    const recordingResponses: Response[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith(recordingUrl)) recordingResponses.push(response);
    });
    await openTab(page, 'ielts', `&date=${schoolToday()}`);
    // A click anywhere on the row opens the review.
    await rowOf(page, 'ielts', saved.ielts?.attemptId ?? '').getByText('Asha Rao', { exact: true }).click();
    await page.waitForURL(`**/admin/attempts/${saved.ielts?.attemptId}`);
    await page.getByRole('heading', { level: 1, name: 'IELTS attempt: Asha Rao' }).waitFor();

    // The recording loads its metadata (a real duration) and seeks with a range request.
    const audio = page.locator('audio');
    expect(await audio.getAttribute('preload')).toBe('metadata');
    await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.duration), { timeout: 10_000 }).toBeGreaterThan(20);
    const before = recordingResponses.length;
    const seekTo = await audio.evaluate(async (element: HTMLAudioElement) => {
      const target = element.duration * 0.8;
      await new Promise<void>((resolve) => {
        element.addEventListener('seeked', () => resolve(), { once: true });
        element.currentTime = target;
      });
      return element.currentTime;
    });
    expect(seekTo).toBeGreaterThan(15);
    expect(recordingResponses.length).toBeGreaterThan(0);
    for (const response of recordingResponses) {
      expect([200, 206]).toContain(response.status());
    }
    const partial = recordingResponses.filter((response) => response.status() === 206);
    expect(partial.length, 'the player asked for part of the recording').toBeGreaterThan(0);
    expect(partial.map((response) => response.headers()['content-range'])).toContainEqual(expect.stringMatching(new RegExp(`^bytes \\d+-\\d+/${recordingBytes}$`)));
    // The seek asked for a later part of the file (preload="metadata" had not fetched it) and got it.
    const afterSeek = recordingResponses.slice(before);
    expect(
      afterSeek.map((response) => `${response.status()} ${response.headers()['content-range']}`),
      'a range request after the seek',
    ).toContainEqual(expect.stringMatching(new RegExp(`^206 bytes [1-9]\\d*-${recordingBytes - 1}/${recordingBytes}$`)));

    // The review form stands beside the evidence and loads as the page draws; the sections below
    // Scores load as they come near the viewport (decision 0023): not before.
    await page.getByLabel('Comment').waitFor();
    await page.getByText('Loading the questions and answers…').waitFor();
    await scrollToLoadedSection(page, 'Questions and answers');

    // Answers by part with the cue card; fillers and grammar slips marked (the journey told in the past: "He go" is "He went").
    await page.getByRole('heading', { name: 'Part 2: Cue Card' }).waitFor();
    await page.getByText('Cue card: Describe a journey you remember well.').waitFor();
    await page.getByText('how you travelled').waitFor();
    expect(await page.locator('mark[data-kind="slip"]').allTextContents()).toEqual(['the the (grammar mistake; say: the)', 'He go (grammar mistake; say: He went)']);
    expect(await page.locator('ins[data-kind="correction"]').allTextContents()).toEqual(['the', 'He went']);
    // Less common words are marked; the name (Goa) is not, nor "journey", which the cue card gave.
    const rare = await page.locator('mark[data-kind="rare"]').allTextContents();
    expect(rare).toContain('picturesque (less common word)');
    expect(rare.join(' ')).not.toContain('Goa');
    expect(rare.join(' ')).not.toContain('journey');
    expect(await page.locator('mark[data-kind="filler"]').allTextContents()).toEqual(['Um (filler)', 'so (filler)', 'like (filler)']);
    await page.getByRole('group', { name: 'Highlights in the answers' }).waitFor();
    // The figures behind each criterion, the evidence that moved it and the advice.
    const fluency = page.getByRole('region', { name: 'Fluency' });
    await fluency.getByText(/^Starting band [\d.]+, moved by:$/).waitFor();
    await page.getByRole('region', { name: 'Grammar' }).getByText(/\(average learner [\d.]+\)/).first().waitFor();
    await page.getByText(/ranked them as the raters did at ρ = 0\.\d\d \(rank correlation: 1 is the same order\), and its overall was within one band .+ \(giving everyone \d\.\d would be for \d+\s%/).first().waitFor();
    await fluency.getByText(/^Words per minute: \d+$/).waitFor();
    await fluency.getByText(/^Response time: \d+\.\d s$/).waitFor();
    // The advice is what the student was told, and says so to the teacher.
    expect(await fluency.innerText()).toMatch(/Told the student: \S/);
    await page.getByRole('table').filter({ hasText: 'for reference only: each band comes from the steps in its card above' }).getByText('Grammar mistakes').waitFor();
    await look(page, 'review-ielts', 'desktop');

    // Saving shows 'Saving...'; the server's refusal is shown in a toast.
    await page.route('**/api/admin/attempts/*/review', (route) =>
      route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ message: 'comment: must be at most 2000 characters' }) }),
    );
    await page.getByLabel('Comment').fill('Clear answers. Link your ideas with because and so.');
    await page.getByLabel('Fluency band').selectOption('7');
    await page.getByRole('button', { name: 'Save review' }).click();
    await toast(page, 'Could not save the review').filter({ hasText: 'comment: must be at most 2000 characters' }).waitFor();
    await page.unroute('**/api/admin/attempts/*/review');
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/admin/attempts/*/review', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Save review' }).click();
    await page.getByRole('button', { name: 'Saving...' }).waitFor();
    release();
    await toast(page, 'Review saved').waitFor();
    await page.getByText('Last saved by headteacher on').waitFor();
    await page.getByText('Set all four bands to give an overall.').waitFor();
    await page.getByRole('region', { name: 'Fluency' }).getByText('Draft 7.0').waitFor();
    // The draft band beside the estimate, as a teacher on a phone reads it.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('region', { name: 'Fluency' }).scrollIntoViewIfNeeded();
    await look(page, 'review-ielts-draft', 'phone');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Back to the list it came from (with its date filter): the teacher's band beside the estimate, marked a draft (not released).
    await page.getByRole('link', { name: '← Back to IELTS Attempts' }).click();
    await page.waitForURL(`**/admin?tab=ielts&date=${schoolToday()}`);
    await page.locator('table[aria-label="IELTS Attempts"][aria-busy="false"]').waitFor();
    const row = rowOf(page, 'ielts', saved.ielts?.attemptId ?? '');
    await expect.poll(async () => (await cells(page, 'ielts', saved.ielts?.attemptId ?? ''))[5]).toBe(`${bandText('ielts', saved.ielts?.scores.fluency ?? 0)} · Draft 7.0`);
    expect(await row.locator('td').nth(5).textContent()).toContain(`estimate ${bandText('ielts', saved.ielts?.scores.fluency ?? 0)}, draft 7.0 not released`);
    await row.getByRole('link', { name: /\(draft by headteacher, not released\)$/ }).waitFor();
    // The cells' key, now that one shows a teacher band.
    expect(await page.getByTestId('score-key').textContent()).toBe(scoreKeyText('ielts'));
    await look(page, 'ielts-reviewed', 'desktop');

    // The Review link is reachable from the keyboard.
    const link = row.getByRole('link', { name: /^Review the attempt of Asha Rao/ });
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/admin/attempts/${saved.ielts?.attemptId}`);
    await page.getByRole('region', { name: 'Teacher review' }).scrollIntoViewIfNeeded();
    expect(await page.getByLabel('Comment').inputValue()).toBe('Clear answers. Link your ideas with because and so.');
    expect(await page.getByLabel('Fluency band').inputValue()).toBe('7');
  });

  it('explains an attempt without an estimate and shows an interview with its figures', async () => {
    // The last visit asks for an attempt that does not exist: the browser logs the 404.
    const page = await adminPage('desktop', [/status of 404/]);
    await page.goto(`${suite.server.baseUrl}/admin/attempts/${saved.quiet?.attemptId}`);
    await page.getByRole('heading', { level: 1, name: 'IELTS attempt: Asha Rao' }).waitFor();
    // The reason the student read, said to the teacher as what the student was told.
    await page.getByText(/^Told the student: Only 4 words were recognised; a band estimate needs at least 50/).waitFor();
    await page.getByText('No recording was saved.').waitFor();

    await page.goto(`${suite.server.baseUrl}/admin/attempts/${saved.interview?.attemptId}`);
    await page.getByRole('heading', { level: 1, name: 'Interview attempt: Ravi Kumar' }).waitFor();
    await scrollToLoadedSection(page, 'Questions and answers');
    await page.getByText('Tell me about yourself.', { exact: false }).first().waitFor();
    await page.getByRole('table').filter({ hasText: 'Figures from the answers: each card above says which of them its score uses' }).getByText('Questions answered').waitFor();
    await page.getByText('No answer was recognised.').waitFor();
    await page.getByRole('link', { name: '← Back to Interview Attempts' }).waitFor();
    await look(page, 'review-interview', 'desktop');

    await page.goto(`${suite.server.baseUrl}/admin/attempts/00000000-0000-4000-8000-000000000000`);
    await page.getByText(/^There is no such attempt/).waitFor();
  });
});

describe.each(['phone'] as const)('at %s size', (viewport) => {
  it('the lists and the review page fit the screen and pass axe', async () => {
    const page = await adminPage(viewport);
    await openTab(page, 'ielts');
    await look(page, 'ielts', viewport);
    // No table to scroll sideways: a card an attempt, every column under its name, the Review link.
    expect(await page.getByRole('table', { name: 'IELTS Attempts' }).isVisible()).toBe(false);
    const ielts = await expectWholeCard(page, 'ielts', saved.ielts?.attemptId ?? '', 'Asha Rao');
    const scores = saved.ielts?.scores ?? {};
    expect(ielts).toMatchObject({
      Course: 'IELTS',
      Mobile: '+91 98765 43210',
      Status: 'Activated',
      'Overall Score': bandText('ielts', scores.overall ?? 0),
      Fluency: `${bandText('ielts', scores.fluency ?? 0)} · Draft 7.0`,
      Vocabulary: bandText('ielts', scores.vocabulary ?? 0),
      Grammar: bandText('ielts', scores.grammar ?? 0),
      Pronunciation: bandText('ielts', scores.pronunciation ?? 0),
    });
    expect(ielts['Test Date']).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/);
    await openTab(page, 'interview');
    await look(page, 'interview', viewport);
    const interview = await expectWholeCard(page, 'interview', saved.interview?.attemptId ?? '', 'Ravi Kumar');
    expect(Object.keys(interview)).toEqual(['Course', 'Mobile', 'Status', 'Overall Score', 'Communication', 'Confidence', 'Relevance', 'Clarity', 'Interview Date']);
    expect(interview.Clarity).toBe(bandText('interview', saved.interview?.scores.clarity ?? 0));
    // The card's Review link opens the review.
    await cardOf(page, saved.interview?.attemptId ?? '').getByRole('link', { name: /^Review the attempt of Ravi Kumar/ }).click();
    await page.waitForURL(`**/admin/attempts/${saved.interview?.attemptId}`);
    await page.goto(`${suite.server.baseUrl}/admin/attempts/${saved.ielts?.attemptId}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await showLowerSections(page);
    await look(page, 'review-ielts', viewport);
    await page.goto(`${suite.server.baseUrl}/admin/attempts/${saved.interview?.attemptId}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await showLowerSections(page);
    await look(page, 'review-interview', viewport);
    // Side by side, a score's box stands level with its neighbour's though one label wraps to two lines ("Communication score").
    const top = async (label: string) => (await page.getByLabel(label, { exact: true }).boundingBox())?.y ?? Number.NaN;
    expect(Math.abs((await top('Communication score')) - (await top('Confidence score')))).toBeLessThan(1);
    expect(Math.abs((await top('Relevance score')) - (await top('Clarity score')))).toBeLessThan(1);
  });
});

describe('the CSV export and paging', () => {
  it('exports the filtered list', async () => {
    const page = await adminPage();
    await openTab(page, 'ielts');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^ielts-attempts-all-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = readFileSync(await file.path(), 'utf8');
    const lines = text.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Student Name,Course,Mobile,Status,Overall Score,Fluency,Vocabulary,Grammar,Pronunciation,Test Date,Assessable,' +
        'Teacher Review,Teacher Overall,Teacher Fluency,Teacher Vocabulary,Teacher Grammar,Teacher Pronunciation,Teacher Comment,' +
        'Released Overall,Released Fluency,Released Vocabulary,Released Grammar,Released Pronunciation,Attempt ID',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`Asha Rao,IELTS,'+919876543210,Activated,${bandText('ielts', saved.ielts?.scores.overall ?? 0)},`);
    // The review was saved, never released: the export says so beside the teacher's bands.
    expect(lines[1]).toContain(',Yes,Draft (not released),,7.0,,,,Clear answers. Link your ideas with because and so.,');
    expect(lines[2]).toMatch(/^Asha Rao,IELTS,'\+919876543210,Activated,,,,,,\d{4}-\d{2}-\d{2} \d{2}:\d{2},No,,/);
    await toast(page, 'Attempts exported').waitFor();

    await page.getByLabel('Test date').fill('2026-01-01');
    await page.getByText('No speaking tests on Thursday 1 January 2026.', { exact: true }).filter({ visible: true }).waitFor();
    const empty = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const emptyFile = await empty;
    expect(emptyFile.suggestedFilename()).toBe('ielts-attempts-2026-01-01.csv');
    expect(readFileSync(await emptyFile.path(), 'utf8').replace(/^\uFEFF/, '').trimEnd().split('\r\n')).toHaveLength(1);
  });

  it('pages past 10 attempts with Previous and Next', async () => {
    for (let i = 0; i < 10; i++) await createAttempt(suite.server.database.db, ravi.student.id, { kind: 'interview' });
    const page = await adminPage();
    await openTab(page, 'interview');
    await expect.poll(() => bodyRows(page, 'interview').count()).toBe(10);
    await page.getByText('1–10 of 11 attempts').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('11–11 of 11 attempts').waitFor();
    await expect.poll(() => bodyRows(page, 'interview').count()).toBe(1);
    expect(page.url()).toContain('page=2');
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect.poll(() => bodyRows(page, 'interview').count()).toBe(10);
  });
});

/** The table's scrolling box (components/Table.tsx): how wide its content is, and how wide the box. */
async function scrollBox(page: Page, kind: AttemptKind): Promise<{ scroll: number; client: number }> {
  return page.locator(`table[aria-label="${TABLE_NAME[kind]}"]`).evaluate((table) => {
    let scroller = table.parentElement;
    while (scroller && getComputedStyle(scroller).overflowX !== 'auto') scroller = scroller.parentElement;
    return { scroll: scroller?.scrollWidth ?? 0, client: scroller?.clientWidth ?? 0 };
  });
}

describe('at desktop size (1280x800)', () => {
  it('the IELTS Attempts list fits the screen with a one-word long name, no estimate, and a released band with draft changes', async () => {
    const db = suite.server.database.db;
    const long = await createStudent(db, { studentName: 'Venkataramanan Subramaniam Iyer', mobileNumber: '98765 43298' });
    // Too little speech for an estimate, awaiting review: the widest pill in the Overall column.
    const quiet = await createAttempt(db, long.student.id);
    await db.update(attempts).set({ assessable: false, overall: null, scores: null }).where(eq(attempts.id, quiet));
    // A band released by one teacher, then changed in a draft by another: every score three lines deep.
    const changed = await createAttempt(db, long.student.id);
    const bands = { fluency: 6.5, vocabulary: 7.5, grammar: 5.5, pronunciation: 6, overall: 6.5 };
    await db
      .update(attempts)
      .set({
        teacherScores: { ...bands, fluency: 7 },
        reviewedAt: new Date(),
        reviewedByUserId: admin.user.id,
        releasedScores: bands,
        releasedAt: new Date(Date.now() - 60_000),
        releasedByUserId: admin.user.id,
      })
      .where(eq(attempts.id, changed));
    invalidateReadCaches(db);
    const page = await adminPage('desktop');
    await openTab(page, 'ielts');
    await rowOf(page, 'ielts', quiet).waitFor();
    await rowOf(page, 'ielts', changed).waitFor();
    await look(page, 'ielts-long-row', 'desktop');
    const box = await scrollBox(page, 'ielts');
    expect(box.client).toBeGreaterThan(0);
    expect(box.scroll).toBeLessThanOrEqual(box.client);
    const links = page.getByRole('table', { name: 'IELTS Attempts' }).getByRole('link', { name: /^Review the attempt of/ });
    for (const link of await links.all()) await expectWithinWidth(link, 'Review');
    for (const state of await page.getByRole('table', { name: 'IELTS Attempts' }).getByTestId('review-state').all()) await expectWithinWidth(state, 'the review state');
  });

  it('the Interview Attempts list fits the screen with a long name and a teacher band beside every score', async () => {
    const db = suite.server.database.db;
    const long = await createStudent(db, { studentName: 'Venkata Subramanian Raghavendra Iyer', mobileNumber: '98765 43299', courseName: COURSE_INTERVIEW });
    const id = await createAttempt(db, long.student.id, { kind: 'interview' });
    await db
      .update(attempts)
      .set({
        scores: { communication: 6.5, confidence: 7.5, relevance: 8.5, clarity: 5.5, overall: 7 },
        overall: 7,
        teacherScores: { communication: 7, confidence: 8, relevance: 9, clarity: 6, overall: 8 },
        reviewedAt: new Date(),
      })
      .where(eq(attempts.id, id));
    invalidateReadCaches(db);
    const page = await adminPage('desktop');
    await openTab(page, 'interview');
    await rowOf(page, 'interview', id).waitFor();
    await look(page, 'interview-long-row', 'desktop');
    // Nothing scrolls inside the table's box, and every row's Review link is on the screen.
    const box = await scrollBox(page, 'interview');
    expect(box.client).toBeGreaterThan(0);
    expect(box.scroll).toBeLessThanOrEqual(box.client);
    const links = page.getByRole('table', { name: 'Interview Attempts' }).getByRole('link', { name: /^Review the attempt of/ });
    expect(await links.count()).toBe(10);
    for (const link of await links.all()) await expectWithinWidth(link, 'Review');
    expect((await cells(page, 'interview', id)).slice(4, 9)).toEqual(['7 · Draft 8', '6.5 · Draft 7', '7.5 · Draft 8', '8.5 · Draft 9', '5.5 · Draft 6']);
  });
});

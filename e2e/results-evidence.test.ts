/*
 * The recording's evidence on the speaking test's results, right after a whole
 * test in Chromium. The fake microphone carries real espeak-ng speech (with pauses), the scripted
 * recognizer gives the answers, Playwright's clock runs the Part 2 timers and the 3 s silences, and
 * the browser's own MediaRecorder recording is uploaded by the outbox. The analysis is run to its
 * end here (as the server's background runner would): the results panel says it is listening while
 * the analysis is pending, then shows the timeline and the word-synced transcript without a reload,
 * and a click on a word moves the player there. A test whose uploaded recording is corrupt says the
 * analysis failed, and the bands from the text stay.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { AttemptDetail } from '../src/shared/api/admin-attempts.js';
import { attempts } from '../src/server/db/schema.js';
import { AnalysisProcesses } from '../src/server/analysis/process.js';
import { analyseAll } from './support/analyse.js';
import { sessionCookieForUser } from '../src/server/test/app.js';
import { WEBM_SIGNATURE } from '../src/server/test/attempt-fixtures.js';
import { PART1_LATER_ANSWERS, PART2_SENTENCES, PART3_ANSWERS } from './support/answers.js';
import { createStudent, type CreatedStudent } from '../src/server/test/factories.js';
import { installFakeRecognition } from './support/fake-recognition.js';
import { signInByApi } from './support/speaking-flow.js';
import { answerWithRecognizer as answer, drawSameQuestions, lookAt, makeSpeechWithSilenceWav, NEXT_STEP_TEXT, pumpUntil, seekByClick as seekByWordClick, speakPart2, useBrowserSuite, visible as shown } from './support/index.js';

// The signed-out current-user call on /auth answers 401 by design.
const EXPECTED_NOISE = [/status of 401/];
const SPOKEN = 'My name is Asha Verma and I live in Pune with my family.';
const PENDING_TEXT = 'Listening to your recording…';
const DONE_TEXT = 'Your recording is analysed: the timeline of your speech and pauses and your words, one by one, are below.';
const FAILED_TEXT = 'Your recording could not be analysed. Your results above stay as they are.';

const suite = useBrowserSuite({
  // espeak-ng speech, then 1.2 s of silence, looped by Chromium: speech and pauses on the recording.
  browser: async () => ({ fakeAudioFile: await makeSpeechWithSilenceWav(SPOKEN, 1.2) }),
});
const processes = new AnalysisProcesses();
afterAll(async () => {
  await processes.close();
});

const PART1 = [SPOKEN, ...PART1_LATER_ANSWERS];
/** Part 3 with two slips ("he say", "didn't knew") for the results to mark. */
const PART3 = PART3_ANSWERS.map((answer, i) => (i === 4 ? "My manager told me employers value communication skills he say many graduates didn't knew it" : answer));

/** Signs in, opens /test and takes the whole test (the first answer in real time, so that it lies on the recording where it was said) to the results. */
async function takeWholeTest(student: CreatedStudent, { corruptUpload = false } = {}): Promise<Page> {
  const { page } = await suite.openPage({ viewport: 'desktop', ignore: EXPECTED_NOISE, timeoutMs: 15_000 });
  const fake = await installFakeRecognition(page);
  await drawSameQuestions(page);
  await page.clock.install();
  await signInByApi(page, suite.server.baseUrl, student.mobileNumber, student.password);
  if (corruptUpload) {
    // The browser's recording is replaced on its way to the server by bytes that start like a WebM
    // file (the upload checks that much) but are no audio at all.
    await page.route('**/api/attempts/*/recording', (route) =>
      route.request().method() === 'PUT' ? route.continue({ postData: Buffer.concat([WEBM_SIGNATURE, randomBytes(6000)]) }) : route.continue(),
    );
  }
  await page.goto(`${suite.server.baseUrl}/test`);
  await page.clock.runFor(1_100);
  await pumpUntil(page, shown(page, 'Ready to start'), 'the microphone');
  await page.getByRole('button', { name: 'Start Test' }).click();
  await answer(page, fake, 1, PART1[0] ?? '', { realtime: true });
  for (let n = 2; n <= 10; n += 1) await answer(page, fake, n, PART1[n - 1] ?? '');
  await speakPart2(page, fake, PART2_SENTENCES);
  for (let n = 1; n <= 10; n += 1) await answer(page, fake, n, PART3[n - 1] ?? '');
  await pumpUntil(page, shown(page, 'Test Complete!'), 'the results', { realMs: 100 });
  return page;
}

/** The attempt as the student's API gives it (what the results panel reads). */
async function ownAttempt(student: CreatedStudent, id: string): Promise<AttemptDetail> {
  const cookie = await sessionCookieForUser(suite.server.database.db, student.user.id);
  const response = await suite.server.app.inject({ url: `/api/student/attempts/${id}`, headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return response.json<AttemptDetail>();
}

/** The saved attempt's id, once the results show the recording's section (the attempt and its recording are on the server). */
async function savedAttemptId(page: Page, student: CreatedStudent, earlier: readonly string[] = []): Promise<string> {
  const section = page.getByTestId('results-recording');
  // The section is there once the attempt is saved; its first read of the attempt (stage 'loading') must have answered too.
  const answered = async () => (await section.count()) > 0 && (await section.getAttribute('data-stage')) !== 'loading';
  await pumpUntil(page, answered, 'the attempt and its recording to be saved and read back', { stepMs: 1_000, realMs: 100 });
  const rows = (await suite.server.database.db.select().from(attempts)).filter((row) => row.studentId === student.student.id && !earlier.includes(row.id));
  expect(rows).toHaveLength(1);
  const [row] = rows;
  if (!row) throw new Error('no attempt stored');
  return row.id;
}

/** Clicks `target` and returns where the results' player was set (e2e/support/player.ts). */
const seekByClick = (page: Page, target: Locator) => seekByWordClick(page, page.getByTestId('results-recording').locator('audio'), target);

async function checkBandsShown(page: Page) {
  expect(await page.getByTestId('overall-band').innerText()).toMatch(/^\d\.\d$/);
  // Beside it, the bands matching what trained raters gave the learners the estimate gave that band.
  expect(await page.getByTestId('overall-range').innerText()).toMatch(/Of learners this estimate gave (about )?\d\.\d, trained raters put \d+\s% at a level matching \d\.\d( to \d\.\d)?\./);
  for (const criterion of ['fluency', 'vocabulary', 'grammar', 'pronunciation']) expect(await page.getByTestId(`${criterion}-band`).innerText()).toMatch(/^\d\.\d$/);
  // The summary: a line per criterion with its reason, and one thing to work on next.
  for (const criterion of ['fluency', 'vocabulary', 'grammar']) expect(await page.getByTestId(`${criterion}-line`).innerText()).toMatch(/(Helped|Lowered) most by .+: you [\d.]+%?, average learner [\d.]+%?\.|Nothing measured moved it/);
  expect(await page.getByTestId('next-step').innerText()).toMatch(NEXT_STEP_TEXT);
  // The rule-by-rule detail is folded under "How this was worked out" until opened.
  expect(await page.getByRole('heading', { name: 'How your bands were worked out' }).count()).toBe(0);
  await page.getByText('How this was worked out', { exact: true }).click();
  expect(await page.getByRole('heading', { name: 'How your bands were worked out' }).count()).toBe(1);
  // The calibrated estimate says what it is and how far it agrees with raters, and each criterion shows its evidence.
  await page.getByText(/put them in much the same order as the raters did, but it often gives strong speakers too low a band/).first().waitFor();
  const grammar = await page.getByRole('region', { name: 'Grammar' }).innerText();
  expect(grammar).toMatch(/\(average learner [\d.]+\): [+−][\d.]+/);
  // The spec's ratio counts "she are" and "the the" only; the slips the answers mark are named apart from it, never as "0 slips: he say ×1".
  expect(grammar).toContain(`0 counted ("she are", "the the"); marked in your answers: he say ×1, didn't knew ×1`);
  expect(await page.getByRole('region', { name: 'Pronunciation' }).innerText()).toContain('Pronunciation is not measured from the words of your answers');
  // The answers mark the slip with what to say instead, in the answer's time ("my manager told me … he say" is "he said"), and the less common words.
  const slips = await page.locator('mark[data-kind="slip"]').allTextContents();
  expect(slips).toContain('he say (grammar mistake; say: he said)');
  expect(slips).toContain("didn't knew (grammar mistake; say: didn't know)");
  expect(await page.locator('ins[data-kind="correction"]').allTextContents()).toContain('he said');
  expect(await page.locator('mark[data-kind="rare"]').count()).toBeGreaterThan(0);
}

describe('the recording on the results after a whole test', () => {
  it('pending, then the timeline and the word-synced transcript; a click on a word moves the player to it', async () => {
    const student = await createStudent(suite.server.database.db, { studentName: 'Asha Verma' });
    // An earlier test, reviewed and released by her teacher, so that the results chart her progress.
    const earlierId = randomUUID();
    const earlierBands = { fluency: 5, vocabulary: 5.5, grammar: 5, pronunciation: 5.5, overall: 5.25 };
    await suite.server.database.db.insert(attempts).values({
      id: earlierId,
      kind: 'ielts',
      studentId: student.student.id,
      sessionData: {},
      assessable: true,
      overall: earlierBands.overall,
      scores: earlierBands,
      releasedScores: { fluency: 6, vocabulary: 6, grammar: 5.5, pronunciation: 6, overall: 6 },
      releasedAt: new Date(Date.now() - 2 * 24 * 3600_000),
      durationMs: 60_000,
      completedAt: new Date(Date.now() - 3 * 24 * 3600_000),
    });
    const page = await takeWholeTest(student);
    const id = await savedAttemptId(page, student, [earlierId]);
    // The results' history: the earlier test and this one, on the band scale's round ticks.
    const history = page.getByTestId('history-chart');
    await history.waitFor();
    expect(await history.locator('g[data-tick]').allTextContents()).toEqual(['1', '3', '5', '7', '9']);
    expect(await history.locator('[data-series="earlier"] g[data-value]').count()).toBe(2);
    expect(await history.locator('[data-series="current"] g[data-value]').count()).toBe(1);
    // The teacher's released band, its own series beside the estimate (5.25 reads 5.5, the teacher gave 6).
    expect(await history.locator('[data-series="teacher"] g[data-value]').count()).toBe(1);
    expect(await history.locator('svg text').allTextContents()).toContain('This test');
    expect(await history.locator('svg[role="img"]').getAttribute('aria-label')).toContain("Your teacher's band on 1 test, the latest 6.0.");
    const section = page.getByTestId('results-recording');

    // Saved, not analysed yet: said plainly, in a polite live region, under its own heading.
    expect(await section.getAttribute('data-stage')).toBe('pending');
    const status = section.getByTestId('recording-status');
    expect(await status.getAttribute('role')).toBe('status');
    expect(await status.getAttribute('aria-live')).toBe('polite');
    expect(await status.innerText()).toBe(PENDING_TEXT);
    expect(await section.getByRole('heading', { level: 2, name: 'Your recording' }).count()).toBe(1);
    expect(await section.getByTestId('recording-timeline').count()).toBe(0);
    await lookAt(page, 'results-evidence-pending-desktop');

    // On a phone the summary (overall band, a line per criterion, what to work on next, listen back)
    // is within the first screen, with the rule-by-rule detail folded.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => window.scrollTo(0, 0));
    const summaryBottom = await page.getByTestId('results-summary').evaluate((element) => element.getBoundingClientRect().bottom + window.scrollY);
    expect(summaryBottom).toBeLessThanOrEqual(844);
    expect(await page.getByTestId('worked-out').evaluate((element) => (element as HTMLDetailsElement).open)).toBe(false);
    expect(await page.getByTestId('listen-back').isVisible()).toBe(true);
    await lookAt(page, 'results-summary-phone');
    await page.setViewportSize({ width: 1280, height: 800 });

    // The server analyses it; the panel asks again every 5 s and shows it without a reload.
    expect(await analyseAll(suite.server, processes)).toBe(1);
    const detail = await ownAttempt(student, id);
    const analysis = detail.recordingAnalysis;
    expect(analysis).toMatchObject({ status: 'done', alignment: { status: 'done' } });
    if (!analysis) throw new Error('no analysis');
    await pumpUntil(page, async () => (await section.getByTestId('recording-timeline').count()) > 0, 'the timeline', { stepMs: 1_000, realMs: 100, maxSteps: 60 });
    expect(await section.getAttribute('data-stage')).toBe('done');
    expect(await status.textContent()).toBe(DONE_TEXT);

    // The timeline: what it shows in words, and the pauses on it.
    const timeline = section.getByTestId('recording-timeline');
    expect(await timeline.getAttribute('aria-label')).toMatch(/^(\d+ min( \d+ s)?|\d+ s) recorded, (\d+ min( \d+ s)?|\d+ s) speaking, \d+ pauses?$/);
    // As many pauses drawn as the figures count (over the answers: the examiner's turn is not one).
    expect(await timeline.locator('rect[data-pause-ms]').count()).toBe(analysis.pauses?.count);
    const figures = await section.getByTestId('recording-figures').innerText();
    for (const label of ['Speech rate', 'Articulation rate', 'Time spent speaking', 'Pauses', 'Length of run']) expect(figures).toContain(label);
    // One player, shared by the timeline and the transcript.
    expect(await page.locator('audio').count()).toBe(1);

    // The word-synced transcript: every word the server placed, the first answer's among them.
    const transcript = section.getByRole('group', { name: 'Transcript, word by word' });
    const words = transcript.getByRole('button');
    expect(analysis.words.length).toBeGreaterThan(0);
    expect(await words.count()).toBe(analysis.words.length);
    expect(await transcript.getByRole('heading').first().innerText()).toMatch(/^Part 1, question 1/);
    const firstAnswer = (await transcript.getByRole('region').first().getByRole('button').allInnerTexts()).join(' ');
    // Only the first answer is given in real time; the later ones run forward on the page clock, so
    // their windows lie past the recording's real end, and on a slow machine (a longer recording) the
    // second answer's first word ("i") can be placed where the page shows it after the first's.
    expect(firstAnswer).toMatch(/^my name is asha verma and i live in pune with my family( \S+)?$/);
    expect(await transcript.locator('button[tabindex="0"]').count()).toBe(1);

    // A click on a word moves the player to the word's start (within 0.3 s).
    await page.waitForFunction(() => (document.querySelector('audio')?.readyState ?? 0) >= 1);
    const placed = new Set(analysis.words.map((word) => word.startMs));
    const durationMs = analysis.durationMs ?? 0;
    const target = analysis.words.find((word) => word.word === 'pune' && word.startMs > 0 && word.startMs < durationMs) ?? analysis.words.find((word) => word.startMs > 500 && word.startMs < durationMs);
    if (!target) throw new Error('no word to click');
    const button = transcript.locator(`button[data-start-ms="${target.startMs}"]`).first();
    expect(placed.has(Number(await button.getAttribute('data-start-ms')))).toBe(true);
    expect(Math.abs((await seekByClick(page, button)) - target.startMs / 1000)).toBeLessThanOrEqual(0.3);
    // And another, later word (a seek backwards and forwards both land).
    const later = analysis.words.filter((word) => word.startMs > target.startMs + 1000 && word.startMs < durationMs - 500).at(-1);
    if (later) {
      const laterButton = transcript.locator(`button[data-start-ms="${later.startMs}"]`).first();
      expect(Math.abs((await seekByClick(page, laterButton)) - later.startMs / 1000)).toBeLessThanOrEqual(0.3);
    }
    await section.locator('audio').evaluate((audio: HTMLAudioElement) => audio.pause());

    // The bands from the text are still there.
    await checkBandsShown(page);
    await lookAt(page, 'results-evidence-done-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await lookAt(page, 'results-evidence-done-phone');
  }, 300_000);

  it('a corrupt upload: "Analysis failed" with the reason, and the bands from the text stand', async () => {
    const student = await createStudent(suite.server.database.db, { studentName: 'Ravi Kumar' });
    const page = await takeWholeTest(student, { corruptUpload: true });
    const id = await savedAttemptId(page, student);
    const section = page.getByTestId('results-recording');
    expect(await section.getByTestId('recording-status').innerText()).toBe(PENDING_TEXT);

    // At least this attempt's analysis (another test's, left pending by a failure there, would be run too).
    expect(await analyseAll(suite.server, processes)).toBeGreaterThanOrEqual(1);
    expect((await ownAttempt(student, id)).recordingAnalysis).toMatchObject({ status: 'failed' });
    const failed = section.getByTestId('analysis-failed');
    await pumpUntil(page, async () => (await failed.count()) > 0, "'Analysis failed'", { stepMs: 1_000, realMs: 100, maxSteps: 60 });
    expect(await failed.innerText()).toMatch(/^Analysis failed: The recording could not be read as audio/);
    expect(await failed.innerText()).toContain('The transcript and the scores do not depend on it: they stay as they are.');
    expect(await section.getByTestId('recording-status').textContent()).toBe(FAILED_TEXT);
    expect(await section.getAttribute('data-stage')).toBe('failed');
    expect(await section.getByTestId('recording-timeline').count()).toBe(0);
    await checkBandsShown(page);
    await lookAt(page, 'results-evidence-failed-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await lookAt(page, 'results-evidence-failed-phone');
  }, 300_000);
});

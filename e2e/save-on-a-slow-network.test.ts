/*
 * Saving a finished speaking test on a slow, flaky phone network (Chromium at 390x844, the scripted
 * recognizer, Playwright's clock). The recording's first upload hangs (no answer, no reset, as a
 * request lost when a phone changes networks): the results say after 30 s that it is taking a while
 * and offer Try again, which stops that upload and sends it again at once; the test is saved once,
 * with its recording. The mock interview's completed view the same way. On a phone, whether the
 * result is saved is seen in the first screen, without scrolling: a chip beside the results' title
 * (the status box itself is under the bands). A second tab open as the connection returns does not
 * send the test again.
 */
import path from 'node:path';
import type { Locator, Page, Request, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { emptyInterviewProfile } from '../src/shared/api/interview.js';
import { attempts } from '../src/server/db/schema.js';
import { saveInterviewProfile } from '../src/server/interview/service.js';
import { recordings } from '../src/server/db/schema-recordings.js';
import { createStudent, type CreatedStudent } from '../src/server/test/factories.js';
import { PART1_LATER_ANSWERS, PART2_SENTENCES, PART3_ANSWERS } from './support/answers.js';
import { installFakeRecognition } from './support/fake-recognition.js';
import { signInByApi } from './support/speaking-flow.js';
import {
  answerWithRecognizer as answer,
  drawSameQuestions,
  lookAt,
  makeSpeechWithSilenceWav,
  pumpUntil,
  signInWithForm,
  sleep,
  speakPart2,
  toast,
  useBrowserSuite,
  visible as shown,
  type ViewportName,
} from './support/index.js';
import { screenshotsDir } from './support/screenshots.js';

// The signed-out current-user call on /auth answers 401 by design; the upload stopped by Try again, and requests made offline, fail in the browser.
const EXPECTED_NOISE = [/status of 401/, /ERR_ABORTED|ERR_FAILED|ERR_INTERNET_DISCONNECTED/];
const PART1 = ['My name is Asha Verma and I live in Pune with my family.', ...PART1_LATER_ANSWERS];

const suite = useBrowserSuite({ browser: async () => ({ fakeAudioFile: await makeSpeechWithSilenceWav(PART1[0] ?? '', 1.2) }) });

/** Signs in and takes the whole test to its results, at the given size. */
async function takeWholeTest(
  student: CreatedStudent,
  viewport: ViewportName,
  beforeTest: (page: Page) => Promise<void> = async () => {},
  beforeLastAnswer: (page: Page) => Promise<void> = async () => {},
): Promise<Page> {
  const { page } = await suite.openPage({ viewport, ignore: EXPECTED_NOISE, timeoutMs: 15_000 });
  const fake = await installFakeRecognition(page);
  await drawSameQuestions(page);
  await page.clock.install();
  await signInByApi(page, suite.server.baseUrl, student.mobileNumber, student.password);
  await beforeTest(page);
  await page.goto(`${suite.server.baseUrl}/test`);
  await page.clock.runFor(1_100);
  await pumpUntil(page, shown(page, 'Ready to start'), 'the microphone');
  await page.getByRole('button', { name: 'Start Test' }).click();
  for (let n = 1; n <= 10; n += 1) await answer(page, fake, n, PART1[n - 1] ?? '');
  await speakPart2(page, fake, PART2_SENTENCES);
  for (let n = 1; n <= 10; n += 1) {
    if (n === 10) await beforeLastAnswer(page);
    await answer(page, fake, n, PART3_ANSWERS[n - 1] ?? '');
  }
  await pumpUntil(page, shown(page, 'Test Complete!'), 'the results', { realMs: 100 });
  return page;
}

/** Wholly within the window as it is scrolled now. */
async function inFirstScreen(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
  });
}

/** A screenshot of the window only (what the student sees without scrolling), under test-results/screenshots/. */
const shot = (name: string) => path.join(screenshotsDir, `${name}.png`);

async function storedFor(student: CreatedStudent) {
  const rows = (await suite.server.database.db.select().from(attempts)).filter((row) => row.studentId === student.student.id);
  const kept = (await suite.server.database.db.select().from(recordings)).filter((row) => rows.some((attempt) => attempt.id === row.attemptId));
  return { attempts: rows.length, recordings: kept.length };
}

describe('saving on a slow network', () => {
  it('Try again stops an upload that hangs and sends it again at once; the test is saved once, with its recording', async () => {
    const student = await createStudent(suite.server.database.db, { studentName: 'Asha Verma' });
    const uploads: Request[] = [];
    const failed: string[] = [];
    const page = await takeWholeTest(student, 'phone', async (p) => {
      // The first upload is never answered; the later ones go through.
      await p.route('**/api/attempts/*/recording', async (route: Route) => {
        if (route.request().method() !== 'PUT') return route.continue();
        uploads.push(route.request());
        if (uploads.length > 1) await route.continue();
      });
      p.on('requestfailed', (request) => {
        if (request.method() === 'PUT') failed.push(request.failure()?.errorText ?? '');
      });
    });
    const box = page.locator('[data-save-state]');
    const chip = page.getByTestId('save-chip');
    await pumpUntil(page, async () => uploads.length === 1, 'the first upload', { stepMs: 200, realMs: 100 });
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await inFirstScreen(chip)).toBe(true);
    expect(await inFirstScreen(box)).toBe(false);
    expect(await chip.locator('.mantine-Badge-label').textContent()).toBe('Saving…');
    // The attempt itself is saved; the upload hangs: a plain "Saving" at first, no Try again yet.
    expect(await storedFor(student)).toEqual({ attempts: 1, recordings: 0 });
    expect(await box.getAttribute('data-save-state')).toBe('pending');
    expect(await box.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    // 30 s on, it says so and offers Try again (before, Try again came only after a failure: 31 minutes here).
    await page.clock.runFor(30_000);
    await box.getByRole('button', { name: 'Try again' }).waitFor();
    expect(await box.innerText()).toContain('this is taking a while: if your connection dropped, press Try again.');
    expect(await box.innerText()).toMatch(/sending for \d+ s/);
    expect(await chip.locator('.mantine-Badge-label').textContent()).toBe('Not saved yet');
    await lookAt(page, 'save-slow-upload-phone');
    await page.screenshot({ path: shot('save-chip-not-saved-yet-phone') });
    // The chip leads to the box, Try again in view.
    await chip.click();
    expect(await inFirstScreen(box.getByRole('button', { name: 'Try again' }))).toBe(true);
    await box.getByRole('button', { name: 'Try again' }).click();
    await pumpUntil(page, async () => (await box.getAttribute('data-save-state')) === 'saved', 'the save after Try again', { stepMs: 200, realMs: 100 });
    expect(uploads).toHaveLength(2);
    expect(failed).toHaveLength(1);
    expect(await box.innerText()).toContain('Your results are saved.');
    expect(await storedFor(student)).toEqual({ attempts: 1, recordings: 1 });
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await chip.locator('.mantine-Badge-label').textContent()).toBe('Saved');
    expect(await inFirstScreen(chip)).toBe(true);
    // The chip is a button: a finger's 44 px (it was a 26 px badge).
    expect((await chip.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    await lookAt(page, 'save-saved-phone');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: shot('save-chip-saved-phone') });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await inFirstScreen(chip)).toBe(true);
    await page.screenshot({ path: shot('save-chip-saved-desktop') });
  }, 240_000);

  it.each<ViewportName>(['phone', 'desktop'])('the interview: whether it is saved in the first screen, and Try again for an upload that hangs (%s)', async (viewport) => {
    const db = suite.server.database.db;
    const student = await createStudent(db, { courseName: 'Interview Aspirant', studentName: `Kavya ${viewport}` });
    await saveInterviewProfile(db, student.student.id, { ...emptyInterviewProfile(), skills: 'React' });
    const { page } = await suite.openPage({ viewport, ignore: EXPECTED_NOISE, timeoutMs: 15_000 });
    const uploads: Request[] = [];
    await page.route('**/api/attempts/*/recording', async (route: Route) => {
      if (route.request().method() !== 'PUT') return route.continue();
      uploads.push(route.request());
      if (uploads.length > 1) await route.continue();
    });
    const fake = await installFakeRecognition(page);
    await page.clock.install();
    await signInWithForm(page, suite.server.baseUrl, student.mobileNumber, student.password);
    await page.waitForURL('**/interview-dashboard');
    await page.getByRole('button', { name: 'Start My Interview' }).click();
    await page.getByRole('button', { name: 'Allow Microphone Access' }).click();
    await page.getByRole('button', { name: 'Start My Interview' }).click();
    await page.getByText(/^Question 1 of \d+$/).waitFor();
    for (let tries = 0; (await page.getByTestId('current-question').count()) === 0; tries += 1) {
      if (tries > 100) throw new Error('the first question was never asked');
      await page.evaluate(() => speechSynthesis.cancel());
      await page.clock.runFor(500);
    }
    await fake.waitForListening(5_000);
    await page.clock.runFor(600);
    // The recorder resumes 0.5 s after listening starts and records in real time.
    await sleep(1_500);
    await fake.say('My name is Kavya and I build web applications for a hospital, mostly forms for nurses.', { confidence: 0.9 });
    await page.clock.fastForward(30 * 60 * 1000);
    await page.getByRole('heading', { level: 1, name: 'Interview Completed!' }).waitFor();
    await pumpUntil(page, async () => uploads.length === 1, 'the first upload', { stepMs: 200, realMs: 100 });
    const saving = page.getByText('Saving…', { exact: true });
    expect(await inFirstScreen(saving)).toBe(true);
    await page.screenshot({ path: shot(`interview-saving-${viewport}`) });
    await page.clock.runFor(30_000);
    const tryAgain = page.getByRole('button', { name: 'Try again' });
    await tryAgain.waitFor();
    expect(await inFirstScreen(tryAgain)).toBe(true);
    await page.screenshot({ path: shot(`interview-slow-upload-${viewport}`) });
    await tryAgain.click();
    await toast(page, 'Interview completed and saved successfully!').waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await inFirstScreen(page.getByText('Saved.', { exact: true }))).toBe(true);
    await page.screenshot({ path: shot(`interview-saved-${viewport}`) });
    expect(uploads).toHaveLength(2);
    expect(await storedFor(student)).toEqual({ attempts: 1, recordings: 1 });
  }, 120_000);

  it('offline when the test ends: the results say so instead of spinning, and once back online the test is saved and the earlier tests load', async () => {
    const student = await createStudent(suite.server.database.db, { studentName: 'Ravi Offline' });
    // The app's own files the test still needed once offline: none (the recording's duration fixer loads when recording starts).
    const missedFiles: string[] = [];
    const page = await takeWholeTest(student, 'phone', undefined, (p) => {
      p.on('requestfailed', (request) => {
        if (new URL(request.url()).pathname.startsWith('/assets/')) missedFiles.push(new URL(request.url()).pathname);
      });
      return p.context().setOffline(true);
    });
    const offline = page.getByTestId('history-offline');
    await pumpUntil(page, async () => (await offline.count()) > 0, 'the offline note', { stepMs: 200, realMs: 100, maxSteps: 50 });
    expect(await offline.innerText()).toBe('This device seems to be offline: your earlier tests will load as soon as the connection returns.');
    expect(await page.getByText('Loading your earlier tests…').count()).toBe(0);
    const chip = page.getByTestId('save-chip').locator('.mantine-Badge-label');
    await pumpUntil(page, async () => (await chip.textContent()) === 'Not saved yet', 'the failed first send', { stepMs: 200, realMs: 100, maxSteps: 50 });
    await page.getByRole('heading', { name: 'Your progress' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: shot('results-offline-progress-phone') });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('heading', { name: 'Your progress' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: shot('results-offline-progress-desktop') });
    await page.context().setOffline(false);
    // Back online: the outbox sends at once (not at its next backoff) and the earlier tests load.
    await pumpUntil(page, async () => (await chip.textContent()) === 'Saved', 'the save once online', { stepMs: 100, realMs: 100, maxSteps: 100 });
    await pumpUntil(page, async () => (await page.getByText('Your first test: take another later to see your progress.').count()) > 0, 'the earlier tests', { stepMs: 100, realMs: 100, maxSteps: 100 });
    expect(await offline.count()).toBe(0);
    expect(await storedFor(student)).toEqual({ attempts: 1, recordings: 1 });
    expect(missedFiles).toEqual([]);
  }, 240_000);

  it('a test left unsent when the app was closed is sent when the app is opened again, and the student is told so, once', async () => {
    const student = await createStudent(suite.server.database.db, { studentName: 'Meera Later' });
    const page = await takeWholeTest(student, 'phone', undefined, (p) => p.context().setOffline(true));
    const chip = page.getByTestId('save-chip').locator('.mantine-Badge-label');
    await pumpUntil(page, async () => (await chip.textContent()) === 'Not saved yet', 'the failed first send', { stepMs: 200, realMs: 100, maxSteps: 50 });
    const finished = await page.evaluate(() => Date.now());
    // The phone is put away: the page is closed with the test kept on the device.
    const context = page.context();
    await page.close({ runBeforeUnload: false });
    expect(await storedFor(student)).toEqual({ attempts: 0, recordings: 0 });
    await context.setOffline(false);
    const later = await context.newPage();
    await later.goto(`${suite.server.baseUrl}/progress`);
    const note = toast(later, 'has now been saved.');
    await note.waitFor({ timeout: 20_000 });
    const time = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(finished);
    expect(await note.innerText()).toContain(`Your speaking test from ${time} has now been saved.`);
    // My progress, opened before it was saved, lists it now.
    await later.getByText('No attempts yet', { exact: false }).waitFor({ state: 'detached' });
    await later.screenshot({ path: shot('saved-when-reopened-phone') });
    expect(await storedFor(student)).toEqual({ attempts: 1, recordings: 1 });
    // Told once: opened again, nothing is left to send or tell.
    await note.waitFor({ state: 'detached', timeout: 10_000 });
    await later.reload();
    await later.getByRole('heading', { name: 'My progress' }).waitFor();
    await sleep(2_000);
    expect(await toast(later, 'has now been saved.').count()).toBe(0);
    await later.close();
  }, 240_000);

  it('with a second tab opened as the connection returns, the test is sent once, and that tab says nothing of it', async () => {
    const student = await createStudent(suite.server.database.db, { studentName: 'Ravi Twotabs' });
    const page = await takeWholeTest(student, 'phone', undefined, (p) => p.context().setOffline(true));
    const chip = page.getByTestId('save-chip').locator('.mantine-Badge-label');
    await pumpUntil(page, async () => (await chip.textContent()) === 'Not saved yet', 'the failed first send', { stepMs: 200, realMs: 100, maxSteps: 50 });
    const context = page.context();
    const sent: string[] = [];
    const saving = /\/api\/(test-sessions$|attempts\/[^/]+\/recording$)/;
    context.on('request', (request) => {
      if (saving.test(new URL(request.url()).pathname)) sent.push(request.method());
    });
    // Each answer comes 3 s late: the first tab's send is still on its way when the second tab
    // opens and takes in the test from the browser's storage.
    await context.route((url) => saving.test(url.pathname), async (route) => {
      await sleep(3_000);
      await route.continue();
    });
    await context.setOffline(false);
    const other = await context.newPage();
    await other.goto(`${suite.server.baseUrl}/progress`);
    await other.getByRole('heading', { name: 'My progress' }).waitFor();
    await pumpUntil(page, async () => (await chip.textContent()) === 'Saved', 'the save once online', { stepMs: 100, realMs: 100, maxSteps: 150 });
    await sleep(4_000);
    expect(sent).toEqual(['POST', 'PUT']);
    expect(await toast(other, 'has now been saved.').count()).toBe(0);
    expect(await storedFor(student)).toEqual({ attempts: 1, recordings: 1 });
    await other.close();
  }, 240_000);
});

/*
 * Saving a finished speaking test on a slow, flaky phone network (Chromium at 390x844, the scripted
 * recognizer, Playwright's clock). The recording's first upload hangs (no answer, no reset, as a
 * request lost when a phone changes networks): the results say after 30 s that it is taking a while
 * and offer Try again, which stops that upload and sends it again at once; the test is saved once,
 * with its recording.
 */
import type { Page, Request, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { attempts } from '../src/server/db/schema.js';
import { recordings } from '../src/server/db/schema-recordings.js';
import { createStudent, type CreatedStudent } from '../src/server/test/factories.js';
import { PART1_LATER_ANSWERS, PART2_SENTENCES, PART3_ANSWERS } from './support/answers.js';
import { installFakeRecognition } from './support/fake-recognition.js';
import { answerWithRecognizer as answer, drawSameQuestions, lookAt, makeSpeechWithSilenceWav, pumpUntil, speakPart2, useBrowserSuite, visible as shown, type ViewportName } from './support/index.js';

// The signed-out current-user call on /auth answers 401 by design; the upload stopped by Try again fails in the browser.
const EXPECTED_NOISE = [/status of 401/, /ERR_ABORTED|ERR_FAILED/];
const PART1 = ['My name is Asha Verma and I live in Pune with my family.', ...PART1_LATER_ANSWERS];

const suite = useBrowserSuite({ browser: async () => ({ fakeAudioFile: await makeSpeechWithSilenceWav(PART1[0] ?? '', 1.2) }) });

/** Signs in and takes the whole test to its results, at the given size. */
async function takeWholeTest(student: CreatedStudent, viewport: ViewportName, beforeTest: (page: Page) => Promise<void> = async () => {}): Promise<Page> {
  const { page } = await suite.openPage({ viewport, ignore: EXPECTED_NOISE, timeoutMs: 15_000 });
  const fake = await installFakeRecognition(page);
  await drawSameQuestions(page);
  await page.clock.install();
  await page.goto(`${suite.server.baseUrl}/auth`);
  const login = await page.evaluate(
    async (body) => (await fetch('/api/login', { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body })).status,
    JSON.stringify({ username: student.mobileNumber, password: student.password }),
  );
  expect(login).toBe(200);
  await beforeTest(page);
  await page.goto(`${suite.server.baseUrl}/test`);
  await page.clock.runFor(1_100);
  await pumpUntil(page, shown(page, 'Ready to start'), 'the microphone');
  await page.getByRole('button', { name: 'Start Test' }).click();
  for (let n = 1; n <= 10; n += 1) await answer(page, fake, n, PART1[n - 1] ?? '');
  await speakPart2(page, fake, PART2_SENTENCES);
  for (let n = 1; n <= 10; n += 1) await answer(page, fake, n, PART3_ANSWERS[n - 1] ?? '');
  await pumpUntil(page, shown(page, 'Test Complete!'), 'the results', { realMs: 100 });
  return page;
}

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
    await pumpUntil(page, async () => uploads.length === 1, 'the first upload', { stepMs: 200, realMs: 100 });
    // The attempt itself is saved; the upload hangs: a plain "Saving" at first, no Try again yet.
    expect(await storedFor(student)).toEqual({ attempts: 1, recordings: 0 });
    expect(await box.getAttribute('data-save-state')).toBe('pending');
    expect(await box.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    // 30 s on, it says so and offers Try again (before, Try again came only after a failure: 31 minutes here).
    await page.clock.runFor(30_000);
    await box.getByRole('button', { name: 'Try again' }).waitFor();
    expect(await box.innerText()).toContain('this is taking a while: if your connection dropped, press Try again.');
    expect(await box.innerText()).toMatch(/sending for \d+ s/);
    await lookAt(page, 'save-slow-upload-phone');
    await box.getByRole('button', { name: 'Try again' }).click();
    await pumpUntil(page, async () => (await box.getAttribute('data-save-state')) === 'saved', 'the save after Try again', { stepMs: 200, realMs: 100 });
    expect(uploads).toHaveLength(2);
    expect(failed).toHaveLength(1);
    expect(await box.innerText()).toContain('Your results are saved.');
    expect(await storedFor(student)).toEqual({ attempts: 1, recordings: 1 });
  }, 240_000);
});

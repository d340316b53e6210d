/*
 * A device whose recorder yields no bytes (as WebKitGTK's did without its GStreamer plugin; any
 * browser's recorder can fail so). Chromium without speech recognition, its MediaRecorder wrapped
 * so that every piece it hands over is empty: nothing else is faked. The microphone is silent, so
 * each answer ends on the no-speech timeout, run on the page clock: what is recorded (nothing) is
 * the point here, and answers ended by real silence in real time are speaking-test-no-recognition's. The student is told within
 * seconds during the test and on the results that no recording is being made and the answers cannot
 * be scored; the save says no recording was made; the teacher's list and page say there is nothing
 * to score (not "Awaiting teacher's bands").
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nothingToScoreText, type AttemptsPage } from '../src/shared/api/admin-attempts.js';
import type { SaveTestSessionBody } from '../src/shared/api/attempts.js';
import { attempts } from '../src/server/db/schema.js';
import { recordings } from '../src/server/db/schema-recordings.js';
import { createAdmin, createStudent } from '../src/server/test/factories.js';
import { UNHEARD_TOAST } from '../src/client/features/speaking-test/flow/unheard.js';
import {
  answeredByNothing,
  collectConsoleErrors,
  launchBrowser,
  lookAt,
  makeSilenceWav,
  newPage,
  PART2_INTRO_TEXT,
  PART2_PREPARATION_TEXT,
  recorderYieldsNothing,
  signInByApi,
  screenshot,
  skipVoiceLine,
  startTestServer,
  toast,
  withoutSpeechRecognition,
  type LaunchedBrowser,
  type TestServer,
} from './support/index.js';

const EXPECTED_NOISE = [/status of 401/];
const NOT_RECORDING_TEXT =
  'No recording is being made on this device: your answers are not transcribed either, so they cannot be scored. Use Chrome on a computer or an Android phone if you can, or retake the test on another device.';
const NO_RECORDING_RESULT =
  'No recording was made on this device, so your answers cannot be scored: there is nothing for your teacher to listen to. Use Chrome on a computer or an Android phone if you can, or retake the test.';

/** No speech recognition (as in Firefox), and a MediaRecorder whose every piece is empty. */
async function recorderGivesNothing(page: Page): Promise<void> {
  await withoutSpeechRecognition(page);
  await recorderYieldsNothing(page);
}

let server: TestServer;
let launched: LaunchedBrowser;
beforeAll(async () => {
  server = await startTestServer();
  launched = await launchBrowser({ fakeAudioFile: await makeSilenceWav(5) });
});
afterAll(async () => {
  await launched?.close();
  await server?.close();
});

describe('a recorder that yields nothing', () => {
  it('tells the student within seconds, at 1280x800 and 390x844', async () => {
    const student = await createStudent(server.database.db, { studentName: 'Ines Moreau' });
    for (const viewport of ['desktop', 'phone'] as const) {
      const page = await newPage(launched.browser, { viewport });
      const errors = collectConsoleErrors(page, { ignore: EXPECTED_NOISE });
      await recorderGivesNothing(page);
      await signInByApi(page, server.baseUrl, student.mobileNumber, student.password);
      await page.goto(`${server.baseUrl}/test`);
      await page.getByText('Ready to start').waitFor({ timeout: 10_000 });
      const started = Date.now();
      await page.getByRole('button', { name: 'Start Test' }).click();
      await page.getByTestId('recording-problem').waitFor({ timeout: 10_000 });
      // Checked 5 s after Start Test: noticed within seconds.
      expect(Date.now() - started).toBeLessThan(9_000);
      expect(await page.getByTestId('recording-problem').innerText()).toContain(NOT_RECORDING_TEXT);
      expect(await page.getByTestId('recording-badge').innerText()).toMatch(/^not recording$/i);
      await page.getByText('No recording', { exact: true }).first().waitFor();
      await lookAt(page, `no-recording-part1-${viewport}`);
      errors.assertNone();
      await page.context().close();
    }
  }, 60_000);

  it(
    'the results say no recording was made and nothing can be scored; the teacher sees there is nothing to score',
    async () => {
      const student = await createStudent(server.database.db, { studentName: 'Tomas Berg' });
      const admin = await createAdmin(server.database.db);
      const page = await newPage(launched.browser, { viewport: 'desktop' });
      const errors = collectConsoleErrors(page, { ignore: EXPECTED_NOISE });
      await recorderGivesNothing(page);
      await page.clock.install();
      await signInByApi(page, server.baseUrl, student.mobileNumber, student.password);
      const saves: SaveTestSessionBody[] = [];
      await page.route('**/api/test-sessions', async (route) => {
        saves.push(route.request().postDataJSON() as SaveTestSessionBody);
        await route.continue();
      });
      await page.goto(`${server.baseUrl}/test`);
      await page.getByText('Ready to start').waitFor({ timeout: 10_000 });
      await page.getByRole('button', { name: 'Start Test' }).click();
      for (let n = 1; n <= 2; n += 1) await answeredByNothing(page, n);
      // Two answers with nothing heard (a silent microphone, no recognition): the student is told while most of the test is to come.
      const nothingHeard = toast(page, UNHEARD_TOAST.title);
      await nothingHeard.waitFor();
      expect(await nothingHeard.innerText()).toContain(UNHEARD_TOAST.description);
      await screenshot(page, 'no-recording-nothing-heard-desktop', { fullPage: false });
      for (let n = 3; n <= 10; n += 1) await answeredByNothing(page, n);
      await skipVoiceLine(page, PART2_INTRO_TEXT);
      await page.getByText(PART2_PREPARATION_TEXT).waitFor({ timeout: 15_000 });
      await page.clock.runFor(60_000);
      // Nothing says the audio is being recorded.
      await page.getByText('Speak now until the timer ends.', { exact: true }).waitFor();
      expect(await page.locator('main').innerText()).not.toMatch(/being recorded/);
      await page.clock.runFor(120_500);
      await page.getByRole('heading', { name: 'Discussion' }).waitFor({ timeout: 15_000 });
      for (let n = 1; n <= 10; n += 1) await answeredByNothing(page, n);

      await page.getByText('Test Complete!').waitFor({ timeout: 20_000 });
      expect(await page.getByTestId('recording-sentence').innerText()).toBe(NO_RECORDING_RESULT);
      expect(await page.getByText('Nothing to score', { exact: true }).count()).toBe(1);
      const results = await page.getByTestId('results-panel').innerText();
      expect(results).not.toMatch(/recording is saved|judged from it/i);
      const saveState = page.locator('[data-save-state]');
      await expect.poll(async () => saveState.getAttribute('data-save-state'), { timeout: 60_000 }).toBe('saved');
      await lookAt(page, 'no-recording-results-desktop');
      await page.setViewportSize({ width: 390, height: 844 });
      await lookAt(page, 'no-recording-results-phone');

      expect(saves).toHaveLength(1);
      expect(saves[0]?.sessionData).toMatchObject({ noTranscript: true, noRecording: true });
      const stored = (await server.database.db.select().from(attempts)).filter((row) => row.studentId === student.student.id);
      expect(stored).toHaveLength(1);
      const attemptId = stored[0]?.id ?? '';
      expect((await server.database.db.select().from(recordings)).filter((row) => row.attemptId === attemptId)).toEqual([]);

      const adminPage = await newPage(launched.browser, { viewport: 'desktop' });
      await signInByApi(adminPage, server.baseUrl, admin.username, admin.password);
      const list = await adminPage.evaluate(async () => (await (await fetch('/api/admin/test-attempts?page=1&limit=10', { credentials: 'include' })).json()) as AttemptsPage);
      const row = list.attempts.find((attempt) => attempt.id === attemptId);
      expect(row).toMatchObject({ assessable: false, nothingToScore: true });
      expect(row?.awaitingTeacher).toBeUndefined();
      await adminPage.goto(`${server.baseUrl}/admin`);
      await adminPage.getByRole('tab', { name: 'IELTS Attempts' }).click();
      const listed = adminPage.locator(`tr[data-attempt-id="${attemptId}"]`);
      await listed.getByText('Nothing to score: ask for a retake').waitFor({ timeout: 10_000 });
      expect(await listed.getByText("Awaiting teacher's bands").count()).toBe(0);
      await lookAt(adminPage, 'no-recording-teacher-list-desktop');
      await adminPage.goto(`${server.baseUrl}/admin/attempts/${attemptId}`);
      await adminPage.getByText(nothingToScoreText('test')).first().waitFor({ timeout: 10_000 });
      // Its badge says what the teacher can do, not that it waits for bands.
      await adminPage.getByText('Nothing to score: ask for a retake').first().waitFor();
      expect(await adminPage.getByText('Awaiting review', { exact: true }).count()).toBe(0);
      await lookAt(adminPage, 'no-recording-teacher-desktop');
      await adminPage.setViewportSize({ width: 390, height: 844 });
      await lookAt(adminPage, 'no-recording-teacher-phone');
      await adminPage.context().close();
      errors.assertNone();
      await page.context().close();
    },
    420_000,
  );
});

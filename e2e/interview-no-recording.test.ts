/*
 * The mock interview on a device whose recorder yields no bytes: Chromium without speech
 * recognition (as Firefox has it), its MediaRecorder handing over empty pieces, a silent
 * microphone. The interviewer's lines, the delays and the recorder checks run on the page clock; the
 * student moves on with Next (a silent answer waits for it). The check measures the recording in
 * time that really passed, so the first answer lasts a few real seconds before the clock runs on. The student is told within seconds of
 * the recording starting, and on the completed view, that no recording is made and nothing can be
 * scored; the save says so; the teacher's list and page say there is nothing to score.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nothingToScoreText, type AttemptsPage } from '../src/shared/api/admin-attempts.js';
import { emptyInterviewProfile, type SaveInterviewSessionBody } from '../src/shared/api/interview.js';
import { INTERVIEW_NO_RECORDING_TEXT, INTERVIEW_NO_TRANSCRIPT_TEXT } from '../src/shared/interview/constants.js';
import { attempts } from '../src/server/db/schema.js';
import { recordings } from '../src/server/db/schema-recordings.js';
import { saveInterviewProfile } from '../src/server/interview/service.js';
import { createAdmin, createStudent } from '../src/server/test/factories.js';
import {
  collectConsoleErrors,
  launchBrowser,
  lookAt,
  makeSilenceWav,
  newPage,
  recorderYieldsNothing,
  signInByApi,
  skipVoiceLine,
  startTestServer,
  withoutSpeechRecognition,
  type LaunchedBrowser,
  type TestServer,
} from './support/index.js';

const SPEAKING = 'The interviewer is speaking…';
const NOT_RECORDING_TEXT =
  'No recording is being made on this device: your answers are not transcribed either, so they cannot be scored. Use Chrome on a computer or an Android phone if you can, or retake the interview on another device.';

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

/** Question `n` is on screen and its line has been skipped: the student answers. */
async function questionAsked(page: Page, n: number, total: number): Promise<void> {
  await page.getByText(`Question ${n} of ${total}`, { exact: true }).waitFor();
  await page.getByTestId('current-question').waitFor();
  await skipVoiceLine(page, SPEAKING);
}

describe('an interview whose recorder yields nothing', () => {
  it(
    'tells the student within seconds and on the completed view; saved as no recording; the teacher sees nothing to score',
    async () => {
      const student = await createStudent(server.database.db, { courseName: 'Interview Aspirant', studentName: 'Noor Haddad' });
      await saveInterviewProfile(server.database.db, student.student.id, { ...emptyInterviewProfile(), professionalSummary: 'Support engineer.' });
      const admin = await createAdmin(server.database.db);
      const page = await newPage(launched.browser, { viewport: 'desktop' });
      page.setDefaultTimeout(20_000);
      const errors = collectConsoleErrors(page, { ignore: [/status of 401/] });
      await withoutSpeechRecognition(page);
      await recorderYieldsNothing(page);
      await page.clock.install();
      const bodies: SaveInterviewSessionBody[] = [];
      await page.route('**/api/interview-sessions', async (route) => {
        bodies.push(route.request().postDataJSON() as SaveInterviewSessionBody);
        await route.continue();
      });
      await signInByApi(page, server.baseUrl, student.mobileNumber, student.password);
      await page.goto(`${server.baseUrl}/interview-simulator`);
      await page.getByRole('button', { name: 'Allow Microphone Access' }).click();
      const prepared = await page.getByText(/questions? have been prepared from your profile/).textContent();
      const total = Number(/^(\d+)/.exec(prepared ?? '')?.[1]);
      expect(total).toBeGreaterThanOrEqual(2);
      await page.getByRole('button', { name: 'Start My Interview' }).click();
      await page.getByRole('heading', { level: 1, name: 'Interview Simulation' }).waitFor();
      await skipVoiceLine(page, SPEAKING);
      await page.clock.runFor(3_100);
      await questionAsked(page, 1, total);
      expect(await page.getByTestId('recording-problem').count()).toBe(0);

      // The recording starts 0.5 s into the answer; the next check that finds 3 s of it (really passed) without a piece tells the student.
      await page.clock.runFor(600);
      await page.waitForTimeout(3_500);
      await page.clock.runFor(5_000);
      await page.getByTestId('recording-problem').waitFor();
      expect(await page.getByTestId('recording-problem').innerText()).toBe(NOT_RECORDING_TEXT);
      expect(await page.getByTestId('live-transcript').innerText()).not.toContain('Recording only');
      // Neither transcribed nor recorded: no Start/Stop Recording button, which would control nothing.
      expect(await page.getByRole('button', { name: /^(Start|Stop) Recording$/ }).count()).toBe(0);
      await page.getByText('No recording', { exact: true }).first().waitFor();
      expect(await page.getByText('This device is not recording your answers.', { exact: false }).count()).toBe(1);
      await lookAt(page, 'interview-no-recording-active-desktop');
      await page.setViewportSize({ width: 390, height: 844 });
      await lookAt(page, 'interview-no-recording-active-phone');
      await page.setViewportSize({ width: 1280, height: 800 });

      for (let n = 1; n <= total; n += 1) {
        if (n > 1) await questionAsked(page, n, total);
        await page.getByRole('button', { name: n === total ? 'Complete Interview' : 'Next Question' }).click();
        if (n < total) await page.clock.runFor(1_600);
      }
      await page.getByRole('heading', { level: 1, name: 'Interview Completed!' }).waitFor();
      await page.getByTestId('recording-note').waitFor();
      expect(await page.getByTestId('recording-note').innerText()).toBe(INTERVIEW_NO_RECORDING_TEXT);
      expect(await page.getByText('Nothing to score', { exact: true }).count()).toBe(1);
      const completed = await page.locator('main').innerText();
      expect(completed).not.toContain(INTERVIEW_NO_TRANSCRIPT_TEXT);
      expect(completed).not.toMatch(/your teacher will score/i);
      await page.getByText('Interview completed and saved successfully!').waitFor();
      await lookAt(page, 'interview-no-recording-completed-desktop');
      await page.setViewportSize({ width: 390, height: 844 });
      await lookAt(page, 'interview-no-recording-completed-phone');

      expect(bodies).toHaveLength(1);
      expect(bodies[0]?.sessionData).toMatchObject({ noTranscript: true, noRecording: true });
      const stored = (await server.database.db.select().from(attempts)).filter((row) => row.studentId === student.student.id);
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({ kind: 'interview', assessable: false, overall: null });
      const attemptId = stored[0]?.id ?? '';
      expect((await server.database.db.select().from(recordings)).filter((row) => row.attemptId === attemptId)).toEqual([]);

      const adminPage = await newPage(launched.browser, { viewport: 'desktop' });
      await signInByApi(adminPage, server.baseUrl, admin.username, admin.password);
      const list = await adminPage.evaluate(async () => (await (await fetch('/api/admin/interview-attempts?page=1&limit=10', { credentials: 'include' })).json()) as AttemptsPage);
      const row = list.attempts.find((attempt) => attempt.id === attemptId);
      expect(row).toMatchObject({ assessable: false, nothingToScore: true });
      expect(row?.awaitingTeacher).toBeUndefined();
      await adminPage.goto(`${server.baseUrl}/admin?tab=interview`);
      const listed = adminPage.locator(`tr[data-attempt-id="${attemptId}"]`);
      await listed.getByText('Nothing to score: ask for a retake').waitFor();
      expect(await listed.getByTestId('awaiting-teacher').count()).toBe(0);
      await lookAt(adminPage, 'interview-no-recording-teacher-list-desktop');
      await adminPage.goto(`${server.baseUrl}/admin/attempts/${attemptId}`);
      await adminPage.getByText(nothingToScoreText('interview')).first().waitFor();
      // An interview is given scores, not bands, in the review form's words too; with nothing to
      // score there is no estimate for them to stand beside.
      expect(await adminPage.getByTestId('release-status').textContent()).toBe('The student sees your review once you release it: your scores become the result.');
      await lookAt(adminPage, 'interview-no-recording-teacher-desktop');
      await adminPage.setViewportSize({ width: 390, height: 844 });
      await lookAt(adminPage, 'interview-no-recording-teacher-phone');
      await adminPage.context().close();
      errors.assertNone();
      await page.context().close();
    },
    240_000,
  );
});

/*
 * The mock interview in Chromium without SpeechRecognition (as Firefox has it). Each answer
 * is speech from the fake microphone (espeak-ng, then 5 s of sox-made silence, looped); 3 s of that
 * silence counts as a final result and the spec's 8 s auto-advance follows (run on Playwright's
 * clock). The interviewer's lines are skipped on the clock too: with no voices the voice fails at
 * once and waits about as long as the line would take (a timer, nothing acoustic), so listening
 * starts within the loop's silence and each answer takes one loop of the clip rather than two. The
 * interview is saved with its recording and no scores; the teacher sets them.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttemptsPage } from '../src/shared/api/admin-attempts.js';
import { emptyInterviewProfile, type SaveInterviewSessionBody } from '../src/shared/api/interview.js';
import { INTERVIEW_NO_TRANSCRIPT_END_TEXT, INTERVIEW_NO_TRANSCRIPT_TEXT } from '../src/shared/interview/constants.js';
import { NOT_TRANSCRIBED_TEXT } from '../src/shared/interview/answer-texts.js';
import { attempts } from '../src/server/db/schema.js';
import { saveInterviewProfile } from '../src/server/interview/service.js';
import { createAdmin, createStudent } from '../src/server/test/factories.js';
import {
  collectConsoleErrors,
  launchBrowser,
  lookAt,
  makeSpeechWithSilenceWav,
  newPage,
  signInWithForm,
  skipVoiceLine,
  startTestServer,
  type LaunchedBrowser,
  type TestServer,
} from './support/index.js';

let server: TestServer;
let launched: LaunchedBrowser;
beforeAll(async () => {
  server = await startTestServer();
  launched = await launchBrowser({ fakeAudioFile: await makeSpeechWithSilenceWav('I enjoy building useful things with my team.', 5) });
});
afterAll(async () => {
  await launched?.close();
  await server?.close();
});

async function removeRecognition(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as Record<string, unknown>;
    delete w.SpeechRecognition;
    delete w.webkitSpeechRecognition;
  });
}

describe('interview without speech recognition', () => {
  it(
    'answers end on silence and auto-advance; saved with the recording and no scores; the teacher scores it',
    async () => {
      const student = await createStudent(server.database.db, { courseName: 'Interview Aspirant', studentName: 'Mei Lin' });
      await saveInterviewProfile(server.database.db, student.student.id, { ...emptyInterviewProfile(), professionalSummary: 'Support engineer.' });
      const admin = await createAdmin(server.database.db);
      const page = await newPage(launched.browser, { viewport: 'desktop' });
      page.setDefaultTimeout(20_000);
      const errors = collectConsoleErrors(page, { ignore: [/status of 401/] });
      await removeRecognition(page);
      await page.clock.install();
      const bodies: SaveInterviewSessionBody[] = [];
      await page.route('**/api/interview-sessions', async (route) => {
        bodies.push(route.request().postDataJSON() as SaveInterviewSessionBody);
        await route.continue();
      });
      await signInWithForm(page, server.baseUrl, student.mobileNumber, student.password);
      await page.waitForURL('**/interview-dashboard');
      await page.getByRole('button', { name: 'Start My Interview' }).click();
      await page.waitForURL('**/interview-simulator');
      await page.getByRole('button', { name: 'Allow Microphone Access' }).click();
      await page.getByTestId('no-transcript-note').waitFor();
      expect(await page.getByTestId('no-transcript-note').innerText()).toContain('it records your answers but does not turn them into text');
      // No promise of a transcript at the end; the audio only if this device records.
      await page.getByText(INTERVIEW_NO_TRANSCRIPT_END_TEXT).waitFor();
      expect(await page.getByText('you get a transcript', { exact: false }).count()).toBe(0);
      await lookAt(page, 'interview-no-recognition-welcome-desktop');
      const text = await page.getByText(/questions? have been prepared from your profile/).textContent();
      const total = Number(/^(\d+)/.exec(text ?? '')?.[1]);
      expect(total).toBeGreaterThanOrEqual(5);
      await page.getByRole('button', { name: 'Start My Interview' }).click();
      await page.getByRole('heading', { level: 1, name: 'Interview Simulation' }).waitFor();
      await page.clock.runFor(3_100);

      for (let n = 1; n <= total; n += 1) {
        await page.getByText(`Question ${n} of ${total}`, { exact: true }).waitFor();
        await page.getByTestId('current-question').waitFor();
        await skipVoiceLine(page, 'The interviewer is speaking…');
        if (n === 1) {
          // Looked at while the answer is spoken, not during its countdown: the loop's silence leaves
          // about 2 s between the countdown appearing and the clip speaking again (which stops the
          // countdown), and a screenshot on a loaded machine can take longer than that.
          expect(await page.getByTestId('live-transcript').innerText()).toContain('Recording only: this browser does not transcribe.');
          await lookAt(page, 'interview-no-recognition-active-desktop', { settle: false });
        }
        // The answer: the microphone's speech, then 3 s of its silence start the 8 s countdown (real
        // time). Polled every 50 ms (Playwright's own wait backs off to 0.5 s): the countdown and the
        // next question must be over within the rest of the loop's silence.
        await page.waitForFunction(() => document.querySelector('[data-testid="auto-advance"]') !== null, null, { polling: 50, timeout: 25_000 });
        await page.clock.runFor(8_100);
        if (n < total) await page.clock.runFor(1_600);
      }
      await page.getByRole('heading', { level: 1, name: 'Interview Completed!' }).waitFor();
      expect(await page.getByTestId('awaiting-teacher').textContent()).toBe(INTERVIEW_NO_TRANSCRIPT_TEXT);
      expect(await page.getByText('Your scores').count()).toBe(0);
      await page.getByText('Interview completed and saved successfully!').waitFor();
      await lookAt(page, 'interview-no-recognition-completed-desktop');

      expect(bodies).toHaveLength(1);
      const sent = bodies[0]?.sessionData;
      expect(sent?.noTranscript).toBe(true);
      expect(sent?.questions).toHaveLength(total);
      expect(sent?.questions.every((question) => question.answer === NOT_TRANSCRIBED_TEXT)).toBe(true);

      const stored = (await server.database.db.select().from(attempts)).filter((row) => row.studentId === student.student.id);
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({ kind: 'interview', assessable: false, overall: null });
      const attemptId = stored[0]?.id ?? '';

      const adminPage = await newPage(launched.browser, { viewport: 'desktop' });
      await signInWithForm(adminPage, server.baseUrl, admin.username, admin.password);
      await expect
        .poll(() => adminPage.evaluate(async (id) => (await fetch(`/api/attempts/${id}/recording`, { method: 'HEAD', credentials: 'include' })).status, attemptId), { timeout: 20_000 })
        .toBe(200);
      const list = () => adminPage.evaluate(async () => (await (await fetch('/api/admin/interview-attempts?page=1&limit=10', { credentials: 'include' })).json()) as AttemptsPage);
      expect((await list()).attempts.find((row) => row.id === attemptId)).toMatchObject({ assessable: false, overall: null, awaitingTeacher: true });
      await adminPage.goto(`${server.baseUrl}/admin/attempts/${attemptId}`);
      // The review form loads as it comes near the viewport (decision 0023).
      await adminPage.getByRole('region', { name: 'Teacher review' }).scrollIntoViewIfNeeded();
      await adminPage.getByLabel('Communication score').selectOption('6');
      await adminPage.getByLabel('Confidence score').selectOption('7');
      await adminPage.getByLabel('Relevance score').selectOption('6');
      await adminPage.getByLabel('Clarity score').selectOption('7');
      await adminPage.getByRole('button', { name: 'Save review' }).click();
      await expect
        .poll(async () => (await list()).attempts.find((row) => row.id === attemptId)?.teacherScores ?? null, { timeout: 10_000 })
        .toMatchObject({ communication: 6, confidence: 7, relevance: 6, clarity: 7 });
      expect((await list()).attempts.find((row) => row.id === attemptId)?.awaitingTeacher).toBeUndefined();
      await adminPage.context().close();
      errors.assertNone();
      await page.context().close();
    },
    240_000,
  );
});

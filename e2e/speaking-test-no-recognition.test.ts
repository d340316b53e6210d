/*
 * The speaking test in a browser without speech recognition (Chromium with
 * SpeechRecognition removed, as Firefox has it). Every answer is ended by acoustic silence heard in
 * the fake microphone (espeak-ng speech, then silence made with sox, looped by Chromium), in real
 * time. Playwright's clock runs the Part 2 timers and skips the examiner's lines: with no voices the
 * voice fails at once and waits about as long as the line would take to say (a timer, nothing
 * acoustic). The attempt is saved with its recording and no bands; the teacher sets the bands and
 * the attempt shows them.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttemptsPage } from '../src/shared/api/admin-attempts.js';
import type { SaveTestSessionBody } from '../src/shared/api/attempts.js';
import { ANSWER_TIME_LIMIT_MS, SILENCE_TO_END_ANSWER_MS, STARTING_TEXT } from '../src/shared/speaking-test/constants.js';
import { NO_TRANSCRIPT_RESULT_TEXT } from '../src/shared/speaking-test/scoring.js';
import { attempts } from '../src/server/db/schema.js';
import { createAdmin, createStudent } from '../src/server/test/factories.js';
import {
  answeredBySilence,
  collectConsoleErrors,
  EXAMINER_ASKING_TEXT,
  launchBrowser,
  type LaunchedBrowser,
  lookAt,
  makeSpeechWithSilenceWav,
  newPage,
  PART2_INTRO_TEXT,
  PART2_PREPARATION_TEXT,
  scrollToLoadedSection,
  signInByApi,
  SILENCE_CLIP,
  skipVoiceLine,
  startTestServer,
  testResultsDir,
  type TestServer,
  withoutSpeechRecognition,
} from './support/index.js';

const EXPECTED_NOISE = [/status of 401/];
// The looped clip (SILENCE_CLIP) lines up with the answers: one loop of it per answer (speaking-flow.ts).
const outputDir = path.join(testResultsDir, 'speaking-test-no-recognition');

/** Removes the Web Speech recognition API before the app runs, and notes every examiner line spoken. */
async function asFirefoxWouldBe(page: Page): Promise<void> {
  await withoutSpeechRecognition(page);
  await page.addInitScript(() => {
    const w = window as unknown as { __spoken: string[] };
    w.__spoken = [];
    const speak = speechSynthesis.speak.bind(speechSynthesis);
    speechSynthesis.speak = (utterance: SpeechSynthesisUtterance) => {
      w.__spoken.push(utterance.text);
      speak(utterance);
    };
  });
}

async function captureSaves(page: Page): Promise<SaveTestSessionBody[]> {
  const bodies: SaveTestSessionBody[] = [];
  await page.route('**/api/test-sessions', async (route) => {
    bodies.push(route.request().postDataJSON() as SaveTestSessionBody);
    await route.continue();
  });
  return bodies;
}

let server: TestServer;
let launched: LaunchedBrowser;
beforeAll(async () => {
  mkdirSync(outputDir, { recursive: true });
  server = await startTestServer();
  const wav = await makeSpeechWithSilenceWav(SILENCE_CLIP.speech, SILENCE_CLIP.silenceSeconds);
  launched = await launchBrowser({ fakeAudioFile: wav });
});
afterAll(async () => {
  await launched?.close();
  await server?.close();
});

describe('speaking test without speech recognition', () => {
  it('says so on the ready card, at 1280x800 and 390x844', async () => {
    const student = await createStudent(server.database.db, { studentName: 'Lena Fox' });
    for (const viewport of ['desktop', 'phone'] as const) {
      const page = await newPage(launched.browser, { viewport });
      const errors = collectConsoleErrors(page, { ignore: EXPECTED_NOISE });
      await asFirefoxWouldBe(page);
      await page.clock.install();
      await signInByApi(page, server.baseUrl, student.mobileNumber, student.password);
      await page.goto(`${server.baseUrl}/test`);
      await page.getByText('Ready to start').waitFor({ timeout: 10_000 });
      const note = page.getByTestId('no-transcript-note');
      expect(await note.innerText()).toContain('This browser has no speech recognition: it records your answers but does not turn them into text');
      expect(await note.innerText()).toContain('Google Chrome or Microsoft Edge');
      expect(await page.getByText('Recording only in this browser').count()).toBe(1);
      await lookAt(page, `speaking-test-no-recognition-ready-${viewport}`);
      // On a slow connection the test's code may still be coming when Start Test is pressed: the press
      // is kept, and the button and a sentence under it say that the test is starting.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.context().route('**/assets/running-*.js', async (route) => {
        await held;
        await route.continue();
      });
      await page.getByRole('button', { name: 'Start Test' }).click();
      await page.getByTestId('start-status').getByText(STARTING_TEXT).waitFor();
      expect(await page.getByRole('button', { name: 'Start Test' }).getAttribute('data-loading')).toBe('true');
      await lookAt(page, `speaking-test-no-recognition-starting-${viewport}`);
      release();
      await page.getByText('Question 1 of 10', { exact: true }).waitFor({ timeout: 15_000 });
      await skipVoiceLine(page, EXAMINER_ASKING_TEXT);
      await page.getByText('Answer now: your audio is being recorded. A pause of about 3 seconds ends your answer.').waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('live-transcript').count()).toBe(0);
      await lookAt(page, `speaking-test-no-recognition-part1-${viewport}`);
      // The student need not wait for a pause (a noisy room may never give one): the answer ends and the next question comes.
      await page.getByRole('button', { name: "I've finished my answer" }).click();
      // Under a second alone; a full run on a loaded machine once took over 15 s.
      await page.getByText('Question 2 of 10', { exact: true }).waitFor({ timeout: 45_000 });
      errors.assertNone();
      await page.context().close();
    }
  });

  it(
    'takes a whole test ended by acoustic silence, saves it with its recording and no bands, and the teacher sets the bands',
    async () => {
      const student = await createStudent(server.database.db, { studentName: 'Omar Haddad' });
      const admin = await createAdmin(server.database.db);
      const page = await newPage(launched.browser, { viewport: 'desktop' });
      const errors = collectConsoleErrors(page, { ignore: EXPECTED_NOISE });
      await asFirefoxWouldBe(page);
      await page.clock.install();
      await signInByApi(page, server.baseUrl, student.mobileNumber, student.password);
      const saves = await captureSaves(page);
      await page.goto(`${server.baseUrl}/test`);
      await page.getByText('Ready to start').waitFor({ timeout: 10_000 });
      await page.getByRole('button', { name: 'Start Test' }).click();

      // Part 1: each answer ends on the file's silence, in real time.
      const part1Started = Date.now();
      for (let n = 1; n <= 10; n += 1) await answeredBySilence(page, n);
      const part1Ms = Date.now() - part1Started;

      // Part 2: notes while preparing; the time spoken against the 2 minutes while answering.
      await skipVoiceLine(page, PART2_INTRO_TEXT);
      await page.getByText(PART2_PREPARATION_TEXT).waitFor({ timeout: 15_000 });
      await page.getByLabel('Your notes').fill('mountains - train - family - no screens');
      await page.clock.runFor(60_000);
      await page.getByText('Speak now until the timer ends: your audio is being recorded.').waitFor();
      await expect.poll(() => page.getByTestId('part2-spoken').textContent(), { timeout: 15_000 }).toMatch(/^You have spoken 0:0[1-9] of 2:00$/);
      expect(await page.getByLabel('Your notes').inputValue()).toBe('mountains - train - family - no screens');
      await lookAt(page, 'speaking-test-no-recognition-part2-desktop');
      await page.clock.runFor(120_500);

      // Part 3, the same way.
      await page.getByRole('heading', { name: 'Discussion' }).waitFor({ timeout: 15_000 });
      for (let n = 1; n <= 10; n += 1) await answeredBySilence(page, n);

      // Results: no invented bands, the teacher will score.
      await page.getByText('Test Complete!').waitFor({ timeout: 20_000 });
      expect(await page.getByTestId('awaiting-teacher').textContent()).toBe(NO_TRANSCRIPT_RESULT_TEXT);
      expect(await page.getByTestId('overall-band').count()).toBe(0);
      const saveState = page.locator('[data-save-state]');
      await expect
        .poll(async () => `${await saveState.getAttribute('data-save-state')}: ${await saveState.innerText()}`, { timeout: 60_000 })
        .toMatch(/^saved: /);
      await lookAt(page, 'speaking-test-no-recognition-results-desktop');

      // Every examiner line was spoken (the voice fails here without voices, as for a user with none).
      const spoken = await page.evaluate(() => (window as unknown as { __spoken: string[] }).__spoken);

      // The body: 21 answers with acoustic timings, marked as not transcribed, with the notes.
      expect(saves).toHaveLength(1);
      const sent = saves[0];
      // Each Part 1 and 3 question the test asked (some are requests, not questions: "Tell me about ...").
      const asked = (sent?.sessionData.questionAnswerPairs ?? []).filter((pair) => pair.part !== 2).map((pair) => pair.question);
      expect(asked).toHaveLength(20);
      for (const question of asked) expect(spoken.some((line) => line.includes(question)), `the examiner said "${question}"`).toBe(true);
      expect(sent?.sessionData.noTranscript).toBe(true);
      expect(sent?.sessionData.part2Notes).toBe('mountains - train - family - no screens');
      const pairs = sent?.sessionData.questionAnswerPairs ?? [];
      expect(pairs).toHaveLength(21);
      const short = pairs.filter((pair) => pair.part !== 2);
      // Each answer hears one whole loop of the clip (1.7 s of speech), but each part's first: its
      // listening starts wherever the loop happens to be once the part has started (Part 1 after the
      // test's start, Part 3 after the clock-driven Part 2), and in a pause between the clip's last
      // words it hears only their tail (a loaded CI run: 201 ms), then ends on the silence after them.
      const firstOfPart = (i: number) => i === 0 || i === 10;
      const unheard = short.filter((pair, i) => !(pair.answer === '' && typeof pair.responseTimeMs === 'number' && (pair.speakingTimeMs ?? 0) > (firstOfPart(i) ? 0 : 1_000)));
      expect(unheard.map(({ part, question, answer, responseTimeMs, speakingTimeMs }) => ({ part, question, answer, responseTimeMs, speakingTimeMs }))).toEqual([]);
      // Each answer closed on silence, not at the 60 s limit: ten answers in under half of 10 x 60 s.
      // (One answer takes the wait for the looped speech, the speech and 3 s of silence: one loop of
      // the clip, about 6 s, or two on a busy machine; the limit would make it 60 s each.)
      expect(part1Ms).toBeLessThan((10 * ANSWER_TIME_LIMIT_MS[1]) / 2);
      expect(part1Ms).toBeGreaterThan(10 * SILENCE_TO_END_ANSWER_MS);

      // Stored without bands, with its recording.
      const stored = (await server.database.db.select().from(attempts)).filter((row) => row.studentId === student.student.id);
      expect(stored).toHaveLength(1);
      expect(stored[0]?.assessable).toBe(false);
      const attemptId = stored[0]?.id ?? '';

      const adminPage = await newPage(launched.browser, { viewport: 'desktop' });
      await signInByApi(adminPage, server.baseUrl, admin.username, admin.password);
      const recordingStatus = () => adminPage.evaluate(async (id) => (await fetch(`/api/attempts/${id}/recording`, { method: 'HEAD', credentials: 'include' })).status, attemptId);
      await expect.poll(recordingStatus, { timeout: 20_000 }).toBe(200);
      // The teacher's session fetches it (the page's request context shares its cookies), straight to a file.
      const recording = await adminPage.request.get(`${server.baseUrl}/api/attempts/${attemptId}/recording`);
      expect(recording.status()).toBe(200);
      const file = path.join(outputDir, 'recording.webm');
      writeFileSync(file, await recording.body());
      const seconds = Number(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file], { encoding: 'utf8' }).trim());
      expect(seconds).toBeGreaterThan(30);

      // The teacher's page says why, and takes the bands; the attempt then shows them.
      await adminPage.goto(`${server.baseUrl}/admin/attempts/${attemptId}`);
      await adminPage.getByText(NO_TRANSCRIPT_RESULT_TEXT).first().waitFor({ timeout: 10_000 });
      const before = await adminPage.evaluate(async () => (await (await fetch('/api/admin/test-attempts?page=1&limit=10', { credentials: 'include' })).json()) as AttemptsPage);
      const row = before.attempts.find((attempt) => attempt.id === attemptId);
      expect(row).toMatchObject({ assessable: false, reviewed: false, overall: null, awaitingTeacher: true });
      await adminPage.goto(`${server.baseUrl}/admin`);
      await adminPage.getByRole('tab', { name: 'IELTS Attempts' }).click();
      await adminPage.locator(`tr[data-attempt-id="${attemptId}"]`).getByText("Awaiting teacher's bands").waitFor({ timeout: 10_000 });
      await lookAt(adminPage, 'speaking-test-no-recognition-teacher-list-desktop');
      await adminPage.goto(`${server.baseUrl}/admin/attempts/${attemptId}`);
      await adminPage.getByText(NO_TRANSCRIPT_RESULT_TEXT).first().waitFor({ timeout: 10_000 });
      // The review form loads as it comes near the viewport (decision 0023).
      await adminPage.getByRole('region', { name: 'Teacher review' }).scrollIntoViewIfNeeded();
      await adminPage.getByLabel('Fluency band').selectOption('6');
      await adminPage.getByLabel('Vocabulary band').selectOption('6.5');
      await adminPage.getByLabel('Grammar band').selectOption('6');
      await adminPage.getByLabel('Pronunciation band').selectOption('7');
      await adminPage.getByRole('button', { name: 'Save review' }).click();
      await expect
        .poll(async () => {
          const after = await adminPage.evaluate(async () => (await (await fetch('/api/admin/test-attempts?page=1&limit=10', { credentials: 'include' })).json()) as AttemptsPage);
          return after.attempts.find((attempt) => attempt.id === attemptId)?.teacherScores ?? null;
        }, { timeout: 10_000 })
        .toMatchObject({ fluency: 6, vocabulary: 6.5, grammar: 6, pronunciation: 7, overall: 6.375 });
      const reviewed = await adminPage.evaluate(async () => (await (await fetch('/api/admin/test-attempts?page=1&limit=10', { credentials: 'include' })).json()) as AttemptsPage);
      expect(reviewed.attempts.find((attempt) => attempt.id === attemptId)?.awaitingTeacher).toBeUndefined();
      await adminPage.reload();
      await adminPage.getByText(NO_TRANSCRIPT_RESULT_TEXT).first().waitFor({ timeout: 10_000 });
      await scrollToLoadedSection(adminPage, 'Review trail');
      expect(await adminPage.getByTestId('part2-notes').innerText()).toContain('mountains - train - family - no screens');
      expect(await adminPage.locator('main').innerText()).toContain('6.5');
      await lookAt(adminPage, 'speaking-test-no-recognition-teacher-desktop');
      await adminPage.context().close();
      errors.assertNone();
      await page.context().close();
    },
    420_000,
  );
});

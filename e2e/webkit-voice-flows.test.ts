/*
 * WebKit (Safari's engine: WebKitGTK's MiniBrowser with an iPhone's user agent) takes a whole
 * speaking test and a whole mock interview on a PulseAudio microphone fed with espeak-ng speech, the
 * browser's own speech synthesis and MediaRecorder, nothing faked in the page (an Apple device gets
 * no speech recognition in the app's test, and WebKitGTK has none for the interview: the answers
 * end on the microphone's silence). Only the page clock is run forward, for the examiner's and the
 * interviewer's lines, the Part 2 minutes, the silence after each answer and the interview's
 * auto-advance.
 *
 * Debian's WebKitGTK without gstreamer1.0-plugins-bad cannot record ("The MediaRecorder is
 * unsupported on this platform"), as real iPhones' recorders can fail their own
 * way: the student must be told before Start (the ready card, the interview's welcome: the page finds
 * out as the microphone is granted), within seconds and on the results that nothing is recorded and
 * nothing can be scored, and the teacher must see "Nothing to score: ask for a retake". Should this
 * WebKit record after all, the recording must be saved and seek instead. Either way the tests
 * assert which happened; the interview tells it the same way (the last test).
 */
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttemptListRow, AttemptsPage } from '../src/shared/api/admin-attempts.js';
import { emptyInterviewProfile } from '../src/shared/api/interview.js';
import { nothingToScoreText } from '../src/shared/api/admin-attempts.js';
import { INTERVIEW_NO_RECORDING_TEXT, INTERVIEW_NO_TRANSCRIPT_TEXT } from '../src/shared/interview/constants.js';
import { attempts } from '../src/server/db/schema.js';
import { recordings } from '../src/server/db/schema-recordings.js';
import { saveInterviewProfile } from '../src/server/interview/service.js';
import { sessionCookieForUser } from '../src/server/test/app.js';
import { createAdmin, createStudent, type CreatedAdmin, type CreatedStudent } from '../src/server/test/factories.js';
import { mp4HasIndexFirst, webmHasCues } from '../src/server/recordings/remux.js';
import { openInterviewWelcome, stepUntil, takeWholeInterview } from './support/driven-interview.js';
import { takeWholeTest, waitForBody, waitForText } from './support/driven-test.js';
import { signInFromPage } from './support/sign-in-script.js';
import { makeSpeechWav, startTestServer, testResultsDir, type TestServer } from './support/index.js';
import { installPageClock, PAGE_CLOCK } from './support/page-clock.js';
import { startPulseMicrophone, type PulseMicrophone } from './support/pulse.js';
import { IPHONE_USER_AGENT, launchWebKit, type WebKitBrowser } from './support/webkit.js';

const NOT_RECORDING_TEXT =
  'No recording is being made on this device: your answers are not transcribed either, so they cannot be scored. Use Chrome on a computer or an Android phone if you can, or retake the test on another device.';
const NO_RECORDING_RESULT =
  'No recording was made on this device, so your answers cannot be scored: there is nothing for your teacher to listen to. Use Chrome on a computer or an Android phone if you can, or retake the test.';
/** The ready card (and, in the interview's words, the welcome view) where the browser cannot record at all. */
const CANNOT_RECORD_TEXT =
  'Your answers are not recorded in this browser, nor turned into text here, so nothing you say here can be scored. Use Chrome on a computer or an Android phone if you can, or take the test on another device. You can still go through the test here to practise.';
const INTERVIEW_CANNOT_RECORD_TEXT =
  'Your answers are not recorded in this browser, nor turned into text here, so nothing you say here can be scored. Use Chrome on a computer or an Android phone if you can, or take the interview on another device. You can still go through the interview here to practise.';
const INTERVIEW_NOT_RECORDING_TEXT =
  'No recording is being made on this device: your answers are not transcribed either, so they cannot be scored. Use Chrome on a computer or an Android phone if you can, or retake the interview on another device.';

let server: TestServer;
let microphone: PulseMicrophone | undefined;
let webkit: WebKitBrowser | undefined;
let student: CreatedStudent;
let admin: CreatedAdmin;
let clip: string;
/** What the interview said where this WebKit made no recording: the note while answering, the completed view's text, the teacher's list row and page. */
let interviewWithoutRecording: { note: string; completed: string; row: AttemptListRow | undefined; teacherPage: string } | undefined;

beforeAll(async () => {
  [server, microphone, clip] = await Promise.all([startTestServer(), startPulseMicrophone(), makeSpeechWav('I live in Pune with my family.')]);
  webkit = await launchWebKit({ pulseServer: microphone.server, userAgent: IPHONE_USER_AGENT, width: 390, height: 844 });
  student = await createStudent(server.database.db, { studentName: 'Ines Moreau' });
  admin = await createAdmin(server.database.db);
}, 120_000);

afterAll(async () => {
  await webkit?.close();
  await microphone?.close();
  await server?.close();
});

const shot = (name: string) => webkit?.screenshot(path.join(testResultsDir, 'screenshots', `${name}.png`));

async function signIn(browser: WebKitBrowser, username: string, password: string) {
  await browser.goto(`${server.baseUrl}/auth`);
  const status = await browser.evaluate(signInFromPage, username, password);
  expect(status).toBe(200);
}

/** Classic WebDriver runs no script before the page's own: the clock goes in on '/', then the app moves to `route` itself. */
async function openWithClock(browser: WebKitBrowser, route: string) {
  await browser.goto(`${server.baseUrl}/`);
  await browser.waitFor(() => document.querySelector('h1') !== null, { timeoutMs: 20_000, what: 'the home page' });
  await browser.evaluate(installPageClock, PAGE_CLOCK);
  await browser.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, route);
}

/**
 * What this WebKit's recorder gives on the microphone, asked once before the app runs (on a page of
 * the app's origin): 'records' when 2.5 s recorded in 0.5 s pieces gave bytes, 'records nothing',
 * or why it could not record.
 */
let recorderProbe: Promise<string> | undefined;
function recorderOutcome(browser: WebKitBrowser): Promise<string> {
  recorderProbe ??= browser.evaluate(async () => {
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    try {
      const media = new MediaRecorder(stream);
      let bytes = 0;
      media.ondataavailable = (event) => (bytes += event.data.size);
      const stopped = new Promise((resolve) => (media.onstop = resolve));
      media.start(500);
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      if (media.state !== 'inactive') media.stop();
      await Promise.race([stopped, new Promise((resolve) => setTimeout(resolve, 2_000))]);
      return bytes > 0 ? 'records' : 'records nothing';
    } catch (error) {
      return String(error);
    } finally {
      for (const track of stream.getTracks()) track.stop();
    }
  });
  return recorderProbe;
}

describe('WebKit with an iPhone user agent', () => {
  it(
    'a whole speaking test: what was recorded is told as it is, to the student and to the teacher',
    async () => {
      const browser = webkit;
      if (!browser || !microphone) throw new Error('WebKit or the microphone did not start');
      await signIn(browser, student.mobileNumber, student.password);
      const recorder = await recorderOutcome(browser);
      await openWithClock(browser, '/test');
      await waitForText(browser, 'Ready to start');
      expect(await browser.evaluate(() => navigator.userAgent)).toBe(IPHONE_USER_AGENT);
      // Laid out at an iPhone's width (the window's toolbar once held it at 447 px), nothing wider.
      expect(await browser.evaluate(() => [innerWidth, innerHeight, document.documentElement.scrollWidth])).toEqual([390, 844, 390]);
      const readyNote = (testId: string) => browser.evaluate((id) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`)?.innerText ?? null, testId);
      // A recorder that refuses to start is found as the microphone is granted; one that starts and yields nothing only by the check.
      const refuses = recorder.startsWith('NotSupportedError');
      if (refuses) {
        // Said before Start Test, in place of the note that promises a recording.
        expect(await readyNote('cannot-record-note')).toContain(CANNOT_RECORD_TEXT);
        expect(await readyNote('no-transcript-note')).toBeNull();
        await shot('webkit-iphone-ready-cannot-record');
      } else {
        expect(await readyNote('cannot-record-note')).toBeNull();
        expect(await readyNote('no-transcript-note')).toContain('it records your answers but does not turn them into text');
      }
      await browser.clickButton('Start Test');
      const started = Date.now();

      if (refuses) {
        // The spec's Recording Error toast, in its words for a browser that may not record: not its
        // Apple text, which blamed the microphone's permission just after the page said it was ready.
        const toasts = await browser.waitFor(() => [...document.querySelectorAll<HTMLElement>('.mantine-Notification-root')].map((toast) => toast.innerText).join(' | '), { timeoutMs: 10_000, what: 'the Recording Error toast' });
        expect(toasts).toContain('Recording Error');
        expect(toasts).toContain('Audio recording may not be available in this browser.');
        expect(toasts).not.toMatch(/Safari settings|permission/);
      }
      if (recorder !== 'records') {
        // Nothing recorded, or no recorder at all ("The MediaRecorder is unsupported on this platform").
        expect(recorder).toMatch(/^(records nothing|NotSupportedError: .+)$/);
        // Told within seconds (the check runs 5 s after Start Test), in real time.
        const problem = await browser.waitFor(() => document.querySelector<HTMLElement>('[data-testid="recording-problem"]')?.innerText ?? '', { timeoutMs: 10_000, what: 'the Not recording note' });
        expect(Date.now() - started).toBeLessThan(9_000);
        expect(problem).toContain(NOT_RECORDING_TEXT);
        expect(await browser.evaluate(() => (document.querySelector<HTMLElement>('[data-testid="recording-badge"]')?.innerText ?? '').trim())).toMatch(/^not recording$/i);
        await shot('webkit-iphone-not-recording');
      }

      await takeWholeTest(browser, microphone, { clip, part1: { runSilenceForward: true }, part3: { runSilenceForward: true } });
      const saveState = () => browser.evaluate(() => document.querySelector('[data-save-state]')?.getAttribute('data-save-state') ?? null);
      await browser.waitFor(() => document.querySelector('[data-save-state]')?.getAttribute('data-save-state') === 'saved', { timeoutMs: 60_000, what: 'the save' }).catch(async (error: unknown) => {
        throw new Error(`${String(error)}: ${await saveState()}`);
      });
      const results = await browser.evaluate(() => document.querySelector<HTMLElement>('[data-testid="results-panel"]')?.innerText ?? '');
      expect(await browser.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
      await shot('webkit-iphone-results');
      const [stored, ...others] = await server.database.db.select().from(attempts).where(eq(attempts.studentId, student.student.id));
      expect(others).toEqual([]);
      if (!stored) throw new Error('the attempt was not stored');
      const recorded = await server.database.db.select().from(recordings).where(eq(recordings.attemptId, stored.id));

      if (recorder !== 'records') {
        expect(await browser.evaluate(() => document.querySelector<HTMLElement>('[data-testid="recording-sentence"]')?.innerText ?? '')).toBe(NO_RECORDING_RESULT);
        expect(results).toContain('Nothing to score');
        expect(results).not.toMatch(/recording is saved|judged from it/i);
        expect(recorded).toEqual([]);

        // The teacher, in the same browser: the list and the attempt say there is nothing to score.
        await signIn(browser, admin.username, admin.password);
        const listed = await browser.evaluate(async () => (await (await fetch('/api/admin/test-attempts?page=1&limit=10', { credentials: 'include' })).json()) as { attempts: Array<Record<string, unknown>> });
        const row = listed.attempts.find((attempt) => attempt.id === stored.id);
        expect(row).toMatchObject({ assessable: false, nothingToScore: true });
        expect(row?.awaitingTeacher).toBeUndefined();
        await browser.goto(`${server.baseUrl}/admin/attempts/${stored.id}`);
        await waitForText(browser, "There is nothing to score: the answers were not transcribed and the student's device made no recording.");
        await shot('webkit-iphone-teacher-attempt');
      } else {
        // This WebKit records: the recording is stored, re-muxed so that it seeks.
        expect(recorded).toHaveLength(1);
        const cookie = await sessionCookieForUser(server.database.db, admin.user.id);
        const served = await fetch(`${server.baseUrl}/api/attempts/${stored.id}/recording`, { headers: { cookie } });
        expect(served.status).toBe(200);
        const bytes = Buffer.from(await served.arrayBuffer());
        expect(webmHasCues(bytes) || mp4HasIndexFirst(bytes)).toBe(true);
        expect(results).not.toContain('Nothing to score');
      }
    },
    300_000,
  );

  it(
    'a whole interview answered aloud: it runs to the end and is saved, with no recording stored where none was made',
    async () => {
      const browser = webkit;
      if (!browser || !microphone) throw new Error('WebKit or the microphone did not start');
      const interviewee = await createStudent(server.database.db, { courseName: 'Interview Aspirant', studentName: 'Theo Laurent' });
      await saveInterviewProfile(server.database.db, interviewee.student.id, { ...emptyInterviewProfile(), professionalSummary: 'Support engineer.' });
      await signIn(browser, interviewee.mobileNumber, interviewee.password);
      const recorder = await recorderOutcome(browser);
      await openWithClock(browser, '/interview-simulator');
      const total = await openInterviewWelcome(browser);
      expect(total).toBeGreaterThanOrEqual(5);
      // WebKitGTK has no speech recognition: the welcome says the answers are recorded, not transcribed.
      expect(await browser.evaluate(() => 'SpeechRecognition' in window || 'webkitSpeechRecognition' in window)).toBe(false);
      const welcomeNote = (testId: string) => browser.evaluate((id) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`)?.innerText ?? null, testId);
      if (recorder.startsWith('NotSupportedError')) {
        // Where this WebKit cannot record, the welcome says so instead of promising a recording.
        expect(await welcomeNote('cannot-record-note')).toContain(INTERVIEW_CANNOT_RECORD_TEXT);
        expect(await welcomeNote('no-transcript-note')).toBeNull();
      } else {
        expect(await welcomeNote('no-transcript-note')).toContain('it records your answers but does not turn them into text');
      }
      await shot('webkit-iphone-interview-welcome');
      let note = '';
      await takeWholeInterview(browser, microphone, {
        clip,
        total,
        atFirstCountdown: async () => {
          // A recorder that gives nothing is told while answering: the next check (every 5 s) after 3 s
          // of recording, in time that really passed.
          if (recorder !== 'records') {
            await new Promise((resolve) => setTimeout(resolve, 3_000));
            await stepUntil(browser, '[data-testid="recording-problem"]', 'no recording problem shown', 500, 12);
          }
          note = await browser.evaluate(() => document.querySelector<HTMLElement>('[data-testid="recording-problem"]')?.innerText ?? '');
          await shot('webkit-iphone-interview-answer');
        },
      });
      await waitForBody(browser, 'no "Saved."', (text) => /^Saved\.$/m.test(text), 30_000);
      const completed = await browser.text();
      expect(completed).not.toContain('Your scores');
      await shot('webkit-iphone-interview-completed');

      const [stored, ...others] = await server.database.db.select().from(attempts).where(eq(attempts.studentId, interviewee.student.id));
      expect(others).toEqual([]);
      if (!stored) throw new Error('the interview was not stored');
      expect(stored).toMatchObject({ kind: 'interview', assessable: false, overall: null });
      const recorded = await server.database.db.select().from(recordings).where(eq(recordings.attemptId, stored.id));
      const cookie = await sessionCookieForUser(server.database.db, admin.user.id);
      const listed = await fetch(`${server.baseUrl}/api/admin/interview-attempts?page=1&limit=10`, { headers: { cookie } });
      const row = ((await listed.json()) as AttemptsPage).attempts.find((attempt) => attempt.id === stored.id);
      expect(row).toMatchObject({ assessable: false, overall: null });

      if (recorder !== 'records') {
        // Nothing was recorded: nothing stored, nothing offered to download or play back.
        expect(recorded).toEqual([]);
        expect(await browser.evaluate(() => [...document.querySelectorAll('button')].find((button) => button.innerText.trim() === 'Download Audio')?.disabled)).toBe(true);
        expect(await browser.evaluate(() => document.querySelector('audio') === null)).toBe(true);
        await signIn(browser, admin.username, admin.password);
        await browser.goto(`${server.baseUrl}/admin/attempts/${stored.id}`);
        await waitForText(browser, 'There is nothing to score');
        await shot('webkit-iphone-interview-teacher-attempt');
        interviewWithoutRecording = { note, completed, row, teacherPage: await browser.text() };
      } else {
        // This WebKit records: the recording is stored, re-muxed so that it seeks.
        expect(recorded).toHaveLength(1);
        const served = await fetch(`${server.baseUrl}/api/attempts/${stored.id}/recording`, { headers: { cookie } });
        expect(served.status).toBe(200);
        const bytes = Buffer.from(await served.arrayBuffer());
        expect(webmHasCues(bytes) || mp4HasIndexFirst(bytes)).toBe(true);
      }
    },
    240_000,
  );

  // Where this WebKit made no recording, the interview says so while answering and on the completed
  // view, and the teacher sees nothing to score (not "Awaiting teacher's bands").
  it('a whole interview with no recording made: the student is told so, not that it was recorded, and the teacher sees nothing to score', () => {
    if (!interviewWithoutRecording) throw new Error('the interview above did not finish without a recording');
    const { note, completed, row, teacherPage } = interviewWithoutRecording;
    expect(note).toBe(INTERVIEW_NOT_RECORDING_TEXT);
    expect(completed).toContain(INTERVIEW_NO_RECORDING_TEXT);
    expect(completed).not.toContain(INTERVIEW_NO_TRANSCRIPT_TEXT);
    expect(row?.awaitingTeacher).toBeUndefined();
    expect(row?.nothingToScore).toBe(true);
    expect(teacherPage).toContain(nothingToScoreText('interview'));
  });
});

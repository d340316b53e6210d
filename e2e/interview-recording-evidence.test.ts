/*
 * A mock interview's recording as evidence, after a whole interview in Chromium in real time (no
 * page clock: the recorder runs in real time, so the flow's count of the audio recorded must match
 * it). The fake microphone loops one espeak-ng sentence and a second of silence; the scripted
 * recognizer gives the answers. Three answers of different lengths, one with Stop/Start Recording
 * mid-answer and one with the page hidden mid-answer, then Continue. The saved places of the answers
 * must fit the uploaded webm, the analysis must place every word inside its answer where it is heard,
 * and the teacher's attempt page shows the figures and a word click seeks to the word.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { AttemptDetail } from '../src/shared/api/admin-attempts.js';
import { emptyInterviewProfile, interviewSessionQuestion, type InterviewProfile } from '../src/shared/api/interview.js';
import { AnalysisProcesses } from '../src/server/analysis/process.js';
import { analyseAll } from './support/analyse.js';
import { attempts } from '../src/server/db/schema.js';
import { saveInterviewProfile } from '../src/server/interview/service.js';
import { sessionCookieForUser } from '../src/server/test/app.js';
import { createAdmin, createStudent } from '../src/server/test/factories.js';
import { installFakeRecognition, type FakeRecognition } from './support/fake-recognition.js';
import { cutSpeechShort, lookAt, makeSpeechWithSilenceWav, seekByClick, setPageHidden, signInWithForm, sleep, toast, useBrowserSuite } from './support/index.js';

const SENTENCE = 'I enjoy teamwork and I learn quickly.';
const WORDS = ['i', 'enjoy', 'teamwork', 'and', 'i', 'learn', 'quickly'];
/**
 * Real time listened to per stretch: the recording starts 0.5 s later, so about 6.8 s is recorded,
 * enough to hold one whole sentence of the 3.75 s loop (2.75 s of it speech) wherever the loop is.
 */
const STRETCH_MS = 7_300;
/** Sentences said per answer: one stretch, two stretches around a Stop Recording, two around a pause away. */
const SENTENCES = [1, 2, 2];

const suite = useBrowserSuite({ browser: async () => ({ speech: true, fakeAudioFile: await makeSpeechWithSilenceWav(SENTENCE, 1.0) }) });
const processes = new AnalysisProcesses();
afterAll(async () => {
  await processes.close();
});

const PROFILE: InterviewProfile = { ...emptyInterviewProfile(), professionalSummary: 'Nurse in a city hospital.', skills: 'Patient care' };

/**
 * The page's clock (the real one: no page.clock here) when the recognition session listening now
 * was started, once one started after `after`: the app starts the recording 0.5 s after it.
 */
async function listeningSince(fake: FakeRecognition, after: number): Promise<number> {
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; await sleep(25)) {
    const { live } = await fake.status();
    if (live?.state === 'listening' && live.startedAt !== null && live.startedAt >= after) return live.startedAt;
  }
  throw new Error('no recognition session started listening');
}

/** Waits for question n to be asked (its line cut short) and listened for; returns when listening started. */
async function reach(page: Page, fake: FakeRecognition, n: number, total: number, after: number): Promise<number> {
  await page.getByText(`Question ${n} of ${total}`, { exact: true }).waitFor({ timeout: 20_000 });
  for (let tries = 0; (await page.getByTestId('current-question').count()) === 0; tries += 1) {
    if (tries > 100) throw new Error(`question ${n} was never asked`);
    if (n === 1) await cutSpeechShort(page); // the greeting
    await sleep(200);
  }
  await cutSpeechShort(page);
  const since = await listeningSince(fake, after);
  await page.getByText('Listening...').waitFor();
  return since;
}

/**
 * Real time listened to, as a range: from when listening started (the page's clock) to the action
 * that ends it, which took effect between the moment it was asked for and the moment it returned
 * (a click on a loaded host can take most of a second).
 */
interface Listened {
  low: number;
  high: number;
  /** When the action that ended it returned (the real clock). */
  endedAt: number;
}

/** Runs `end` and returns the time listened to since `since` up to it. */
async function listenedUntil(since: number, end: () => Promise<unknown>): Promise<Listened> {
  const early = Date.now();
  await end();
  const endedAt = Date.now();
  return { low: early - since, high: endedAt - since, endedAt };
}

/** Two stretches of one answer. */
const plus = (a: Listened, b: Listened): Listened => ({ low: a.low + b.low, high: a.high + b.high, endedAt: b.endedAt });

/** Where the recording falls silent for 0.4 s or more, and where it speaks again (ffmpeg silencedetect), in ms. */
function silences(file: string): { starts: number[]; ends: number[] } {
  // ffmpeg reports what it detects on stderr.
  const log = spawnSync('ffmpeg', ['-v', 'info', '-nostats', '-i', file, '-af', 'silencedetect=noise=-35dB:d=0.4', '-f', 'null', '-'], { encoding: 'utf8' }).stderr;
  const times = (name: string) => [...log.matchAll(new RegExp(`${name}: ([\\d.]+)`, 'g'))].map((match) => Math.round(Number(match[1]) * 1000));
  return { starts: times('silence_start'), ends: times('silence_end') };
}

describe("an interview's recording as evidence", () => {
  it('places each answer on the recording by the audio recorded, and its words where they are heard', async () => {
    const db = suite.server.database.db;
    const student = await createStudent(db, { courseName: 'Interview Aspirant', studentName: 'Asha Rao' });
    await saveInterviewProfile(db, student.student.id, PROFILE);
    const { page } = await suite.openPage({ ignore: [/status of 401/], timeoutMs: 15_000 });
    const fake = await installFakeRecognition(page);
    await signInWithForm(page, suite.server.baseUrl, student.mobileNumber, student.password);
    await page.waitForURL('**/interview-dashboard');
    await page.getByRole('button', { name: 'Start My Interview' }).click();
    await page.waitForURL('**/interview-simulator');
    await page.getByRole('button', { name: 'Allow Microphone Access' }).click();
    const total = Number(/^(\d+)/.exec((await page.getByText(/questions? have been prepared from your profile/).textContent()) ?? '')?.[1]);
    await page.getByRole('button', { name: 'Start My Interview' }).click();
    const next = () => page.getByRole('button', { name: 'Next Question' }).click();
    // Real time listened to in each answer, the Stop Recording and the pause away left out.
    const listened: Listened[] = [];

    let since = await reach(page, fake, 1, total, 0);
    await sleep(STRETCH_MS);
    await fake.say(SENTENCE);
    listened.push(await listenedUntil(since, next));

    // A question's session starts once its line is read, after the click that moved on returned.
    since = await reach(page, fake, 2, total, listened.at(-1)?.endedAt ?? 0);
    await sleep(STRETCH_MS);
    let heard = await listenedUntil(since, () => page.getByRole('button', { name: 'Stop Recording' }).click());
    await sleep(2_000);
    let restarted = Date.now();
    await page.getByRole('button', { name: 'Start Recording' }).click();
    since = await listeningSince(fake, restarted);
    await sleep(STRETCH_MS);
    await fake.say(`${SENTENCE} ${SENTENCE}`);
    listened.push(plus(heard, await listenedUntil(since, next)));

    since = await reach(page, fake, 3, total, listened.at(-1)?.endedAt ?? 0);
    await sleep(STRETCH_MS);
    await fake.say(SENTENCE);
    heard = await listenedUntil(since, () => setPageHidden(page, true));
    await sleep(2_500);
    await setPageHidden(page, false);
    restarted = Date.now();
    await page.getByRole('button', { name: 'Continue' }).click();
    since = await listeningSince(fake, restarted);
    // Under the 8 s auto-advance, started afresh by Continue.
    await sleep(STRETCH_MS - 300);
    await fake.say(SENTENCE);
    listened.push(plus(heard, await listenedUntil(since, next)));
    for (let n = 4, after = Date.now(); n <= total; n += 1, after = Date.now()) {
      await reach(page, fake, n, total, after);
      await page.getByRole('button', { name: n === total ? 'Complete Interview' : 'Next Question' }).click();
    }
    await page.getByRole('heading', { level: 1, name: 'Interview Completed!' }).waitFor();
    await toast(page, 'Interview completed and saved successfully!').waitFor({ timeout: 30_000 });

    // The saved places: from 0, back to back, each about the time listened to (less the 0.5 s
    // before the recording starts), and the last ends where the uploaded webm does.
    const [row] = (await db.select().from(attempts)).filter((attempt) => attempt.studentId === student.student.id);
    if (!row) throw new Error('no attempt saved');
    const saved = (row.sessionData as { questions: unknown[] }).questions.map((question) => interviewSessionQuestion.parse(question));
    const placed = saved.flatMap((question) =>
      question.recordingStartMs === undefined || question.recordingEndMs === undefined ? [] : [{ startMs: question.recordingStartMs, endMs: question.recordingEndMs }],
    );
    expect(placed.length).toBeGreaterThanOrEqual(3);
    expect(placed[0]?.startMs).toBe(0);
    placed.forEach((span, i) => i > 0 && expect(span.startMs).toBe(placed[i - 1]?.endMs));
    const recordingStops = [1, 2, 2]; // Question 2's Stop Recording and Question 3's pause away each add a 0.5 s restart
    // Within 400 ms of the range listened to: the page's own timers and the recorder's start are
    // all that is left to differ. Placed by the interview's clock instead, question 2 would hold the
    // 2 s stopped and question 3 the 2.5 s away.
    listened.forEach(({ low, high }, i) => {
      const length = (placed[i]?.endMs ?? 0) - (placed[i]?.startMs ?? 0);
      const restarts = 500 * (recordingStops[i] ?? 1);
      const message = `question ${i + 1}: ${length} ms placed, ${low}-${high} ms listened`;
      expect(length, message).toBeGreaterThanOrEqual(low - restarts - 400);
      expect(length, message).toBeLessThanOrEqual(high - restarts + 400);
    });

    let analysed = 0;
    for (let tries = 0; analysed === 0 && tries < 60; tries += 1) {
      await sleep(500);
      analysed = await analyseAll(suite.server, processes); // once the outbox has uploaded the recording
    }
    expect(analysed).toBe(1);
    const admin = await createAdmin(db);
    const cookie = await sessionCookieForUser(db, admin.user.id);
    const detail = (await suite.server.app.inject({ url: `/api/admin/attempts/${row.id}`, headers: { cookie } })).json<AttemptDetail>();
    const webm = path.join(mkdtempSync(path.join(os.tmpdir(), 'parley-interview-recording-')), 'interview.webm');
    writeFileSync(webm, (await suite.server.app.inject({ url: `/api/attempts/${row.id}/recording`, headers: { cookie } })).rawPayload);
    const seconds = Number(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', webm], { encoding: 'utf8' }));
    expect(Math.abs((placed.at(-1)?.endMs ?? 0) - seconds * 1000)).toBeLessThanOrEqual(150);

    // Every word of the three answers placed, in its own answer, none to listen to; each sentence's
    // last word ends where the recording falls silent.
    const analysis = detail.recordingAnalysis;
    if (!analysis) throw new Error('no analysis');
    expect(analysis).toMatchObject({ status: 'done', alignment: { status: 'done' }, hints: [] });
    const said = SENTENCES.flatMap((count, i) => Array.from({ length: count * WORDS.length }, (_, w) => ({ word: WORDS[w % WORDS.length], answer: i })));
    expect(analysis.words.map((word) => word.word)).toEqual(said.map((word) => word.word));
    analysis.words.forEach((word, i) => {
      const span = placed[said[i]?.answer ?? -1];
      expect(word.startMs >= (span?.startMs ?? 0) && word.startMs < (span?.endMs ?? 0), `${word.word} at ${word.startMs} ms in question ${(said[i]?.answer ?? 0) + 1}`).toBe(true);
    });
    // Each sentence begins where the recording's silence ends or ends where it begins (one of them
    // may fall on a Stop Recording or a pause away, where the recording joins on mid-speech).
    const { starts, ends } = silences(webm);
    const near = (at: number, marks: number[]) => marks.some((mark) => Math.abs(mark - at) <= 150);
    for (let i = 0; i < analysis.words.length; i += WORDS.length) {
      const first = analysis.words[i];
      const last = analysis.words[i + WORDS.length - 1];
      if (!first || !last) throw new Error('a sentence cut short');
      expect(near(first.startMs, ends) || near(last.endMs, starts), `sentence ${first.startMs}-${last.endMs} ms; silences ${starts.map((at, j) => `${at}-${ends[j]}`).join(', ')}`).toBe(true);
    }
    // Sane figures: espeak-ng's pace, and no pause longer than the recording can hold. The time
    // stopped and away is not in it (the places above add up to the webm's length); where the
    // recording joins on, the loop's silence before the stop and its silence after the restart can
    // fall back to back (a CI run heard 2.07 s there, over an earlier bar of 2 s).
    expect(analysis.speechRateSps).toBeGreaterThan(1);
    expect(analysis.speechRateSps).toBeLessThan(4);
    const loop = silences(await makeSpeechWithSilenceWav(SENTENCE, 1.0));
    const loopSilenceMs = Math.max(...loop.starts.map((start, i) => (loop.ends[i] ?? start) - start));
    expect(loopSilenceMs).toBeGreaterThan(1_000);
    expect(analysis.pauses?.longestMs).toBeLessThan(2 * loopSilenceMs + 150);
    expect(analysis.answers.map((answer) => answer.questionNumber)).toEqual([1, 2, 3]);

    // The teacher's attempt page: the figures explained, and a click on a word plays from it.
    const { page: teacher } = await suite.openPage({ viewport: 'desktop' });
    await suite.signInAs(teacher, admin.user.id);
    await teacher.goto(`${suite.server.baseUrl}/admin/attempts/${row.id}`);
    await teacher.getByTestId('recording-timeline').waitFor();
    const figures = await teacher.getByTestId('recording-figures').innerText();
    for (const label of ['Speech rate', 'Articulation rate', 'Time spent speaking', 'Pauses', 'Length of run']) expect(figures).toContain(label);
    const transcript = teacher.getByRole('group', { name: 'Transcript, word by word' });
    expect(await transcript.getByRole('button').count()).toBe(said.length);
    expect(await transcript.getByRole('heading').allInnerTexts()).toEqual([/^Question 1/, /^Question 2/, /^Question 3/].map((label) => expect.stringMatching(label)));
    await teacher.waitForFunction(() => (document.querySelector('audio')?.readyState ?? 0) >= 1);
    const last = analysis.words.at(-1);
    if (!last) throw new Error('no word placed');
    const seeked = await seekByClick(teacher, teacher.locator('audio'), transcript.locator(`button[data-start-ms="${last.startMs}"]`));
    expect(Math.abs(seeked - last.startMs / 1000)).toBeLessThanOrEqual(0.3);
    await teacher.locator('audio').evaluate((audio: HTMLAudioElement) => audio.pause());
    await lookAt(teacher, 'interview-recording-evidence-desktop');
  }, 150_000);
});

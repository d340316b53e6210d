import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bandText, type AttemptDetail } from '../src/shared/api/admin-attempts.js';
import { makeCorpusRecording, type CorpusTruth } from '../src/server/analysis/corpus.js';
import { ffmpegPath } from '../src/server/lib/ffmpeg.js';
import { analyseNext } from '../src/server/analysis/runner.js';
import { AnalysisProcesses } from '../src/server/analysis/process.js';
import { createRecordingStores } from '../src/server/recordings/store.js';
import { testSessionBody, WEBM_SIGNATURE } from '../src/server/test/attempt-fixtures.js';
import { sessionCookieForUser } from '../src/server/test/app.js';
import { createAdmin, createStudent, type CreatedAdmin, type CreatedStudent } from '../src/server/test/factories.js';
import { lookAt, seekBy, seekByClick, useBrowserSuite, type ViewportName } from './support/index.js';

/**
 * The recording as evidence: a real spoken recording (espeak-ng words
 * joined by sox at known offsets, encoded to WebM/Opus as the browser sends it) is saved with an
 * attempt whose answers and timeline match it, uploaded through the API and analysed to the end
 * here. The teacher's page and the student's own show the timeline and the word-synced transcript,
 * one player shared by both; a click on a word moves the player there. A corrupt recording says the
 * analysis failed, and the bands from the text stay.
 */
const suite = useBrowserSuite();
const folder = mkdtempSync(path.join(tmpdir(), 'parley-evidence-'));
const processes = new AnalysisProcesses();
let admin: CreatedAdmin;
let student: CreatedStudent;
let truth: CorpusTruth;
let webm: Buffer;
const ids: { spoken?: string; corrupt?: string } = {};

/**
 * Two Part 1 answers, long enough for a band estimate (50 words or more), spoken word by word with
 * pauses where a speaker would take them (ms of silence before a word, after its `|`). "Munnar" is
 * not in the aligner's pronouncing dictionary: it is searched with espeak-ng's pronunciation and
 * placed like any other word (decision 0031), so every word is said and found and none is listed
 * to listen to.
 */
const ANSWERS = [
  {
    question: 'What do you like about mornings?',
    text: 'I like mornings because the garden is quiet and beautiful. My|700 teacher says that early practice helps me remember new words, so|500 I read aloud before|300 breakfast every day.',
  },
  {
    question: 'Where do you spend your holidays?',
    text: 'We|2500 usually spend our holidays near the river with my family. We|800 walk in the hills near Munnar, cook|400 dinner together and|1200 talk about education, books and the future.',
  },
];
const spoken = (text: string) => text.split(' ').map((token) => {
  const [word = '', silence = '0'] = token.split('|');
  return { word: word.toLowerCase().replace(/[^a-z']/g, ''), silenceBeforeMs: Number(silence) };
});
const answerText = (text: string) => text.replace(/\|\d+/g, '');
const FIRST_ANSWER_WORDS = spoken(ANSWERS[0]?.text ?? '').length;

beforeAll(async () => {
  const db = suite.server.database.db;
  admin = await createAdmin(db, { username: 'headteacher' });
  student = await createStudent(db, { studentName: 'Asha Rao', mobileNumber: '98765 43210' });
  const words = ANSWERS.flatMap((answer) => spoken(answer.text)).map((word, i) => ({ ...word, syllables: 1, silenceBeforeMs: i === 0 ? 800 : word.silenceBeforeMs }));
  truth = makeCorpusRecording(folder, 'two-answers', words, 'espeak-ng', 150);
  const webmFile = path.join(folder, 'two-answers.webm');
  execFileSync(ffmpegPath() ?? 'ffmpeg', ['-loglevel', 'error', '-y', '-i', truth.file, '-c:a', 'libopus', '-b:a', '32k', webmFile]);
  webm = readFileSync(webmFile);
}, 60_000);

afterAll(async () => {
  await processes.close();
  rmSync(folder, { recursive: true, force: true });
});

/** Signs the student in through the API and returns a fetch bound to their session cookie. */
async function studentApi() {
  const login = await fetch(`${suite.server.baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: student.mobileNumber, password: student.password }),
  });
  expect(login.status).toBe(200);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return (url: string, init: RequestInit = {}) => fetch(`${suite.server.baseUrl}${url}`, { ...init, headers: { cookie, ...init.headers } });
}

/** Runs every due analysis to its end, as the server's background runner would. */
async function analyseAll() {
  const { server } = suite;
  const stores = createRecordingStores({ db: server.database.db, driver: server.database.driver, dataDir: server.config.DATA_DIR, configured: server.config.RECORDING_STORE });
  let count = 0;
  while (await analyseNext({ db: server.database.db, stores, processes })) count += 1;
  return count;
}

async function detailOf(id: string): Promise<AttemptDetail> {
  const cookie = await sessionCookieForUser(suite.server.database.db, admin.user.id);
  const response = await suite.server.app.inject({ url: `/api/admin/attempts/${id}`, headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return response.json<AttemptDetail>();
}

async function pageFor(userId: number, viewport: ViewportName): Promise<Page> {
  const { page } = await suite.openPage({ viewport });
  await suite.signInAs(page, userId);
  return page;
}


/** The timeline and the transcript are there, one player serves them, and a click on a word moves it to the word's start. */
async function checkEvidence(page: Page, detail: AttemptDetail) {
  const analysis = detail.recordingAnalysis;
  if (!analysis) throw new Error('no analysis');
  const timeline = page.getByTestId('recording-timeline');
  await timeline.waitFor();
  expect(await timeline.getAttribute('aria-label')).toMatch(/^\d+ s recorded, \d+ s speaking, \d+ pauses?$/);
  // A band estimate from the text: the bands stay beside the recording's evidence.
  expect(detail.assessable).toBe(true);
  // Fluency from the recording (decision 0019): the server rescored it when the analysis finished;
  // the card says so in one line and shows the server's stored band.
  if (detail.kind !== 'ielts') throw new Error('a speaking test');
  const storedFluency = detail.scores?.fluency;
  const fluencyAnalysis = detail.analysis?.criteria.find((criterion) => criterion.criterion === 'fluency');
  if (storedFluency === undefined || storedFluency === null || !fluencyAnalysis) throw new Error('no stored fluency band');
  expect(fluencyAnalysis.band).toBe(storedFluency);
  expect(fluencyAnalysis.figures.speechRateSps).toEqual(expect.any(Number));
  const fluencyCard = page.getByRole('region', { name: 'Fluency', exact: true });
  const fluencyNote = fluencyCard.getByTestId('fluency-note');
  expect(await fluencyNote.getAttribute('data-source')).toBe('recording');
  expect(await fluencyNote.innerText()).toMatch(/^Speed measured in the recording: /);
  expect(await fluencyCard.getByTestId('band-estimate').innerText()).toBe(bandText('ielts', storedFluency));
  expect(await fluencyCard.innerText()).toContain('Speech rate (recording)');
  // Pronunciation shows its evidence and links to what the recording cannot tell.
  const pronunciationNote = page.getByRole('region', { name: 'Pronunciation', exact: true }).getByTestId('pronunciation-note');
  expect(await pronunciationNote.innerText()).toContain(`${(analysis.articulationRateSps ?? 0).toFixed(1)} syllables a second while speaking`);
  expect(await pronunciationNote.getByRole('link', { name: 'what the recording can and cannot tell' }).getAttribute('href')).toBe('#what-the-recording-cannot-tell');
  // Every word was said and placed (the name too: decision 0031), so no word is "hard to place":
  // the note says so instead of linking to a list of words to listen to.
  expect(analysis.hints).toEqual([]);
  expect(await pronunciationNote.innerText()).toContain('Every word of the transcript was found in the recording.');
  expect(await pronunciationNote.getByRole('link', { name: /that were hard to place on the recording$/ }).count()).toBe(0);
  // As many pauses drawn as the figures count (over the answers: the examiner's turn is not one).
  expect(await timeline.locator('rect[data-pause-ms]').count()).toBe(analysis.pauses?.count);
  expect(await page.locator('audio').count()).toBe(1);
  const figures = await page.getByTestId('recording-figures').innerText();
  for (const label of ['Speech rate', 'Articulation rate', 'Time spent speaking', 'Pauses', 'Length of run']) expect(figures).toContain(label);
  // Said to the student on their page, about the student on the teacher's.
  expect(await page.getByText(/They cannot judge (your|the student's) accent/).count()).toBe(1);

  const transcript = page.getByRole('group', { name: 'Transcript, word by word' });
  const words = transcript.getByRole('button');
  expect(await words.allInnerTexts()).toEqual(truth.words.map((w) => w.word));
  // Two answers, each under its own label; one tab stop for the whole transcript.
  expect(await transcript.getByRole('heading').allInnerTexts()).toEqual([expect.stringMatching(/^Part 1, question 1/), expect.stringMatching(/^Part 1, question 2/)]);
  expect(await transcript.locator('button[tabindex="0"]').count()).toBe(1);

  await page.waitForFunction(() => (document.querySelector('audio')?.readyState ?? 0) >= 1);
  const beautiful = analysis.words.find((w) => w.word === 'beautiful');
  if (!beautiful) throw new Error('beautiful was not placed');
  const seekedToWord = await seekByClick(page, page.locator('audio'), transcript.getByRole('button', { name: 'beautiful', exact: true }));
  expect(Math.abs(seekedToWord - beautiful.startMs / 1000)).toBeLessThanOrEqual(0.3);

  // The keyboard: one tab stop, the arrow keys move it from word to word.
  await transcript.getByRole('button', { name: 'beautiful', exact: true }).focus();
  await page.keyboard.press('ArrowRight');
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('my');
  expect(await transcript.locator('button[tabindex="0"]').allInnerTexts()).toEqual(['my']);

  // The name the dictionary lacks: placed where it was said (within 150 ms of the start sox gave it),
  // not marked as a word to listen to, and a click plays from it. No list of words to listen to.
  const munnar = analysis.words.find((w) => w.word === 'munnar');
  const munnarMade = truth.words.find((w) => w.word === 'munnar');
  if (!munnar || !munnarMade) throw new Error('munnar was not placed');
  expect(Math.abs(munnar.startMs - munnarMade.startMs)).toBeLessThanOrEqual(150);
  // Its title is its time alone (a word to listen to would add why: "...: listen whether it was said").
  expect(await transcript.getByRole('button', { name: 'munnar', exact: true }).getAttribute('title')).toMatch(/^\d+:\d\d$/);
  expect(await page.getByRole('region', { name: 'Listen to these words' }).count()).toBe(0);
  await page.locator('audio').evaluate((audio: HTMLAudioElement) => audio.pause());
  const seekedToName = await seekByClick(page, page.locator('audio'), transcript.getByRole('button', { name: 'munnar', exact: true }));
  expect(Math.abs(seekedToName - munnar.startMs / 1000)).toBeLessThanOrEqual(0.3);

  // Paused at a word, that word is the current one.
  const river = analysis.words.find((w) => w.word === 'river');
  if (!river) throw new Error('river was not placed');
  await page.locator('audio').evaluate((audio: HTMLAudioElement, at: number) => {
    audio.pause();
    audio.currentTime = at;
  }, river.startMs / 1000 + 0.05);
  await expect.poll(() => transcript.locator('[aria-current="true"]').allInnerTexts()).toEqual(['river']);

  // A click on the timeline's middle moves the paused player to the middle of the recording and
  // plays from there, as its caption says. (Playwright clicks an element's middle.)
  await page.locator('audio').evaluate((audio: HTMLAudioElement) => {
    audio.muted = true;
    audio.pause();
  });
  const seekedToMiddle = await seekByClick(page, page.locator('audio'), timeline);
  expect(Math.abs(seekedToMiddle - (analysis.durationMs ?? 0) / 2000)).toBeLessThanOrEqual(0.3);
  await expect.poll(() => page.locator('audio').evaluate((audio: HTMLAudioElement) => audio.paused)).toBe(false);
  expect(await timeline.locator('xpath=..').locator('xpath=following-sibling::figcaption').innerText()).toMatch(
    /Tap or click the timeline to play from there\. With a keyboard, the arrow keys move between its answers and Enter plays one\.$/,
  );
  await page.locator('audio').evaluate((audio: HTMLAudioElement) => audio.pause());

  // The keyboard and a screen reader: the answers are the timeline's stops, one tab stop for them
  // all, each named with where it is and its long pauses; the arrow keys move between them and
  // Enter plays from the answer's start.
  const stops = timeline.getByRole('button');
  const names = await stops.evaluateAll((elements) => elements.map((element) => element.getAttribute('aria-label')));
  expect(names).toEqual(analysis.answers.map((answer) => expect.stringMatching(new RegExp(`^Part 1, question ${answer.questionNumber}, \\d+:\\d\\d to \\d+:\\d\\d: (no pause|\\d+ pauses?) of 1 s or more`))));
  expect(await timeline.locator('[tabindex="0"]').count()).toBe(1);
  await stops.first().focus();
  await page.keyboard.press('ArrowRight');
  expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(names[1]);
  expect(await timeline.locator('[tabindex="0"]').getAttribute('aria-label')).toBe(names[1]);
  const seekedToAnswer = await seekBy(page, page.locator('audio'), () => page.keyboard.press('Enter'));
  expect(Math.abs(seekedToAnswer - (analysis.answers[1]?.startMs ?? 0) / 1000)).toBeLessThanOrEqual(0.05);
  await expect.poll(() => page.locator('audio').evaluate((audio: HTMLAudioElement) => audio.paused)).toBe(false);
  await expect.poll(() => stops.nth(1).getAttribute('aria-current')).toBe('true');
  await page.locator('audio').evaluate((audio: HTMLAudioElement) => audio.pause());
}

describe('the recording as evidence', () => {
  it('a spoken recording: pending while it is analysed, then the timeline and the word-synced transcript on the teacher page', async () => {
    const api = await studentApi();
    const completedAt = new Date(Date.now() - 60_000);
    const duration = Math.ceil(truth.durationMs / 1000);
    const start = completedAt.getTime() - duration * 1000;
    const at = (ms: number) => new Date(start + ms).toISOString();
    const firstEnd = (truth.words[FIRST_ANSWER_WORDS - 1]?.endMs ?? 0) + 600;
    const [first, second] = ANSWERS.map((answer) => ({ question: answer.question, text: answerText(answer.text) }));
    if (!first || !second) throw new Error('two answers');
    const body = testSessionBody(student.student.id);
    body.sessionData = {
      ...body.sessionData,
      duration,
      completedAt: completedAt.toISOString(),
      transcript: [
        { speaker: 'Examiner', text: first.question, timestamp: at(0), part: 1 },
        { speaker: 'Student', text: first.text, timestamp: at(firstEnd), part: 1 },
        { speaker: 'Examiner', text: second.question, timestamp: at(firstEnd), part: 1 },
        { speaker: 'Student', text: second.text, timestamp: at(truth.durationMs), part: 1 },
      ],
      questionAnswerPairs: [
        { part: 1, questionNumber: 1, question: first.question, answer: first.text, timestamp: at(firstEnd), responseTimeMs: 800, speakingTimeMs: firstEnd - 800 },
        {
          part: 1,
          questionNumber: 2,
          question: second.question,
          answer: second.text,
          timestamp: at(truth.durationMs),
          responseTimeMs: 2500,
          speakingTimeMs: truth.durationMs - firstEnd - 2500,
        },
      ],
    };
    const saved = await api('/api/test-sessions', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(saved.status).toBe(201);
    const id = ((await saved.json()) as { attemptId: string }).attemptId;
    const upload = await api(`/api/attempts/${id}/recording`, { method: 'PUT', headers: { 'content-type': 'audio/webm;codecs=opus' }, body: new Uint8Array(webm) });
    expect(upload.status).toBe(200);
    ids.spoken = id;

    const page = await pageFor(admin.user.id, 'desktop');
    await page.goto(`${suite.server.baseUrl}/admin/attempts/${id}`);
    await page.getByText('The recording is being analysed; figures appear here when it is done.').waitFor();
    expect(await analyseAll()).toBe(1);
    const detail = await detailOf(id);
    expect(detail.recordingAnalysis).toMatchObject({ status: 'done', alignment: { status: 'done' } });
    expect(detail.recordingAnalysis?.words.map((w) => w.word)).toEqual(truth.words.map((w) => w.word));
    // The page asks again every 5 s while pending: the figures arrive without a reload.
    await page.getByTestId('recording-timeline').waitFor({ timeout: 12_000 });
    await checkEvidence(page, detail);
    await lookAt(page, 'recording-evidence-teacher-desktop');

    const phone = await pageFor(admin.user.id, 'phone');
    await phone.goto(`${suite.server.baseUrl}/admin/attempts/${id}`);
    await phone.getByTestId('recording-timeline').waitFor();
    await lookAt(phone, 'recording-evidence-teacher-phone');
  }, 120_000);

  it.each(['desktop', 'phone'] as const)("the student's own attempt page shows the same on %s", async (viewport) => {
    const id = ids.spoken;
    if (!id) throw new Error('the spoken attempt was not saved');
    const detail = await detailOf(id);
    const page = await pageFor(student.user.id, viewport);
    await page.goto(`${suite.server.baseUrl}/progress/attempts/${id}`);
    await checkEvidence(page, detail);
    await lookAt(page, `recording-evidence-student-${viewport}`);
  }, 30_000);

  it('a corrupt recording: "Analysis failed" with the reason; the bands from the text stay', async () => {
    const api = await studentApi();
    const saved = await api('/api/test-sessions', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(testSessionBody(student.student.id)) });
    expect(saved.status).toBe(201);
    const { attemptId, scores } = (await saved.json()) as { attemptId: string; scores: Record<string, number> };
    const upload = await api(`/api/attempts/${attemptId}/recording`, { method: 'PUT', headers: { 'content-type': 'audio/webm' }, body: new Uint8Array(Buffer.concat([WEBM_SIGNATURE, randomBytes(6000)])) });
    expect(upload.status).toBe(200);
    ids.corrupt = attemptId;
    expect(await analyseAll()).toBe(1);
    expect((await detailOf(attemptId)).recordingAnalysis).toMatchObject({ status: 'failed' });

    for (const viewport of ['desktop', 'phone'] as const) {
      const page = await pageFor(admin.user.id, viewport);
      await page.goto(`${suite.server.baseUrl}/admin/attempts/${attemptId}`);
      const failed = page.getByTestId('analysis-failed');
      await failed.waitFor();
      expect(await failed.innerText()).toMatch(/^Analysis failed: The recording could not be read as audio/);
      expect(await page.getByTestId('recording-timeline').count()).toBe(0);
      expect(await page.locator('audio').count()).toBe(1);
      const bands = page.getByRole('region', { name: 'Scores' });
      for (const criterion of ['Fluency', 'Vocabulary', 'Grammar', 'Pronunciation']) expect(await bands.getByRole('heading', { name: criterion }).count()).toBeGreaterThan(0);
      const fluencyNote = bands.getByRole('region', { name: 'Fluency', exact: true }).getByTestId('fluency-note');
      expect(await fluencyNote.getAttribute('data-source')).toBe('transcript');
      expect(await fluencyNote.innerText()).toBe('Estimated from the transcript: how long the answers are, how much is said between linking words, and the linking words. The recording could not be analysed.');
      expect(scores.overall).toBeGreaterThan(0);
      await lookAt(page, `recording-evidence-failed-${viewport}`);
    }

    const own = await pageFor(student.user.id, 'desktop');
    await own.goto(`${suite.server.baseUrl}/progress/attempts/${attemptId}`);
    await own.getByTestId('analysis-failed').waitFor();
    expect(await own.getByRole('region', { name: 'The estimate and how it was reached' }).getByRole('heading', { name: 'Fluency' }).count()).toBeGreaterThan(0);
  }, 120_000);
});

import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SaveInterviewSessionBody } from '../src/shared/api/interview.js';
import type { SaveTestSessionBody } from '../src/shared/api/attempts.js';
import { NO_RESPONSE_TEXT, NOT_TRANSCRIBED_TEXT } from '../src/shared/interview/answer-texts.js';
import { AnalysisProcesses } from '../src/server/analysis/process.js';
import { ffmpegPath } from '../src/server/lib/ffmpeg.js';
import { sessionCookieForUser } from '../src/server/test/app.js';
import { askedQuestions } from '../src/server/test/attempt-fixtures.js';
import { createAdmin, createStudent, type CreatedAdmin, type CreatedStudent } from '../src/server/test/factories.js';
import { analyseAll } from './support/analyse.js';
import { lookAt, makeSpeechWav, testResultsDir, useBrowserSuite, type ViewportName } from './support/index.js';

/**
 * A speaking test and an interview taken where the browser has no speech recognition (Firefox): saved
 * with their recording and `noTranscript`, every answer's text empty (the test) or a placeholder
 * (the interview). The student's own page for each says every answer was recorded, not transcribed,
 * shows no figure counted from words as a measured zero, and speaks to the student; after the
 * teacher releases bands it still does. The teacher's page of the same attempts keeps its wording.
 */
const suite = useBrowserSuite();
const processes = new AnalysisProcesses();
let admin: CreatedAdmin;
let student: CreatedStudent;
const ids: { test?: string; interview?: string } = {};

/** Four answers of a test taken in Firefox: timings measured from the microphone's level, no words. */
function firefoxTestBody(studentId: number): SaveTestSessionBody {
  const pair = (part: 1 | 2 | 3, questionNumber: number, question: string, responseTimeMs: number, speakingTimeMs: number, repeated = false) => ({
    part,
    questionNumber,
    question,
    answer: '',
    timestamp: '2026-11-21T09:00:00.000Z',
    responseTimeMs,
    speakingTimeMs,
    ...(repeated ? { repeated: true } : {}),
  });
  return {
    studentId,
    sessionData: {
      transcript: [{ speaker: 'Examiner', text: 'Where did you grow up?', timestamp: '2026-11-21T09:00:00.000Z', part: 1 }],
      duration: 420,
      completedAt: '2026-11-21T09:07:00.000Z',
      questionAnswerPairs: [
        pair(1, 1, 'Where did you grow up?', 1100, 9000),
        pair(1, 2, 'Do you work or study?', 900, 12_000, true),
        pair(2, 1, 'Describe a journey you remember well.', 2000, 95_000),
        pair(3, 1, 'Why do people enjoy travelling?', 1500, 20_000),
      ],
      noTranscript: true,
      part2Notes: 'mountains - train - family',
    },
    audioUrl: null,
  };
}

/** An interview taken in Firefox: two answers heard and recorded, one with no sound at all. */
function firefoxInterviewBody(studentId: number, studentName: string): SaveInterviewSessionBody {
  const questions = askedQuestions(studentName, [NOT_TRANSCRIBED_TEXT, NOT_TRANSCRIBED_TEXT, NO_RESPONSE_TEXT]).map((entry) => ({ ...entry, confidence: null }));
  return {
    attemptId: randomUUID(),
    studentId,
    sessionData: {
      questions,
      transcript: [],
      scores: { communication: 0, confidence: 0, relevance: 0, clarity: 0, overall: 0 },
      duration: 240_000,
      completedAt: '2026-11-21T10:04:00.000Z',
      noTranscript: true,
    },
  };
}

/** A fetch bound to the student's own session (as their browser sends it). */
async function studentApi() {
  const cookie = await sessionCookieForUser(suite.server.database.db, student.user.id);
  return (url: string, init: RequestInit = {}) => fetch(`${suite.server.baseUrl}${url}`, { ...init, headers: { cookie, ...init.headers } });
}

beforeAll(async () => {
  const db = suite.server.database.db;
  admin = await createAdmin(db, { username: 'headteacher' });
  student = await createStudent(db, { studentName: 'Lena Fox', mobileNumber: '98765 43210' });
  const wav = await makeSpeechWav('I grew up in a small town near the coast. I study engineering at the university in the city.');
  const webmFile = path.join(testResultsDir, 'student-no-transcript.webm');
  execFileSync(ffmpegPath() ?? 'ffmpeg', ['-loglevel', 'error', '-y', '-i', wav, '-c:a', 'libopus', '-b:a', '32k', webmFile]);
  const webm = new Uint8Array(readFileSync(webmFile));
  const api = await studentApi();
  const post = async (url: string, body: unknown) => {
    const saved = await api(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(saved.status, await saved.clone().text()).toBe(201);
    const { attemptId } = (await saved.json()) as { attemptId: string };
    const upload = await api(`/api/attempts/${attemptId}/recording`, { method: 'PUT', headers: { 'content-type': 'audio/webm;codecs=opus' }, body: webm });
    expect(upload.status).toBe(200);
    return attemptId;
  };
  ids.test = await post('/api/test-sessions', firefoxTestBody(student.student.id));
  ids.interview = await post('/api/interview-sessions', firefoxInterviewBody(student.student.id, student.student.studentName));
  await analyseAll(suite.server, processes);
}, 120_000);

afterAll(async () => {
  await processes.close();
});

async function pageFor(userId: number, viewport: ViewportName): Promise<Page> {
  const { page } = await suite.openPage({ viewport });
  await suite.signInAs(page, userId);
  return page;
}

async function ownAttempt(id: string | undefined, viewport: ViewportName): Promise<{ page: Page; text: string }> {
  if (!id) throw new Error('the attempt was not saved');
  const page = await pageFor(student.user.id, viewport);
  await page.goto(`${suite.server.baseUrl}/progress/attempts/${id}`);
  await page.getByRole('heading', { name: 'Your answers' }).waitFor();
  return { page, text: await page.locator('main').innerText() };
}

/** Figures counted from the words, which a test without a transcript does not have. */
const FROM_WORDS = ['Words per minute', 'Unique-word ratio', 'Word count', 'Grammar mistakes', 'Sentences'];

describe("the student's own page of an attempt without a transcript", () => {
  it.each(['desktop', 'phone'] as const)('a speaking test on %s: recorded, not transcribed; no word counts; "you"', async (viewport) => {
    const { page, text } = await ownAttempt(ids.test, viewport);
    await lookAt(page, `student-no-transcript-test-${viewport}`);
    const answers = page.getByRole('region', { name: 'Your answers' });
    expect(await answers.getByText('Recorded, not transcribed.', { exact: true }).count()).toBe(4);
    expect(text).not.toContain('No answer was recognised');
    const scores = page.getByRole('region', { name: 'The estimate and how it was reached' });
    const scoresText = await scores.innerText();
    for (const figure of FROM_WORDS) expect(scoresText, figure).not.toContain(figure);
    expect(scoresText).toContain('Speaking time');
    expect(scoresText).toContain('Without a transcript');
    // Nor each answer's counts of fillers, slips and less common words.
    expect(await answers.innerText()).not.toMatch(/\b0 (fillers|grammar mistakes|less common words)\b/);
    expect(text).not.toMatch(/\bthe student\b/i);
    expect(text).toContain('You asked to hear this question again');
    expect(text).toContain('Your notes');
  }, 60_000);

  it.each(['desktop', 'phone'] as const)('an interview on %s: answered aloud, not transcribed; no word counts or relevance', async (viewport) => {
    const { page, text } = await ownAttempt(ids.interview, viewport);
    await lookAt(page, `student-no-transcript-interview-${viewport}`);
    const answers = page.getByRole('region', { name: 'Your answers' });
    expect(await answers.getByText(NOT_TRANSCRIBED_TEXT, { exact: true }).count()).toBe(2);
    const answersText = await answers.innerText();
    expect(answersText).not.toContain('No answer was recognised');
    expect(answersText).not.toMatch(/relevance \d/);
    expect(answersText).not.toMatch(/\b0 (fillers|grammar mistakes|less common words)\b/);
    expect(await answers.getByText('No answer was heard.', { exact: true }).count()).toBe(1);
    const scoresText = await page.getByRole('region', { name: 'The estimate and how it was reached' }).innerText();
    for (const figure of ['Questions answered', 'Total words', 'Words per answer', 'Fillers', 'Sentences']) expect(scoresText, figure).not.toContain(figure);
    expect(text).not.toMatch(/\bthe student\b/i);
  }, 60_000);

  it('after the teacher releases bands, the test still says its answers were recorded, not transcribed', async () => {
    const id = ids.test;
    if (!id) throw new Error('the attempt was not saved');
    const cookie = await sessionCookieForUser(suite.server.database.db, admin.user.id);
    const inject = (method: 'GET' | 'PATCH' | 'POST', url: string, payload?: Record<string, unknown>) =>
      suite.server.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
    const saved = await inject('PATCH', `/api/admin/attempts/${id}/review`, {
      version: 0,
      comment: 'I listened to your recording: clear answers, link your ideas with because and so.',
      scores: { fluency: 6, vocabulary: 6.5, grammar: 6, pronunciation: 7 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const released = await inject('POST', `/api/admin/attempts/${id}/review/release`, { version: (saved.json() as { version: number }).version });
    expect(released.statusCode, released.body).toBe(200);

    const { page, text } = await ownAttempt(id, 'desktop');
    expect(await page.getByTestId('teacher-overall').innerText()).toBe('6.5');
    expect(await page.getByRole('region', { name: 'Your answers' }).getByText('Recorded, not transcribed.', { exact: true }).count()).toBe(4);
    expect(text).not.toContain('No answer was recognised');
    expect(text).not.toContain('Words per minute');
    expect(text).not.toMatch(/\bthe student\b/i);
    await lookAt(page, 'student-no-transcript-test-released-desktop');
  }, 60_000);

  it("the teacher's page of the same attempts: about the student, and no word counts either", async () => {
    const page = await pageFor(admin.user.id, 'desktop');
    await page.goto(`${suite.server.baseUrl}/admin/attempts/${ids.test}`);
    const answers = page.getByRole('region', { name: 'Questions and answers' });
    await answers.scrollIntoViewIfNeeded();
    await answers.getByText('Recorded, not transcribed.', { exact: true }).first().waitFor();
    expect(await answers.getByText('Recorded, not transcribed.', { exact: true }).count()).toBe(4);
    const answersText = await answers.innerText();
    expect(answersText).toContain('The student asked to hear this question again');
    expect(answersText).toContain("The student's notes");
    expect(await page.getByRole('region', { name: 'Scores' }).innerText()).not.toContain('Words per minute');
    await lookAt(page, 'student-no-transcript-teacher-test-desktop');

    await page.goto(`${suite.server.baseUrl}/admin/attempts/${ids.interview}`);
    const interviewAnswers = page.getByRole('region', { name: 'Questions and answers' });
    await interviewAnswers.scrollIntoViewIfNeeded();
    await interviewAnswers.getByText(NOT_TRANSCRIBED_TEXT, { exact: true }).first().waitFor();
    expect(await page.getByRole('region', { name: 'Scores' }).innerText()).not.toContain('Total words');
    await lookAt(page, 'student-no-transcript-teacher-interview-desktop');
  }, 60_000);
});

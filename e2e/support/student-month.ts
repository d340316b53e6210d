/*
 * A student's month of practice, built through the app's own API: eight speaking tests and four mock
 * interviews over four weeks, answered in the words of real learners of the NICT JLE corpus (read in
 * place from ../shared/data, never copied), some reviewed by a teacher with bands that differ from the
 * estimate, one review amended after its release, one test taken in Firefox (recorded, no transcript)
 * and the newest still waiting for its recording's analysis.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { SaveInterviewSessionBody } from '../../src/shared/api/interview.js';
import type { SaveTestSessionBody } from '../../src/shared/api/attempts.js';
import { attempts } from '../../src/server/db/schema.js';
import { invalidateReadCaches } from '../../src/server/db/read-cache.js';
import { ffmpegPath } from '../../src/server/lib/ffmpeg.js';
import { sessionCookieForUser } from '../../src/server/test/app.js';
import { askedQuestions } from '../../src/server/test/attempt-fixtures.js';
import type { CreatedAdmin, CreatedStudent } from '../../src/server/test/factories.js';
import { learnerAnswers, learnerUtterances, loadLearners, type Learner } from '../../scripts/band-model/data.js';
import { makeSpeechWav } from './audio.js';
import { testResultsDir } from './paths.js';
import type { TestServer } from './server.js';

const DAY_MS = 24 * 3600_000;

/** The first learner of `level` with at least `minUtterances` utterances, after skipping `skip` of them. */
function learnerOf(learners: readonly Learner[], level: number, skip = 0, minUtterances = 80): Learner {
  const found = learners.filter((learner) => learner.level === level && learner.utterances.length >= minUtterances)[skip];
  if (!found) throw new Error(`no learner of level ${level}`);
  return found;
}

function testBody(studentId: number, learner: Learner, firstWords?: number): SaveTestSessionBody {
  const answers = learnerAnswers(learner, { fillers: false, ...(firstWords === undefined ? {} : { firstWords }) });
  return {
    attemptId: randomUUID(),
    studentId,
    sessionData: {
      transcript: answers.flatMap((answer) => [
        { speaker: 'Examiner', text: answer.question, timestamp: '2026-11-21T09:00:00.000Z', part: answer.part },
        { speaker: 'Student', text: answer.answer, timestamp: '2026-11-21T09:00:05.000Z', part: answer.part },
      ]),
      duration: Math.round(answers.reduce((sum, answer) => sum + answer.speakingTimeMs + 4000, 0) / 1000),
      completedAt: new Date().toISOString(),
      questionAnswerPairs: answers.map((answer) => ({ ...answer, timestamp: '2026-11-21T09:00:05.000Z', confidence: 0.9 })),
    },
    audioUrl: null,
  };
}

/** A test taken in Firefox: every answer timed from the microphone's level, no words. */
function firefoxTestBody(studentId: number): SaveTestSessionBody {
  const pair = (part: 1 | 2 | 3, questionNumber: number, question: string, speakingTimeMs: number) => ({
    part,
    questionNumber,
    question,
    answer: '',
    timestamp: '2026-11-21T09:00:00.000Z',
    responseTimeMs: 1200,
    speakingTimeMs,
  });
  return {
    attemptId: randomUUID(),
    studentId,
    sessionData: {
      transcript: [],
      duration: 600,
      completedAt: new Date().toISOString(),
      questionAnswerPairs: [
        pair(1, 1, 'What is your name?', 3000),
        pair(1, 2, 'Do you work, or are you a student?', 11_000),
        pair(1, 3, 'Tell me about the town or city where you grew up.', 18_000),
        pair(2, 1, 'Describe a journey you remember well.', 96_000),
        pair(3, 1, 'Why do you think so many people want to travel abroad these days?', 24_000),
        pair(3, 2, 'Do you think people will travel more or less in the future?', 19_000),
      ],
      noTranscript: true,
    },
    audioUrl: null,
  };
}

function interviewBody(studentId: number, studentName: string, learner: Learner): SaveInterviewSessionBody {
  const lines = learnerUtterances(learner, { fillers: false });
  const answers = Array.from({ length: 7 }, (_, i) => lines.slice(i * 6, i * 6 + 6).join(' '));
  const questions = askedQuestions(studentName, answers);
  return {
    attemptId: randomUUID(),
    studentId,
    sessionData: {
      questions,
      transcript: questions.map((entry) => ({ speaker: 'Candidate', text: entry.answer, timestamp: entry.timestamp + 5000 })),
      scores: { communication: 0, confidence: 0, relevance: 0, clarity: 0, overall: 0 },
      duration: 7 * 60_000,
      completedAt: new Date().toISOString(),
    },
  };
}

export interface MonthAttempt {
  id: string;
  kind: 'ielts' | 'interview';
  label: string;
  daysAgo: number;
}

export interface Month {
  attempts: MonthAttempt[];
  byLabel(label: string): MonthAttempt;
}

type Bands = Record<string, number>;

/** Builds the month for `student`, with `admin` as the teacher; `analyse` runs the due analyses. */
export async function buildMonth(server: TestServer, student: CreatedStudent, admin: CreatedAdmin, analyse: () => Promise<number>): Promise<Month> {
  const learners = loadLearners();
  const db = server.database.db;
  const studentCookie = await sessionCookieForUser(db, student.user.id);
  const adminCookie = await sessionCookieForUser(db, admin.user.id);
  const call = async (cookie: string, method: 'POST' | 'PATCH' | 'PUT', url: string, body: unknown, recording?: Uint8Array<ArrayBuffer>) => {
    const response = await fetch(`${server.baseUrl}${url}`, recording
      ? { method, headers: { cookie, 'content-type': 'audio/webm;codecs=opus' }, body: recording }
      : { method, headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const text = await response.text();
    expect(response.status, `${method} ${url}: ${text}`).toBeLessThan(300);
    return JSON.parse(text || '{}') as Record<string, unknown>;
  };
  const wav = await makeSpeechWav('I grew up in a small town near the coast. I study engineering at the university in the city.');
  const webmFile = path.join(testResultsDir, 'student-month.webm');
  execFileSync(ffmpegPath() ?? 'ffmpeg', ['-loglevel', 'error', '-y', '-i', wav, '-c:a', 'libopus', '-b:a', '32k', webmFile]);
  const webm = new Uint8Array(readFileSync(webmFile));

  const made: MonthAttempt[] = [];
  const save = async (label: string, kind: 'ielts' | 'interview', daysAgo: number, body: SaveTestSessionBody | SaveInterviewSessionBody, recording = false) => {
    const saved = await call(studentCookie, 'POST', kind === 'ielts' ? '/api/test-sessions' : '/api/interview-sessions', body);
    const id = saved.attemptId as string;
    if (recording) await call(studentCookie, 'PUT', `/api/attempts/${id}/recording`, null, webm);
    // Four weeks back, at about 18:30 at the school (13:00 UTC).
    const at = new Date(Date.parse(new Date(Date.now() - daysAgo * DAY_MS).toISOString().slice(0, 10) + 'T13:00:00Z'));
    await db.update(attempts).set({ completedAt: daysAgo === 0 ? new Date(Date.now() - 3600_000) : at }).where(eq(attempts.id, id));
    made.push({ id, kind, label, daysAgo });
    return id;
  };
  const review = async (id: string, comment: string, scores: Bands, version = 0, reason?: string) => {
    const saved = await call(adminCookie, 'PATCH', `/api/admin/attempts/${id}/review`, { version, comment, scores, ...(reason ? { reason } : {}) });
    const released = await call(adminCookie, 'POST', `/api/admin/attempts/${id}/review/release`, { version: saved.version });
    return (released.version ?? saved.version) as number;
  };
  const sid = student.student.id;
  const name = student.student.studentName;

  await save('test 1', 'ielts', 27, testBody(sid, learnerOf(learners, 4, 0)));
  await save('interview 1', 'interview', 26, interviewBody(sid, name, learnerOf(learners, 4, 1)));
  await save('test 2', 'ielts', 24, testBody(sid, learnerOf(learners, 4, 2)));
  await save('test 3', 'ielts', 21, testBody(sid, learnerOf(learners, 5, 0)));
  await save('interview 2', 'interview', 19, interviewBody(sid, name, learnerOf(learners, 5, 1)));
  await save('test 4 (Firefox)', 'ielts', 17, firefoxTestBody(sid), true);
  await analyse();
  // A short test: few words, but enough for a band.
  await save('test 5 (short)', 'ielts', 13, testBody(sid, learnerOf(learners, 7, 0), 70));
  await save('interview 3', 'interview', 11, interviewBody(sid, name, learnerOf(learners, 5, 2)));
  await save('test 6', 'ielts', 9, testBody(sid, learnerOf(learners, 5, 3)));
  await save('test 7', 'ielts', 4, testBody(sid, learnerOf(learners, 6, 0)));
  await save('interview 4', 'interview', 2, interviewBody(sid, name, learnerOf(learners, 6, 1)));
  await save('test 8 (analysing)', 'ielts', 0, testBody(sid, learnerOf(learners, 6, 2)), true);
  const month: Month = {
    attempts: made,
    byLabel(label) {
      const found = made.find((attempt) => attempt.label === label);
      if (!found) throw new Error(`no attempt ${label}`);
      return found;
    },
  };

  // The teacher's reviews: bands that differ from the estimate, one amended after its release.
  await review(month.byLabel('test 1').id, 'Good start. Your answers are short: add a reason and an example to each.', { fluency: 4, vocabulary: 4.5, grammar: 4, pronunciation: 5 });
  const amended = await review(month.byLabel('test 3').id, 'Much better range of words. Watch your past tenses.', { fluency: 5, vocabulary: 5.5, grammar: 5, pronunciation: 5.5 });
  await review(month.byLabel('test 3').id, 'Much better range of words. Watch your past tenses. (I listened again: your fluency was better than I first wrote.)', { fluency: 6, vocabulary: 5.5, grammar: 5, pronunciation: 5.5 }, amended, 'I listened to the recording again.');
  await review(month.byLabel('test 6').id, 'Clear and well organised. Work on linking your ideas.', { fluency: 6, vocabulary: 6, grammar: 5.5, pronunciation: 6 });
  await review(month.byLabel('interview 2').id, 'You answered every question. Give a concrete example from your work.', { communication: 6, confidence: 7, relevance: 6, clarity: 6 });
  invalidateReadCaches(db);
  return month;
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttemptDetail } from '../../shared/api/admin-attempts.js';
import { buildInterviewTranscriptText } from '../../shared/interview/transcript.js';
import { speakingAnswersOfPairs } from '../../shared/speaking-test/saved-answers.js';
import { savedTranscriptText } from '../../shared/speaking-test/saved-transcript.js';
import { scoreSpeakingTest } from '../../shared/speaking-test/scoring.js';
import { buildTranscriptText } from '../../shared/speaking-test/transcript.js';
import { createTestApp, sessionCookieForUser, type TestApp } from '../test/app.js';
import { interviewSessionBody, testSessionBody } from '../test/attempt-fixtures.js';
import { createAdmin, createStudent } from '../test/factories.js';

/*
 * Download Transcript on an earlier attempt's page: the file is written from the attempt as the
 * server gives it to that page, and says what the results' download said when the test was taken,
 * with the teacher's review once it is released.
 */

type SavedTest = Extract<AttemptDetail, { kind: 'ielts' }>;

describe('the transcript of an earlier attempt', () => {
  let t: TestApp;
  let studentCookie: string;
  let adminCookie: string;
  let studentId: number;

  beforeAll(async () => {
    t = await createTestApp({ driver: 'pglite' });
    const db = t.database.db;
    const admin = await createAdmin(db, { username: 'headteacher' });
    const student = await createStudent(db, { studentName: 'Asha Rao' });
    studentId = student.student.id;
    studentCookie = await sessionCookieForUser(db, student.user.id);
    adminCookie = await sessionCookieForUser(db, admin.user.id);
  });
  afterAll(() => t.close());

  const request = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const ownDetail = async (id: string) => (await request('GET', `/api/student/attempts/${id}`, studentCookie)).json() as AttemptDetail;

  it("is the results' download of the same test, with the review not yet released, then the released bands and comment", async () => {
    const body = testSessionBody(studentId);
    const saved = await request('POST', '/api/test-sessions', studentCookie, body as unknown as Record<string, unknown>);
    expect(saved.statusCode, saved.body).toBe(201);
    const id = (saved.json() as { attemptId: string }).attemptId;

    const detail = (await ownDetail(id)) as SavedTest;
    expect(detail.kind).toBe('ielts');
    const text = savedTranscriptText(detail, 'Asia/Kolkata');

    // What the results offered when the test was taken: the same answers scored as the page scores them.
    const answers = speakingAnswersOfPairs(body.sessionData.questionAnswerPairs);
    const live = buildTranscriptText({
      studentName: 'Asha Rao',
      completedAt: new Date(body.sessionData.completedAt),
      timeZone: 'Asia/Kolkata',
      durationSeconds: body.sessionData.duration,
      result: scoreSpeakingTest(answers),
      answers,
    });
    expect(live).toMatch(/^Estimated overall band: \d\.\d$/m);
    const [head, parts] = [live.slice(0, live.indexOf('\nPART 1')), live.slice(live.indexOf('\nPART 1'))];
    expect(text).toBe(`${head}\nTeacher's review: not released yet.\n${parts}`);
    expect(text).toContain('Date: 2026-11-21 14:31 (Asia/Kolkata)');

    const version = (await request('GET', `/api/admin/attempts/${id}`, adminCookie)).json().reviewVersion as number;
    const reviewed = await request('PATCH', `/api/admin/attempts/${id}/review`, adminCookie, {
      version,
      comment: 'Good range;\nlink your ideas.',
      scores: { fluency: 6.5, vocabulary: 7, grammar: 6, pronunciation: 7 },
    });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    // Saved but not released: the student's file does not have it.
    expect(savedTranscriptText((await ownDetail(id)) as SavedTest, 'Asia/Kolkata')).toContain("Teacher's review: not released yet.");

    const released = await request('POST', `/api/admin/attempts/${id}/review/release`, adminCookie, { version: version + 1 });
    expect(released.statusCode, released.body).toBe(200);
    const after = (await ownDetail(id)) as SavedTest;
    const releasedAt = new Date(after.release?.releasedAt ?? '');
    const stamp = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Kolkata', dateStyle: 'short', timeStyle: 'short' }).format(releasedAt);
    expect(savedTranscriptText(after, 'Asia/Kolkata')).toBe(
      `${head}\nTeacher's review, released ${stamp} (Asia/Kolkata):\nOverall band 6.5: Fluency 6.5, Vocabulary 7.0, Grammar 6.0, Pronunciation 7.0\nComment: Good range; link your ideas.\n${parts}`,
    );
    // The teacher's page downloads the same file.
    const teachers = (await request('GET', `/api/admin/attempts/${id}`, adminCookie)).json() as SavedTest;
    expect(savedTranscriptText(teachers, 'Asia/Kolkata')).toBe(savedTranscriptText(after, 'Asia/Kolkata').replace(`(Asia/Kolkata):`, `(Asia/Kolkata) by headteacher:`));
  });

  it('says why a test has no estimate, and writes an answer recorded without a transcript as such', async () => {
    const body = testSessionBody(studentId, { answer: 'Yes.' });
    const saved = await request('POST', '/api/test-sessions', studentCookie, body as unknown as Record<string, unknown>);
    expect(saved.statusCode, saved.body).toBe(201);
    const detail = (await ownDetail((saved.json() as { attemptId: string }).attemptId)) as SavedTest;
    const text = savedTranscriptText(detail, 'UTC');
    expect(text).toContain(`Estimated band: not assessed\n${detail.notAssessableReason ?? 'none'}\n`);
    expect(text).toContain('Q1. Where did you grow up?\nAnswer: Yes.\n');
    expect(savedTranscriptText({ ...detail, noTranscript: true, answers: detail.answers.map((answer) => ({ ...answer, answer: '' })) }, 'UTC')).toContain(
      'Answer: (recorded, not transcribed)',
    );
  });

  it("an interview's is the completed view's download", async () => {
    const body = interviewSessionBody(studentId);
    const saved = await request('POST', '/api/interview-sessions', studentCookie, body as unknown as Record<string, unknown>);
    expect(saved.statusCode, saved.body).toBe(201);
    const detail = await ownDetail((saved.json() as { attemptId: string }).attemptId);
    expect(detail.kind).toBe('interview');
    expect(detail.answers.length).toBeGreaterThan(0);
    expect(buildInterviewTranscriptText(detail.kind === 'interview' ? detail.answers : [])).toBe(buildInterviewTranscriptText(body.sessionData.questions));
  });
});

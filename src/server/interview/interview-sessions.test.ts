import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attempts } from '../db/schema.js';
import { recordings } from '../db/schema-recordings.js';
import { scoreInterview } from '../../shared/interview/scoring.js';
import { createTestApp, sessionCookieForUser, type TestApp } from '../test/app.js';
import { testDrivers } from '../test/databases.js';
import { askedQuestions, interviewSessionBody } from '../test/attempt-fixtures.js';
import { createAdmin, createStudent, type CreatedStudent } from '../test/factories.js';
import { nothingToScoreText, type AttemptsPage } from '../../shared/api/admin-attempts.js';
import { INTERVIEW_NO_RECORDING_TEXT } from '../../shared/interview/constants.js';
import { generateInterviewQuestions } from '../../shared/interview/questions.js';
import { emptyInterviewProfile } from '../../shared/api/interview.js';
import { studentNothingToScoreText } from '../../shared/api/no-result-texts.js';
import type { ProgressList } from '../../shared/api/progress.js';

describe.each(testDrivers)('interview saves on %s', (driver) => {
  let t: TestApp;
  let student: CreatedStudent;
  let studentCookie: string;
  let adminCookie: string;

  beforeAll(async () => {
    t = await createTestApp({ driver });
    student = await createStudent(t.database.db, { studentName: 'Asha' });
    studentCookie = await sessionCookieForUser(t.database.db, student.user.id);
    adminCookie = await sessionCookieForUser(t.database.db, (await createAdmin(t.database.db)).user.id);
  });
  afterAll(() => t.close());

  const post = (url: string, cookie: string, payload: unknown) => t.app.inject({ method: 'POST', url, headers: { cookie }, payload: payload as Record<string, unknown> });
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: adminCookie } });
  const storedFor = (id: string) => t.database.db.select().from(attempts).where(eq(attempts.id, id));

  describe('POST /api/interview-sessions', () => {
    it('recomputes the four scores and saves once', async () => {
      const body = interviewSessionBody(student.student.id);
      const first = await post('/api/interview-sessions', studentCookie, body);
      expect(first.statusCode, first.body).toBe(201);
      const { scores } = first.json();
      expect(scores.overall).toBe(Math.round((scores.communication + scores.confidence + scores.relevance + scores.clarity) / 4));
      expect(scores.communication).toBeLessThan(9);
      const again = await post('/api/interview-sessions', studentCookie, body);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ attemptId: body.attemptId, scores, alreadySaved: true, assessable: true });
    });

    it('stores an interview with too little speech as not assessable, with the reason, instead of zeros', async () => {
      const body = interviewSessionBody(student.student.id);
      body.sessionData.questions = askedQuestions('Asha', ['um, uh, yes', '']);
      const response = await post('/api/interview-sessions', studentCookie, body);
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toEqual({ attemptId: body.attemptId, scores: null, alreadySaved: false, assessable: false });
      const [row] = await storedFor(body.attemptId);
      expect(row).toMatchObject({ assessable: false, overall: null, scores: null });
      const expected = scoreInterview(body.sessionData.questions);
      expect(expected.assessable).toBe(false);
      expect(row?.analysis).toEqual(JSON.parse(JSON.stringify(expected)));
      expect((row?.analysis as { reason: string }).reason).toMatch(/^Only 1 word was recognised in your answers/);
    });

    it("scores each answer against the question the student's profile gives, whatever text the page sends, and says when they differ", async () => {
      const priya = await createStudent(t.database.db, { studentName: 'Priya Nair' });
      const cookie = await sessionCookieForUser(t.database.db, priya.user.id);
      const profile = {
        ...emptyInterviewProfile(),
        profile: 'Backend developer',
        skills: 'Java, SQL, code review',
        technicalSkills: [{ skill: 'Spring Boot' }, { skill: 'PostgreSQL' }],
        professionalExperience: [{ companyName: 'Infosys', fromDate: '2021-06-01', toDate: '2025-05-31' }],
      };
      expect((await post('/api/interview/profile', cookie, profile)).statusCode).toBe(200);
      const asked = generateInterviewQuestions(profile, 'Priya Nair').slice(0, 4);
      const answers = [
        'I watch cricket matches with my cousins every Sunday at the ground near our house, and we eat biryani afterwards.',
        'My cousins and I play cricket on Sunday mornings before the biryani, which my aunt cooks for everyone.',
        'On Sundays the ground is full, so we play short cricket matches and then go home for biryani with the family.',
        'Cricket with my cousins is the best part of my week, especially the biryani after the Sunday matches.',
      ];
      const honest = interviewSessionBody(priya.student.id);
      honest.sessionData.questions = asked.map((question, i) => ({ questionId: question.id, question: question.question, category: question.category, answer: answers[i] ?? '', timestamp: 4000 + i * 60_000, confidence: 0.9 }));
      const honestSaved = await post('/api/interview-sessions', cookie, honest);
      expect(honestSaved.statusCode, honestSaved.body).toBe(201);
      // The same answers, the questions made of their own words: relevance is judged against the profile's questions all the same.
      const crafted = interviewSessionBody(priya.student.id);
      crafted.sessionData.questions = honest.sessionData.questions.map((entry) => ({ ...entry, question: 'Cricket matches cousins Sunday ground biryani family?' }));
      const craftedSaved = await post('/api/interview-sessions', cookie, crafted);
      expect(craftedSaved.statusCode, craftedSaved.body).toBe(201);
      expect((craftedSaved.json() as { scores: unknown }).scores).toEqual((honestSaved.json() as { scores: unknown }).scores);
      expect(scoreInterview(crafted.sessionData.questions).scores.relevance).toBeGreaterThan((honestSaved.json() as { scores: { relevance: number } }).scores.relevance);
      // The honest save's report has no flag; the crafted one says its questions are not the profile's, and keeps the text sent.
      const [honestRow] = await storedFor(honest.attemptId);
      expect(honestRow?.analysis).not.toHaveProperty('questionsDiffer');
      const detail = (await get(`/api/admin/attempts/${crafted.attemptId}`)).json() as { analysis: { questionsDiffer?: boolean }; answers: Array<{ question: string }> };
      expect(detail.analysis.questionsDiffer).toBe(true);
      expect(detail.answers[0]?.question).toBe('Cricket matches cousins Sunday ground biryani family?');
      // Numbered past the profile's last question, a made-up one earns no relevance either.
      const past = interviewSessionBody(priya.student.id);
      const last = generateInterviewQuestions(profile, 'Priya Nair').length;
      past.sessionData.questions = [{ ...honest.sessionData.questions[0]!, questionId: last + 1, question: 'Cricket matches cousins Sunday ground biryani family?' }];
      const pastSaved = await post('/api/interview-sessions', cookie, past);
      expect(pastSaved.statusCode, pastSaved.body).toBe(201);
      expect((pastSaved.json() as { scores: { relevance: number } }).scores.relevance).toBe(0);
    });

    it('stores an interview without a transcript as awaiting the teacher, as before', async () => {
      const body = interviewSessionBody(student.student.id);
      body.sessionData.noTranscript = true;
      const response = await post('/api/interview-sessions', studentCookie, body);
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toMatchObject({ scores: null, assessable: false });
      const [row] = await storedFor(body.attemptId);
      expect(row).toMatchObject({ assessable: false, overall: null, scores: null, analysis: { assessable: false, reason: 'Your answers were recorded without a transcript: your teacher will score them.' } });
    });

    it('stores an interview with neither transcript nor recording as nothing to score, for the list and the attempt page', async () => {
      const awaiting = interviewSessionBody(student.student.id);
      awaiting.sessionData.noTranscript = true;
      const nothing = interviewSessionBody(student.student.id);
      nothing.sessionData.noTranscript = true;
      nothing.sessionData.noRecording = true;
      for (const body of [awaiting, nothing]) expect((await post('/api/interview-sessions', studentCookie, body)).statusCode).toBe(201);
      const [row] = await storedFor(nothing.attemptId);
      expect(row?.sessionData).toMatchObject({ noTranscript: true, noRecording: true });
      expect(row).toMatchObject({ assessable: false, overall: null, analysis: { reason: INTERVIEW_NO_RECORDING_TEXT } });

      const list = await get('/api/admin/interview-attempts?page=1&limit=50');
      expect(list.statusCode, list.body).toBe(200);
      const rows = (list.json() as AttemptsPage).attempts;
      const nothingRow = rows.find((entry) => entry.id === nothing.attemptId);
      expect(nothingRow).toMatchObject({ assessable: false, nothingToScore: true });
      expect(nothingRow?.awaitingTeacher).toBeUndefined();
      const awaitingRow = rows.find((entry) => entry.id === awaiting.attemptId);
      expect(awaitingRow).toMatchObject({ awaitingTeacher: true });
      expect(awaitingRow?.nothingToScore).toBeUndefined();

      const detail = await get(`/api/admin/attempts/${nothing.attemptId}`);
      expect(detail.statusCode, detail.body).toBe(200);
      expect(detail.json()).toMatchObject({ kind: 'interview', notAssessableReason: nothingToScoreText('interview'), nothingToScore: true, noTranscript: true, noRecording: true });
      expect((await get(`/api/admin/attempts/${awaiting.attemptId}`)).json()).toMatchObject({
        notAssessableReason: 'Your answers were recorded without a transcript: your teacher will score them.',
        nothingToScore: false,
        awaitingTeacher: true,
        noTranscript: true,
        noRecording: false,
      });

      // The student's own pages: the same reasons, in the student's words, never the teacher's.
      const own = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: studentCookie } });
      const ownNothing = await own(`/api/student/attempts/${nothing.attemptId}`);
      expect(ownNothing.statusCode, ownNothing.body).toBe(200);
      expect(ownNothing.json()).toMatchObject({ notAssessableReason: studentNothingToScoreText('interview'), nothingToScore: true, awaitingTeacher: false });
      expect(ownNothing.body).not.toContain('the student');
      expect((await own(`/api/student/attempts/${awaiting.attemptId}`)).json()).toMatchObject({ nothingToScore: false, awaitingTeacher: true, noTranscript: true, noRecording: false });
      const progress = (await own('/api/student/attempts')).json() as ProgressList;
      const listed = (id: string) => progress.attempts.find((entry) => entry.id === id);
      expect(listed(nothing.attemptId)).toMatchObject({ resultSource: 'none', nothingToScore: true });
      expect(listed(nothing.attemptId)?.awaitingTeacher).toBeUndefined();
      expect(listed(awaiting.attemptId)).toMatchObject({ resultSource: 'none', awaitingTeacher: true });
      expect(listed(awaiting.attemptId)?.nothingToScore).toBeUndefined();
    });

    it('a stored recording or a band from the teacher leaves something to score, on the list and the attempt page alike', async () => {
      const bodies = [0, 1].map(() => interviewSessionBody(student.student.id));
      for (const body of bodies) {
        body.sessionData.noTranscript = true;
        body.sessionData.noRecording = true;
        expect((await post('/api/interview-sessions', studentCookie, body)).statusCode).toBe(201);
      }
      const [stored, banded] = bodies.map((body) => body.attemptId);
      await t.database.db.insert(recordings).values({ attemptId: stored as string, mimeType: 'audio/webm', sizeBytes: 1_000 });
      await t.database.db.update(attempts).set({ teacherScores: { communication: 4 } }).where(eq(attempts.id, banded as string));
      const rows = ((await get('/api/admin/interview-attempts?page=1&limit=50')).json() as AttemptsPage).attempts;
      for (const id of [stored, banded]) {
        expect(rows.find((entry) => entry.id === id)).toMatchObject({ awaitingTeacher: true });
        expect(rows.find((entry) => entry.id === id)?.nothingToScore).toBeUndefined();
        expect((await get(`/api/admin/attempts/${id}`)).json()).toMatchObject({ nothingToScore: false, notAssessableReason: INTERVIEW_NO_RECORDING_TEXT, noTranscript: true });
      }
      // A recording stored after all: the answers were recorded, whatever the device said at the time.
      expect((await get(`/api/admin/attempts/${stored}`)).json()).toMatchObject({ noRecording: false });
      expect((await get(`/api/admin/attempts/${banded}`)).json()).toMatchObject({ noRecording: true });
    });

    it('refuses an interview whose texts together pass any interview\'s speech, naming the limit, and keeps one just under it', async () => {
      const long = 'I led the support team through a difficult migration last year. '.repeat(40);
      const body = interviewSessionBody(student.student.id);
      const questions = Array.from({ length: 20 }, (_, index) => ({ questionId: index + 1, question: 'Tell me about a project you led.', category: 'Experience' as const, answer: long, timestamp: 4000 + index * 60_000, confidence: 0.9 }));
      // Each answer and transcript entry within its own limit; 20 answers of 2,560 characters (103,040 with the questions) and as many again in the transcript.
      const over = { ...body, sessionData: { ...body.sessionData, questions, transcript: questions.map((entry) => ({ speaker: 'Candidate' as const, text: entry.answer, timestamp: entry.timestamp + 5000 })) } };
      const refused = await post('/api/interview-sessions', studentCookie, over);
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain('questions, answers and transcript hold more than 100,000 characters together');
      expect(await storedFor(body.attemptId)).toHaveLength(0);
      const under = { ...over, sessionData: { ...over.sessionData, transcript: over.sessionData.transcript.slice(0, 15) } };
      const saved = await post('/api/interview-sessions', studentCookie, under);
      expect(saved.statusCode, saved.body).toBe(201);
    });

    it('refuses a noRecording that is not true or false, saying which field', async () => {
      const body = interviewSessionBody(student.student.id) as unknown as { sessionData: Record<string, unknown> };
      body.sessionData.noRecording = 'yes';
      const response = await post('/api/interview-sessions', studentCookie, body);
      expect(response.statusCode).toBe(400);
      expect(response.body).toMatch(/noRecording/);
    });
  });
});

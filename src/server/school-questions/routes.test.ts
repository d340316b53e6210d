import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSchoolQuestion, AdminSchoolQuestions, TestSchoolQuestions } from '../../shared/api/school-questions.js';
import type { SaveTestSessionBody } from '../../shared/api/attempts.js';
import { CUE_CARDS, PART1_QUESTIONS } from '../../shared/speaking-test/questions.js';
import { testSessionBody } from '../test/attempt-fixtures.js';
import { createTestApp, sessionCookieForUser, type TestApp } from '../test/app.js';
import { testDrivers } from '../test/databases.js';
import { createAdmin, createStudent, type CreatedStudent } from '../test/factories.js';
import { attempts } from '../db/schema.js';
import { eq } from 'drizzle-orm';

const OFF_TOPIC = 'My favourite subject was chemistry because the experiments in the laboratory were exciting and loud.';

/** The school's own questions over HTTP (who may call what: auth/authorization.test.ts). */
describe.each(testDrivers)('school questions on %s', (driver) => {
  let t: TestApp;
  let adminCookie: string;
  let studentCookie: string;
  let student: CreatedStudent;

  beforeAll(async () => {
    t = await createTestApp({ driver });
    const admin = await createAdmin(t.database.db, { username: 'meera' });
    adminCookie = await sessionCookieForUser(t.database.db, admin.user.id);
    student = await createStudent(t.database.db, { studentName: 'Asha' });
    studentCookie = await sessionCookieForUser(t.database.db, student.user.id);
  });
  afterAll(() => t?.close());

  const call = (options: InjectOptions, cookie = adminCookie): Promise<LightMyRequestResponse> => t.app.inject({ ...options, headers: { ...options.headers, cookie } });
  const add = (payload: Record<string, unknown>) => call({ method: 'POST', url: '/api/admin/school-questions', payload });
  const edit = (id: number | string, payload: Record<string, unknown>) => call({ method: 'PUT', url: `/api/admin/school-questions/${id}`, payload });
  const list = async () => ((await call({ url: '/api/admin/school-questions' })).json() as AdminSchoolQuestions).questions;
  const forTest = async () => ((await call({ url: '/api/school-questions' }, studentCookie)).json() as TestSchoolQuestions).questions;
  const added = async (payload: Record<string, unknown>) => {
    const response = await add(payload);
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { question: AdminSchoolQuestion }).question;
  };

  function refused(response: LightMyRequestResponse, status: number): string {
    expect(response.statusCode, response.body).toBe(status);
    const body = response.json() as { message: string };
    expect(Object.keys(body)).toEqual(['message']);
    return body.message;
  }

  it('adds a Part 1 question with suggested topic words, naming the teacher who added it', async () => {
    const question = await added({ part: 1, text: '  Do you   have a pet at home? ' });
    expect(question).toMatchObject({ part: 1, text: 'Do you have a pet at home?', bullets: [], topicWords: ['pet', 'home'], retired: false, addedBy: 'meera' });
    expect(question.addedOn).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
    expect((await list()).map((q) => q.text)).toContain('Do you have a pet at home?');
  });

  it('keeps the teacher’s own topic words, lower-cased and without repeats', async () => {
    const question = await added({ part: 3, text: 'Should cities ban cars from their centres?', topicWords: ['Traffic', 'pollution', 'traffic', 'air'] });
    expect(question.topicWords).toEqual(['traffic', 'pollution', 'air']);
  });

  it('adds a cue card with 3 to 5 lines, and refuses one with fewer or more', async () => {
    const card = await added({ part: 2, text: 'Describe a market you like to visit.', bullets: ['where it is', 'what is sold there', 'and explain why you like it.'] });
    expect(card).toMatchObject({ part: 2, bullets: ['where it is', 'what is sold there', 'and explain why you like it.'], topicWords: ['market', 'visit', 'sold'] });
    expect(refused(await add({ part: 2, text: 'Describe a river you know.', bullets: ['where it is', 'and explain why.'] }), 400)).toContain('A cue card needs 3 to 5 lines');
    expect(refused(await add({ part: 2, text: 'Describe a river you know.', bullets: ['a', 'b', 'c', 'd', 'e', 'f'] }), 400)).toContain('at most 5 lines');
    expect(refused(await add({ part: 1, text: 'Do you like rivers?', bullets: ['where'] }), 400)).toContain('Only a Part 2 cue card has lines');
  });

  it('refuses empty, too long and badly formed input with a sentence', async () => {
    expect(refused(await add({ part: 1, text: '   ' }), 400)).toContain('Enter the question');
    expect(refused(await add({ part: 1, text: 'x'.repeat(301) }), 400)).toContain('at most 300 characters');
    expect(refused(await add({ part: 4, text: 'Do you like tea?' }), 400)).toContain('must be 1, 2 or 3');
    expect(refused(await add({ part: 1, text: 'Do you like tea?', topicWords: ['two words'] }), 400)).toContain('must be one word');
    // Nothing the examiner could read, or characters that hide or reorder text.
    expect(refused(await add({ part: 1, text: '\u200b\u200b\u200b' }), 400)).toContain('Enter the question');
    expect(refused(await add({ part: 1, text: '?? !! ...' }), 400)).toContain('holds no letters');
    expect(refused(await add({ part: 1, text: 'Do you like \u202etea?' }), 400)).toContain('hidden direction changes');
    expect(refused(await add({ part: 2, text: 'Describe a river.', bullets: ['where it is', '...', 'and explain why.'] }), 400)).toContain('bullets.1: Write each cue card line in words');
  });

  it('refuses a question the bank or the school already has, whatever its case or spacing', async () => {
    expect(refused(await add({ part: 3, text: ` ${PART1_QUESTIONS[5]?.toUpperCase() ?? ''}` }), 409)).toContain('question bank already asks this in Part 1');
    expect(refused(await add({ part: 3, text: CUE_CARDS[0]?.topic ?? '' }), 409)).toContain('Part 2 (a cue card)');
    expect(refused(await add({ part: 3, text: 'do you HAVE a pet  at home?' }), 409)).toBe(
      'The school already has this question (Part 1): “Do you have a pet at home?”. Questions must differ by more than capital letters.',
    );
    // An accent typed as a combining mark is the same letter: stored composed, so the same question.
    const cafe = await added({ part: 1, text: 'What is your favourite cafe\u0301?', topicWords: ['cafe\u0301', 'ｒｅｌａｘ'] });
    expect(cafe.text).toBe('What is your favourite café?');
    expect(cafe.topicWords).toEqual(['café', 'relax']);
    expect(refused(await add({ part: 3, text: 'What is your favourite café?' }), 409)).toContain('The school already has this question (Part 1)');
  });

  it('edits a question, retires and restores it; only active ones reach the test', async () => {
    const question = await added({ part: 1, text: 'What did you have for breakfast?' });
    const edited = await edit(question.id, { part: 1, text: 'What did you eat for breakfast today?', topicWords: ['bread', 'tea', 'food'] });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((edited.json() as { question: AdminSchoolQuestion }).question).toMatchObject({ text: 'What did you eat for breakfast today?', topicWords: ['bread', 'tea', 'food'] });
    expect((await forTest()).map((q) => q.text)).toContain('What did you eat for breakfast today?');

    const retired = await call({ method: 'POST', url: `/api/admin/school-questions/${question.id}/retire` });
    expect((retired.json() as { question: AdminSchoolQuestion }).question.retired).toBe(true);
    expect((await forTest()).map((q) => q.text)).not.toContain('What did you eat for breakfast today?');
    expect((await list()).find((q) => q.id === question.id)?.retired).toBe(true);
    expect(refused(await add({ part: 1, text: 'What did you eat for breakfast today?' }), 409)).toContain('retired: restore it instead');

    const restored = await call({ method: 'POST', url: `/api/admin/school-questions/${question.id}/restore` });
    expect((restored.json() as { question: AdminSchoolQuestion }).question.retired).toBe(false);
    expect((await forTest()).map((q) => q.text)).toContain('What did you eat for breakfast today?');
  });

  it('refuses an edit to another question’s text, and an unknown id with 404', async () => {
    const question = await added({ part: 3, text: 'Is it better to live in a city or in the countryside?' });
    expect(refused(await edit(question.id, { part: 3, text: 'Should cities ban cars from their centres?' }), 409)).toContain('already has this question (Part 3)');
    expect(refused(await edit(999_999, { part: 1, text: 'Anything new?' }), 404)).toContain('no school question with id 999999');
    expect(refused(await call({ method: 'POST', url: '/api/admin/school-questions/999999/retire' }), 404)).toContain('no school question');
    expect(refused(await call({ method: 'POST', url: '/api/admin/school-questions/abc/retire' }), 400)).toContain('must be a question id');
  });

  it('gives the test each active question with its lines and topic words', async () => {
    const card = (await forTest()).find((q) => q.text === 'Describe a market you like to visit.');
    expect(card).toEqual({ part: 2, text: 'Describe a market you like to visit.', bullets: ['where it is', 'what is sold there', 'and explain why you like it.'], topicWords: ['market', 'visit', 'sold'] });
  });

  /** A saved test with one answer to `question` in Part `part`. */
  function savedWith(part: 1 | 2 | 3, question: string, answer: string): SaveTestSessionBody {
    const body = testSessionBody(student.student.id, { answer });
    const [pair] = body.sessionData.questionAnswerPairs;
    if (!pair) throw new Error('no pair');
    body.sessionData.questionAnswerPairs = [{ ...pair, part, question, answer }];
    return body;
  }

  it('judges an answer to a school question on save, with its stored words, also once it is retired', async () => {
    const question = await added({ part: 1, text: 'Do you enjoy gardening?', topicWords: ['plant', 'flower', 'grow', 'soil', 'water', 'garden'] });
    const save = async (answer: string) => {
      const body = savedWith(1, 'Do you enjoy gardening?', answer);
      const response = await call({ method: 'POST', url: '/api/test-sessions', payload: body as unknown as Record<string, unknown> }, studentCookie);
      expect(response.statusCode, response.body).toBe(201);
      const [row] = await t.database.db.select({ analysis: attempts.analysis }).from(attempts).where(eq(attempts.id, body.attemptId ?? ''));
      return (row?.analysis as { nonAnswers: Array<{ kind: string; reason: string }> }).nonAnswers;
    };
    expect(await save(OFF_TOPIC)).toEqual([expect.objectContaining({ kind: 'off-topic', reason: 'This answer does not seem to be about the question: “Do you enjoy gardening?”' })]);
    expect(await save('Yes, I grow tomatoes and flowers on our balcony and water the plants every morning.')).toEqual([]);
    await call({ method: 'POST', url: `/api/admin/school-questions/${question.id}/retire` });
    expect(await save(OFF_TOPIC)).toEqual([expect.objectContaining({ kind: 'off-topic' })]);
  });
});

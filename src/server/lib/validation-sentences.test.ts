import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionCookieForUser, type TestApp } from '../test/app.js';
import { testSessionBody } from '../test/attempt-fixtures.js';
import { testDrivers } from '../test/databases.js';
import { createAdmin, createStudent, type CreatedStudent } from '../test/factories.js';
import { UNSEARCHABLE_PROBLEM } from './input-guard.js';
import { fieldSubject, problemOf, sentence } from './validation-sentences.js';

/**
 * Zod's own texts ("Too big: expected string to have <=20000 characters") never reach a person: the
 * 400 answers and the start-up check say what is wrong in a sentence, naming the field as a person
 * reads it. The project's own "field: problem" messages stay as they are.
 */

describe('problemOf and fieldSubject', () => {
  it.each([
    [{ code: 'too_big', origin: 'string', maximum: 20000, inclusive: true, message: 'Too big: expected string to have <=20000 characters' }, 'is too long: at most 20,000 characters'],
    [{ code: 'too_big', origin: 'array', maximum: 60, inclusive: true, message: 'Too big: expected array to have <=60 items' }, 'has too many items: at most 60'],
    [{ code: 'too_big', origin: 'number', maximum: 5, inclusive: false, message: 'Too big: expected number to be <5' }, 'must be less than 5'],
    [{ code: 'too_small', origin: 'string', minimum: 1, inclusive: true, message: 'Too small: expected string to have >=1 characters' }, 'must not be empty'],
    [{ code: 'too_small', origin: 'number', minimum: 0, inclusive: false, message: 'Too small: expected number to be >0' }, 'must be more than 0'],
    [{ code: 'invalid_type', expected: 'object', message: 'Invalid input: expected object, received array' }, 'must be a JSON object'],
    [{ code: 'invalid_type', expected: 'string', message: 'Invalid input: expected string, received undefined' }, 'is missing'],
    [{ code: 'invalid_type', expected: 'number', message: 'Invalid input: expected number, received NaN' }, 'must be a number'],
    [{ code: 'invalid_value', values: ['file', 'database'], message: 'Invalid option: expected one of "file"|"database"' }, 'must be file or database'],
    [{ code: 'invalid_format', format: 'uuid', message: 'Invalid UUID' }, 'must be an ID in UUID form, such as 123e4567-e89b-42d3-a456-426614174000'],
    [{ code: 'unrecognized_keys', keys: ['isAdmin'], message: 'Unrecognized key: "isAdmin"' }, 'has a field it may not have: "isAdmin"'],
    [{ code: 'too_big', origin: 'string', maximum: 100, message: 'must be at most 100 characters' }, 'must be at most 100 characters'],
  ])('%j → %s', (issue, problem) => {
    expect(problemOf(issue)).toBe(problem);
  });

  it.each([
    ['body', ['sessionData', 'questionAnswerPairs', 0, 'answer'], 'the answer to question 1'],
    ['body', ['sessionData', 'questionAnswerPairs', '2', 'part'], "question 3's part"],
    ['body', ['sessionData', 'questionAnswerPairs', 4], 'question 5'],
    ['body', ['sessionData', 'transcript', '1', 'text'], 'the text of transcript entry 2'],
    ['body', ['scores', 'fluency'], 'the field scores.fluency'],
    ['body', ['testData', 'items', 3, 'name'], 'the field testData.items[3].name'],
    ['body', ['__proto__', 0], 'the field __proto__[0]'],
    ['body', [], 'the request body'],
    ['querystring', ['search'], 'the query parameter search'],
    ['params', ['id'], 'the id in the address'],
  ] as const)('%s %j → %s', (context, path, subject) => {
    expect(fieldSubject(context, path)).toBe(subject);
  });

  it('makes one sentence', () => {
    expect(sentence('the answer to question 1', 'is too long: at most 20,000 characters')).toBe('The answer to question 1 is too long: at most 20,000 characters.');
    expect(sentence('PORT', 'must be a whole number, such as 3000.')).toBe('PORT must be a whole number, such as 3000.');
  });
});

describe.each(testDrivers)('400 sentences (%s)', (driver) => {
  let t: TestApp;
  let student: CreatedStudent;
  let studentCookie: string;
  let adminCookie: string;

  beforeAll(async () => {
    t = await createTestApp({ driver });
    student = await createStudent(t.database.db);
    studentCookie = await sessionCookieForUser(t.database.db, student.user.id);
    adminCookie = await sessionCookieForUser(t.database.db, (await createAdmin(t.database.db)).user.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  const message = (response: { statusCode: number; json: () => unknown }) => {
    expect(response.statusCode).toBe(400);
    return (response.json() as { message: string }).message;
  };

  it('an over-long answer names the question, counted from 1, and the limit', async () => {
    const body = testSessionBody(student.student.id);
    const pair = body.sessionData.questionAnswerPairs[0];
    if (!pair) throw new Error('the fixture has an answer');
    pair.answer = 'word '.repeat(4001);
    const response = await t.app.inject({ method: 'POST', url: '/api/test-sessions', headers: { cookie: studentCookie }, payload: body });
    expect(message(response)).toBe('The answer to question 1 is too long: at most 20,000 characters.');
  });

  it.each(['[]', 'null', '"text"', '42'])('a body of %s must be a JSON object', async (payload) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload });
    expect(message(response)).toBe('The request body must be a JSON object.');
  });

  it('a __proto__ or constructor.prototype key is a field the body may not have, not invalid JSON', async () => {
    for (const [payload, key] of [
      ['{"username":"asha","password":"a-password","__proto__":{"isAdmin":true}}', '__proto__'],
      ['{"username":"asha","password":"a-password","constructor":{"prototype":{"isAdmin":true}}}', 'constructor'],
    ]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload });
      expect(message(response)).toBe(`The request body has a field it may not have: "${key}".`);
    }
    const broken = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: '{"__proto__":' });
    expect(message(broken)).toBe('The request body is not valid JSON.');
  });

  it('an unknown field is named', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'asha', password: 'a-password', isAdmin: true } });
    expect(message(response)).toBe('The request body has a field it may not have: "isAdmin".');
  });

  it('a NUL in the admin search box cannot be searched for', async () => {
    const response = await t.app.inject({ url: '/api/admin/students?search=ra%00vi', headers: { cookie: adminCookie } });
    expect(message(response)).toBe(`search: ${UNSEARCHABLE_PROBLEM}`);
    expect(UNSEARCHABLE_PROBLEM).toMatch(/^contains a character that cannot be searched for /);
  });

  it("the project's own field messages keep their path, for the forms that put them under the field", async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 42, password: 'a-password' } });
    expect(message(response)).toBe('username: must be text');
  });
});

import { expect } from 'vitest';
import { testSessionBody } from '../../src/server/test/attempt-fixtures.js';
import type { CreatedStudent } from '../../src/server/test/factories.js';

/**
 * Signs `student` in through the API and saves a speaking test for them (the fixtures' session), as a
 * page would: their session cookie, to put a recording on it, and the attempt's id.
 */
export async function saveTestByApi(baseUrl: string, student: CreatedStudent): Promise<{ cookie: string; attemptId: string }> {
  const login = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: student.mobileNumber, password: student.password }),
  });
  expect(login.status).toBe(200);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const saved = await fetch(`${baseUrl}/api/test-sessions`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(testSessionBody(student.student.id)),
  });
  expect(saved.status).toBe(201);
  return { cookie, attemptId: ((await saved.json()) as { attemptId: string }).attemptId };
}

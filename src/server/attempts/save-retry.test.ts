import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { scoreInterview } from '../../shared/interview/scoring.js';
import { scoreSpeakingTest } from '../../shared/speaking-test/scoring.js';
import { saveInterviewAttempt } from '../interview/save-attempt.js';
import { saveSpeakingAttempt } from '../speaking-test/save-attempt.js';
import { interviewSessionBody, testSessionBody } from '../test/attempt-fixtures.js';
import { createTestDatabase } from '../test/databases.js';
import { createStudent, type CreatedStudent } from '../test/factories.js';
import type { Database } from '../db/open.js';

// The scoring functions, counted: a retried save must be answered from the store, not scored again.
vi.mock('../../shared/speaking-test/scoring.js', async (original) => {
  const actual = await original<typeof import('../../shared/speaking-test/scoring.js')>();
  return { ...actual, scoreSpeakingTest: vi.fn(actual.scoreSpeakingTest) };
});
vi.mock('../../shared/interview/scoring.js', async (original) => {
  const actual = await original<typeof import('../../shared/interview/scoring.js')>();
  return { ...actual, scoreInterview: vi.fn(actual.scoreInterview) };
});

describe('a retried save', () => {
  let database: Database;
  let student: CreatedStudent;
  const now = new Date();

  beforeAll(async () => {
    database = await createTestDatabase();
    student = await createStudent(database.db, { studentName: 'Asha' });
  });
  afterAll(() => database.close());

  it('of a speaking test returns what was stored without scoring it again', async () => {
    const body = testSessionBody(student.student.id);
    const input = { body, studentId: student.student.id, savedByUserId: student.user.id, now };
    vi.mocked(scoreSpeakingTest).mockClear();
    const first = await saveSpeakingAttempt(database.db, input);
    const again = await saveSpeakingAttempt(database.db, input);
    expect([first.alreadySaved, again.alreadySaved]).toEqual([false, true]);
    expect(again.row).toEqual(first.row);
    expect(vi.mocked(scoreSpeakingTest)).toHaveBeenCalledTimes(1);
  });

  it('of an interview returns what was stored without scoring it again', async () => {
    const body = interviewSessionBody(student.student.id);
    const input = { body, studentId: student.student.id, savedByUserId: student.user.id, now };
    vi.mocked(scoreInterview).mockClear();
    const first = await saveInterviewAttempt(database.db, input);
    const again = await saveInterviewAttempt(database.db, input);
    expect([first.alreadySaved, again.alreadySaved]).toEqual([false, true]);
    expect(again.row).toEqual(first.row);
    expect(vi.mocked(scoreInterview)).toHaveBeenCalledTimes(1);
  });

  it("under another student's attempt id is refused before anything is scored", async () => {
    const other = await createStudent(database.db, { studentName: 'Ravi' });
    const body = testSessionBody(student.student.id);
    await saveSpeakingAttempt(database.db, { body, studentId: student.student.id, savedByUserId: null, now });
    vi.mocked(scoreSpeakingTest).mockClear();
    await expect(saveSpeakingAttempt(database.db, { body, studentId: other.student.id, savedByUserId: null, now })).rejects.toThrow(/already used by another attempt/);
    expect(vi.mocked(scoreSpeakingTest)).not.toHaveBeenCalled();
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveInterviewAttempt } from '../interview/save-attempt.js';
import { saveSpeakingAttempt } from '../speaking-test/save-attempt.js';
import { students, users } from '../db/schema.js';
import type { Database } from '../db/open.js';
import { interviewSessionBody, testSessionBody } from '../test/attempt-fixtures.js';
import { createTestDatabase, testDrivers } from '../test/databases.js';
import { createStudent } from '../test/factories.js';
import { HttpError } from '../lib/http-errors.js';
import { STUDENT_DELETED_WHILE_SAVING } from './service.js';

/*
 * A save that reaches the insert after its student was deleted (a teacher deleting the student while
 * the finished test is on its way): a 404 that says so, not the foreign key's 500, on both databases.
 * The route's session check has passed by then; here the student is gone before the save is called.
 */
describe.each(testDrivers)('a save whose student was deleted on its way, on %s', (driver) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(() => database.close());

  it.each(['speaking test', 'interview'] as const)('of a %s is refused with 404 and nothing is stored', async (kind) => {
    const { student, user } = await createStudent(database.db, { studentName: 'Asha' });
    await database.db.delete(users).where(eq(users.id, user.id));
    expect(await database.db.select().from(students).where(eq(students.id, student.id))).toEqual([]);
    const input = { studentId: student.id, savedByUserId: null, now: new Date() };
    const saving =
      kind === 'speaking test'
        ? saveSpeakingAttempt(database.db, { ...input, body: testSessionBody(student.id) })
        : saveInterviewAttempt(database.db, { ...input, body: interviewSessionBody(student.id) });
    const refused = await saving.then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ statusCode: 404, message: STUDENT_DELETED_WHILE_SAVING });
  });
});

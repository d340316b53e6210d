import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/open.js';
import { users } from '../db/schema.js';
import { createTestDatabase } from '../test/databases.js';
import { createAdmin, createStudent } from '../test/factories.js';
import { withDatabaseName } from '../test/pg-names.js';
import { runAdminCli } from '../test/admin-cli.js';

/** `npm run admin -- reset-password <username>` on this test's database, with NEW_PASSWORD when given. */
const resetPassword = (url: string, username: string, newPassword?: string) =>
  runAdminCli(['reset-password', username], { DATABASE_URL: url, ...(newPassword === undefined ? {} : { NEW_PASSWORD: newPassword }) });

describe('npm run admin -- reset-password', () => {
  let database: Database;
  let url: string;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const result = (await database.db.execute(sql`select current_database() as name`)) as unknown as { rows: Array<{ name: string }> };
    url = withDatabaseName(process.env.TEST_DATABASE_URL as string, result.rows[0]?.name as string);
  });
  afterAll(() => database.close());

  const rowOf = async (id: number) => (await database.db.select().from(users).where(eq(users.id, id)))[0];

  it("holds a teacher's chosen password to the first admin's bar, and a student's to 8 characters", async () => {
    const teacher = await createAdmin(database.db, { username: 'cli-teacher' });
    const weak = await resetPassword(url, 'cli-teacher', '123456789012');
    expect(weak.code).toBe(1);
    expect(weak.stderr.trim()).toBe("NEW_PASSWORD must not be digits only: use letters too: 'cli-teacher' is a teacher.");
    expect((await rowOf(teacher.user.id))?.passwordHash).toBe(teacher.user.passwordHash);
    const student = await createStudent(database.db, { username: 'cli-student' });
    const own = await resetPassword(url, 'cli-student', 'eleven-char');
    expect(own.code, own.stderr).toBe(0);
    expect((await rowOf(student.user.id))?.mustChangePassword).toBe(false);
  }, 120_000);

  it('makes the owner of a generated password choose their own at the next sign-in', async () => {
    const teacher = await createAdmin(database.db, { username: 'cli-forgetful' });
    const generated = await resetPassword(url, 'cli-forgetful');
    expect(generated.code, generated.stderr).toBe(0);
    expect(generated.stdout).toMatch(/^New password for 'cli-forgetful': \S+\nWrite it down now: it is not shown again\. They choose their own at the next sign-in\./);
    expect((await rowOf(teacher.user.id))?.mustChangePassword).toBe(true);
  }, 120_000);
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secondHandle } from '../test/app-pair.js';
import { createTestDatabase, testDrivers } from '../test/databases.js';
import type { Database } from './open.js';
import { courses, users } from './schema.js';
import { ensureFirstAdmin, seedCourses, type FirstAdminResult } from './seed.js';

describe.each(testDrivers)('start-up seeding from several processes at once (%s)', (driver) => {
  let database: Database;
  let other: Database;
  beforeAll(async () => {
    // Fresh and migrated, no courses and no users: as a new database is at the first start.
    database = await createTestDatabase(driver);
    other = await secondHandle(database);
  });
  afterAll(async () => {
    await other?.close();
    await database?.close();
  });

  it('five starts at once: one admin created (one generated password to print), three courses', async () => {
    const handles = [database, other, database, other, database];
    const results = await Promise.all(
      handles.map(async ({ db }): Promise<FirstAdminResult> => {
        await seedCourses(db);
        return ensureFirstAdmin(db, { username: 'Admin', password: undefined, email: undefined });
      }),
    );
    const created = results.filter((r) => r.created);
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ created: true, username: 'admin', generatedPassword: expect.any(String) });
    // The generated password, printed to the console, serves for one sign-in only.
    const admins = await database.db.select({ username: users.username, mustChangePassword: users.mustChangePassword }).from(users).where(eq(users.isAdmin, true));
    expect(admins).toEqual([{ username: 'admin', mustChangePassword: true }]);
    expect(await database.db.select({ id: courses.id }).from(courses)).toHaveLength(3);

    // A later start changes nothing.
    await seedCourses(other.db);
    expect(await ensureFirstAdmin(other.db, { username: 'admin', password: 'another-password-1', email: undefined })).toEqual({ created: false });
    expect(await database.db.select({ id: courses.id }).from(courses)).toHaveLength(3);
  });
});

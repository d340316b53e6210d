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
    expect(await ensureFirstAdmin(other.db, { username: 'admin', password: 'another-password-1', email: undefined })).toEqual({
      created: false,
      adminEmailUnused: false,
    });
    expect(await database.db.select({ id: courses.id }).from(courses)).toHaveLength(3);
  });

  it('ADMIN_EMAIL added once an admin exists is not used, and the start says so until an admin has that address', async () => {
    // The admin above was made without an e-mail (a first `npm start`); the service's settings add one later.
    const later = { username: 'admin', password: undefined, email: 'Head@School.example' };
    expect(await ensureFirstAdmin(database.db, later)).toEqual({ created: false, adminEmailUnused: true });
    expect(await database.db.select({ email: users.email }).from(users).where(eq(users.isAdmin, true))).toEqual([{ email: null }]);
    // Set in the console's Settings (any case): the setting then names an admin's address, and nothing is said.
    await database.db.update(users).set({ email: 'head@school.example' }).where(eq(users.username, 'admin'));
    expect(await ensureFirstAdmin(database.db, later)).toEqual({ created: false, adminEmailUnused: false });
  });
});

import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq, sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, setActingStudent } from '../auth/sessions.js';
import { verifyPassword } from '../lib/passwords.js';
import { migrationsFolder } from '../lib/paths.js';
import { createTestDatabase, testDrivers, type TestDriver } from '../test/databases.js';
import { withDatabaseName } from '../test/pg-names.js';
import { openDatabase, pgliteExtensions, type Database, type Db } from './open.js';
import { courses, sessions, students, users } from './schema.js';
import { ensureFirstAdmin, seedCourses } from './seed.js';

const SEEDED = ['IELTS', 'Interview Aspirant', 'Speaking Level 3'];
const TABLES = ['attempts', 'courses', 'interview_profiles', 'rate_limits', 'recording_analyses', 'recording_chunks', 'recordings', 'review_events', 'review_presence', 'school_questions', 'sessions', 'sign_in_devices', 'students', 'users'];
const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The SQLSTATE of the error a statement fails with (drizzle wraps the driver's error). */
async function sqlState(statement: PromiseLike<unknown>): Promise<string> {
  try {
    await statement;
  } catch (error) {
    for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
      const code = (current as { code?: unknown }).code;
      if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    }
    throw error;
  }
  throw new Error('the statement succeeded but was expected to fail');
}

const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';
/** ON DELETE RESTRICT: PostgreSQL 17 (and PGlite) report restrict_violation, older servers foreign_key_violation. */
const RESTRICT_VIOLATIONS = ['23001', '23503'];

/** A brand-new, empty database (not cloned from the migrated template), and how to dispose of it. */
async function emptyDatabase(driver: TestDriver): Promise<{ open: () => Promise<Database>; dispose: () => Promise<void> }> {
  if (driver === 'pglite') {
    const instance = await PGlite.create({ extensions: pgliteExtensions });
    return {
      // Closing a Database closes its PGlite instance, so hand out a wrapper that leaves it open.
      open: async () => ({ ...(await openDatabase({ kind: 'pglite-instance', instance })), close: async () => {} }),
      dispose: () => instance.close(),
    };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const name = `parley_test_empty_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  return {
    open: () => openDatabase({ kind: 'postgres', url: withDatabaseName(url, name) }),
    dispose: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

describe.each(testDrivers)('data layer on %s', (driver) => {
  it('migrations apply to an empty database, and applying them again changes nothing', async () => {
    const empty = await emptyDatabase(driver);
    try {
      const first = await empty.open();
      const tables = await rows<{ table_name: string }>(
        first.db,
        sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
      );
      expect(tables.map((t) => t.table_name)).toEqual(TABLES);
      const applied = await rows<{ count: number }>(first.db, sql`select count(*)::int as count from drizzle.__drizzle_migrations`);
      expect(applied[0]?.count).toBe(journal.entries.length);
      await first.ping();
      await first.close();

      // A restart migrates again: nothing new is applied and nothing fails.
      const second = await empty.open();
      const again = await rows<{ count: number }>(second.db, sql`select count(*)::int as count from drizzle.__drizzle_migrations`);
      expect(again[0]?.count).toBe(journal.entries.length);
      expect(await second.db.select().from(users)).toEqual([]);
      await second.close();
    } finally {
      await empty.dispose();
    }
  });

  describe('on a migrated database', () => {
    let database: Database;
    let db: Db;
    beforeAll(async () => {
      database = await createTestDatabase(driver);
      db = database.db;
    });
    afterAll(() => database.close());

    async function insertUser(values: Partial<typeof users.$inferInsert> = {}) {
      const [row] = await db.insert(users).values({ passwordHash: 'not-a-real-hash', ...values }).returning();
      return row!;
    }
    async function insertStudent(values: Partial<typeof students.$inferInsert> & { courseId: number; mobileNumber: string }) {
      const user = await insertUser();
      const [row] = await db.insert(students).values({ userId: user.id, studentName: 'A Student', ...values }).returning();
      return { user, student: row! };
    }
    async function anyCourseId(): Promise<number> {
      const [row] = await db.insert(courses).values({ courseName: `Course ${randomBytes(4).toString('hex')}` }).returning();
      return row!.id;
    }

    it('is empty', async () => {
      expect(await db.select().from(courses)).toEqual([]);
      expect(await db.select().from(users)).toEqual([]);
    });

    it('seedCourses adds exactly the three active courses, once', async () => {
      await seedCourses(db);
      const seeded = await db.select().from(courses).orderBy(courses.courseName);
      expect(seeded.map((c) => c.courseName)).toEqual(SEEDED);
      expect(seeded.every((c) => c.isActive)).toBe(true);
      expect(seeded.every((c) => typeof c.description === 'string' && c.description.length > 0)).toBe(true);

      await seedCourses(db);
      expect(await db.select().from(courses).orderBy(courses.courseName)).toEqual(seeded);

      // After the first start the courses belong to the admins: one they removed is not re-added.
      await db.delete(courses).where(eq(courses.courseName, 'Speaking Level 3'));
      await seedCourses(db);
      expect((await db.select().from(courses)).map((c) => c.courseName).sort()).toEqual(['IELTS', 'Interview Aspirant']);
    });

    it('ensureFirstAdmin creates one admin with a generated password, and never a second', async () => {
      const created = await ensureFirstAdmin(db, { username: 'Head.Teacher', password: undefined, email: 'head@example.org' });
      if (!created.created) throw new Error('no admin created');
      expect(created.username).toBe('head.teacher');
      expect(created.generatedPassword).toMatch(/^[A-Za-z0-9]{4}(-[A-Za-z0-9]{4}){3}$/);
      const [admin] = await db.select().from(users).where(eq(users.isAdmin, true));
      // Printed to the console, the generated password is good for one sign-in that asks for the admin's own.
      expect(admin).toMatchObject({ username: 'head.teacher', email: 'head@example.org', mustChangePassword: true });
      expect(admin?.passwordHash).not.toContain(created.generatedPassword!);
      expect(await verifyPassword(created.generatedPassword!, admin!.passwordHash)).toBe(true);

      const again = await ensureFirstAdmin(db, { username: 'someone-else', password: 'another password', email: undefined });
      expect(again).toEqual({ created: false, adminEmailUnused: false });
      const admins = await db.select().from(users).where(eq(users.isAdmin, true));
      expect(admins).toHaveLength(1);
      expect(admins[0]?.passwordHash).toBe(admin?.passwordHash);
    });

    it('ensureFirstAdmin uses ADMIN_PASSWORD when one is given', async () => {
      await db.delete(users).where(eq(users.isAdmin, true));
      const created = await ensureFirstAdmin(db, { username: 'owner', password: 'chosen password', email: undefined });
      expect(created).toEqual({ created: true, username: 'owner', generatedPassword: null });
      const [admin] = await db.select().from(users).where(eq(users.username, 'owner'));
      expect(admin?.isAdmin).toBe(true);
      // A password the operator chose is not asked to be changed.
      expect(admin?.mustChangePassword).toBe(false);
      expect(await verifyPassword('chosen password', admin!.passwordHash)).toBe(true);
    });

    it('usernames are unique; students without one may be many', async () => {
      await insertUser({ username: 'priya' });
      expect(await sqlState(db.insert(users).values({ username: 'priya', passwordHash: 'x' }))).toBe(UNIQUE_VIOLATION);
      await insertUser({ username: null });
      await insertUser({ username: null });
      const unnamed = await db.select().from(users).where(sql`${users.username} is null`);
      expect(unnamed.length).toBeGreaterThanOrEqual(2);
    });

    it('mobile numbers are unique, and a user has at most one student record', async () => {
      const courseId = await anyCourseId();
      const { user } = await insertStudent({ courseId, mobileNumber: '+919000000001' });
      const other = await insertUser();
      expect(await sqlState(db.insert(students).values({ userId: other.id, studentName: 'Copy', courseId, mobileNumber: '+919000000001' }))).toBe(
        UNIQUE_VIOLATION,
      );
      expect(await sqlState(db.insert(students).values({ userId: user.id, studentName: 'Twice', courseId, mobileNumber: '+919000000002' }))).toBe(
        UNIQUE_VIOLATION,
      );
      await insertStudent({ courseId, mobileNumber: '+919000000003' });
    });

    it('course names are unique regardless of case', async () => {
      await db.insert(courses).values({ courseName: 'Business English' });
      for (const name of ['Business English', 'business english', 'BUSINESS ENGLISH']) {
        expect(await sqlState(db.insert(courses).values({ courseName: name })), name).toBe(UNIQUE_VIOLATION);
      }
      await db.insert(courses).values({ courseName: 'Business English 2' });
    });

    it('deleting a user deletes their student record and sessions', async () => {
      const courseId = await anyCourseId();
      const { user, student } = await insertStudent({ courseId, mobileNumber: '+919000000010' });
      await createSession(db, user.id, 3600_000, new Date());
      await createSession(db, user.id, 3600_000, new Date());
      expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(2);

      await db.delete(users).where(eq(users.id, user.id));
      expect(await db.select().from(students).where(eq(students.id, student.id))).toEqual([]);
      expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    });

    it('deleting a student clears it as the acting student of a teacher session, keeping the session', async () => {
      const courseId = await anyCourseId();
      const teacher = await insertUser({ isAdmin: true, username: `teacher-${randomBytes(3).toString('hex')}` });
      const { user, student } = await insertStudent({ courseId, mobileNumber: '+919000000020' });
      await createSession(db, teacher.id, 3600_000, new Date());
      const [session] = await db.select().from(sessions).where(eq(sessions.userId, teacher.id));
      await setActingStudent(db, session!.id, student.id);

      await db.delete(users).where(eq(users.id, user.id));
      const [after] = await db.select().from(sessions).where(eq(sessions.id, session!.id));
      expect(after?.actingStudentId).toBeNull();
    });

    it('a course with students cannot be deleted; an empty one can', async () => {
      const courseId = await anyCourseId();
      const { user } = await insertStudent({ courseId, mobileNumber: '+919000000030' });
      expect(RESTRICT_VIOLATIONS).toContain(await sqlState(db.delete(courses).where(eq(courses.id, courseId))));
      expect(await db.select().from(courses).where(eq(courses.id, courseId))).toHaveLength(1);

      await db.delete(users).where(eq(users.id, user.id));
      await db.delete(courses).where(eq(courses.id, courseId));
      expect(await db.select().from(courses).where(eq(courses.id, courseId))).toEqual([]);
    });

    it('a student must belong to an existing course and user', async () => {
      const user = await insertUser();
      expect(await sqlState(db.insert(students).values({ userId: user.id, studentName: 'Lost', courseId: 999_999, mobileNumber: '+919000000040' }))).toBe(
        FOREIGN_KEY_VIOLATION,
      );
      const courseId = await anyCourseId();
      expect(await sqlState(db.insert(students).values({ userId: 999_999, studentName: 'Ghost', courseId, mobileNumber: '+919000000041' }))).toBe(
        FOREIGN_KEY_VIOLATION,
      );
    });

    it('timestamps round-trip as instants', async () => {
      const at = new Date('2030-01-02T03:04:05.678Z');
      const user = await insertUser();
      await createSession(db, user.id, 1000, at);
      const [session] = await db.select().from(sessions).where(eq(sessions.userId, user.id));
      expect(session?.createdAt.toISOString()).toBe(at.toISOString());
      expect(session?.expiresAt.toISOString()).toBe('2030-01-02T03:04:06.678Z');
    });
  });
});

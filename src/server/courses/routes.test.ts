import { eq, sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Course } from '../../shared/api/entities.js';
import { COURSE_IELTS, COURSE_INTERVIEW, COURSE_SPEAKING_LEVEL_3 } from '../../shared/courses.js';
import { courses, students } from '../db/schema.js';
import { createTestApp, sessionCookieForUser, type TestApp } from '../test/app.js';
import { testDrivers } from '../test/databases.js';
import { createAdmin, createCourse, createStudent, seededCourse } from '../test/factories.js';
import { isStillReferenced, isUniqueViolation, sqlState } from '../lib/sql-errors.js';
import { deleteCourse } from './service.js';

/** Course management over HTTP, as an admin (who may call what is in auth/authorization.test.ts). */
describe.each(testDrivers)('course management on %s', (driver) => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp({ driver });
    const admin = await createAdmin(t.database.db);
    cookie = await sessionCookieForUser(t.database.db, admin.user.id);
  });
  afterAll(() => t?.close());

  const request = (options: InjectOptions): Promise<LightMyRequestResponse> =>
    t.app.inject({ ...options, headers: { ...options.headers, cookie } });
  const list = (page?: number | string) => request({ url: page === undefined ? '/api/admin/courses' : `/api/admin/courses?page=${page}` });
  const create = (payload: Record<string, unknown>) => request({ method: 'POST', url: '/api/admin/courses', payload });
  const update = (id: number | string, payload: Record<string, unknown>) => request({ method: 'PUT', url: `/api/admin/courses/${id}`, payload });
  const remove = (id: number | string) => request({ method: 'DELETE', url: `/api/admin/courses/${id}` });
  const active = () => request({ url: '/api/courses/active' });

  function refused(response: LightMyRequestResponse, status: number): string {
    expect(response.statusCode, response.body).toBe(status);
    const body = response.json() as { message: string };
    expect(Object.keys(body)).toEqual(['message']);
    return body.message;
  }

  async function courseNamed(courseName: string) {
    const [row] = await t.database.db.select().from(courses).where(eq(courses.courseName, courseName));
    return row;
  }

  describe('creating', () => {
    it('creates a course (201) with a trimmed name, no description as null, active by default', async () => {
      const response = await create({ courseName: '  Business English  ', description: '   ' });
      expect(response.statusCode, response.body).toBe(201);
      const { course } = response.json() as { course: Course };
      expect(course).toEqual({
        id: expect.any(Number),
        courseName: 'Business English',
        description: null,
        isActive: true,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      expect(await courseNamed('Business English')).toMatchObject({ id: course.id, description: null, isActive: true });
    });

    it('keeps a description and an inactive status', async () => {
      const response = await create({ courseName: 'Phonics', description: ' Sounds and letters ', isActive: false });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().course).toMatchObject({ courseName: 'Phonics', description: 'Sounds and letters', isActive: false });
    });

    it('refuses a name that exists, whatever its capitals (409, naming the existing course)', async () => {
      const message = refused(await create({ courseName: 'ielts' }), 409);
      expect(message).toBe('A course named "IELTS" already exists. Course names must be different (capital letters do not count).');
      refused(await create({ courseName: ' INTERVIEW aspirant ' }), 409);
      // Nor its width or its spaces: full-width letters from an Asian keyboard, two spaces for one (an outside probe).
      refused(await create({ courseName: '\uff29\uff25\uff2c\uff34\uff33' }), 409);
      refused(await create({ courseName: 'Interview   Aspirant' }), 409);
      const same = await t.database.db.select().from(courses).where(sql`lower(${courses.courseName}) = 'ielts'`);
      expect(same).toHaveLength(1);
    });
  });

  describe('validation messages name the field', () => {
    it.each([
      [{}, 'courseName: is required'],
      [{ courseName: '' }, 'courseName: Enter a course name'],
      [{ courseName: '    ' }, 'courseName: Enter a course name'],
      [{ courseName: 42 }, 'courseName: must be text'],
      [{ courseName: 'x'.repeat(101) }, 'courseName: must be at most 100 characters'],
      [{ courseName: '\u200b\u200b' }, 'courseName: Enter a course name'],
      [{ courseName: 'IELTS \u202eevening' }, 'courseName: may not hold control characters, hidden direction changes or blank-looking fillers; retype it without them'],
      [{ courseName: '\u2800' }, 'courseName: may not hold control characters, hidden direction changes or blank-looking fillers; retype it without them'],
      [{ courseName: 'IELTS\u3164' }, 'courseName: may not hold control characters, hidden direction changes or blank-looking fillers; retype it without them'],
      [{ courseName: 'Fine', description: 'd'.repeat(501) }, 'description: must be at most 500 characters'],
      [{ courseName: 'Fine', description: 7 }, 'description: must be text'],
      [{ courseName: 'Fine', isActive: 'yes' }, 'isActive: must be true or false'],
    ])('POST %j -> %s', async (payload, expected) => {
      expect(refused(await create(payload), 400)).toBe(expected);
    });

    it('the longest name and description are accepted', async () => {
      const response = await create({ courseName: 'n'.repeat(100), description: 'd'.repeat(500) });
      expect(response.statusCode, response.body).toBe(201);
    });

    it('takes a name of digits and punctuation, without the invisible characters a paste brings', async () => {
      const response = await create({ courseName: '2025\u00ad-26\u200b' });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toMatchObject({ course: { courseName: '2025-26' } });
      // Gone again: the list tests below count and order the courses.
      expect((await remove((response.json() as { course: { id: number } }).course.id)).statusCode).toBeLessThan(300);
    });

    it('refuses an unknown field, naming it', async () => {
      expect(refused(await create({ courseName: 'Extra', createdAt: '2020-01-01' }), 400)).toContain('createdAt');
    });

    it('PUT needs isActive (an update replaces the course) and checks the same fields', async () => {
      const course = await createCourse(t.database.db);
      expect(refused(await update(course.id, { courseName: 'No status' }), 400)).toBe('isActive: must be true or false');
      expect(refused(await update(course.id, { courseName: ' ', isActive: true }), 400)).toBe('courseName: Enter a course name');
      expect(refused(await update(course.id, { courseName: 'Fine', isActive: true, id: 'one' }), 400)).toBe('id: must be a number');
    });

    it('refuses a path id or page that is not a number', async () => {
      expect(refused(await update('abc', { courseName: 'Fine', isActive: true }), 400)).toBe('id: must be a course id');
      expect(refused(await remove('0'), 400)).toBe('id: must be a course id');
      expect(refused(await remove('99999999999'), 400)).toBe('id: must be a course id');
      expect(refused(await list('abc'), 400)).toBe('page: must be a page number');
      expect(refused(await list(0), 400)).toBe('page: must be 1 or more');
    });
  });

  describe('updating', () => {
    it('replaces name, description and status; the body id may repeat the path id', async () => {
      const course = await createCourse(t.database.db, { courseName: 'Grammar Basics', description: 'Old' });
      const response = await update(course.id, { id: course.id, courseName: 'Grammar Plus', description: '', isActive: false });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().course).toEqual({
        id: course.id,
        courseName: 'Grammar Plus',
        description: null,
        isActive: false,
        createdAt: course.createdAt.toISOString(),
      });
    });

    it('a body id that differs from the path is refused, and nothing changes', async () => {
      const course = await createCourse(t.database.db, { courseName: 'Stays Put' });
      const other = await createCourse(t.database.db);
      const message = refused(await update(course.id, { id: other.id, courseName: 'Moved', isActive: true }), 400);
      expect(message).toBe(`id: the body names course ${other.id} but the address names course ${course.id}`);
      expect(await courseNamed('Stays Put')).toBeDefined();
      expect(await courseNamed('Moved')).toBeUndefined();
    });

    it('may change the capitals of its own name, not take another course\'s name', async () => {
      const course = await createCourse(t.database.db, { courseName: 'Debate Club' });
      expect((await update(course.id, { courseName: 'DEBATE club', isActive: true })).statusCode).toBe(200);
      const message = refused(await update(course.id, { courseName: 'speaking level 3', isActive: true }), 409);
      expect(message).toBe('A course named "Speaking Level 3" already exists. Course names must be different (capital letters do not count).');
      expect((await t.database.db.select().from(courses).where(eq(courses.id, course.id)))[0]?.courseName).toBe('DEBATE club');
    });

    it.each([
      [COURSE_IELTS, 'the speaking test'],
      [COURSE_INTERVIEW, 'the interview dashboard'],
      [COURSE_SPEAKING_LEVEL_3, 'the under-construction page'],
    ])('refuses to rename the routing course %s, and allows its description and status to change', async (name, destination) => {
      const course = await seededCourse(t.database.db, name);
      const renamed = refused(await update(course.id, { courseName: `${name} 2`, isActive: true }), 409);
      expect(renamed).toBe(
        `"${name}" cannot be renamed: its name decides that its students go to ${destination} after signing in. Change its description instead, or add a new course.`,
      );
      // Changing only the capitals would break the exact match the routing uses, too.
      refused(await update(course.id, { courseName: name.toLowerCase(), isActive: true }), 409);
      const kept = await update(course.id, { courseName: ` ${name} `, description: 'New text', isActive: false });
      expect(kept.statusCode, kept.body).toBe(200);
      expect(kept.json().course).toMatchObject({ courseName: name, description: 'New text', isActive: false });
      await update(course.id, { courseName: name, description: course.description, isActive: true });
    });

    it('an unknown id is a 404', async () => {
      expect(refused(await update(987_654, { courseName: 'Ghost', isActive: true }), 404)).toBe(
        'There is no course with id 987654. It may have been deleted.',
      );
    });
  });

  describe('deleting', () => {
    it('deletes a course nobody is enrolled in (204); a second delete is a 404', async () => {
      const course = await createCourse(t.database.db);
      const response = await remove(course.id);
      expect(response.statusCode, response.body).toBe(204);
      expect(response.body).toBe('');
      expect(refused(await remove(course.id), 404)).toBe(`There is no course with id ${course.id}. It may have been deleted.`);
    });

    it('refuses a course students are enrolled in, naming how many', async () => {
      const course = await createCourse(t.database.db, { courseName: 'Night Batch' });
      for (let i = 0; i < 3; i += 1) await createStudent(t.database.db, { courseName: 'Night Batch' });
      expect(refused(await remove(course.id), 409)).toBe(
        '3 students are enrolled in Night Batch: move them to another course or deactivate the course instead.',
      );
      expect(await courseNamed('Night Batch')).toBeDefined();

      const single = await createCourse(t.database.db, { courseName: 'Solo' });
      await createStudent(t.database.db, { courseName: 'Solo', status: 'Deactivated' });
      expect(refused(await remove(single.id), 409)).toBe('1 student is enrolled in Solo: move them to another course or deactivate the course instead.');
    });

    it('a student added between the count and the delete still gets the 409, not a 500', async () => {
      // A trigger adds a student to the course just as its row is deleted: the foreign key refuses the
      // delete (23001 on PGlite, 23503 on PostgreSQL 15) and the service answers as if it had counted them.
      const { db } = t.database;
      const course = await createCourse(db, { courseName: 'Race Course' });
      const late = await createStudent(db);
      await db.delete(students).where(eq(students.id, late.student.id));
      await db.execute(
        sql.raw(`create function add_late_student() returns trigger language plpgsql as $$
          begin
            insert into students (user_id, student_name, course_id, mobile_number) values (${late.user.id}, 'Late Student', old.id, '+15550000001');
            return old;
          end $$`),
      );
      await db.execute(sql.raw('create trigger add_late_student before delete on courses for each row execute function add_late_student()'));
      try {
        const error = await deleteCourse(db, course.id).then(
          () => null,
          (caught: unknown) => caught,
        );
        expect(error).toMatchObject({
          statusCode: 409,
          message: '1 student is enrolled in Race Course: move them to another course or deactivate the course instead.',
        });
      } finally {
        await db.execute(sql.raw('drop trigger add_late_student on courses'));
        await db.execute(sql.raw('drop function add_late_student()'));
      }
      expect(await courseNamed('Race Course')).toBeDefined();
    });

    it('an unknown id is a 404', async () => {
      expect(refused(await remove(123_456), 404)).toBe('There is no course with id 123456. It may have been deleted.');
    });
  });

  describe('the active course list', () => {
    it('lists only active courses, by name ignoring capitals, as { courses }', async () => {
      await createCourse(t.database.db, { courseName: 'aardvark English', isActive: true });
      await createCourse(t.database.db, { courseName: 'Archived Course', isActive: false });
      const response = await active();
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json() as { courses: Course[] };
      expect(Object.keys(body)).toEqual(['courses']);
      const names = body.courses.map((c) => c.courseName);
      expect(names).toContain('aardvark English');
      expect(names).toContain(COURSE_IELTS);
      expect(names).not.toContain('Archived Course');
      expect(body.courses.every((c) => c.isActive)).toBe(true);
      const lower = names.map((name) => name.toLowerCase());
      expect(lower).toEqual([...lower].sort());
      expect(names[0]).toBe('aardvark English');
    });

    it('a course deactivated through PUT leaves it; reactivated, it is back', async () => {
      const course = await createCourse(t.database.db, { courseName: 'Toggle Me' });
      await update(course.id, { courseName: 'Toggle Me', isActive: false });
      expect((await active()).json().courses.map((c: Course) => c.id)).not.toContain(course.id);
      await update(course.id, { courseName: 'Toggle Me', isActive: true });
      expect((await active()).json().courses.map((c: Course) => c.id)).toContain(course.id);
    });
  });
});

describe.each(testDrivers)('paging the course list on %s', (driver) => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp({ driver });
    const admin = await createAdmin(t.database.db);
    cookie = await sessionCookieForUser(t.database.db, admin.user.id);
  });
  afterAll(() => t?.close());

  async function page(n?: number): Promise<{ names: string[]; total: number }> {
    const response = await t.app.inject({ url: n === undefined ? '/api/admin/courses' : `/api/admin/courses?page=${n}`, headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { courses: Course[]; total: number };
    expect(Object.keys(body).sort()).toEqual(['courses', 'total']);
    return { names: body.courses.map((c) => c.courseName), total: body.total };
  }

  /** Courses named "C01".."Cnn" on top of what exists, so that the order by name is known. */
  async function addCourses(from: number, to: number) {
    for (let i = from; i <= to; i += 1) await createCourse(t.database.db, { courseName: `C${String(i).padStart(2, '0')}` });
  }

  it("each course carries its creation day at the school (SCHOOL_TIMEZONE), as the page shows it", async () => {
    const late = await createCourse(t.database.db, { courseName: 'Evening class' });
    // 20 Nov 2026, 23:59 UTC is already 21 Nov at a school in India (the test app's zone, Asia/Kolkata).
    await t.database.db.update(courses).set({ createdAt: new Date('2026-11-20T23:59:00Z') }).where(eq(courses.id, late.id));
    const response = await t.app.inject({ url: '/api/admin/courses', headers: { cookie } });
    const listed = (response.json() as { courses: Array<Course & { createdOn: string }> }).courses.find((c) => c.id === late.id);
    expect(listed).toMatchObject({ createdAt: '2026-11-20T23:59:00.000Z', createdOn: '21 Nov 2026' });
    await t.database.db.delete(courses).where(eq(courses.id, late.id));
  });

  it('0 courses: an empty first page and total 0', async () => {
    await t.database.db.delete(courses);
    expect(await page()).toEqual({ names: [], total: 0 });
    expect(await page(2)).toEqual({ names: [], total: 0 });
  });

  it('the three seeded courses count: 3 on one page', async () => {
    await t.database.db.delete(courses);
    await seededCourse(t.database.db);
    expect(await page()).toEqual({ names: [COURSE_IELTS, COURSE_INTERVIEW, COURSE_SPEAKING_LEVEL_3], total: 3 });
  });

  it('10 courses (3 seeded + 7): one full page, nothing on page 2', async () => {
    await addCourses(1, 7);
    const first = await page(1);
    expect(first.total).toBe(10);
    expect(first.names).toEqual(['C01', 'C02', 'C03', 'C04', 'C05', 'C06', 'C07', COURSE_IELTS, COURSE_INTERVIEW, COURSE_SPEAKING_LEVEL_3]);
    expect(await page(2)).toEqual({ names: [], total: 10 });
  });

  it('11 courses: 10 then 1', async () => {
    await addCourses(8, 8);
    const first = await page(1);
    expect(first).toMatchObject({ total: 11 });
    expect(first.names).toHaveLength(10);
    expect(await page(2)).toEqual({ names: [COURSE_SPEAKING_LEVEL_3], total: 11 });
  });

  it('25 courses: 10, 10, 5, every course once, in name order', async () => {
    await addCourses(9, 22);
    const pages = [await page(1), await page(2), await page(3), await page(4)];
    expect(pages.map((p) => p.total)).toEqual([25, 25, 25, 25]);
    expect(pages.map((p) => p.names.length)).toEqual([10, 10, 5, 0]);
    const all = pages.flatMap((p) => p.names);
    expect(new Set(all).size).toBe(25);
    expect(all.slice(0, 3)).toEqual(['C01', 'C02', 'C03']);
    expect(all.slice(-3)).toEqual([COURSE_IELTS, COURSE_INTERVIEW, COURSE_SPEAKING_LEVEL_3]);
  });
});

describe('reading PostgreSQL error codes', () => {
  const wrapped = (code: string) => Object.assign(new Error('Failed query: delete from "courses"'), { cause: Object.assign(new Error('db'), { code }) });

  it('finds the code under Drizzle\'s wrapping', () => {
    expect(sqlState(wrapped('23505'))).toBe('23505');
    expect(sqlState(new Error('plain'))).toBeUndefined();
    expect(sqlState(Object.assign(new Error('node'), { code: 'ECONNREFUSED' }))).toBeUndefined();
  });

  it('treats 23503 (PostgreSQL 15) and 23001 (PGlite) alike, and nothing else', () => {
    expect(isStillReferenced(wrapped('23503'))).toBe(true);
    expect(isStillReferenced(wrapped('23001'))).toBe(true);
    expect(isStillReferenced(wrapped('23505'))).toBe(false);
    expect(isUniqueViolation(wrapped('23505'))).toBe(true);
    expect(isUniqueViolation(wrapped('23503'))).toBe(false);
  });
});

import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminStudent, CreateStudentResponse, StudentsPage } from '../../shared/api/students.js';
import { courses, sessions, students, users } from '../db/schema.js';
import { createTestApp, sessionCookieForUser, signIn, type TestApp } from '../test/app.js';
import { testDrivers } from '../test/databases.js';
import { createAdmin, createCourse, createStudent, seededCourse } from '../test/factories.js';
import { invalidateReadCaches } from '../db/read-cache.js';

/** Student management over HTTP, as an admin (who may call what is in auth/authorization.test.ts). */
describe.each(testDrivers)('student management on %s', (driver) => {
  let t: TestApp;
  let cookie: string;
  let ielts: number;

  beforeAll(async () => {
    t = await createTestApp({ driver });
    const admin = await createAdmin(t.database.db, { username: 'headteacher' });
    cookie = await sessionCookieForUser(t.database.db, admin.user.id);
    ielts = (await seededCourse(t.database.db, 'IELTS')).id;
  });
  afterAll(() => t?.close());

  const request = (options: InjectOptions): Promise<LightMyRequestResponse> =>
    t.app.inject({ ...options, headers: { ...options.headers, cookie } });
  const list = (query = '') => request({ url: `/api/admin/students${query}` });
  const create = (payload: Record<string, unknown>) => request({ method: 'POST', url: '/api/admin/students', payload });
  const update = (id: number | string, payload: Record<string, unknown>) => request({ method: 'PUT', url: `/api/admin/students/${id}`, payload });
  const remove = (id: number | string) => request({ method: 'DELETE', url: `/api/admin/students/${id}` });
  const toggle = (id: number | string) => request({ method: 'PATCH', url: `/api/admin/students/${id}/toggle-status` });
  const whoAmI = (sessionCookie: string) => t.app.inject({ url: '/api/user', headers: { cookie: sessionCookie } });
  const login = (username: string, password: string) => t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });

  const valid = (overrides: Record<string, unknown> = {}) => ({
    studentName: 'Asha Kumar',
    course: 'IELTS',
    courseId: ielts,
    mobileNumber: '98765 43210',
    status: 'Activated',
    ...overrides,
  });

  function refused(response: LightMyRequestResponse, status: number): string {
    expect(response.statusCode, response.body).toBe(status);
    const body = response.json() as { message: string };
    expect(Object.keys(body)).toEqual(['message']);
    return body.message;
  }

  function created(response: LightMyRequestResponse): CreateStudentResponse {
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as CreateStudentResponse;
  }

  /** Every student (and their account) goes; the admin stays. */
  async function removeAllStudents() {
    await t.database.db.delete(users).where(eq(users.isAdmin, false));
    invalidateReadCaches(t.database.db);
  }

  describe('creating', () => {
    beforeEach(removeAllStudents);

    it('creates a student with a generated password, returned once, that signs them in by any spelling of the number', async () => {
      const body = created(await create(valid({ studentName: '  Asha Kumar ' })));
      expect(body.student).toEqual({
        id: expect.any(Number),
        studentName: 'Asha Kumar',
        course: 'IELTS',
        courseId: ielts,
        mobileNumber: '+919876543210',
        mobileNumberDisplay: '+91 98765 43210',
        status: 'Activated',
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        email: null,
        username: null,
      });
      expect(body.generatedPassword).toMatch(/^[A-Za-z2-9]{4}-[A-Za-z2-9]{4}-[A-Za-z2-9]{4}$/);
      const password = body.generatedPassword ?? '';
      for (const spelling of ['98765 43210', '+91 98765 43210', '+919876543210', '098765-43210', '(+91) 98765 43210']) {
        const response = await login(spelling, password);
        expect(response.statusCode, `${spelling}: ${response.body}`).toBe(200);
        expect(response.json()).toMatchObject({ isAdmin: false, displayName: 'Asha Kumar' });
      }
      // The list never carries the password, in clear or hashed.
      expect((await list()).body).not.toMatch(new RegExp(`${password}|scrypt`));
    });

    it('keeps a given password, username and e-mail; the username signs in too', async () => {
      const body = created(
        await create(valid({ username: 'Asha.K', email: ' asha@example.org ', password: 'my own password', status: 'Deactivated' })),
      );
      expect(body.generatedPassword).toBeNull();
      expect(body.student).toMatchObject({ username: 'asha.k', email: 'asha@example.org', status: 'Deactivated' });
      expect((await login('ASHA.K', 'my own password')).statusCode).toBe(200);
      expect((await login('98765 43210', 'my own password')).statusCode).toBe(200);
    });

    it('defaults the status to Activated and treats empty optional fields as none', async () => {
      const { status: _status, ...withoutStatus } = valid();
      const body = created(await create({ ...withoutStatus, email: '', username: '', password: '' }));
      expect(body.student).toMatchObject({ status: 'Activated', email: null, username: null });
      expect(body.generatedPassword).not.toBeNull();
    });

    it('keeps a name in an Indian script, joiners and all', async () => {
      // Malayalam "Arjun" with its chillu letters spelled with ZERO WIDTH JOINER, as older keyboards type it.
      const name = 'അര്\u200dജുന്\u200d';
      expect(created(await create(valid({ studentName: name }))).student.studentName).toBe(name);
    });

    it('drops the invisible characters pasted names bring (direction marks, soft hyphens), keeping the name', async () => {
      // An Urdu name copied from a chat app with its RIGHT-TO-LEFT MARKs, and a Latin one with a soft hyphen from a spreadsheet.
      expect(created(await create(valid({ studentName: '\u200fعائشہ خان\u200f', mobileNumber: '98765 43299' }))).student.studentName).toBe('عائشہ خان');
      expect(created(await create(valid({ studentName: 'Ma\u00adnoj \u200bKumar', mobileNumber: '98765 43298' }))).student.studentName).toBe('Manoj Kumar');
    });

    it('stores an accent typed as a separate mark as one letter, so the name is found as the list shows it', async () => {
      const body = created(await create(valid({ studentName: 'Jose\u0301 Nu\u0301n\u0303ez', mobileNumber: '98765 43297' })));
      expect(body.student.studentName).toBe('José Núñez');
      expect(body.student.studentName).toHaveLength(10);
    });

    it('takes the course name from courseId, whatever name the body sends', async () => {
      const interview = await seededCourse(t.database.db, 'Interview Aspirant');
      const body = created(await create(valid({ course: 'IELTS', courseId: interview.id })));
      expect(body.student).toMatchObject({ course: 'Interview Aspirant', courseId: interview.id });
    });

    it('stores a number with its own country code as it is', async () => {
      const body = created(await create(valid({ mobileNumber: '+44 7911 123456' })));
      expect(body.student.mobileNumber).toBe('+447911123456');
      expect(body.student.mobileNumberDisplay).toBe('+44 7911 123456');
    });
  });

  describe('validation', () => {
    it.each([
      [{ studentName: undefined }, 'studentName: is required'],
      [{ studentName: '   ' }, "studentName: Enter the student's name"],
      [{ studentName: 'x'.repeat(101) }, 'studentName: must be at most 100 characters'],
      [{ studentName: '\u200b\u200b' }, "studentName: Enter the student's name"],
      [{ studentName: 'Ravi \u202eKumar' }, 'studentName: may not hold control characters, hidden direction changes or blank-looking fillers; retype it without them'],
      [{ studentName: 'Ravi \u2066Kumar' }, 'studentName: may not hold control characters, hidden direction changes or blank-looking fillers; retype it without them'],
      // A line or paragraph separator breaks the one-line name and the CSV export's cell (found by an outside probe).
      [{ studentName: 'Ravi\u2028Kumar' }, 'studentName: may not hold control characters, hidden direction changes or blank-looking fillers; retype it without them'],
      [{ studentName: 'Ravi\u2029Kumar' }, 'studentName: may not hold control characters, hidden direction changes or blank-looking fillers; retype it without them'],
      // Fillers Unicode counts as letters, which draw as nothing (an outside probe).
      [{ studentName: '\u3164' }, 'studentName: may not hold control characters, hidden direction changes or blank-looking fillers; retype it without them'],
      [{ studentName: '\u115f\u1160' }, 'studentName: may not hold control characters, hidden direction changes or blank-looking fillers; retype it without them'],
      [{ studentName: '\uffa0' }, 'studentName: may not hold control characters, hidden direction changes or blank-looking fillers; retype it without them'],
      [{ studentName: '...' }, "studentName: Write the student's name in letters"],
      [{ courseId: undefined }, 'courseId: Choose a course'],
      [{ courseId: 'IELTS' }, 'courseId: Choose a course'],
      [{ mobileNumber: undefined }, 'mobileNumber: is required'],
      [{ mobileNumber: '' }, 'mobileNumber: Enter the mobile number'],
      [{ mobileNumber: '98765' }, 'mobileNumber: Enter a valid mobile number; one from outside India starts with + and its country code'],
      [{ mobileNumber: '022 1234 5678' }, 'mobileNumber: Enter a valid mobile number'],
      [{ status: 'Paused' }, 'status: must be Activated or Deactivated'],
      [{ email: 'not-an-address' }, 'email: Enter a valid e-mail address, or leave it empty'],
      [{ username: '9876543210' }, 'username: must contain a letter, so that it cannot be mistaken for a mobile number'],
      [{ username: 'a b' }, 'username: may use letters, digits, dot, dash and underscore only'],
      [{ username: 'ab' }, 'username: must be at least 3 characters'],
      [{ password: 'short' }, 'password: must be at least 8 characters, or left empty'],
      [{ password: 'x'.repeat(129) }, 'password: must be at most 128 characters'],
      [{ isAdmin: true }, 'The request body has a field it may not have: "isAdmin".'],
    ])('refuses %j with a message naming the field', async (overrides, message) => {
      const before = await t.database.db.$count(students);
      const body = valid(overrides);
      for (const key of Object.keys(overrides)) if ((overrides as Record<string, unknown>)[key] === undefined) delete (body as Record<string, unknown>)[key];
      expect(refused(await create(body), 400)).toContain(message);
      expect(await t.database.db.$count(students)).toBe(before);
    });

    it('refuses an unknown or inactive course with 400', async () => {
      await removeAllStudents();
      expect(refused(await create(valid({ courseId: 999_999 })), 400)).toBe(
        'courseId: there is no active course with id 999999. Choose one of the active courses.',
      );
      const closed = await createCourse(t.database.db, { courseName: 'Closed Course', isActive: false });
      expect(refused(await create(valid({ courseId: closed.id, course: 'Closed Course' })), 400)).toContain(`no active course with id ${closed.id}`);
      expect(await t.database.db.$count(students)).toBe(0);
      expect(await t.database.db.$count(users, eq(users.isAdmin, false))).toBe(0);
    });

    it('refuses a bad page, limit or search', async () => {
      expect(refused(await list('?page=0'), 400)).toBe('page: must be 1 or more');
      expect(refused(await list('?page=two'), 400)).toBe('page: must be a page number');
      expect(refused(await list('?limit=101'), 400)).toBe('limit: must be at most 100');
      expect(refused(await list(`?search=${'x'.repeat(101)}`), 400)).toBe('search: must be at most 100 characters');
      expect(refused(await update('abc', valid()), 400)).toBe('id: must be a student id');
    });
  });

  describe('duplicates', () => {
    beforeEach(removeAllStudents);

    it('refuses a mobile number another student has, however it is written, with 409', async () => {
      await createStudent(t.database.db, { studentName: 'First Holder', mobileNumber: '98765 43210' });
      const message = refused(await create(valid({ mobileNumber: '+91 98765-43210' })), 409);
      expect(message).toBe('A student with mobile number +91 98765 43210 already exists (First Holder). Each student needs their own number.');
      expect(await t.database.db.$count(users, eq(users.isAdmin, false))).toBe(1);
    });

    it("refuses a username any account has (any case), including an admin's, with 409", async () => {
      await createStudent(t.database.db, { username: 'asha.k' });
      expect(refused(await create(valid({ username: 'ASHA.K' })), 409)).toBe('The username "asha.k" is already taken. Choose another one, or leave it empty.');
      expect(refused(await create(valid({ username: 'headteacher' })), 409)).toContain('"headteacher" is already taken');
    });

    it("refuses an edit to another student's number or username, and allows keeping one's own", async () => {
      const other = await createStudent(t.database.db, { mobileNumber: '98765 00001', username: 'other.one' });
      const own = await createStudent(t.database.db, { mobileNumber: '98765 00002', username: 'own.one' });
      expect(refused(await update(own.student.id, valid({ mobileNumber: '98765 00001' })), 409)).toContain('+91 98765 00001 already exists');
      expect(refused(await update(own.student.id, valid({ mobileNumber: '98765 00002', username: 'Other.One' })), 409)).toContain('"other.one" is already taken');
      const kept = await update(own.student.id, valid({ mobileNumber: '+91 98765 00002', username: 'own.one', studentName: 'Renamed' }));
      expect(kept.statusCode, kept.body).toBe(200);
      expect((await login('other.one', other.password)).statusCode).toBe(200);
    });
  });

  describe('editing', () => {
    beforeEach(removeAllStudents);

    it('replaces the details; an empty password keeps the current one', async () => {
      const existing = await createStudent(t.database.db, { email: 'old@example.org', username: 'old.name' });
      const interview = await seededCourse(t.database.db, 'Interview Aspirant');
      const response = await update(existing.student.id, {
        studentName: 'New Name',
        course: 'whatever',
        courseId: interview.id,
        mobileNumber: '+91 91234 56789',
        status: 'Activated',
        email: '',
        username: 'new.name',
        password: '',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect((response.json() as { student: AdminStudent }).student).toEqual({
        id: existing.student.id,
        studentName: 'New Name',
        course: 'Interview Aspirant',
        courseId: interview.id,
        mobileNumber: '+919123456789',
        mobileNumberDisplay: '+91 91234 56789',
        status: 'Activated',
        createdAt: existing.student.createdAt.toISOString(),
        email: null,
        username: 'new.name',
      });
      expect((await login('91234 56789', existing.password)).statusCode).toBe(200);
      expect((await login('new.name', existing.password)).statusCode).toBe(200);
      expect((await login('old.name', existing.password)).statusCode).toBe(401);
    });

    it('a new password replaces the old one and signs the student out everywhere', async () => {
      const existing = await createStudent(t.database.db);
      const session = await sessionCookieForUser(t.database.db, existing.user.id);
      const response = await update(existing.student.id, valid({ mobileNumber: existing.mobileNumber, password: 'a fresh password' }));
      expect(response.statusCode, response.body).toBe(200);
      expect((await whoAmI(session)).statusCode).toBe(401);
      expect((await login(existing.mobileNumber, existing.password)).statusCode).toBe(401);
      expect((await login(existing.mobileNumber, 'a fresh password')).statusCode).toBe(200);
    });

    it('deactivating by editing ends the sessions at once', async () => {
      const existing = await createStudent(t.database.db);
      const phone = await sessionCookieForUser(t.database.db, existing.user.id);
      const response = await update(existing.student.id, valid({ mobileNumber: existing.mobileNumber, status: 'Deactivated' }));
      expect(response.statusCode, response.body).toBe(200);
      expect((response.json() as { student: AdminStudent }).student.status).toBe('Deactivated');
      expect((await whoAmI(phone)).statusCode).toBe(401);
    });

    it('keeps a student in a course deactivated since, but will not move anyone into it', async () => {
      const closing = await createCourse(t.database.db, { courseName: 'Closing Soon' });
      const member = await createStudent(t.database.db, { courseName: 'Closing Soon' });
      const outsider = await createStudent(t.database.db);
      await t.database.db.update(courses).set({ isActive: false }).where(eq(courses.id, closing.id));
      const kept = await update(member.student.id, valid({ mobileNumber: member.mobileNumber, courseId: closing.id, studentName: 'Still Here' }));
      expect(kept.statusCode, kept.body).toBe(200);
      expect((kept.json() as { student: AdminStudent }).student).toMatchObject({ studentName: 'Still Here', course: 'Closing Soon' });
      expect(refused(await update(outsider.student.id, valid({ mobileNumber: outsider.mobileNumber, courseId: closing.id })), 400)).toContain(
        `no active course with id ${closing.id}`,
      );
    });

    it('answers 404 for a student that does not exist', async () => {
      expect(refused(await update(999_999, valid()), 404)).toBe('There is no student with id 999999. They may have been deleted.');
    });
  });

  describe('status and deletion', () => {
    beforeEach(removeAllStudents);

    it('toggling flips the status; deactivating ends the sessions and a teacher device acting for the student', async () => {
      const admin = await createAdmin(t.database.db);
      const existing = await createStudent(t.database.db);
      const phone = await sessionCookieForUser(t.database.db, existing.user.id);
      const teacher = await sessionCookieForUser(t.database.db, admin.user.id, { actingStudentId: existing.student.id });

      const off = await toggle(existing.student.id);
      expect(off.statusCode, off.body).toBe(200);
      expect((off.json() as { student: AdminStudent }).student).toMatchObject({ id: existing.student.id, status: 'Deactivated' });
      expect((await whoAmI(phone)).statusCode).toBe(401);
      expect((await whoAmI(teacher)).json()).toMatchObject({ actingStudent: null });

      const on = await toggle(existing.student.id);
      expect((on.json() as { student: AdminStudent }).student.status).toBe('Activated');
      // Signing in works again; the old session does not come back.
      expect((await whoAmI(phone)).statusCode).toBe(401);
      expect(await signIn(t.app, existing.mobileNumber, existing.password)).toMatch(/^parley_session=/);
      expect(refused(await toggle(999_999), 404)).toContain('There is no student with id 999999');
    });

    it('deleting removes the student, the account and the sessions at once', async () => {
      const existing = await createStudent(t.database.db);
      const phone = await sessionCookieForUser(t.database.db, existing.user.id);
      const response = await remove(existing.student.id);
      expect(response.statusCode, response.body).toBe(204);
      expect(response.body).toBe('');
      expect((await whoAmI(phone)).statusCode).toBe(401);
      expect(await t.database.db.$count(students, eq(students.id, existing.student.id))).toBe(0);
      expect(await t.database.db.$count(users, eq(users.id, existing.user.id))).toBe(0);
      expect(await t.database.db.$count(sessions, eq(sessions.userId, existing.user.id))).toBe(0);
      expect((await login(existing.mobileNumber, existing.password)).statusCode).toBe(401);
      expect(refused(await remove(existing.student.id), 404)).toContain(`There is no student with id ${existing.student.id}`);
    });
  });

  describe('paging', () => {
    async function seed(count: number) {
      await removeAllStudents();
      for (let i = 1; i <= count; i += 1) {
        await createStudent(t.database.db, { studentName: `Pupil ${String(i).padStart(2, '0')}`, mobileNumber: `97000 000${String(i).padStart(2, '0')}` });
      }
    }
    const page = async (query: string) => {
      const response = await list(query);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as StudentsPage;
    };

    it.each([
      [0, [[1, 0]]],
      [10, [[1, 10], [2, 0]]],
      [11, [[1, 10], [2, 1]]],
      [25, [[1, 10], [2, 10], [3, 5], [4, 0]]],
    ])('with %i students: total and page sizes', async (count, pages) => {
      await seed(count);
      const seen = new Set<number>();
      for (const [number, size] of pages as Array<[number, number]>) {
        const body = await page(`?page=${number}&limit=10`);
        expect(body.total).toBe(count);
        expect(body.students).toHaveLength(size);
        for (const s of body.students) seen.add(s.id);
      }
      expect(seen.size).toBe(count);
    });

    it('lists the newest first, 10 to a page by default', async () => {
      await seed(12);
      const first = await page('');
      expect(first.students).toHaveLength(10);
      expect(first.students[0]?.studentName).toBe('Pupil 12');
      expect((await page('?page=2')).students.map((s) => s.studentName)).toEqual(['Pupil 02', 'Pupil 01']);
    });
  });

  describe('search', () => {
    beforeAll(async () => {
      await removeAllStudents();
      await createStudent(t.database.db, { studentName: 'Asha Kumar', mobileNumber: '98765 43210' });
      await createStudent(t.database.db, { studentName: 'Rahul Sharma', mobileNumber: '91234 56789' });
      await createStudent(t.database.db, { studentName: 'Priya ASHOK', mobileNumber: '+44 7911 123456' });
      await createStudent(t.database.db, { studentName: '100% Ready_Now', mobileNumber: '90000 00001' });
    });
    const names = async (search: string) => {
      const response = await list(`?search=${encodeURIComponent(search)}`);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json() as StudentsPage;
      expect(body.total).toBe(body.students.length);
      return body.students.map((s) => s.studentName).sort();
    };

    it('gives each number as stored and formatted for display (the browser does not format them)', async () => {
      const response = await list('');
      expect(response.statusCode, response.body).toBe(200);
      const numbers = (response.json() as StudentsPage).students.map((s) => [s.mobileNumber, s.mobileNumberDisplay]);
      expect(numbers.sort()).toEqual([
        ['+447911123456', '+44 7911 123456'],
        ['+919000000001', '+91 90000 00001'],
        ['+919123456789', '+91 91234 56789'],
        ['+919876543210', '+91 98765 43210'],
      ]);
    });

    it("gives each student's day of joining at the school (SCHOOL_TIMEZONE), as the page shows it", async () => {
      const [first] = await t.database.db.select().from(students).limit(1);
      if (!first) throw new Error('no student');
      // 20 Nov 2026, 23:59 UTC is already 21 Nov at a school in India (the test app's zone, Asia/Kolkata).
      await t.database.db.update(students).set({ createdAt: new Date('2026-11-20T23:59:00Z') }).where(eq(students.id, first.id));
      invalidateReadCaches(t.database.db);
      const response = await list('');
      expect(response.statusCode, response.body).toBe(200);
      const listed = (response.json() as StudentsPage).students.find((s) => s.id === first.id);
      expect(listed).toMatchObject({ createdAt: '2026-11-20T23:59:00.000Z', createdOn: '21 Nov 2026' });
    });

    it('finds part of a name in any case', async () => {
      expect(await names('ash')).toEqual(['Asha Kumar', 'Priya ASHOK']);
      expect(await names('SHARMA')).toEqual(['Rahul Sharma']);
      expect(await names('  kumar ')).toEqual(['Asha Kumar']);
    });

    it('finds part of a mobile number however it is typed', async () => {
      expect(await names('98765')).toEqual(['Asha Kumar']);
      expect(await names('98765 432')).toEqual(['Asha Kumar']);
      expect(await names('+91 91234')).toEqual(['Rahul Sharma']);
      expect(await names('7911-123')).toEqual(['Priya ASHOK']);
      expect(await names('098765 43')).toEqual(['Asha Kumar']);
      expect(await names('0044 7911')).toEqual(['Priya ASHOK']);
    });

    it('reads text with letters as a name only: its digits do not match every number', async () => {
      expect(await names('Kumar 9')).toEqual([]);
      expect(await names('100% R')).toEqual(['100% Ready_Now']);
    });

    it('takes % and _ literally, and finds nothing for text nobody has', async () => {
      expect(await names('100%')).toEqual(['100% Ready_Now']);
      expect(await names('y_n')).toEqual(['100% Ready_Now']);
      expect(await names('%')).toEqual(['100% Ready_Now']);
      expect(await names('zz')).toEqual([]);
      expect((await names('')).length).toBe(4);
    });

    it('pages the matches', async () => {
      for (let i = 0; i < 12; i += 1) await createStudent(t.database.db, { studentName: `Searchable ${i}`, mobileNumber: `93000 000${String(i).padStart(2, '0')}` });
      const response = await list('?search=searchable&page=2');
      const body = response.json() as StudentsPage;
      expect(body.total).toBe(12);
      expect(body.students).toHaveLength(2);
    });
  });
});

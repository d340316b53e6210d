import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IMPORT_MAX_ROWS, type ImportPreview, type ImportResult } from '../../shared/api/students.js';
import { students, users } from '../db/schema.js';
import { createTestApp, sessionCookieForUser, type TestApp } from '../test/app.js';
import { testDrivers } from '../test/databases.js';
import { createAdmin, createCourse, createStudent } from '../test/factories.js';
import { studentExportPages } from './admin-list.js';

/** CSV export and import of students over HTTP, as an admin. */
describe.each(testDrivers)('students as CSV on %s', (driver) => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    // A fixed clock: the export's file name carries the school's date (Asia/Kolkata, UTC+5:30).
    t = await createTestApp({ driver, now: () => new Date('2025-03-01T20:00:00Z') });
    const admin = await createAdmin(t.database.db);
    cookie = await sessionCookieForUser(t.database.db, admin.user.id);
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    await t.database.db.delete(users).where(eq(users.isAdmin, false));
  });

  const request = (options: InjectOptions): Promise<LightMyRequestResponse> =>
    t.app.inject({ ...options, headers: { ...options.headers, cookie } });
  const exportCsv = (search?: string) =>
    request({ url: `/api/admin/students/export.csv${search === undefined ? '' : `?search=${encodeURIComponent(search)}`}` });
  const preview = (csv: string) => request({ method: 'POST', url: '/api/admin/students/import/preview', payload: { csv } });
  const commit = (csv: string) => request({ method: 'POST', url: '/api/admin/students/import/commit', payload: { csv } });
  const login = (username: string, password: string) => t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
  const studentCount = () => t.database.db.$count(students);
  const userCount = () => t.database.db.$count(users);

  function refused(response: LightMyRequestResponse, status: number): string {
    expect(response.statusCode, response.body).toBe(status);
    return (response.json() as { message: string }).message;
  }

  describe('export', () => {
    it('downloads a UTF-8 CSV file with a header row, as an attachment named by the school date', async () => {
      await createStudent(t.database.db, { studentName: 'Asha Kumar', mobileNumber: '98765 43210', email: 'asha@example.org', username: 'asha.k' });
      const response = await exportCsv();
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe('attachment; filename="students-2025-03-02.csv"');
      const bytes = response.rawPayload;
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = bytes.subarray(3).toString('utf8').split('\r\n');
      expect(lines[0]).toBe('studentName,course,mobileNumber,status,email,username,createdAt');
      expect(lines[1]).toMatch(/^Asha Kumar,IELTS,'\+919876543210,Activated,asha@example.org,asha\.k,\d{4}-\d\d-\d\d \d\d:\d\d$/);
      expect(lines.slice(2)).toEqual(['']);
    });

    it('escapes commas, quotes, line breaks and formula starts, and keeps non-Latin text', async () => {
      const names = ['Kumar, Asha', 'Said "Hi"', 'Two\nLines', '=HYPERLINK("http://evil.example","x")', '+SUM(1)', '-2+3', '@cmd', 'प्रिया शर्मा'];
      for (const [i, studentName] of names.entries()) await createStudent(t.database.db, { studentName, mobileNumber: `96000 000${i}0` });
      const response = await exportCsv();
      const text = response.body.replace(/^\uFEFF/, '');
      expect(text).toContain('"Kumar, Asha",');
      expect(text).toContain('"Said ""Hi""",');
      expect(text).toContain('"Two\nLines",');
      expect(text).toContain('"\'=HYPERLINK(""http://evil.example"",""x"")",');
      expect(text).toContain("\n'+SUM(1),");
      expect(text).toContain("\n'-2+3,");
      expect(text).toContain("\n'@cmd,");
      expect(text).toContain('प्रिया शर्मा,');
      // Read by a CSV parser, every cell comes back, no cell starts a formula.
      const records = parse(text, { columns: true }) as Array<Record<string, string>>;
      expect(records.map((r) => r.studentName).sort()).toEqual(
        names.map((n) => (/^[=+\-@]/.test(n) ? `'${n}` : n)).sort(),
      );
      for (const record of records) for (const cell of Object.values(record)) expect(cell).not.toMatch(/^[=+\-@]/);
    });

    it('applies the search, without paging', async () => {
      for (let i = 0; i < 12; i += 1) await createStudent(t.database.db, { studentName: `Batch A ${i}`, mobileNumber: `95000 000${String(i).padStart(2, '0')}` });
      await createStudent(t.database.db, { studentName: 'Someone Else', mobileNumber: '94000 00001' });
      const all = (await exportCsv()).body.trim().split('\r\n');
      expect(all).toHaveLength(1 + 13);
      const batch = (await exportCsv('batch a')).body.trim().split('\r\n');
      expect(batch).toHaveLength(1 + 12);
      expect(batch.some((line) => line.startsWith('Someone Else'))).toBe(false);
      const byNumber = (await exportCsv('94000')).body.trim().split('\r\n');
      expect(byNumber.slice(1).map((line) => line.split(',')[0])).toEqual(['Someone Else']);
      const none = (await exportCsv('nobody')).body;
      expect(none).toBe('\uFEFFstudentName,course,mobileNumber,status,email,username,createdAt\r\n');
    });

    it('reads a search in pages that seek past each other: every match once, newest first', async () => {
      for (let i = 0; i < 5; i += 1) await createStudent(t.database.db, { studentName: `Paged ${i}`, mobileNumber: `93000 000${i}0` });
      await createStudent(t.database.db, { studentName: 'Someone Else', mobileNumber: '94000 00001' });
      const pages: string[][] = [];
      for await (const page of studentExportPages(t.database.db, 'paged', 2)) pages.push(page.map((row) => row.studentName));
      expect(pages).toEqual([['Paged 4', 'Paged 3'], ['Paged 2', 'Paged 1'], ['Paged 0']]);
    });
  });

  describe('import preview', () => {
    const header = 'studentName,course,mobileNumber,status,email,username,password';

    it('reports every row and its problems, and writes nothing', async () => {
      await createStudent(t.database.db, { studentName: 'Already Here', mobileNumber: '98765 00000', username: 'taken.name' });
      await createCourse(t.database.db, { courseName: 'Old Course', isActive: false });
      const csv = [
        header,
        'Good One,IELTS,98765 11111,,,,',
        'Good Two,interview aspirant,+91 98765 22222,deactivated,two@example.org,Good.Two,a given password',
        ',IELTS,98765 33333,,,,',
        'Bad Number,IELTS,12345,,,,',
        'Bad Course,Cooking,98765 44444,,,,',
        'Closed Course,Old Course,98765 55555,,,,',
        'Existing Number,IELTS,+919876500000,,,,',
        'Twice,IELTS,98765 11111,,,,',
        'Bad Fields,IELTS,98765 66666,Paused,not-mail,taken.name,short',
        '"Quoted, Name",IELTS,\'+919876577777,Activated,,,',
      ].join('\r\n');
      const before = { students: await studentCount(), users: await userCount() };
      const response = await preview(csv);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json() as ImportPreview;
      expect(body.validCount).toBe(3);
      expect(body.invalidCount).toBe(7);
      expect(body.ignoredColumns).toEqual([]);
      const byName = new Map(body.rows.map((row) => [row.studentName || `line ${row.line}`, row]));
      expect(byName.get('Good One')).toEqual({
        line: 2,
        studentName: 'Good One',
        course: 'IELTS',
        mobileNumber: '+919876511111',
        status: 'Activated',
        email: '',
        username: '',
        password: 'generated',
        problems: [],
      });
      expect(byName.get('Good Two')).toMatchObject({ status: 'Deactivated', username: 'good.two', password: 'given', problems: [] });
      expect(byName.get('Quoted, Name')).toMatchObject({ mobileNumber: '+919876577777', problems: [] });
      expect(byName.get('line 4')?.problems).toEqual(["studentName: Enter the student's name"]);
      expect(byName.get('Bad Number')?.problems).toEqual([expect.stringMatching(/^mobileNumber: Enter a valid mobile number/)]);
      expect(byName.get('Bad Course')?.problems).toEqual([
        'course: there is no active course named "Cooking" (active: IELTS, Interview Aspirant, Speaking Level 3)',
      ]);
      expect(byName.get('Closed Course')?.problems).toEqual([expect.stringMatching(/^course: there is no active course named "Old Course"/)]);
      expect(byName.get('Existing Number')?.problems).toEqual([
        'mobileNumber: A student with mobile number +91 98765 00000 already exists (Already Here). Each student needs their own number.',
      ]);
      expect(byName.get('Twice')?.problems).toEqual(['mobileNumber: the same number as line 2']);
      expect(byName.get('Bad Fields')?.problems).toEqual([
        'status: must be Activated or Deactivated',
        'email: Enter a valid e-mail address, or leave it empty',
        'password: must be at least 8 characters, or left empty',
      ]);
      // The password itself never comes back.
      expect(response.body).not.toContain('a given password');
      expect({ students: await studentCount(), users: await userCount() }).toEqual(before);
    });

    it('marks a row whose cell holds "\uFFFD" (a character lost to the encoding) as a problem, naming the column', async () => {
      const csv = [header, 'Zo\uFFFD Fernandes,IELTS,98765 12121,,z\uFFFD@example.org,,', 'Zoë Fernandes,IELTS,98765 12122,,,,'].join('\n');
      const body = (await preview(csv)).json() as ImportPreview;
      const lost = 'where a character was lost to the file\'s encoding; correct it in the file (saved as CSV UTF-8) and choose it again';
      expect(body.rows.map((row) => row.problems)).toEqual([
        ['email: Enter a valid e-mail address, or leave it empty', `studentName: holds "\uFFFD" ${lost}`, `email: holds "\uFFFD" ${lost}`],
        [],
      ]);
      expect(body.validCount).toBe(1);
    });

    it('reads headers in any order and spelling, skips blank lines, lists unknown columns', async () => {
      const csv = '\uFEFFCourse,Mobile Number,Student Name,Notes\r\nIELTS,98765 12345,Asha,likes tea\r\n\r\n,,,\r\n';
      const body = (await preview(csv)).json() as ImportPreview;
      expect(body.rows).toHaveLength(1);
      expect(body.rows[0]).toMatchObject({ studentName: 'Asha', course: 'IELTS', mobileNumber: '+919876512345', problems: [] });
      expect(body.ignoredColumns).toEqual(['Notes']);
    });

    it('refuses files it cannot read, naming what is wrong', async () => {
      expect(refused(await preview('studentName,course\nAsha,IELTS\n'), 400)).toMatch(/^The first row must name the columns; "mobileNumber" is missing/);
      expect(refused(await preview('name,phone\nAsha,98765 43210\n'), 400)).toMatch(/"course" is missing/);
      expect(refused(await preview(`${header}\n`), 400)).toBe('The file has a header row but no students.');
      expect(refused(await preview('\n\n'), 400)).toMatch(/^The file is empty/);
      expect(refused(await preview(''), 400)).toBe('csv: The file is empty');
      expect(refused(await preview(`${header}\n"Open quote,IELTS,98765 43210\n`), 400)).toMatch(/^The file is not valid CSV/);
      expect(refused(await preview('studentName,Student Name,course,mobileNumber\n'), 400)).toBe('The column "studentName" appears twice in the first row.');
      const tooMany = [header, ...Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => `S ${i},IELTS,97000${String(i).padStart(5, '0')}`)].join('\n');
      expect(refused(await preview(tooMany), 400)).toBe(`The file has ${IMPORT_MAX_ROWS + 1} students; at most ${IMPORT_MAX_ROWS} can be imported at once. Split it into smaller files.`);
    });

    it('reads an export back: its guarded numbers are numbers again', async () => {
      await createStudent(t.database.db, { studentName: 'Round Trip', mobileNumber: '98765 98765' });
      const exported = (await exportCsv()).body;
      const body = (await preview(exported)).json() as ImportPreview;
      expect(body.ignoredColumns).toEqual(['createdAt']);
      expect(body.rows).toEqual([
        expect.objectContaining({
          studentName: 'Round Trip',
          mobileNumber: '+919876598765',
          problems: ['mobileNumber: A student with mobile number +91 98765 98765 already exists (Round Trip). Each student needs their own number.'],
        }),
      ]);
    });
  });

  describe('import commit', () => {
    const mixed = [
      'studentName,course,mobileNumber,status,email,username,password',
      'New One,IELTS,98111 00001,,one@example.org,,',
      'Broken,IELTS,123,,,,',
      'New Two,Speaking Level 3,98111 00002,Deactivated,,new.two,chosen password',
      'Unknown Course,Cooking,98111 00003,,,,',
      'New Three,IELTS,98111 00004,,,,',
    ].join('\n');

    it('writes only the valid rows and returns generated passwords that sign the students in', async () => {
      const response = await commit(mixed);
      expect(response.statusCode, response.body).toBe(201);
      const body = response.json() as ImportResult;
      expect(body.created.map((c) => [c.line, c.student.studentName, c.student.mobileNumber, c.student.status])).toEqual([
        [2, 'New One', '+919811100001', 'Activated'],
        [4, 'New Two', '+919811100002', 'Deactivated'],
        [6, 'New Three', '+919811100004', 'Activated'],
      ]);
      expect(body.created[0]?.student).toMatchObject({ email: 'one@example.org', course: 'IELTS' });
      expect(body.created[1]?.student).toMatchObject({ username: 'new.two', course: 'Speaking Level 3' });
      expect(body.created[1]?.generatedPassword).toBeNull();
      expect(body.skipped.map((s) => s.line)).toEqual([3, 5]);
      expect(body.skipped[1]?.problems[0]).toMatch(/^course: there is no active course named "Cooking"/);
      expect(await studentCount()).toBe(3);

      const generated = body.created[0]?.generatedPassword ?? '';
      expect(generated).toMatch(/^[A-Za-z2-9]{4}-[A-Za-z2-9]{4}-[A-Za-z2-9]{4}$/);
      expect((await login('98111 00001', generated)).statusCode).toBe(200);
      expect((await login('+91 98111 00004', body.created[2]?.generatedPassword ?? '')).statusCode).toBe(200);
      expect((await login('new.two', 'chosen password')).statusCode).toBe(200);

      // One transaction: every row carries the transaction's timestamp.
      const stamps = await t.database.db.selectDistinct({ at: students.createdAt }).from(students);
      expect(stamps).toHaveLength(1);

      // The same file again: every row is a duplicate now, and nothing more is written.
      expect(refused(await commit(mixed), 400)).toBe('No row of the file can be imported. Fix the problems shown in the preview and try again.');
      expect(await studentCount()).toBe(3);
    });

    it('rolls everything back when one insert fails inside the transaction', async () => {
      const { db } = t.database;
      await db.execute(sql`create or replace function refuse_explode() returns trigger language plpgsql as $$
        begin
          if new.student_name = 'Explode' then raise exception 'refused by test trigger'; end if;
          return new;
        end $$`);
      await db.execute(sql`create trigger refuse_explode before insert on students for each row execute function refuse_explode()`);
      try {
        const before = { students: await studentCount(), users: await userCount() };
        const csv = ['studentName,course,mobileNumber', 'Fine First,IELTS,98222 00001', 'Explode,IELTS,98222 00002', 'Fine Last,IELTS,98222 00003'].join('\n');
        const previewed = (await preview(csv)).json() as ImportPreview;
        expect(previewed.validCount).toBe(3);
        expect(refused(await commit(csv), 500)).toBe('Something went wrong on the server. Please try again.');
        expect({ students: await studentCount(), users: await userCount() }).toEqual(before);
      } finally {
        await db.execute(sql`drop trigger refuse_explode on students`);
        await db.execute(sql`drop function refuse_explode()`);
      }
    });

    it('answers 409 and writes nothing when a number is taken between the check and the insert', async () => {
      const { db } = t.database;
      // The trigger plays the other admin: it adds the student with the file's last number just before the file's first row is written.
      await db.execute(sql`create or replace function sneak_in() returns trigger language plpgsql as $$
        declare uid integer;
        begin
          if new.student_name = 'Racer' then
            insert into users (username, password_hash) values (null, 'x') returning id into uid;
            insert into students (user_id, student_name, course_id, mobile_number) values (uid, 'Sneaky', new.course_id, '+919833300002');
          end if;
          return new;
        end $$`);
      await db.execute(sql`create trigger sneak_in before insert on students for each row execute function sneak_in()`);
      try {
        const csv = ['studentName,course,mobileNumber', 'Racer,IELTS,98333 00001', 'Loser,IELTS,98333 00002'].join('\n');
        expect(refused(await commit(csv), 409)).toBe('Nothing was imported: a mobile number or username of the file was taken meanwhile. Preview the file again.');
        expect(await studentCount()).toBe(0);
      } finally {
        await db.execute(sql`drop trigger sneak_in on students`);
        await db.execute(sql`drop function sneak_in()`);
      }
    });
  });
});

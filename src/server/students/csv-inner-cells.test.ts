import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { students, users } from '../db/schema.js';
import { createTestApp, sessionCookieForUser, type TestApp } from '../test/app.js';
import { createAttempt } from '../test/attempt-fixtures.js';
import { testDrivers } from '../test/databases.js';
import { createAdmin, createStudent } from '../test/factories.js';

/**
 * The exports opened where a spreadsheet splits cells at ; (much of Europe), at tabs, or ends a row
 * at a line break whatever the quotes: no part that would start a cell there starts a formula, and
 * the students file still imports back to the same names.
 */
describe.each(testDrivers)('CSV exports split at ; tabs and line breaks on %s', (driver) => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp({ driver });
    const admin = await createAdmin(t.database.db);
    cookie = await sessionCookieForUser(t.database.db, admin.user.id);
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    await t.database.db.delete(users).where(eq(users.isAdmin, false));
  });

  const inject = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  /** Every cell a spreadsheet would make of the file's rows if it split them at ; tabs and line breaks alone. */
  const cellsSplitElsewhere = (text: string) => text.replace(/^\uFEFF/, '').split(/[;\t\r\n]/);
  const FORMULA = /^[=+\-@]/;

  it('guards a formula after a semicolon in a name, and imports the file back to the same name', async () => {
    const names = ['Asha;=1+2', "Ravi;=cmd|' /C calc'!A0;", 'Mei; @SUM(A1:A9)', 'Kumar, Anil;-3+4'];
    for (const [i, studentName] of names.entries()) await createStudent(t.database.db, { studentName, mobileNumber: `96100 000${i}0` });
    const exported = await inject('GET', '/api/admin/students/export.csv');
    expect(exported.statusCode, exported.body).toBe(200);
    const text = exported.body;
    expect(text).toContain("Asha;'=1+2,");
    expect(text).toContain(`Ravi;'=cmd|' /C calc'!A0;,`);
    expect(text).toContain("Mei;' @SUM(A1:A9),");
    expect(text).toContain(`"Kumar, Anil;'-3+4",`);
    for (const cell of cellsSplitElsewhere(text)) expect(cell).not.toMatch(FORMULA);
    // Read with commas, as written, each name is one cell.
    const records = parse(text.replace(/^\uFEFF/, ''), { columns: true }) as Array<Record<string, string>>;
    expect(records).toHaveLength(names.length);

    // The file imported again (as new students) gives back the names as they were typed.
    await t.database.db.delete(users).where(eq(users.isAdmin, false));
    const csv = text
      .replace(/^\uFEFF/, '')
      .replace('studentName,course,mobileNumber,status,email,username,createdAt', 'studentName,course,mobileNumber,status,email,username,password');
    const committed = await inject('POST', '/api/admin/students/import/commit', { csv: csv.replace(/,\d{4}-\d\d-\d\d \d\d:\d\d\r\n/g, ',long-enough-pass-1\r\n') });
    expect(committed.statusCode, committed.body).toBe(201);
    const stored = await t.database.db.select({ name: students.studentName }).from(students);
    expect(stored.map((row) => row.name).sort()).toEqual([...names].sort());
  });

  it("guards each line and ;-part of a teacher's comment in the attempts export", async () => {
    const { student } = await createStudent(t.database.db, { studentName: 'Asha Kumar', mobileNumber: '96200 00010' });
    const id = await createAttempt(t.database.db, student.id);
    const comment = 'Clear answers.\n-Work on pauses\n=HYPERLINK("http://evil.example")\nfluency 6;+1 next time';
    const saved = await inject('PATCH', `/api/admin/attempts/${id}/review`, { version: 0, comment, scores: {} });
    expect(saved.statusCode, saved.body).toBe(200);
    const exported = await inject('GET', '/api/admin/test-attempts/export.csv');
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.body).toContain(`"Clear answers.\n'-Work on pauses\n'=HYPERLINK(""http://evil.example"")\nfluency 6;'+1 next time"`);
    for (const cell of cellsSplitElsewhere(exported.body)) expect(cell).not.toMatch(FORMULA);
  });
});

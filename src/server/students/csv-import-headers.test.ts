import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportPreview } from '../../shared/api/students.js';
import { createTestApp, sessionCookieForUser, type TestApp } from '../test/app.js';
import { testDrivers } from '../test/databases.js';
import { createAdmin } from '../test/factories.js';

/** Import columns named like the properties every JavaScript object has are columns like any other unknown one. */
describe.each(testDrivers)('student import header names on %s', (driver) => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp({ driver });
    const admin = await createAdmin(t.database.db);
    cookie = await sessionCookieForUser(t.database.db, admin.user.id);
  });
  afterAll(() => t?.close());

  const preview = (csv: string) => t.app.inject({ method: 'POST', url: '/api/admin/students/import/preview', headers: { cookie }, payload: { csv } });

  it('lists "constructor", "__proto__" and "toString" columns as ignored, once or twice', async () => {
    const csv = 'Constructor,constructor,__proto__,toString,studentName,course,mobileNumber\r\nx,y,z,w,Asha Kumar,IELTS,98765 43210\r\n';
    const response = await preview(csv);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as ImportPreview;
    expect(body.ignoredColumns).toEqual(['Constructor', 'constructor', '__proto__', 'toString']);
    expect(body.rows).toMatchObject([{ line: 2, studentName: 'Asha Kumar', course: 'IELTS', problems: [] }]);
  });
});

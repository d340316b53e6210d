import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../test/app.js';
import { createAdmin, createStudent } from '../test/factories.js';

describe('sign-in smoke', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('signs in an admin and a student by mobile number', async () => {
    const admin = await createAdmin(t.database.db);
    const cookie = await signIn(t.app, admin.username, admin.password);
    const me = await t.app.inject({ url: '/api/user', headers: { cookie } });
    expect(me.json()).toMatchObject({ username: admin.username, isAdmin: true, actingStudent: null });
    const student = await createStudent(t.database.db, { mobileNumber: '+91 98765 43210' });
    const studentCookie = await signIn(t.app, '+919876543210', student.password);
    const profile = await t.app.inject({ url: '/api/student/profile', headers: { cookie: studentCookie } });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().course.courseName).toBe('IELTS');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InterviewProfile } from '../../shared/api/interview.js';
import { createTestApp, sessionCookieForUser, type TestApp } from '../test/app.js';
import { testDrivers } from '../test/databases.js';
import { createAdmin, createStudent } from '../test/factories.js';

function fullProfile(): InterviewProfile {
  return {
    professionalSummary: 'Support engineer with four years of experience in customer-facing software teams.',
    experienceYears: 4,
    experienceMonths: 6,
    profile: 'Technical Support Engineer',
    coreCompetence: 'Troubleshooting',
    skills: 'SQL, Linux, customer communication',
    professionalExperience: [
      { companyName: 'Infosys', fromDate: '2020-06-01', toDate: '2023-03-31' },
      { companyName: 'Freshworks', fromDate: '2023-04-01', toDate: '' },
    ],
    education: [{ institution: 'Anna University', fromDate: '2016-07-01', toDate: '2020-05-31' }],
    certifications: [{ certification: 'AWS Cloud Practitioner' }],
    technicalSkills: [{ skill: 'PostgreSQL' }, { skill: 'Python' }],
    achievements: [{ achievement: 'Cut ticket backlog by 40%' }],
  };
}

describe.each(testDrivers)('interview profile on %s', (driver) => {
  let t: TestApp;
  let asha: string;
  let ravi: string;
  beforeAll(async () => {
    t = await createTestApp({ driver });
    const db = t.database.db;
    asha = await sessionCookieForUser(db, (await createStudent(db, { courseName: 'Interview Aspirant' })).user.id);
    ravi = await sessionCookieForUser(db, (await createStudent(db, { courseName: 'Interview Aspirant' })).user.id);
  });
  afterAll(() => t.close());

  const get = (cookie: string) => t.app.inject({ url: '/api/interview/profile', headers: { cookie } });
  const post = (cookie: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/interview/profile', headers: { cookie }, payload: payload as Record<string, unknown> });

  it('starts empty, and a later read returns exactly what was saved', async () => {
    const empty = await get(asha);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({ professionalSummary: '', experienceYears: 0, professionalExperience: [] });
    const saved = await post(asha, fullProfile());
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual(fullProfile());
    expect((await get(asha)).json()).toEqual(fullProfile());
    // Saving again replaces, it does not append.
    const changed = { ...fullProfile(), technicalSkills: [{ skill: 'Go' }] };
    await post(asha, changed);
    expect((await get(asha)).json()).toEqual(changed);
  });

  it('keeps each student to their own profile', async () => {
    await post(asha, fullProfile());
    expect((await get(ravi)).json().professionalSummary).toBe('');
    const sneaky = await post(ravi, { ...fullProfile(), studentId: 1 });
    expect(sneaky.statusCode).toBe(400);
    expect((await get(asha)).json()).toEqual(fullProfile());
  });

  it.each([
    ['a summary over 500 characters', { professionalSummary: 'x'.repeat(501) }, 'professionalSummary'],
    ['a profile over 100 characters', { profile: 'x'.repeat(101) }, 'profile'],
    ['skills over 200 characters', { skills: 'x'.repeat(201) }, 'skills'],
    ['11 technical skills', { technicalSkills: Array.from({ length: 11 }, (_, i) => ({ skill: `S${i}` })) }, 'technicalSkills'],
    ['100 years', { experienceYears: 100 }, 'experienceYears'],
    ['12 months', { experienceMonths: 12 }, 'experienceMonths'],
    ['an impossible date', { education: [{ institution: 'X', fromDate: '2026-02-30', toDate: '' }] }, 'education.0.fromDate'],
    ['a start after the end', { professionalExperience: [{ companyName: 'X', fromDate: '2024-01-01', toDate: '2023-01-01' }] }, 'professionalExperience.0.toDate'],
  ])('refuses %s with 400 naming the field', async (_name, change, field) => {
    const response = await post(ravi, { ...fullProfile(), ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().message.startsWith(`${field}:`)).toBe(true);
  });

  it('accepts every limit exactly', async () => {
    const atLimits: InterviewProfile = {
      ...fullProfile(),
      professionalSummary: 'x'.repeat(500),
      profile: 'p'.repeat(100),
      coreCompetence: 'c'.repeat(100),
      skills: 's'.repeat(200),
      experienceYears: 99,
      experienceMonths: 11,
      achievements: Array.from({ length: 10 }, (_, i) => ({ achievement: `${i}`.padEnd(100, 'a') })),
    };
    expect((await post(ravi, atLimits)).statusCode).toBe(200);
    expect((await get(ravi)).json()).toEqual(atLimits);
  });

  it('is for students: teachers get 403', async () => {
    const admin = await createAdmin(t.database.db);
    const cookie = await sessionCookieForUser(t.database.db, admin.user.id);
    expect((await get(cookie)).statusCode).toBe(403);
  });
});

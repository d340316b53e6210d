import { describe, expect, it } from 'vitest';
import type { z } from '../zod.js';
import { PROFILE_TEXT_LIMITS } from '../interview/profile-limits.js';
import { scoreInterview } from '../interview/scoring.js';
import {
  emptyInterviewProfile,
  interviewProfile,
  profileDateProblem,
  saveInterviewSessionBody,
  type InterviewProfile,
  type SaveInterviewSessionBody,
} from './interview.js';

/** "path: message" of every issue, as the server's error handler would show the first. */
function problems(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

const profile = (overrides: Record<string, unknown> = {}) => ({ ...emptyInterviewProfile(), ...overrides });

const FULL: InterviewProfile = {
  professionalSummary: 'Commerce graduate with two years in accounts.',
  experienceYears: 2,
  experienceMonths: 6,
  profile: 'Accountant',
  coreCompetence: 'Reconciliation',
  skills: 'Tally, Excel, GST filing',
  professionalExperience: [{ companyName: 'KPMG', fromDate: '2022-01-10', toDate: '' }],
  education: [{ institution: 'Loyola College', fromDate: '2018-06-01', toDate: '2021-04-30' }],
  certifications: [{ certification: 'CA Inter' }],
  technicalSkills: [{ skill: 'Excel' }],
  achievements: [{ achievement: 'Topped the district in class 12' }],
};

describe('interviewProfile', () => {
  it('accepts the empty profile and a full one', () => {
    expect(problems(interviewProfile, emptyInterviewProfile())).toEqual([]);
    expect(interviewProfile.parse(FULL)).toEqual(FULL);
  });

  it('trims text before checking its length', () => {
    const parsed = interviewProfile.parse(profile({ profile: `  ${'p'.repeat(100)}  `, technicalSkills: [{ skill: ' Java ' }] }));
    expect(parsed.profile).toBe('p'.repeat(100));
    expect(parsed.technicalSkills).toEqual([{ skill: 'Java' }]);
  });

  const TOP_LEVEL_TEXT = ['professionalSummary', 'profile', 'coreCompetence', 'skills'] as const;
  // Soft hyphen, zero-width space, word joiner, byte-order mark, LRM, RLM, ALM: as pasted from Word or a chat app.
  const PASTED = '\u00ad\u200b\u2060\ufeff\u200e\u200f\u061c';

  it('drops the invisible characters pasted text brings along from every text field, before the length is checked', () => {
    const pasted = (text: string) => `${PASTED} ${text.slice(0, 2)}\u00ad${text.slice(2)}\u200b `;
    const withPasted = profile({
      ...Object.fromEntries(TOP_LEVEL_TEXT.map((field) => [field, pasted(FULL[field])])),
      professionalExperience: [{ companyName: pasted('KPMG'), fromDate: '', toDate: '' }],
      education: [{ institution: pasted('Loyola College'), fromDate: '', toDate: '' }],
      certifications: [{ certification: pasted('CA Inter') }],
      technicalSkills: [{ skill: pasted('Excel') }],
      achievements: [{ achievement: pasted('Topped the district') }],
    });
    expect(interviewProfile.parse(withPasted)).toEqual({
      ...profile(Object.fromEntries(TOP_LEVEL_TEXT.map((field) => [field, FULL[field]]))),
      professionalExperience: [{ companyName: 'KPMG', fromDate: '', toDate: '' }],
      education: [{ institution: 'Loyola College', fromDate: '', toDate: '' }],
      certifications: [{ certification: 'CA Inter' }],
      technicalSkills: [{ skill: 'Excel' }],
      achievements: [{ achievement: 'Topped the district' }],
    });
    const limit = PROFILE_TEXT_LIMITS.profile;
    expect(problems(interviewProfile, profile({ profile: `${'a'.repeat(limit)}${PASTED}` }))).toEqual([]);
    // The joiners Indian scripts spell with stay.
    expect(interviewProfile.parse(profile({ profile: 'क्\u200dष' })).profile).toBe('क्\u200dष');
  });
  it.each(TOP_LEVEL_TEXT.map((field) => [field, PROFILE_TEXT_LIMITS[field]] as const))(
    '%s: %i characters pass, one more is refused',
    (field, limit) => {
      expect(problems(interviewProfile, profile({ [field]: 'a'.repeat(limit) }))).toEqual([]);
      expect(problems(interviewProfile, profile({ [field]: 'a'.repeat(limit + 1) }))).toEqual([`${field}: must be at most ${limit} characters`]);
    },
  );

  const ENTRIES = [
    ['professionalExperience', 'companyName', { fromDate: '', toDate: '' }],
    ['education', 'institution', { fromDate: '', toDate: '' }],
    ['certifications', 'certification', {}],
    ['technicalSkills', 'skill', {}],
    ['achievements', 'achievement', {}],
  ] as const;

  it.each(ENTRIES)('%s.%s: 100 characters pass, 101 are refused', (list, field, rest) => {
    const entry = (text: string) => ({ [field]: text, ...rest });
    expect(problems(interviewProfile, profile({ [list]: [entry('a'.repeat(100))] }))).toEqual([]);
    expect(problems(interviewProfile, profile({ [list]: [entry('ok'), entry('a'.repeat(101))] }))).toEqual([
      `${list}.1.${field}: must be at most 100 characters`,
    ]);
  });

  it.each(ENTRIES)('%s: 10 entries pass, 11 are refused', (list, field, rest) => {
    const entries = (n: number) => Array.from({ length: n }, (_, i) => ({ [field]: `entry ${i}`, ...rest }));
    expect(problems(interviewProfile, profile({ [list]: entries(10) }))).toEqual([]);
    expect(problems(interviewProfile, profile({ [list]: entries(11) }))).toEqual([`${list}: must have at most 10 entries`]);
  });

  it.each(ENTRIES)('%s: keeps blank entries (no required fields in the spec)', (list, field, rest) => {
    expect(problems(interviewProfile, profile({ [list]: [{ [field]: '', ...rest }] }))).toEqual([]);
  });

  it.each([
    ['experienceYears', 0, []],
    ['experienceYears', 99, []],
    ['experienceYears', 100, ['experienceYears: must be a whole number from 0 to 99']],
    ['experienceYears', -1, ['experienceYears: must be a whole number from 0 to 99']],
    ['experienceYears', 2.5, ['experienceYears: must be a whole number from 0 to 99']],
    ['experienceYears', '5', ['experienceYears: must be a whole number from 0 to 99']],
    ['experienceMonths', 0, []],
    ['experienceMonths', 11, []],
    ['experienceMonths', 12, ['experienceMonths: must be a whole number from 0 to 11']],
    ['experienceMonths', -1, ['experienceMonths: must be a whole number from 0 to 11']],
    ['experienceMonths', null, ['experienceMonths: must be a whole number from 0 to 11']],
  ])('%s = %j', (field, value, expected) => {
    expect(problems(interviewProfile, profile({ [field]: value }))).toEqual(expected);
  });

  it.each([
    ['', null],
    ['2024-02-29', null],
    ['1900-01-01', null],
    ['2100-12-31', null],
    ['2026-02-30', 'is not a real calendar date'],
    ['2023-02-29', 'is not a real calendar date'],
    ['2026-04-31', 'is not a real calendar date'],
    ['2026-13-01', 'is not a real calendar date'],
    ['2026-00-10', 'is not a real calendar date'],
    ['2026-1-5', 'must be a date written YYYY-MM-DD, or empty'],
    ['05/01/2026', 'must be a date written YYYY-MM-DD, or empty'],
    ['2026-01-05T00:00:00Z', 'must be a date written YYYY-MM-DD, or empty'],
    [' 2026-01-05', 'must be a date written YYYY-MM-DD, or empty'],
    ['1899-12-31', 'must be between 1900-01-01 and 2100-12-31'],
    ['0050-01-01', 'must be between 1900-01-01 and 2100-12-31'],
    ['2101-01-01', 'must be between 1900-01-01 and 2100-12-31'],
  ])('date %j: %s', (date, problem) => {
    expect(profileDateProblem(date)).toBe(problem);
    const expected = problem ? [`education.0.fromDate: ${problem}`] : [];
    expect(problems(interviewProfile, profile({ education: [{ institution: 'X', fromDate: date, toDate: '' }] }))).toEqual(expected);
  });

  it.each([
    ['professionalExperience', 'companyName'],
    ['education', 'institution'],
  ])('%s: refuses a fromDate after the toDate, naming toDate', (list, field) => {
    const entry = (fromDate: string, toDate: string) => ({ [field]: 'X', fromDate, toDate });
    expect(problems(interviewProfile, profile({ [list]: [entry('2020-01-01', '2021-01-01'), entry('2021-01-02', '2021-01-01')] }))).toEqual([
      `${list}.1.toDate: must not be before the From date`,
    ]);
    expect(problems(interviewProfile, profile({ [list]: [entry('2021-01-01', '2021-01-01')] }))).toEqual([]);
    expect(problems(interviewProfile, profile({ [list]: [entry('2021-01-01', '')] }))).toEqual([]);
    expect(problems(interviewProfile, profile({ [list]: [entry('', '2021-01-01')] }))).toEqual([]);
  });

  it('refuses unknown fields, at the top and in entries', () => {
    expect(problems(interviewProfile, profile({ studentId: 4 }))).toEqual([': has an unknown field: "studentId"']);
    expect(problems(interviewProfile, profile({ technicalSkills: [{ skill: 'Go', level: 3, years: 2 }] }))).toEqual([
      'technicalSkills.0: has unknown fields: "level", "years"',
    ]);
  });

  it('names every missing field and every wrong type', () => {
    const { skills: _skills, achievements: _achievements, ...rest } = FULL;
    expect(problems(interviewProfile, rest)).toEqual(['skills: is required', 'achievements: is required']);
    expect(problems(interviewProfile, profile({ skills: 5, education: {}, certifications: ['CA'] }))).toEqual([
      'skills: must be text',
      'education: must be a list',
      'certifications.0: must be an object',
    ]);
    expect(problems(interviewProfile, null)).toEqual([': must be an object']);
  });
});

const UUID = '3b241101-e2bb-4255-8caf-4136c566a962';

function session(overrides: Partial<SaveInterviewSessionBody['sessionData']> = {}, top: Record<string, unknown> = {}) {
  return {
    attemptId: UUID,
    sessionData: {
      questions: [
        { questionId: 1, question: 'Asha, please tell me about yourself.', category: 'Introduction', answer: 'I am a commerce graduate.', timestamp: 4_000, confidence: 0.9 },
        { questionId: 2, question: 'What are your strengths?', category: 'Strengths', answer: '', timestamp: 60_000 },
      ],
      transcript: [{ speaker: 'Candidate', text: 'I am a commerce graduate.', timestamp: 4_000 }],
      scores: { communication: 0.9, confidence: 0.04, relevance: 2.25, clarity: 7.5, overall: 3 },
      duration: 95_000,
      completedAt: '2026-03-01T10:15:00.000Z',
      ...overrides,
    },
    ...top,
  };
}

describe('saveInterviewSessionBody', () => {
  it('accepts a session, and its questions feed the shared scorer as they are', () => {
    const parsed = saveInterviewSessionBody.parse(session());
    expect(scoreInterview(parsed.sessionData.questions).figures.questionCount).toBe(2);
    expect(problems(saveInterviewSessionBody, session({}, { studentId: 12 }))).toEqual([]);
    expect(problems(saveInterviewSessionBody, session({ completedAt: '2026-03-01T15:45:00+05:30' }))).toEqual([]);
  });

  const question = (n: number, answer = 'ok') => ({ questionId: n, question: `Q${n}?`, category: 'Skills', answer, timestamp: n * 1000 });

  it.each([
    ['20 questions', { questions: Array.from({ length: 20 }, (_, i) => question(i + 1)) }, []],
    ['21 questions', { questions: Array.from({ length: 21 }, (_, i) => question(i + 1)) }, ['sessionData.questions: must have at most 20 questions']],
    ['no questions', { questions: [] }, ['sessionData.questions: must have at least 1 question']],
    ['an answer of 5000 characters', { questions: [question(1, 'a'.repeat(5000))] }, []],
    ['an answer of 5001 characters', { questions: [question(1, 'a'.repeat(5001))] }, ['sessionData.questions.0.answer: must be at most 5000 characters']],
    ['question ids out of order', { questions: [question(2), question(1)] }, ["sessionData.questions.1.questionId: must be greater than the previous question's questionId"]],
    ['a question id of 21', { questions: [question(21)] }, ['sessionData.questions.0.questionId: must be a whole number from 1 to 20']],
    ['a confidence above 1', { questions: [{ ...question(1), confidence: 1.2 }] }, ['sessionData.questions.0.confidence: must be at most 1']],
    ['another speaker', { transcript: [{ speaker: 'Interviewer', text: 'Hi', timestamp: 0 }] }, ['sessionData.transcript.0.speaker: must be "Candidate"']],
    ['a score above 9', { scores: { communication: 9.5, confidence: 0, relevance: 0, clarity: 0, overall: 2 } }, ['sessionData.scores.communication: must be at most 9']],
    ['a fractional overall', { scores: { communication: 1, confidence: 1, relevance: 1, clarity: 1, overall: 1.5 } }, ['sessionData.scores.overall: must be a whole number']],
    ['a duration past twice the time limit', { duration: 3_600_001 }, ['sessionData.duration: must be a whole number from 0 to 3600000']],
    ['a date that is not ISO', { completedAt: 'yesterday' }, ['sessionData.completedAt: must be an ISO date and time']],
  ])('%s', (_name, overrides, expected) => {
    expect(problems(saveInterviewSessionBody, session(overrides as Partial<SaveInterviewSessionBody['sessionData']>))).toEqual(expected);
  });

  it('needs a UUID attemptId and refuses unknown fields', () => {
    expect(problems(saveInterviewSessionBody, session({}, { attemptId: 'attempt-1' }))).toEqual(['attemptId: must be a UUID']);
    expect(problems(saveInterviewSessionBody, session({}, { audioUrl: null }))).toEqual([': has an unknown field: "audioUrl"']);
    expect(problems(saveInterviewSessionBody, session({}, { studentId: 0 }))).toEqual(['studentId: must be a student id']);
  });
});

describe('emptyInterviewProfile', () => {
  it('gives a fresh profile each time, with nothing in it', () => {
    const first = emptyInterviewProfile();
    first.achievements.push({ achievement: 'changed' });
    expect(emptyInterviewProfile().achievements).toEqual([]);
    expect(interviewProfile.parse(emptyInterviewProfile())).toEqual(emptyInterviewProfile());
  });
});

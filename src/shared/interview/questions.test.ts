import { describe, expect, it } from 'vitest';
import { emptyInterviewProfile, type InterviewProfile } from '../api/interview.js';
import { INTERVIEW_CATEGORIES, INTERVIEW_MAX_QUESTIONS, type InterviewCategory } from './constants.js';
import { cleanDetail, cutQuestions, generateInterviewQuestions, mostRecentNamed, numberQuestions, type DraftQuestion } from './questions.js';

const profile = (overrides: Partial<InterviewProfile> = {}): InterviewProfile => ({ ...emptyInterviewProfile(), ...overrides });

const INTRODUCTION: InterviewCategory[] = ['Introduction', 'Strengths', 'Weaknesses', 'Motivation', 'Career Goals'];
const CLOSING: InterviewCategory[] = ['Questions', 'Closing'];

const FULL = profile({
  experienceYears: 3,
  experienceMonths: 4,
  skills: 'Python, SQL, data analysis',
  coreCompetence: 'Problem solving',
  technicalSkills: [{ skill: 'React' }, { skill: 'Node.js' }],
  education: [{ institution: 'Anna University', fromDate: '2015-06-01', toDate: '2019-05-31' }],
  achievements: [{ achievement: 'Won the state coding contest' }, { achievement: 'Employee of the month' }],
  professionalExperience: [{ companyName: 'Infosys', fromDate: '2019-07-01', toDate: '2022-01-31' }],
});

const categories = (p: InterviewProfile) => generateInterviewQuestions(p, 'Asha').map((q) => q.category);
const texts = (p: InterviewProfile) => generateInterviewQuestions(p, 'Asha').map((q) => q.question);

describe('generateInterviewQuestions', () => {
  it('asks only the 5 introduction and 2 closing questions for an empty profile', () => {
    const questions = generateInterviewQuestions(emptyInterviewProfile(), 'Asha');
    expect(questions.map((q) => q.category)).toEqual([...INTRODUCTION, ...CLOSING]);
    expect(questions.map((q) => q.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(questions[0]?.question).toBe('Asha, please tell me about yourself.');
  });

  it('asks every group, in the fixed order, for a full profile: exactly 20 questions', () => {
    const questions = generateInterviewQuestions(FULL, 'Asha');
    expect(questions).toHaveLength(INTERVIEW_MAX_QUESTIONS);
    expect(questions.map((q) => q.id)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(questions.map((q) => q.category)).toEqual([
      ...INTRODUCTION,
      'Experience', 'Projects', 'Pressure',
      'Skills', 'Learning',
      'Competence', 'Leadership',
      'Technical', 'Technical',
      'Education', 'Learning',
      'Achievements', 'Success',
      ...CLOSING,
    ]);
    for (const q of questions) {
      expect(INTERVIEW_CATEGORIES).toContain(q.category);
      expect(q.question.trim()).toBe(q.question);
      expect(q.question).toMatch(/[.?]$/);
    }
    expect(new Set(questions.map((q) => q.question)).size).toBe(20);
  });

  type GroupCase = [group: string, overrides: Partial<InterviewProfile>, expected: InterviewCategory[], detail: string];
  it.each<GroupCase>([
    ['experience (entry)', { professionalExperience: [{ companyName: 'Infosys', fromDate: '', toDate: '' }] }, ['Experience', 'Projects', 'Pressure'], 'Infosys'],
    ['experience (years)', { experienceYears: 2 }, ['Experience', 'Projects', 'Pressure'], '2 years'],
    ['skills', { skills: 'Excel, teamwork' }, ['Skills', 'Learning'], 'Excel, teamwork'],
    ['core competence', { coreCompetence: 'Customer service' }, ['Competence', 'Leadership'], 'Customer service'],
    ['technical skill', { technicalSkills: [{ skill: 'Java' }] }, ['Technical', 'Technical'], 'Java'],
    ['education', { education: [{ institution: 'Delhi University', fromDate: '', toDate: '' }] }, ['Education', 'Learning'], 'Delhi University'],
    ['achievements', { achievements: [{ achievement: 'Best debater 2022' }] }, ['Achievements', 'Success'], 'Best debater 2022'],
  ])('asks the %s group alone, each question naming the detail', (_group, overrides, expected, detail) => {
    const questions = generateInterviewQuestions(profile(overrides), 'Asha');
    expect(questions.map((q) => q.category)).toEqual([...INTRODUCTION, ...expected, ...CLOSING]);
    const group = questions.slice(INTRODUCTION.length, INTRODUCTION.length + expected.length);
    for (const q of group) expect(q.question).toContain(detail);
    expect(questions.map((q) => q.id)).toEqual(questions.map((_, i) => i + 1));
  });

  it.each<[string, Partial<InterviewProfile>, boolean]>([
    ['years 0, no entries', { experienceYears: 0 }, false],
    ['years 0, months 6, no entries (months alone do not count)', { experienceYears: 0, experienceMonths: 6 }, false],
    ['years 0 with an entry', { experienceYears: 0, professionalExperience: [{ companyName: 'Wipro', fromDate: '', toDate: '' }] }, true],
    ['years 1, no entries', { experienceYears: 1 }, true],
    ['years 0 with only a blank entry', { professionalExperience: [{ companyName: '   ', fromDate: '2020-01-01', toDate: '' }] }, false],
  ])('experience group with %s: %s', (_name, overrides, asked) => {
    expect(categories(profile(overrides)).includes('Experience')).toBe(asked);
  });

  it.each<[number, number, string]>([
    [1, 0, 'You have 1 year of work experience.'],
    [1, 1, 'You have 1 year and 1 month of work experience.'],
    [5, 11, 'You have 5 years and 11 months of work experience.'],
  ])('names the experience as %i years %i months when there is no company', (experienceYears, experienceMonths, start) => {
    const questions = texts(profile({ experienceYears, experienceMonths }));
    expect(questions[5]).toMatch(new RegExp(`^${start}`));
  });

  it('prefers the company name over the years when both are given', () => {
    const questions = texts(profile({ experienceYears: 4, professionalExperience: [{ companyName: 'Zoho', fromDate: '', toDate: '' }] }));
    expect(questions.slice(5, 8).every((q) => q.includes('Zoho') && !q.includes('4 years'))).toBe(true);
  });

  it('treats blank and white-space-only fields as absent', () => {
    const blank = profile({
      skills: '   ',
      coreCompetence: '\n\t',
      technicalSkills: [{ skill: '  ' }],
      education: [{ institution: '', fromDate: '2015-01-01', toDate: '2019-01-01' }],
      achievements: [{ achievement: ' ' }],
      professionalExperience: [{ companyName: ' ', fromDate: '', toDate: '' }],
    });
    expect(categories(blank)).toEqual([...INTRODUCTION, ...CLOSING]);
  });

  it('names the first technical skill and first achievement that are not blank', () => {
    const questions = texts(
      profile({
        technicalSkills: [{ skill: ' ' }, { skill: 'Docker' }, { skill: 'Kubernetes' }],
        achievements: [{ achievement: '' }, { achievement: 'Dean’s list' }, { achievement: 'Hackathon winner' }],
      }),
    );
    expect(questions.filter((q) => q.includes('Docker'))).toHaveLength(2);
    expect(questions.some((q) => q.includes('Kubernetes'))).toBe(false);
    expect(questions.filter((q) => q.includes('Dean’s list'))).toHaveLength(2);
    expect(questions.some((q) => q.includes('Hackathon'))).toBe(false);
  });

  it('names the most recent company and institution', () => {
    const questions = texts(
      profile({
        professionalExperience: [
          { companyName: 'Old Corp', fromDate: '2015-01-01', toDate: '2017-01-01' },
          { companyName: 'Current Ltd', fromDate: '2020-01-01', toDate: '' },
          { companyName: 'Middle Inc', fromDate: '2017-02-01', toDate: '2019-12-31' },
        ],
        education: [
          { institution: 'City School', fromDate: '2005-06-01', toDate: '2011-04-30' },
          { institution: 'State College', fromDate: '2011-06-01', toDate: '2014-04-30' },
        ],
      }),
    );
    expect(questions.filter((q) => q.includes('Current Ltd'))).toHaveLength(3);
    expect(questions.filter((q) => q.includes('State College'))).toHaveLength(2);
    expect(questions.some((q) => /Old Corp|Middle Inc|City School/.test(q))).toBe(false);
  });

  it('trims, collapses white space, drops trailing punctuation and caps inserted text', () => {
    const longSkill = `${'x'.repeat(99)}yz`;
    const questions = texts(
      profile({
        coreCompetence: '  Data\n  analysis.  ',
        technicalSkills: [{ skill: longSkill }],
      }),
    );
    expect(questions[5]).toBe('Your core competence is Data analysis. Can you give an example of putting it to work?');
    expect(questions[7]).toContain(`${'x'.repeat(99)}y,`);
    expect(questions[7]).not.toContain('yz');
  });

  it.each([
    ['  Asha  Kumar ', 'Asha Kumar, please tell me about yourself.'],
    ['', 'Please tell me about yourself.'],
    ['   ', 'Please tell me about yourself.'],
  ])('greets the student %j in the first question', (name, expected) => {
    expect(generateInterviewQuestions(emptyInterviewProfile(), name)[0]?.question).toBe(expected);
  });

  it('is deterministic', () => {
    expect(generateInterviewQuestions(FULL, 'Asha')).toEqual(generateInterviewQuestions(FULL, 'Asha'));
  });
});

describe('cutQuestions', () => {
  const draft = (n: number, category: InterviewCategory = 'Skills'): DraftQuestion => ({ question: `Q${n}?`, category });
  const body = Array.from({ length: 25 }, (_, i) => draft(i + 1));
  const closing = [draft(100, 'Questions'), draft(101, 'Closing')];

  it('cuts a long list to 20, dropping the tail of the body and keeping the closing questions last', () => {
    const cut = cutQuestions(body, closing);
    expect(cut).toHaveLength(20);
    expect(cut.slice(0, 18)).toEqual(body.slice(0, 18));
    expect(cut.slice(18)).toEqual(closing);
    const numbered = numberQuestions(cut);
    expect(numbered.map((q) => q.id)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(numbered.at(-1)).toEqual({ id: 20, question: 'Q101?', category: 'Closing' });
  });

  it('keeps a list at or under the maximum whole', () => {
    expect(cutQuestions(body.slice(0, 18), closing)).toEqual([...body.slice(0, 18), ...closing]);
    expect(cutQuestions(body.slice(0, 3), closing)).toEqual([...body.slice(0, 3), ...closing]);
  });

  it.each([
    [3, ['Q1?', 'Q100?', 'Q101?']],
    [2, ['Q100?', 'Q101?']],
    [1, ['Q100?']],
    [0, []],
  ])('with a maximum of %i', (max, expected) => {
    expect(cutQuestions(body, closing, max).map((q) => q.question)).toEqual(expected);
  });
});

describe('mostRecentNamed', () => {
  const name = (entry: { companyName: string }) => entry.companyName;
  const entry = (companyName: string, fromDate: string, toDate: string) => ({ companyName, fromDate, toDate });

  it.each([
    ['an empty toDate (present) beats any date', [entry('A', '2010-01-01', '2030-01-01'), entry('B', '2005-01-01', '')], 'B'],
    ['the later toDate', [entry('A', '2010-01-01', '2012-01-01'), entry('B', '2008-01-01', '2013-01-01')], 'B'],
    ['the later fromDate on equal toDates', [entry('A', '2010-01-01', '2015-01-01'), entry('B', '2012-01-01', '2015-01-01')], 'B'],
    ['list order on a full tie', [entry('A', '', ''), entry('B', '', '')], 'A'],
    ['skipping blank names', [entry(' ', '2020-01-01', ''), entry('B', '2000-01-01', '2001-01-01')], 'B'],
    ['nothing when all are blank', [entry('', '', '')], ''],
    ['nothing for no entries', [], ''],
  ])('picks %s', (_case, entries, expected) => {
    expect(mostRecentNamed(entries, name, 100)).toBe(expected);
  });
});

describe('cleanDetail', () => {
  it.each([
    [null, 10, ''],
    [undefined, 10, ''],
    ['  a \n b  ', 10, 'a b'],
    ['abcdefghijkl', 5, 'abcde'],
    ['abcd efgh', 5, 'abcd'],
    ['Done!!!', 10, 'Done'],
    ['C++', 10, 'C++'],
    ['ab😀', 3, 'ab'],
  ])('%j capped at %i gives %j', (text, max, expected) => {
    expect(cleanDetail(text, max)).toBe(expected);
  });
});

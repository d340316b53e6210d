import { describe, expect, it } from 'vitest';
import { emptyInterviewProfile, type InterviewProfile } from '../api/interview.js';
import { INTERVIEW_CATEGORIES, INTERVIEW_MAX_QUESTIONS, type InterviewCategory } from './constants.js';
import {
  cutQuestions,
  generateInterviewQuestions,
  numberQuestions,
  type DraftQuestion,
} from './questions.js';
import { cleanDetail, joinList, listItems, mostRecentEntry, studentWords } from './profile-text.js';

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
    ['skills', { skills: 'Excel, teamwork' }, ['Skills', 'Learning'], 'Excel and teamwork'],
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
    expect(questions[5]).toBe('You described your core competence as "Data analysis". Can you give an example of putting it to work?');
    expect(questions[7]).toContain(`"${'x'.repeat(99)}y"`);
    expect(questions[7]).not.toContain('yz');
  });

  it('quotes a core competence as the student\'s words, however it was typed', () => {
    const questions = texts(profile({ coreCompetence: 'i am good at sales.' }));
    expect(questions.slice(5, 7)).toEqual([
      'You described your core competence as "I am good at sales". Can you give an example of putting it to work?',
      'How have you used your core competence, "I am good at sales", to lead or support a team?',
    ]);
  });

  it('quotes a technical skill and an achievement as the student\'s words, keeping a skill\'s own case', () => {
    const questions = texts(profile({ technicalSkills: [{ skill: 'npm' }], achievements: [{ achievement: 'i won the "best intern" award!' }] }));
    expect(questions.slice(5, 9)).toEqual([
      'You listed "npm" as a technical skill. How would you rate your knowledge of it, and how have you used it in your work?',
      'Describe a difficult problem you solved with your technical skill, "npm". What steps did you take?',
      'You mentioned this achievement: "I won the \'best intern\' award". How did you accomplish it?',
      'Looking back on "I won the \'best intern\' award", what did it teach you about success, and how do you measure success today?',
    ]);
  });

  it('asks about a current job in the present tense and a past one in the past tense', () => {
    const current = texts(profile({ professionalExperience: [{ companyName: 'Apollo Hospitals', fromDate: '2021-01-01', toDate: '' }] }));
    expect(current.slice(5, 8)).toEqual([
      'Tell me about your work at Apollo Hospitals. What are your main responsibilities there?',
      'Describe a project at Apollo Hospitals that you are proud of. What was your part in it?',
      'Tell me about a time at Apollo Hospitals when you worked under pressure. How did you handle it?',
    ]);
    const past = texts(profile({ professionalExperience: [{ companyName: 'Apollo Hospitals', fromDate: '2019-01-01', toDate: '2021-01-01' }] }));
    expect(past[5]).toBe('Tell me about your work at Apollo Hospitals. What were your main responsibilities there?');
  });

  it('asks about years of experience alone in words that fit a current or a past job', () => {
    expect(texts(profile({ experienceYears: 3 })).slice(5, 8)).toEqual([
      'You have 3 years of work experience. What have your main responsibilities been?',
      'In your 3 years of work, which project are you most proud of, and what was your part in it?',
      'Tell me about a time in your 3 years of work when you worked under pressure. How did you handle it?',
    ]);
  });

  it('asks about a current course of study in the present tense', () => {
    const questions = texts(profile({ education: [{ institution: 'Delhi University', fromDate: '2023-07-01', toDate: '' }] }));
    expect(questions.slice(5, 7)).toEqual([
      'What are you studying at Delhi University, and how is it preparing you for the work you want to do?',
      'What is the most valuable lesson you have learned at Delhi University outside the classroom?',
    ]);
  });

  it('joins a skills list with "and", keeping the student\'s case', () => {
    expect(texts(profile({ skills: 'communication, teamwork, excel' })).slice(5, 7)).toEqual([
      'You listed these skills: communication, teamwork and excel. Which of them is your strongest, and how have you used it?',
      'Beyond communication, teamwork and excel, which new skill are you learning right now, and how are you going about it?',
    ]);
  });

  it('quotes a skills text that is one item, as it may be a sentence', () => {
    expect(texts(profile({ skills: 'i am good with people.' })).slice(5, 7)).toEqual([
      'You described your skills as "I am good with people". How have you put them to use in your work?',
      'Beyond "I am good with people", which new skill are you learning right now, and how are you going about it?',
    ]);
  });

  it('asks about a technical skill in words that fit any field', () => {
    const technical = texts(profile({ technicalSkills: [{ skill: 'Patient monitoring' }] })).slice(5, 7);
    expect(technical.join(' ')).not.toMatch(/\bbuilt\b/);
    expect(technical[0]).toContain('how have you used it in your work?');
  });

  it('presumes no target role, as the profile names none', () => {
    for (const question of texts(FULL)) expect(question).not.toMatch(/\b(?:this|the) (?:role|job|position)\b/i);
    expect(texts(FULL)[14]).toBe('What did you study at Anna University, and how has it prepared you for the work you want to do?');
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

describe('mostRecentEntry: which job or course a question names', () => {
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
    expect(mostRecentEntry(entries, name, 100)?.name ?? '').toBe(expected);
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

describe('listItems and joinList', () => {
  it.each([
    ['communication, teamwork, excel', 'communication, teamwork and excel'],
    ['Excel', 'Excel'],
    ['a; b\nc', 'a, b and c'],
    ['a, b, and c', 'a, b and c'],
    ['Sales, research and development', 'Sales, research and development'],
    ['- Nursing care\n- first aid\n- i can lift patients safely', 'Nursing care, first aid and I can lift patients safely'],
    ['1. Typing\n2. Filing', 'Typing and Filing'],
    ['typing 1,000 words an hour, filing', 'typing 1,000 words an hour and filing'],
    ['communication, teamwork, etc.', 'communication and teamwork'],
    ['iOS, wi-fi setup, i.e. networks', 'iOS, wi-fi setup and i.e. networks'],
    [' , ;\n', ''],
  ])('%j is spoken as %j', (text, expected) => {
    expect(joinList(listItems(text, 200))).toBe(expected);
  });
});

describe('studentWords', () => {
  it.each<[string, boolean, string]>([
    ['i am good at sales.', true, 'I am good at sales'],
    ["i'm calm under pressure", true, "I'm calm under pressure"],
    ['"Problem solving"', true, 'Problem solving'],
    ['the "go-to" person', true, "The 'go-to' person"],
    ['iOS development', true, 'iOS development'],
    ['npm', false, 'npm'],
    ['""', true, ''],
  ])('%j (sentence case %s) gives %j', (text, sentenceCase, expected) => {
    expect(studentWords(text, 100, sentenceCase)).toBe(expected);
  });
});

describe('mostRecentEntry', () => {
  it('says whether the most recent entry is still going on', () => {
    const name = (entry: { companyName: string }) => entry.companyName;
    expect(mostRecentEntry([{ companyName: 'A', fromDate: '2020-01-01', toDate: '' }], name, 100)).toEqual({ name: 'A', current: true });
    expect(mostRecentEntry([{ companyName: 'A', fromDate: '2020-01-01', toDate: '2021-01-01' }], name, 100)).toEqual({ name: 'A', current: false });
    expect(mostRecentEntry([{ companyName: ' ', fromDate: '', toDate: '' }], name, 100)).toBeUndefined();
  });
});

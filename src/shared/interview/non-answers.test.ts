import { describe, expect, it } from 'vitest';
import { seededRandom } from '../seeded-random.js';
import { FILLERS_ONLY_REASON, NOT_ENGLISH_REASON, QUESTION_ECHO_REASON, REPETITION_REASON, WORD_LIST_REASON } from '../speaking-test/non-answers.js';
import type { InterviewCategory } from './constants.js';
import { scoreInterview, type ScoringAnswer } from './scoring.js';

/*
 * The interview's answers are judged as the speaking test's are (decision 0018): only fillers, not
 * in English, the question read back, a repeat of an earlier answer or a list of words (decision
 * 0059) is not an answer. It is left
 * out of every figure, listed with its reason, and an interview most of whose answers were not
 * answers gets no scores. The speaking test's off-topic rule is not applied: relevance scores that.
 */

const QUESTIONS: ReadonlyArray<{ category: InterviewCategory; question: string }> = [
  { category: 'Introduction', question: 'Priya, please tell me about yourself.' },
  { category: 'Strengths', question: 'What would you say are your greatest strengths, and how have they helped you?' },
  { category: 'Weaknesses', question: 'What is one weakness you are working on, and what are you doing to improve it?' },
  { category: 'Motivation', question: 'Why are you interested in this role, and what motivates you in your work?' },
  { category: 'Experience', question: 'Tell me about your work at Infosys. What were your main responsibilities there?' },
  { category: 'Projects', question: 'Describe a project at Infosys that you are proud of. What was your part in it?' },
  { category: 'Technical', question: 'How would you rate your knowledge of Python, and what have you built or done with it?' },
  { category: 'Closing', question: 'Is there anything else you would like us to know about you before we finish?' },
];

const REAL_ANSWERS = [
  'I am Priya, I finished my engineering degree in computer science in Chennai, and for the last two years I have worked as a software developer at Infosys.',
  'I think my biggest strength is patience. When a test fails I do not panic, I read the logs carefully, and that has helped me fix problems that other people gave up on.',
  'Sometimes I find it hard to say no when people ask for help, so my own work gets delayed. Now I write down my tasks every morning and I agree a time with my colleagues.',
  'I like building things that people actually use every day. This role would let me work closer to the customers, and that motivates me much more than internal tools.',
  'At Infosys I maintained the billing service for a bank. I fixed bugs, wrote unit tests, and every Friday I joined the call with the client to plan the next release.',
  'We moved the monthly reports from spreadsheets to a small web application. I wrote the data import and the charts, and the team saved about two days every month.',
  'I would say my Python is good. I built scripts that clean our data files, a small Flask service for the reports, and I automated our deployment checks with it.',
  'Yes, I am also learning German in the evenings because our biggest client is in Munich, and I would really enjoy working with them directly in the future.',
];

const interview = (answers: readonly string[]): ScoringAnswer[] => answers.map((answer, i) => ({ ...QUESTIONS[i % QUESTIONS.length]!, answer }));

/** Strings of letters that are no words: what the attacker sent, long enough for confidence 9. */
function randomStrings(seed: number, words: number): string {
  const random = seededRandom(seed);
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  return Array.from({ length: words }, () => Array.from({ length: 3 + Math.floor(random() * 6) }, () => letters[Math.floor(random() * 26)]).join('')).join(' ');
}

const HINDI = 'मैंने इंफोसिस में दो साल तक सॉफ्टवेयर डेवलपर के रूप में काम किया और बैंक के बिलिंग सिस्टम की देखभाल की';
const SPANISH = 'Trabajé dos años en Infosys como desarrolladora, mantenía el sistema de facturación de un banco y escribía pruebas cada semana';
const MEMORISED =
  'In today’s competitive world, I strongly believe that hard work, dedication and continuous learning are the keys to success, and I always give my best to every task that is assigned to me by my seniors.';

describe('scoreInterview: answers that are not answers', () => {
  it('gives random strings no scores (they scored overall 5, confidence 9)', () => {
    const report = scoreInterview(interview(QUESTIONS.map((_, i) => randomStrings(i + 1, 150))));
    expect(report.assessable).toBe(false);
    expect(report.nonAnswers.map((item) => item.kind)).toEqual(Array(8).fill('not-english'));
    expect(report.reason).toBe(
      'Most answers were not in English, so no scores are given: only 0 of the 8 questions had a real answer (8 answers were not counted), too few to show how you speak. Answer each question in your own words, then try the interview again.',
    );
  });

  it.each([
    ['Hindi', HINDI],
    ['Spanish', SPANISH],
  ])('gives an interview answered in %s no scores, each answer not counted as not in English', (_, text) => {
    const report = scoreInterview(interview(QUESTIONS.map(() => text)));
    expect(report.assessable).toBe(false);
    expect(report.nonAnswers[0]).toEqual({ questionNumber: 1, kind: 'not-english', reason: NOT_ENGLISH_REASON, wordCount: report.nonAnswers[0]?.wordCount });
    expect(report.reason).toMatch(/^Most answers were not in English/);
  });

  it('gives filler-only answers no scores', () => {
    const report = scoreInterview(interview(QUESTIONS.map(() => 'um uh you know er like um')));
    expect(report.assessable).toBe(false);
    expect(report.nonAnswers.map((item) => item.reason)).toEqual(Array(8).fill(FILLERS_ONLY_REASON));
  });

  it('gives the questions read back no scores', () => {
    const report = scoreInterview(interview(QUESTIONS.map((item) => `Um, ${item.question} ${item.question}`)));
    expect(report.assessable).toBe(false);
    expect(report.nonAnswers.map((item) => item.reason)).toEqual(Array(8).fill(QUESTION_ECHO_REASON));
    expect(report.figures.relevance.every((item) => item.score === 0)).toBe(true);
  });

  it('gives one paragraph said to every question no scores: the first counts, the repeats do not', () => {
    const once = scoreInterview(interview(QUESTIONS.map(() => MEMORISED)));
    expect(once.nonAnswers.map((item) => [item.questionNumber, item.reason])).toEqual(QUESTIONS.slice(1).map((_, i) => [i + 2, REPETITION_REASON]));
    expect(once.assessable).toBe(false);
    expect(once.reason).toMatch(/^Most answers were repeated sentences, so no scores are given: only 1 of the 8 questions had a real answer \(7 answers were not counted\)/);
  });

  it("gives lists of topic words no scores (each scored relevance 9, overall 4 beside an honest middle learner's 4)", () => {
    const lists = [
      'Priya engineer Chennai software developer Infosys two years computer science degree background career',
      'Strength patience problem solving communication teamwork leadership reliable hardworking dedicated result positive',
      'Weakness improve improvement overcome challenge practice feedback better habit confidence public speaking',
      'Interest passion motivation opportunity growth learn contribute impact goal career company team',
      'Infosys responsibilities billing service bank bugs unit tests client calls release planning team',
      'Project Infosys proud reports spreadsheets web application data import charts team saved days',
      'Python knowledge good scripts data files Flask service reports automated deployment checks tools',
      'Thank opportunity interested excited role company team contribute skill experience strength German',
    ];
    const report = scoreInterview(interview(lists));
    expect(report.nonAnswers.map((item) => [item.kind, item.reason])).toEqual(Array(8).fill(['word-list', WORD_LIST_REASON]));
    expect(report.assessable).toBe(false);
    expect(report.reason).toMatch(/^Most answers were lists of words, so no scores are given: only 0 of the 8 questions had a real answer/);
    expect(report.figures.relevance.every((item) => item.score === 0)).toBe(true);
  });

  it('counts short lists and answers that list things in sentences', () => {
    const answers = [...REAL_ANSWERS];
    // Eleven words: under the length at which a list is judged.
    answers[1] = 'Patience, teamwork, communication, leadership, reliability, creativity, honesty, punctuality, flexibility, empathy, discipline.';
    // Lists said in a sentence: "my", "are" and "and" are function words (3 of 14), "I" and "and" (2 of 12).
    answers[2] = 'My weaknesses are impatience, perfectionism, shyness, procrastination, overthinking, stubbornness, forgetfulness, disorganisation and nervousness.';
    answers[6] = 'I used Python scripts, Flask services, charts, reports, deployment checks and data cleaning.';
    const report = scoreInterview(interview(answers));
    expect(report.nonAnswers).toEqual([]);
    expect(report.figures.relevance[2]?.score).toBeGreaterThan(0);
  });

  it('leaves a non-answer out of every figure and lists it; the rest score as before', () => {
    const mixed = [...REAL_ANSWERS];
    mixed[2] = 'um uh, you know, um';
    mixed[5] = REAL_ANSWERS[4]!;
    const report = scoreInterview(interview(mixed));
    expect(report.assessable).toBe(true);
    expect(report.nonAnswers).toEqual([
      { questionNumber: 3, kind: 'fillers-only', reason: FILLERS_ONLY_REASON, wordCount: 5 },
      { questionNumber: 6, kind: 'repetition', reason: REPETITION_REASON, wordCount: 31 },
    ]);
    const silent = [...mixed];
    silent[2] = '';
    silent[5] = '';
    // Scored as if nothing had been said to those two questions.
    const unsaid = scoreInterview(interview(silent));
    expect(report.scores).toEqual(unsaid.scores);
    expect(report.figures).toEqual(unsaid.figures);
    expect(report.figures.answeredCount).toBe(6);
    expect(report.figures.relevance[5]).toMatchObject({ wordCount: 0, score: 0, matchedWords: [] });
  });

  it('does not apply the off-topic rule: an unrelated answer counts, and relevance scores it', () => {
    const answers = [...REAL_ANSWERS];
    answers[1] = 'My sister is getting married next month in Madurai, and the whole family is busy with the preparations.';
    const report = scoreInterview(interview(answers));
    expect(report.nonAnswers).toEqual([]);
    expect(report.figures.relevance[1]?.score).toBe(0);
  });

  it('counts realistic answers: none listed, the scores unchanged', () => {
    const report = scoreInterview(interview(REAL_ANSWERS));
    expect(report).toMatchObject({ assessable: true, reason: null, nonAnswers: [] });
    expect(report.figures.totalWords).toBe(REAL_ANSWERS.join(' ').split(/\s+/).length);
    expect(report.scores).toEqual(PINNED_REAL_SCORES);
  });
});

/**
 * What the realistic interview scored before the answers were judged (under today's fitted model:
 * coefficients.ts), confidence as decision 0072 counts it (the spec's total gave 2.187, overall 4).
 */
const PINNED_REAL_SCORES = { communication: 3.3486891720502414, confidence: 5.4675, relevance: 4.78125, clarity: 5.9496927822653864, overall: 5 };

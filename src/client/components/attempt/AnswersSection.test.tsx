import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { AttemptDetail, IeltsAnswer, InterviewAnswer } from '../../../shared/api/admin-attempts';
import { NO_RESPONSE_TEXT, NOT_TRANSCRIBED_TEXT } from '../../../shared/interview/answer-texts';
import { AnswersSection, interviewAnswerFacts } from './AnswersSection';
import type { FigureAudience } from './recording-figures';

const answer = { questionId: 2, question: 'What are your strengths?', category: 'Strengths', answer: 'I plan my work.', timestamp: 49_100 };

describe("an interview answer's facts", () => {
  it("say which clock each time is on: the interview's, and the recording's when the answer was placed on it", () => {
    expect(interviewAnswerFacts({ ...answer, recording: { startMs: 25_400, endMs: 40_900 } }, { score: 6.5, matchedWords: ['plan'] })).toEqual([
      'at 0:49 of the interview',
      'on the recording 0:25\u2060–\u20600:40',
      'relevance 6.5 of 9 (matched: plan)',
    ]);
  });

  it('give no recording time for an interview saved before answers were placed on it, or without a recording', () => {
    expect(interviewAnswerFacts({ ...answer, timestamp: null }, undefined)).toEqual([]);
    expect(interviewAnswerFacts(answer, undefined)).toEqual(['at 0:49 of the interview']);
  });

  it('name the stock phrases whose words relevance did not count (decision 0072)', () => {
    expect(interviewAnswerFacts(answer, { score: 2.3, matchedWords: ['strength'], stockPhrases: ['hardworking', 'team player'] })).toEqual([
      'at 0:49 of the interview',
      'relevance 2.3 of 9 (matched: strength)',
      'stock phrases, not counted: hardworking, team player',
    ]);
  });
});

/* The answers as the student (their attempt's page) and the teacher (the review page) read them. */

const ielts = (question: string, fields: Partial<IeltsAnswer> = {}): IeltsAnswer => ({
  part: 1,
  questionNumber: 1,
  question,
  answer: '',
  cueCard: null,
  responseTimeMs: 1100,
  speakingTimeMs: 9000,
  ...fields,
});

/** A speaking test taken in Firefox: every answer's text empty, the timings measured, one question asked again, Part 2's notes. */
const FIREFOX_TEST_ANSWERS: IeltsAnswer[] = [
  ielts('Where did you grow up?'),
  ielts('Do you work or study?', { questionNumber: 2, repeated: true }),
  ielts('Describe a journey you remember well.', { part: 2, notes: 'mountains - train - family', speakingTimeMs: 95_000 }),
];

/** Only what the section reads: the rest of the detail does not matter here. */
const testDetail = (fields: Partial<Extract<AttemptDetail, { kind: 'ielts' }>> = {}): AttemptDetail =>
  ({ kind: 'ielts', demo: false, answers: FIREFOX_TEST_ANSWERS, analysis: null, noTranscript: true, noRecording: false, ...fields }) as AttemptDetail;

const interviewAnswer = (questionId: number, text: string): InterviewAnswer => ({ questionId, question: `Question ${questionId}?`, category: 'Introduction', answer: text, timestamp: questionId * 60_000 });
const FIREFOX_INTERVIEW_ANSWERS = [interviewAnswer(1, NOT_TRANSCRIBED_TEXT), interviewAnswer(2, NOT_TRANSCRIBED_TEXT), interviewAnswer(3, NO_RESPONSE_TEXT)];
const relevance = { question: 'Question?', category: null, wordCount: 0, score: 0, matchedWords: [], referenceTermCount: 4 };
const interviewDetail = (fields: Partial<Extract<AttemptDetail, { kind: 'interview' }>> = {}): AttemptDetail =>
  ({
    kind: 'interview',
    answers: FIREFOX_INTERVIEW_ANSWERS,
    analysis: { figures: { relevance: [relevance, relevance, relevance] } },
    noTranscript: true,
    noRecording: false,
    ...fields,
  }) as AttemptDetail;

const textOf = (detail: AttemptDetail, audience: FigureAudience) =>
  renderToStaticMarkup(
    <MantineProvider>
      <AnswersSection detail={detail} audience={audience} />
    </MantineProvider>,
  )
    .replace(/<style[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, '\n')
    .replace(/&#x27;|&#39;/g, "'");

const count = (text: string, line: string) => text.split('\n').filter((each) => each === line).length;

describe('AnswersSection', () => {
  it('a test without a transcript: each answer was recorded, not transcribed, not "no answer was recognised"', () => {
    for (const audience of ['student', 'teacher'] as const) {
      const text = textOf(testDetail(), audience);
      expect(count(text, 'Recorded, not transcribed.'), audience).toBe(3);
      expect(text).not.toContain('No answer was recognised');
      // No marks to count in no words: no "0 fillers", and no key to marks that are not there.
      expect(text).not.toMatch(/fillers?|grammar mistakes?|less common words?/i);
      expect(text).toContain('began after 1.1 s · spoke for 9.0 s');
    }
    // The device's recorder gave nothing, as the results said it.
    expect(count(textOf(testDetail({ noRecording: true }), 'student'), 'Not transcribed, and no recording was made.')).toBe(3);
  });

  it('a transcribed test with an empty answer: nothing was recognised in it, as before', () => {
    const text = textOf(testDetail({ noTranscript: false, answers: [ielts('Where did you grow up?'), ielts('Do you work or study?', { questionNumber: 2, answer: 'I study law at the university.' })] }), 'student');
    expect(count(text, 'No answer was recognised.')).toBe(1);
    expect(text).not.toContain('Recorded, not transcribed');
    expect(text).toContain('0 fillers · 0 grammar mistakes');
  });

  it('speaks to the student about what they did, and to the teacher about the student', () => {
    const student = textOf(testDetail(), 'student');
    expect(student).toContain('You asked to hear this question again; the examiner repeated it.');
    expect(student).toContain('Your notes');
    expect(student).not.toMatch(/the student/i);
    const teacher = textOf(testDetail(), 'teacher');
    expect(teacher).toContain('The student asked to hear this question again; the examiner repeated it.');
    expect(teacher).toContain("The student's notes");
  });

  it('an interview without a transcript: its placeholders as they are, a silent answer as not heard, no relevance or counts', () => {
    for (const audience of ['student', 'teacher'] as const) {
      const text = textOf(interviewDetail(), audience);
      expect(count(text, NOT_TRANSCRIBED_TEXT), audience).toBe(2);
      expect(count(text, 'No answer was heard.'), audience).toBe(1);
      expect(text).not.toContain('No answer was recognised');
      expect(text).not.toMatch(/relevance \d/);
      // The placeholder's own words ("transcribed") are not the student's: nothing is counted or keyed.
      expect(text).not.toMatch(/fillers?|grammar mistakes?|less common words?/i);
      expect(text).toContain('at 1:00 of the interview');
    }
  });

  it('a transcribed interview keeps each answer\'s relevance, and "no answer was recognised" for a silent one', () => {
    const text = textOf(interviewDetail({ noTranscript: false, answers: [interviewAnswer(1, 'I plan my work carefully every day.'), interviewAnswer(2, NO_RESPONSE_TEXT)] }), 'teacher');
    expect(text.match(/relevance 0\.0 of 9/g)).toHaveLength(2);
    expect(count(text, 'No answer was recognised.')).toBe(1);
    expect(text).toContain('Filler (um, uh, er');
  });

  it('marks no word of an answer that was not counted as less common: romaji is not rare English', () => {
    const romaji = 'watashi wa osaka ni sunde imasu shigoto wa kaishain desu';
    const detail = testDetail({
      noTranscript: false,
      answers: [ielts('Where do you live?', { answer: romaji }), ielts('Do you work or study?', { questionNumber: 2, answer: 'I work as a pharmacist in a hospital.' })],
      analysis: { nonAnswers: [{ part: 1, questionNumber: 1, kind: 'not-english', reason: 'This answer does not seem to be in English, so it cannot be assessed.', wordCount: 10 }] },
    } as Partial<Extract<AttemptDetail, { kind: 'ielts' }>>);
    const markup = renderToStaticMarkup(
      <MantineProvider>
        <AnswersSection detail={detail} audience="student" />
      </MantineProvider>,
    );
    const marked = [...markup.matchAll(/data-kind="rare">([^<]+)</g)].map((match) => match[1]);
    // The counted answer's less common word is still marked; none of the romaji answer's words is.
    expect(marked).toEqual(['pharmacist']);
    const facts = textOf(detail, 'student').split('\n').filter((line) => line.includes('spoke for'));
    expect(facts).toEqual(['began after 1.1 s · spoke for 9.0 s · 0 fillers · 0 grammar mistakes · 0 less common words', 'began after 1.1 s · spoke for 9.0 s · 0 fillers · 0 grammar mistakes · 1 less common word']);
  });
});

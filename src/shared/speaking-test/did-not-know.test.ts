/* An answer that only says the student did not know (non-answers/checks.ts, didNotKnow). */
import { describe, expect, it } from 'vitest';
import { scoreInterview } from '../interview/scoring.js';
import { DID_NOT_KNOW_REASON, REPETITION_REASON, nonAnswerKindsText } from '../non-answers/checks.js';
import type { SpeakingTestAnswer } from './answer.js';
import { judgeAnswers } from './non-answers.js';
import { PART1_QUESTIONS, PART3_QUESTIONS } from './questions.js';

const answer = (part: 1 | 3, n: number, text: string): SpeakingTestAnswer => ({
  part,
  questionNumber: n,
  question: (part === 1 ? PART1_QUESTIONS : PART3_QUESTIONS)[n] ?? 'Why?',
  answer: text,
  responseTimeMs: 1_500,
  speakingTimeMs: 3_000,
});

describe('an answer that only says the student did not know', () => {
  it('is not counted, each time, with a reason that tells the student what to do instead (not "a repeat")', () => {
    const { counted, nonAnswers } = judgeAnswers([
      answer(3, 1, 'i dont know'),
      answer(3, 2, 'i dont know'),
      answer(3, 3, "Sorry, I don't know."),
      answer(3, 4, 'um i have no idea about that'),
      answer(3, 5, "I'm not sure"),
      answer(3, 6, 'i cant remember\ni dont know sorry'),
      answer(3, 7, 'no idea'),
    ]);
    expect(counted).toEqual([]);
    expect(nonAnswers.map((item) => [item.questionNumber, item.kind])).toEqual([1, 2, 3, 4, 5, 6, 7].map((n) => [n, 'did-not-know']));
    expect(new Set(nonAnswers.map((item) => item.reason))).toEqual(new Set([DID_NOT_KNOW_REASON]));
    expect(nonAnswers.some((item) => item.reason === REPETITION_REASON)).toBe(false);
    expect(nonAnswerKindsText(nonAnswers)).toBe('“I don\'t know”');
  });

  it('counts an answer that goes on after "I don\'t know", and English that only begins like it', () => {
    const { counted, nonAnswers } = judgeAnswers([
      answer(1, 1, "I don't know, maybe Tokyo, because it is big and exciting"),
      answer(1, 2, 'i dont know many people there but i like the food'),
      answer(1, 3, 'not sure yet but i want to study medicine in kyoto'),
      answer(1, 4, 'I know the answer: the train'),
    ]);
    expect(nonAnswers).toEqual([]);
    expect(counted).toHaveLength(4);
  });

  it('is not counted in the interview either', () => {
    const result = scoreInterview([
      { question: 'Tell me about yourself.', answer: 'I am a software engineer with five years of experience in building web applications for banks.' },
      { question: 'What is your greatest weakness?', answer: "I don't know." },
    ]);
    expect(result.nonAnswers).toEqual([expect.objectContaining({ questionNumber: 2, kind: 'did-not-know', reason: DID_NOT_KNOW_REASON })]);
  });
});

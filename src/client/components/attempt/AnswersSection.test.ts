import { describe, expect, it } from 'vitest';
import { interviewAnswerFacts } from './AnswersSection';

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
});

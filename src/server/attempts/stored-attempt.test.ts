import { describe, expect, it } from 'vitest';
import { interviewAnswers } from './stored-attempt';

const question = { questionId: 1, question: 'Tell me about yourself.', category: 'Introduction', answer: 'I am a commerce graduate.', timestamp: 4_000 };

describe("a stored interview's answers, as the attempt pages read them", () => {
  it("carry the answer's place on the recording when both ends were saved in order", () => {
    expect(interviewAnswers({ questions: [{ ...question, recordingStartMs: 0, recordingEndMs: 9_500 }] })).toEqual([
      { ...question, recording: { startMs: 0, endMs: 9_500 } },
    ]);
  });

  it('leave it out when it was not saved (interviews saved before), is half saved, or runs backwards', () => {
    for (const extra of [{}, { recordingStartMs: 3_000 }, { recordingStartMs: 9_000, recordingEndMs: 2_000 }]) {
      expect(interviewAnswers({ questions: [{ ...question, ...extra }] })).toEqual([question]);
    }
  });
});

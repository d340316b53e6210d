import { describe, expect, it } from 'vitest';
import { scoreSpeakingTest } from '../../shared/speaking-test/scoring';
import { interviewAnswers, readIeltsAnalysis } from './stored-attempt';

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

describe("a stored speaking test's analysis, as the attempt pages read it", () => {
  it("keeps a part note's kind and figure, so that the teacher's page can word it for the teacher", () => {
    const answers = [1, 2, 3, 4].map((questionNumber) => ({ part: 1 as const, questionNumber, question: 'Do you like tea?', answer: 'yes i like tea', responseTimeMs: 900, speakingTimeMs: 2_000 }));
    const read = readIeltsAnalysis(scoreSpeakingTest(answers));
    expect(read?.partNotes).toEqual([expect.objectContaining({ part: 1, kind: 'short-answers', averageWords: 4 })]);
  });
});

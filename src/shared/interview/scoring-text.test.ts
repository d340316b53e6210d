import { describe, expect, it } from 'vitest';
import { clarityText, communicationText, confidenceText } from './scoring-text.js';

const figures = { averageWordsPerAnswer: 22.5, questionCount: 4, fillerRatio: 0.05, averageSentenceLength: 11.25, meanConfidence: 0.86 };

describe("the interview's score sentences", () => {
  it('say what a score scored by the estimate rests on, and which figures are shown beside it without counting', () => {
    const language = { fluency: 5.5, vocabulary: 6, grammar: 5 };
    expect(clarityText({ ...figures, language })).toBe(
      'The grammar of the answers, estimated as in the speaking test: 5 (how sentences are built, clause linkers such as because and which, verb forms, and verbs that match their subject, as in "he goes"). Also shown, but not used for this score: fillers 5% of words, 11.3 words per sentence, and the speech recognizer was 86% sure of the words.',
    );
    expect(communicationText({ ...figures, language })).toMatch(/^Estimated from the answers as in the speaking test: the average of fluency 5\.5 .+ and vocabulary 6 .+ 22\.5 words per answer over 4 questions\.$/);
  });

  it('say of an attempt scored before the estimate which figures its older rule used, never that they were not used', () => {
    const clarity = clarityText(figures);
    expect(clarity).toBe('From fillers 5% of words, 11.3 words per sentence, and the speech recognizer was 86% sure of the words (the older rule this attempt was scored by).');
    expect(clarity).not.toContain('not used');
    expect(clarityText({ ...figures, meanConfidence: null })).toBe('From fillers 5% of words, 11.3 words per sentence (the older rule this attempt was scored by).');
    expect(communicationText(figures)).toContain('(the older rule this attempt was scored by)');
    expect(confidenceText({ totalWords: 90, questionCount: 4 })).toContain('(the older rule this attempt was scored by)');
  });
});

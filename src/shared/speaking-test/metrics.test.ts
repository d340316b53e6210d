import { describe, expect, it } from 'vitest';
import type { SpeakingTestAnswer } from './answer.js';
import { analyseSpeech } from './metrics.js';

const base = { question: 'Q?', responseTimeMs: null, speakingTimeMs: 0 } as const;

describe('analyseSpeech', () => {
  it('computes every metric of a small hand-checked test', () => {
    const answers: SpeakingTestAnswer[] = [
      { ...base, part: 1, questionNumber: 1, answer: 'My name is Asha', responseTimeMs: 1000, speakingTimeMs: 2000 },
      // "I like" is the verb, not a filler; "Um" and "you know" are fillers; "The the" is a slip.
      { ...base, part: 1, questionNumber: 2, answer: 'Um I like reading. The the books are, you know, great', responseTimeMs: 3000, speakingTimeMs: 6000 },
      // Two utterances on two lines; "well" starts the second one, so it is a filler; "she are" is a slip.
      // No speaking time was measured for it: its 7 words are not spread over the others' 8 s.
      { ...base, part: 3, questionNumber: 1, answer: 'she are happy\nwell it is fine' },
    ];
    const metrics = analyseSpeech(answers);
    expect(metrics).toEqual({
      wordCount: 22,
      uniqueWords: 19,
      sentenceCount: 5,
      avgWordsPerSentence: 22 / 5,
      fillerWords: 3,
      pauseCount: 4,
      responseTimeMs: 2000,
      grammarErrors: 2,
      speakingTimeMs: 8000,
      wordsPerMinute: 112.5,
      fillerRatio: 3 / 22,
      uniqueWordRatio: 19 / 22,
      grammarErrorRatio: 2 / 22,
    });
  });

  it('counts unique words over the whole test, case-insensitively', () => {
    const metrics = analyseSpeech([
      { ...base, part: 1, questionNumber: 1, answer: 'Travel is fun' },
      { ...base, part: 3, questionNumber: 1, answer: 'travel IS fun' },
    ]);
    expect([metrics.wordCount, metrics.uniqueWords]).toEqual([6, 3]);
  });

  it('counts each answer as its own sentence when nothing is punctuated', () => {
    const metrics = analyseSpeech([
      { ...base, part: 1, questionNumber: 1, answer: 'one two three' },
      { ...base, part: 1, questionNumber: 2, answer: 'four five' },
      { ...base, part: 1, questionNumber: 3, answer: '' },
    ]);
    expect(metrics).toMatchObject({ sentenceCount: 2, pauseCount: 1, avgWordsPerSentence: 2.5 });
  });

  it('averages only the measured response times and leaves speed unknown without speaking time', () => {
    const metrics = analyseSpeech([
      { ...base, part: 1, questionNumber: 1, answer: 'yes', responseTimeMs: 1200 },
      { ...base, part: 1, questionNumber: 2, answer: '', responseTimeMs: null },
      { ...base, part: 1, questionNumber: 3, answer: 'no', responseTimeMs: 4800 },
    ]);
    expect(metrics.responseTimeMs).toBe(3000);
    expect(metrics.wordsPerMinute).toBeNull();
  });

  it('gives zeros and nulls for no speech at all', () => {
    expect(analyseSpeech([])).toEqual({
      wordCount: 0,
      uniqueWords: 0,
      sentenceCount: 0,
      avgWordsPerSentence: 0,
      fillerWords: 0,
      pauseCount: 0,
      responseTimeMs: null,
      grammarErrors: 0,
      speakingTimeMs: 0,
      wordsPerMinute: null,
      fillerRatio: 0,
      uniqueWordRatio: 0,
      grammarErrorRatio: 0,
    });
  });

  it('measures words per minute over the total speaking time', () => {
    const metrics = analyseSpeech([
      { ...base, part: 1, questionNumber: 1, answer: 'a b c d e f g h i j', speakingTimeMs: 3000 },
      { ...base, part: 2, questionNumber: 1, answer: 'k l m n o p q r s t', speakingTimeMs: 9000 },
    ]);
    expect(metrics.wordsPerMinute).toBe(100);
  });

  it('leaves out an answer whose words came in one burst (timed faster than anyone speaks)', () => {
    const twentyWords = Array.from({ length: 20 }, (_, i) => `w${i}`).join(' ');
    const burst = { ...base, part: 1, questionNumber: 2, answer: twentyWords, speakingTimeMs: 40 } as const;
    const metrics = analyseSpeech([{ ...base, part: 1, questionNumber: 1, answer: 'a b c d e f g h i j', speakingTimeMs: 5000 }, burst]);
    expect(metrics.wordsPerMinute).toBe(120);
    expect(metrics.wordCount).toBe(30);
    expect(analyseSpeech([burst]).wordsPerMinute).toBeNull();
    // 655 words a minute is the fastest on record: 20 words in 1,833 ms (654.7) still count, in 1,830 ms (655.7) they do not.
    expect(analyseSpeech([{ ...burst, speakingTimeMs: 1833 }]).wordsPerMinute).toBeCloseTo(655, 0);
    expect(analyseSpeech([{ ...burst, speakingTimeMs: 1830 }]).wordsPerMinute).toBeNull();
  });
});

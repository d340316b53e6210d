import { describe, expect, it } from 'vitest';
import { markAnswer, markCounts } from './mark-answer';

describe('markAnswer', () => {
  it('marks fillers and grammar slips where the scorer finds them, and keeps every character', () => {
    const text = 'Um, I went there and the the train was late, so, like, she are tired.\nYou know it was long.';
    const pieces = markAnswer(text);
    expect(pieces.map((piece) => piece.text).join('')).toBe(text);
    expect(pieces.filter((piece) => piece.kind !== null)).toEqual([
      { text: 'Um', kind: 'filler' },
      { text: 'the the', kind: 'slip' },
      { text: 'so', kind: 'filler' },
      { text: 'like', kind: 'filler' },
      { text: 'she are', kind: 'slip' },
      { text: 'You know', kind: 'filler' },
    ]);
    expect(markCounts(text)).toEqual({ fillers: 4, slips: 2 });
  });

  it('leaves ordinary uses alone', () => {
    expect(markAnswer('I like reading as well.')).toEqual([{ text: 'I like reading as well.', kind: null }]);
    expect(markAnswer('')).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { markAnswer, markCounts, tallyMarks } from './mark-answer';
import { tallyText } from './tally-text';

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

describe('tallyMarks', () => {
  it('counts each filler and slip over all answers, most frequent first', () => {
    const tally = tallyMarks(['Um, like, I went there. So, it was fun.', 'Um, she are nice.\nUm, the the end, like.', 'Nothing here.']);
    expect(tally.fillers).toEqual([
      { filler: 'um', count: 3 },
      { filler: 'like', count: 2 },
      { filler: 'so', count: 1 },
    ]);
    expect(tally.slips).toEqual([
      { text: 'she are', count: 1 },
      { text: 'the the', count: 1 },
    ]);
    expect(tallyText(tally.fillers)).toBe('um ×3, like ×2, so ×1');
  });

  it('is empty without marks', () => {
    expect(tallyMarks([])).toEqual({ fillers: [], slips: [] });
    expect(tallyText([])).toBe('');
  });
});

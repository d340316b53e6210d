import { describe, expect, it } from 'vitest';
import { boundedMemo } from './bounded-memo.js';

describe('boundedMemo', () => {
  it('works a word out once, remembers undefined too, and starts afresh when full', () => {
    const asked: string[] = [];
    const lookUp = boundedMemo((word) => {
      asked.push(word);
      return word === 'zzz' ? undefined : word.length;
    }, 2);
    expect([lookUp('cat'), lookUp('cat'), lookUp('zzz'), lookUp('zzz')]).toEqual([3, 3, undefined, undefined]);
    expect(asked).toEqual(['cat', 'zzz']);
    // A third word fills it past its bound: what it held is forgotten, so 'cat' is worked out again.
    expect(lookUp('horse')).toBe(5);
    expect(lookUp('cat')).toBe(3);
    expect(asked).toEqual(['cat', 'zzz', 'horse', 'cat']);
  });
});

import { describe, expect, it } from 'vitest';
import { asBands } from './list-row';

describe('asBands, reading stored bands', () => {
  it('keeps the criteria and the overall, numbers or null', () => {
    expect(asBands({ overall: 6.5, fluency: 6, vocabulary: null, communication: 7 })).toEqual({ overall: 6.5, fluency: 6, vocabulary: null, communication: 7 });
  });

  it('gives nothing for a damaged value: an array, a string; and drops stray keys and values', () => {
    expect(asBands([6, 7])).toBeNull();
    expect(asBands('6.5')).toBeNull();
    expect(asBands({ fluency: '6', grammar: 5, 0: 4, __proto__x: 3, toString: 2 })).toEqual({ grammar: 5 });
  });

  it('drops a band off the 0-9 scale, which a mean over several attempts could overflow (1e308) or read as the lowest (-3)', () => {
    expect(asBands({ fluency: 1e308, vocabulary: -3, grammar: 9.5, pronunciation: 0, overall: 9 })).toEqual({ pronunciation: 0, overall: 9 });
  });
});

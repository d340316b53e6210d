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
});

import { describe, expect, it } from 'vitest';
import { listed } from './listed.js';

describe('listed', () => {
  it('joins items as a sentence lists them', () => {
    expect(listed([])).toBe('');
    expect(listed(['Fluency'])).toBe('Fluency');
    expect(listed(['Fluency', 'Grammar'])).toBe('Fluency and Grammar');
    expect(listed(['Fluency', 'Vocabulary', 'Grammar'])).toBe('Fluency, Vocabulary and Grammar');
    expect(listed(['a', 'b', 'c'], 'or')).toBe('a, b or c');
  });
});

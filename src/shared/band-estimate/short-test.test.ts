import { describe, expect, it } from 'vitest';
import { SHORT_TEST_WORDS, shortTestText } from './short-test.js';

describe('an estimate from a short test', () => {
  it('says it rests on few words, in each form, below the fewest words its agreement was measured on', () => {
    expect(SHORT_TEST_WORDS).toBe(250);
    expect(shortTestText(250)).toBeNull();
    expect(shortTestText(1200)).toBeNull();
    expect(shortTestText(70)).toBe(
      "This estimate rests on only 70 words that count. How often it agrees with raters was measured on whole tests, and on learners' first 250 words it already agreed less: take it as a rough guide, and answer every question of a test fully for one you can rely on.",
    );
    expect(shortTestText(249, 'short')).toBe('Based on only 249 words: a rough guide, and longer answers give a surer one.');
    expect(shortTestText(70, 'list')).toBe('from only 70 words: a rough guide');
  });
});

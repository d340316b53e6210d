import { describe, expect, it } from 'vitest';
import { SHORT_TEST_WORDS, shortTestText } from './short-test.js';

describe('an estimate from a short test', () => {
  it('says it rests on few words, in each form, below the fewest words its agreement was measured on', () => {
    expect(SHORT_TEST_WORDS).toBe(250);
    expect(shortTestText(250)).toBeNull();
    expect(shortTestText(1200)).toBeNull();
    expect(shortTestText(70)).toBe(
      "This estimate is based on only 70 words that were counted. We checked how well it agrees with trained raters on whole tests, and on learners' first 250 words it already agreed less. So take it as a rough guide. For an estimate you can rely on, answer every question of a test fully.",
    );
    expect(shortTestText(249, 'short')).toBe('Based on only 249 words, so only a rough guide. Longer answers give a better estimate.');
    expect(shortTestText(70, 'list')).toBe('from only 70 words: a rough guide');
  });
});

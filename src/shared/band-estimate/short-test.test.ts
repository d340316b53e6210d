import { describe, expect, it } from 'vitest';
import { SHORT_TEST_WORDS, shortTestText, teacherShortTestText } from './short-test.js';

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

  it("tells the teacher the same in a teacher's terms, with the agreement on learners' first words", () => {
    expect(teacherShortTestText(250, 0.73)).toBeNull();
    expect(teacherShortTestText(1, 0.73)).toBe(
      "Based on only 1 counted word. The agreement above was measured on whole tests; on learners' first 250 words the ranking agreed less (ρ = 0.73). Treat this estimate as a rough guide.",
    );
    expect(teacherShortTestText(249, 0.7)).toContain('Based on only 249 counted words.');
    expect(teacherShortTestText(249, 0.7)).toContain('(ρ = 0.70)');
  });
});

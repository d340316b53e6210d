/*
 * An estimate from a short test, said as what it is (apart from agreement.ts, so that My progress
 * does not carry the rated ranges' table).
 */

/**
 * The fewest words the estimate's agreement was measured on: the validity check's shortest
 * presentation is each learner's first 250 words (AGREEMENT_RHO_FIRST_250_WORDS, below the whole
 * interviews' AGREEMENT_RHO). A test with fewer counted words rests on less than any measurement.
 */
export const SHORT_TEST_WORDS = 250;

/**
 * Said beside an estimate made from fewer than SHORT_TEST_WORDS counted words (null otherwise): the
 * agreement stated beside it was measured on whole tests, and one short test moves a chart as far
 * as a full one. `short`: the results' summary; `list`: after the overall on My progress.
 */
export function shortTestText(wordCount: number, form: 'sentence' | 'short' | 'list' = 'sentence'): string | null {
  if (wordCount >= SHORT_TEST_WORDS) return null;
  const words = wordsText(wordCount);
  if (form === 'list') return `from only ${words}: a rough guide`;
  if (form === 'short') return `Based on only ${words}, so only a rough guide. Longer answers give a better estimate.`;
  return (
    `This estimate is based on only ${words} that were counted. We checked how well it agrees with trained raters on whole tests, ` +
    `and on learners' first ${SHORT_TEST_WORDS} words it already agreed less. So take it as a rough guide. For an estimate you can rely on, answer every question of a test fully.`
  );
}

/**
 * The teacher's page's note on the same estimate (null from SHORT_TEST_WORDS up), with the
 * agreement measured on learners' first words, which agreement.ts holds beside the rated ranges.
 */
export function teacherShortTestText(wordCount: number, firstWordsRho: number): string | null {
  if (wordCount >= SHORT_TEST_WORDS) return null;
  return (
    `Based on only ${wordsText(wordCount, 'counted')}. The agreement above was measured on whole tests; ` +
    `on learners' first ${SHORT_TEST_WORDS} words the ranking agreed less (ρ = ${firstWordsRho.toFixed(2)}). Treat this estimate as a rough guide.`
  );
}

/** "70 words", "1 counted word". */
function wordsText(count: number, adjective?: string): string {
  return [String(count), adjective, count === 1 ? 'word' : 'words'].filter(Boolean).join(' ');
}

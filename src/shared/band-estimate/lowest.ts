/*
 * What "Work on next" names: the lowest of the criteria read, and every criterion level with it as
 * the student sees the figures (a half band for one test, a tenth for a mean over several). Two
 * criteria on the same shown band are not told apart by the estimate: one test reads a criterion
 * within about half a band (docs/validity.md, two halves of an interview), so naming the first in
 * order would present a tie as a finding. The results, My progress and `npm run validity` share
 * this rule, so that the figure the report gives is the rule the student reads.
 */

/**
 * The criteria of `among` whose `shown` value is the lowest, in the order of `among` (never empty
 * when `among` is not). `shown` gives a value as the student reads it.
 */
export function lowestCriteria<K extends string>(values: Readonly<Record<K, number>>, among: readonly K[], shown: (value: number) => number = (value) => value): K[] {
  const low = Math.min(...among.map((criterion) => shown(values[criterion])));
  return among.filter((criterion) => shown(values[criterion]) === low);
}


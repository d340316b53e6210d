import { MEASURED_CRITERIA, WORK_ON_NEXT_TESTS, meanAsShown, type MeasuredCriterion, type ProgressAttempt, type WorkOnNext } from '../../shared/api/progress.js';
import { lowestCriteria } from '../../shared/band-estimate/lowest.js';
import { isNothingMoreAdvice } from '../../shared/band-estimate/nothing-more.js';
import { storedCriteria } from './stored-attempt.js';

/*
 * My progress's "Work on next": over the student's latest speaking tests, the measured criterion
 * whose result has been lowest, and any level with it as the page shows the means (to a tenth:
 * lowest.ts), each with the advice the newest of them gave for it. The results of one
 * test name the lowest criterion of that test (summary.ts's nextStep); one test reads a criterion
 * within about half a band (docs/validity.md), so the page that sees several reads their mean.
 * Only tests the calibrated estimate scored count (not section 9's earlier rules, whose bands do not
 * compare), each with its result as My progress shows it: the teacher's released bands, else the
 * estimate. A criterion whose newest advice finds nothing more to work on is passed over, as the
 * results pass it over.
 */

/** The stored working's advice for a criterion, when it can be read. */
function storedAdvice(criteria: unknown, criterion: MeasuredCriterion): string | null {
  const advice = storedCriteria(criteria).find((entry) => entry.criterion === criterion)?.advice;
  return advice !== undefined && advice.trim() !== '' ? advice : null;
}

export interface WorkOnNextSource {
  attempt: ProgressAttempt;
  /** The stored analysis's criteria (progressQuery's `criteria`). */
  criteria: unknown;
}

/** Newest first, as My progress lists them; null when no speaking test has a result to read. */
export function workOnNextOf(sources: readonly WorkOnNextSource[]): WorkOnNext | null {
  const read = sources
    .filter(({ attempt }) => attempt.kind === 'ielts' && attempt.resultSource !== 'none' && !attempt.earlierRules)
    .filter(({ attempt }) => MEASURED_CRITERIA.every((criterion) => typeof attempt.result[criterion] === 'number'))
    .slice(0, WORK_ON_NEXT_TESTS);
  // The advice comes from the newest test whose stored working can be read: a damaged row (never
  // written so by the app) does not hide what an older test advised.
  const advising = read.find(({ criteria }) => MEASURED_CRITERIA.some((criterion) => storedAdvice(criteria, criterion) !== null));
  if (!advising) return null;
  const mean = (criterion: MeasuredCriterion) => read.reduce((sum, { attempt }) => sum + (attempt.result[criterion] ?? 0), 0) / read.length;
  const means = Object.fromEntries(MEASURED_CRITERIA.map((criterion) => [criterion, Math.round(mean(criterion) * 100) / 100])) as Record<MeasuredCriterion, number>;
  const candidates = MEASURED_CRITERIA.flatMap((criterion) => {
    const advice = storedAdvice(advising.criteria, criterion);
    return advice !== null && !isNothingMoreAdvice(advice) ? [{ criterion, advice }] : [];
  });
  const named = lowestCriteria(means, candidates.map(({ criterion }) => criterion), meanAsShown);
  const criteria = candidates.filter(({ criterion }) => named.includes(criterion));
  if (criteria.length === 0) return null;
  return {
    criteria,
    means,
    tests: read.length,
    teacherBands: read.some(({ attempt }) => attempt.resultSource === 'teacher'),
    // A test the teacher has given bands is no rough guide, however short.
    shortTests: read.filter(({ attempt }) => attempt.shortTestWords !== undefined && attempt.resultSource !== 'teacher').length,
    from: { id: advising.attempt.id, completedAt: advising.attempt.completedAt, latest: advising === read[0] },
  };
}

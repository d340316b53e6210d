import { bandText, CRITERIA_OF, CRITERION_LABELS, type AttemptKind } from '../../../shared/api/admin-attempts-kinds';
import type { OutboxStatus } from '../../lib/outbox';

/*
 * The results right after a test or an interview are worked out in the browser, as the page was when
 * it opened; the school's server scores the same answers again when it saves them, and its scores are
 * the ones the teacher and My progress show. They agree unless something changed on the way: the app
 * was updated while the page stayed open, or (the interview) the profile changed, and with it the
 * questions the server scores against. Then the results say what was saved. Pure, so the rule is
 * checked without a browser.
 */

/** The scores a results page shows, in its order, with their labels ("Overall", "Fluency"…). */
export type ScoreLabels<K extends string> = readonly (readonly [key: K, label: string])[];

/** A kind's scores as its results show them: the overall, then each criterion. */
export const scoreLabelsOf = (kind: AttemptKind): ScoreLabels<string> => [['overall', 'Overall'], ...CRITERIA_OF[kind].map((criterion) => [criterion, CRITERION_LABELS[criterion]] as const)];

function savedScores(result: unknown): Record<string, unknown> | null | undefined {
  if (!result || typeof result !== 'object' || !('scores' in result)) return undefined;
  const { scores } = result;
  if (scores === null) return null;
  return typeof scores === 'object' ? (scores as Record<string, unknown>) : undefined;
}

/**
 * A sentence saying what the server saved, when it differs from what the page shows as shown (each
 * score to its shown precision); null while nothing is saved, when they agree, or when the answer
 * holds no scores to compare.
 */
export function savedScoresNote<K extends string>(kind: AttemptKind, status: OutboxStatus, shown: Readonly<Record<K, number>> | null, labels: ScoreLabels<K>): string | null {
  if (status.state !== 'saved') return null;
  const saved = savedScores(status.result);
  if (saved === undefined) return null;
  const where = 'Your teacher and My progress show the saved one.';
  if (saved === null) return shown === null ? null : `Your attempt was saved without scores: the school's server found too little in it to score. ${where}`;
  const lines = labels.map(([key, label]) => {
    const value = saved[key];
    return typeof value === 'number' ? { label, saved: bandText(kind, value), shown: shown === null ? null : bandText(kind, shown[key]) } : null;
  });
  if (lines.some((line) => line === null)) return null;
  const known = lines.filter((line): line is NonNullable<typeof line> => line !== null);
  if (known.every((line) => line.saved === line.shown)) return null;
  return (
    `Saved with different scores: ${known.map((line) => `${line.label} ${line.saved}`).join(', ')}. ` +
    `The school's server scored your answers again and ${shown === null ? 'found enough to score' : 'got these'}: something changed while this page was open (the app was updated${kind === 'interview' ? ', or your profile, and with it the questions' : ''}). ${where}`
  );
}

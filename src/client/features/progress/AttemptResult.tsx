import { Blockquote, Group, Stack, Text } from '@mantine/core';
import type { AttemptDetail, AttemptKind, Bands } from '../../../shared/api/admin-attempts';
import { bandText, CRITERIA_OF, CRITERION_LABELS } from '../../../shared/api/admin-attempts-kinds';
import { scoredByEarlierRules } from '../../../shared/band-estimate/earlier-rules';
import { shortTestText } from '../../../shared/band-estimate/short-test';
import { RETAKE_WHAT, studentAwaitingTeacherText, studentNothingToScoreText } from '../../../shared/api/no-result-texts';
import { formatAttemptTime } from '../../components/attempt/format';
import { TeacherBandsTable } from '../../components/attempt/ReviewParts';

/* The student's attempt page: its "Your result" section. */

type Amended = NonNullable<NonNullable<AttemptDetail['release']>['amended']>;

/**
 * A review released again after the student could read it: when it was first released and what it
 * changed, so a band that moved since is not taken for a mistake ("Fluency 5.0 → 6.0").
 */
export function amendedText(kind: AttemptKind, amended: Amended, scores: Bands | null): string {
  const earlier = amended.earlierScores;
  const changes = earlier && scores
    ? [...CRITERIA_OF[kind], 'overall' as const].flatMap((key) => {
        const [before, now] = [earlier[key], scores[key]];
        if (typeof before !== 'number' || typeof now !== 'number' || bandText(kind, before) === bandText(kind, now)) return [];
        return [`${key === 'overall' ? 'Overall' : CRITERION_LABELS[key]} ${bandText(kind, before)} → ${bandText(kind, now)}`];
      })
    : [];
  const when = `Your teacher changed this review after first releasing it on ${formatAttemptTime(amended.firstReleasedAt)}`;
  return changes.length > 0 ? `${when}: ${changes.join(', ')}.` : `${when}; the ${kind === 'ielts' ? 'bands' : 'scores'} did not change.`;
}

/**
 * The short-test sentence (shortTestText's `form`) of a test whose calibrated estimate rests on fewer
 * words than its agreement with raters was measured on: as My progress's list decides it (not a test
 * the earlier rules scored, nor one with nothing to estimate). Else null.
 */
export function shortTestSentence(detail: AttemptDetail, form?: 'sentence' | 'list'): string | null {
  const analysis = detail.kind === 'ielts' && detail.assessable && detail.overall !== null ? detail.analysis : null;
  return analysis && !scoredByEarlierRules(analysis.criteria) ? shortTestText(analysis.metrics.wordCount, form) : null;
}

/** The result: the teacher's released bands with the estimate beside them, or the estimate while there is no review. */
export function AttemptResult({ detail }: { detail: AttemptDetail }) {
  const release = detail.release;
  const noun = detail.kind === 'ielts' ? 'band' : 'score';
  if (!release) {
    const what = RETAKE_WHAT[detail.kind];
    // As the estimate's section says under it: a test of a few dozen words gives a rough guide.
    const short = shortTestSentence(detail, 'list');
    // Why there is no estimate, as the results said it and the teacher's lists decide it (nothing-to-score.ts).
    if (detail.overall === null && detail.nothingToScore)
      return (
        <Text size="sm" data-testid="no-result">
          {studentNothingToScoreText(what)}
        </Text>
      );
    return (
      <Stack gap="xs">
        {detail.overall === null && detail.awaitingTeacher ? (
          <Text size="sm" data-testid="no-result">
            Your teacher has not reviewed this attempt yet. {studentAwaitingTeacherText(what)}
          </Text>
        ) : (
          <Text size="sm">
            Your teacher has not reviewed this attempt yet. Until they do, your result is the automatic estimate:{' '}
            <strong>{detail.overall === null ? 'none (too little speech to assess)' : `overall ${noun} ${bandText(detail.kind, detail.overall)}`}</strong>
            {short ? ` (${short})` : ''}.
          </Text>
        )}
        <Text size="sm" c="dimmed">
          When your teacher releases a review, their {noun}s become your result and you are told by e-mail if the school has your address.
        </Text>
      </Stack>
    );
  }
  const overall = release.scores?.overall;
  return (
    <Stack gap="sm">
      <Group gap="sm" align="baseline" wrap="wrap">
        <Text fz={32} fw={700} lh={1.1} data-testid="teacher-overall">
          {overall === null || overall === undefined ? '—' : bandText(detail.kind, overall)}
        </Text>
        <Text size="sm" fw={700} c="indigo.9">
          Teacher&apos;s overall {noun}: your result
        </Text>
        <Text size="sm" c="dimmed" data-testid="estimate-overall">
          Estimate: {detail.overall === null ? 'none' : bandText(detail.kind, detail.overall)}
        </Text>
      </Group>
      <TeacherBandsTable kind={detail.kind} teacher={release.scores} estimate={detail.scores} />
      {release.comment ? (
        <Blockquote color="teal" p="md" cite={`— ${release.releasedByName ?? 'Your teacher'}`} style={{ overflowWrap: 'anywhere' }}>
          {release.comment}
        </Blockquote>
      ) : null}
      {release.amended ? (
        <Text size="sm" fw={600} c="indigo.9" data-testid="review-amended">
          {amendedText(detail.kind, release.amended, release.scores)}
        </Text>
      ) : null}
      <Text size="xs" c="dimmed">
        Reviewed by {release.releasedByName ?? 'your teacher'}; released on {formatAttemptTime(release.releasedAt)}. The estimate and how it was
        reached are below.
      </Text>
    </Stack>
  );
}

import { Button, Group, Stack, Text } from '@mantine/core';
import type { AttemptDetail } from '../../../../shared/api/admin-attempts';
import { bandText, CRITERIA_OF, CRITERION_LABELS } from '../../../../shared/api/admin-attempts-kinds';
import { PlainAlert } from '../../../components/PlainAlert';
import { formatAttemptTime } from './format';

/*
 * When the review changed on the server after the teacher started from it: the server's sentence
 * (who changed it and when, and that nothing was saved or released), and, while the teacher's own
 * changes are still in the form, the review as it now is, with the choice of starting again from it
 * or keeping theirs to save over it. Nothing the teacher typed is thrown away unless they say so.
 */

/** What the server refused, in its own words (a 409 of Save or Release). */
export interface ReviewNotice {
  step: 'save' | 'release';
  message: string;
}

/** Who last changed the review and when, from the trail, for when the page noticed before the server did. */
function changedBy(detail: AttemptDetail): string {
  const last = detail.trail.at(-1);
  if (!last) return 'The review has changed since you opened it.';
  const verb = last.action === 'released' ? 'released' : 'changed';
  return `${last.byName ?? 'Another teacher'} ${verb} this review on ${formatAttemptTime(last.at)}, after you opened it.`;
}

/** The newer version: its comment and bands, as the form would show them. */
function NewerVersion({ detail }: { detail: AttemptDetail }) {
  const noun = detail.kind === 'ielts' ? 'band' : 'score';
  if (!detail.reviewedAt) return <Text size="sm">The review is now cleared: no comment and no {noun}s.</Text>;
  const band = (value: number | null | undefined) => (value === null || value === undefined ? 'not set' : bandText(detail.kind, value));
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {detail.reviewerName ?? 'A teacher'}&apos;s version, saved on {formatAttemptTime(detail.reviewedAt)}:
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="newer-comment">
        {detail.teacherComment ?? '(no comment)'}
      </Text>
      <Text size="sm" data-testid="newer-bands">
        {CRITERIA_OF[detail.kind].map((criterion) => `${CRITERION_LABELS[criterion]} ${band(detail.teacherScores?.[criterion])}`).join(' · ')}
      </Text>
    </Stack>
  );
}

export function ReviewConflict({
  detail,
  notice,
  stale,
  onUseNewer,
  onKeepMine,
}: {
  /** The attempt as last read: the newer version of the review. */
  detail: AttemptDetail;
  notice: ReviewNotice | null;
  /** The teacher's own changes are in the form and the review has moved on under them. */
  stale: boolean;
  onUseNewer: () => void;
  onKeepMine: () => void;
}) {
  if (!notice && !stale) return null;
  const title = notice?.step === 'release' ? 'Not released' : 'Not saved';
  return (
    <PlainAlert color="orange" role="alert" title={title} data-testid="review-conflict">
      <Stack gap="sm">
        <Text size="sm">{notice?.message ?? changedBy(detail)}</Text>
        {stale ? (
          <>
            <NewerVersion detail={detail} />
            <Text size="sm">Your changes are still in the form below.</Text>
            <Group gap="xs" wrap="wrap">
              <Button size="xs" variant="white" color="dark" onClick={onUseNewer}>
                Start again from this version
              </Button>
              <Button size="xs" variant="white" color="dark" onClick={onKeepMine}>
                Keep mine, to save over it
              </Button>
            </Group>
          </>
        ) : notice?.step === 'release' ? (
          <Text size="sm">The form below shows the review as it is now.</Text>
        ) : null}
      </Stack>
    </PlainAlert>
  );
}

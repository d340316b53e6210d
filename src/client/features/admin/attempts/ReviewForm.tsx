import { Button, Group, NativeSelect, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import {
  bandText,
  CRITERIA_OF,
  CRITERION_LABELS,
  REVIEW_COMMENT_MAX_LENGTH,
  teacherOverall,
  type AttemptCriterion,
  type AttemptDetail,
  type Bands,
} from '../../../../shared/api/admin-attempts';
import { serverMessageOr } from '../../../lib/api';
import { toastError, toastSuccess } from '../../../lib/notify';
import { useSaveReview } from './api/save-review';
import { formatAttemptTime } from './format';

/** The bands a teacher picks from: 1 to 9 in half steps. */
const BAND_CHOICES = Array.from({ length: 17 }, (_, i) => 1 + i / 2);

/** The teacher's comment and a band per criterion, saved apart from the automatic estimate. */
export function ReviewForm({ detail }: { detail: AttemptDetail }) {
  const criteria = CRITERIA_OF[detail.kind];
  const [comment, setComment] = useState(detail.teacherComment ?? '');
  const [bands, setBands] = useState<Record<string, string>>(() =>
    Object.fromEntries(criteria.map((criterion) => [criterion, bandValue(detail.teacherScores?.[criterion])])),
  );
  const save = useSaveReview(detail.id);
  const chosen: Bands = Object.fromEntries(criteria.map((criterion) => [criterion, bands[criterion] ? Number(bands[criterion]) : null]));
  const overall = teacherOverall(detail.kind, chosen);
  const noun = detail.kind === 'ielts' ? 'band' : 'score';
  const options = [{ value: '', label: 'Not set' }, ...BAND_CHOICES.map((band) => ({ value: String(band), label: bandText(detail.kind, band) }))];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { comment, scores: chosen as Partial<Record<AttemptCriterion, number | null>> },
      {
        onSuccess: (saved) =>
          toastSuccess(
            'Review saved',
            saved.reviewed
              ? `The review of ${detail.student.studentName}'s attempt is saved.`
              : `The review is cleared: the attempt shows as not reviewed.`,
          ),
        onError: (error) => toastError('Could not save the review', serverMessageOr(error, error.message)),
      },
    );
  };

  return (
    <form onSubmit={submit} aria-label="Teacher review">
      <Stack gap="md">
        {detail.reviewedAt ? (
          <Text size="sm" c="dimmed">
            Last saved by {detail.reviewerUsername ?? 'a teacher'} on {formatAttemptTime(detail.reviewedAt)}.
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            Not reviewed yet. Your {noun}s are shown beside the automatic estimate, which stays as it is.
          </Text>
        )}
        <Textarea
          label="Comment"
          description={`${comment.length}/${REVIEW_COMMENT_MAX_LENGTH}`}
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
          maxLength={REVIEW_COMMENT_MAX_LENGTH}
          autosize
          minRows={3}
          maxRows={12}
        />
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          {criteria.map((criterion) => (
            <NativeSelect
              key={criterion}
              label={`${CRITERION_LABELS[criterion]} ${noun}`}
              data={options}
              value={bands[criterion] ?? ''}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setBands((current) => ({ ...current, [criterion]: value }));
              }}
            />
          ))}
        </SimpleGrid>
        <Text size="sm" aria-live="polite">
          {overall === null
            ? `Set all four ${noun}s to give an overall.`
            : `Teacher overall: ${bandText(detail.kind, overall)} (${detail.kind === 'ielts' ? 'the mean of the four, to the nearest half band' : 'the rounded mean of the four'}).`}
        </Text>
        <Group>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save review'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function bandValue(band: number | null | undefined): string {
  return band === null || band === undefined ? '' : String(band);
}

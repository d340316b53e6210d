import { Group, NativeSelect, Stack, Text } from '@mantine/core';
import { Columns } from '../../../components/Columns';
import { GrowingTextarea } from '../../../components/GrowingTextarea';
import { HeldButton } from '../../../components/HeldButton';
import { lazy, Suspense, useId, useRef, useState, type FormEvent } from 'react';
import type { AttemptCriterion, AttemptDetail, Bands, ReleaseDone } from '../../../../shared/api/admin-attempts';
import { bandText, CRITERIA_OF, CRITERION_LABELS } from '../../../../shared/api/admin-attempts-kinds';
import { releaseBandsProblem, REVIEW_COMMENT_MAX_LENGTH, REVIEW_REASON_MAX_LENGTH, scoreNoun, teacherOverall } from '../../../../shared/api/admin-attempts-limits';
import { isApiError, serverMessageOr } from '../../../lib/api';
import { fieldMessage } from '../../../lib/field-message';
import { toastError, toastSuccess } from '../../../lib/notify';
import { useReleaseReview, useSaveReview } from './api/save-review';
import { formatAttemptTime } from './format';
import type { ReviewNotice } from './ReviewConflict';
import { UnsavedChangesGuard } from '../../../components/UnsavedChangesGuard';

// Shown only when another teacher's change got in first: its code loads then, not with the page.
const ReviewConflict = lazy(async () => ({ default: (await import('./ReviewConflict')).ReviewConflict }));
import { baseOf, onNewerVersion, sameDraft, type ReviewBase } from './review-form-state';


/** The bands a teacher picks from: 1 to 9 in half steps. */
const BAND_CHOICES = Array.from({ length: 17 }, (_, i) => 1 + i / 2);

/** How the student heard of a release, after "… can see it now": never "sent" when only the outbox has it. */
const RELEASE_NOTICE: Record<ReleaseDone['notified'], string> = {
  email: ' and has been sent an e-mail.',
  'no-email': ' (no e-mail address is on file).',
  'no-mail-server': ': no mail server is set up (SMTP_URL), so no e-mail was sent.',
};

/** The reason's field: on a review not yet saved there is no change to give a reason for, only a note for the trail. */
function reasonLabel(released: boolean, saved: boolean): string {
  if (released) return 'Reason for the change (required once released)';
  return saved ? 'Reason for the change (optional)' : 'Note for the review trail (optional)';
}

/**
 * The teacher's comment and a band per criterion, saved apart from the automatic estimate. Save and
 * Release send the version of the review the form started from (review-form-state.ts): when another
 * teacher changed it meanwhile, the server refuses and the form keeps what this teacher typed.
 */
export function ReviewForm({ detail, onReleased }: { detail: AttemptDetail; onReleased?: () => void }) {
  const criteria = CRITERIA_OF[detail.kind];
  const latest = baseOf(detail.kind, detail);
  const [base, setBase] = useState<ReviewBase>(latest);
  const [comment, setComment] = useState(latest.comment);
  const [bands, setBands] = useState<Record<string, string>>(latest.bands);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const reasonField = useRef<HTMLTextAreaElement>(null);
  const [notice, setNotice] = useState<ReviewNotice | null>(null);
  const releaseHintId = useId();
  const save = useSaveReview(detail.id);
  const release = useReleaseReview(detail.id);
  const form = { comment, bands };
  const startFrom = (version: ReviewBase, fields: boolean) => {
    setBase(version);
    if (fields) {
      setComment(version.comment);
      setBands(version.bands);
    }
  };
  // The page has read a newer version than the form started from: follow it unless the teacher has changes of their own.
  const newer = latest.version !== base.version ? onNewerVersion(detail.kind, base, form, latest) : null;
  if (newer === 'adopt' || newer === 'reset') startFrom(latest, newer === 'reset');
  const stale = newer === 'stale';
  const released = detail.release !== null;
  const dirty = !sameDraft(detail.kind, form, base);
  const chosen: Bands = Object.fromEntries(criteria.map((criterion) => [criterion, bands[criterion] ? Number(bands[criterion]) : null]));
  const overall = teacherOverall(detail.kind, chosen);
  const noun = scoreNoun(detail.kind);
  const options = [{ value: '', label: 'Not set' }, ...BAND_CHOICES.map((band) => ({ value: String(band), label: bandText(detail.kind, band) }))];
  // Why Release is not offered, said beside the button: unsaved changes, and the bands the release needs.
  const bandsProblem = dirty || (detail.reviewedAt && detail.releasePending) ? releaseBandsProblem(detail.kind, dirty ? chosen : detail.teacherScores) : null;
  // Nothing saved to release: said too, or the button reads "unavailable" with no reason.
  const nothingToRelease = dirty
    ? null
    : !detail.reviewedAt
      ? released
        ? `The student still sees the review released earlier: a cleared review cannot be released. Save a new comment or ${noun}s to release in its place.`
        : `Nothing to release yet: save a comment or ${noun}s first.`
      : released && !detail.releasePending
        ? 'The student sees this review: save a change to release an amended one.'
        : null;
  const releaseHints = [dirty ? 'Save your changes before releasing them.' : null, nothingToRelease, bandsProblem].filter((hint) => hint !== null);
  /** A 409 is shown in the form (with the review as it now is); a missing reason under its field; anything else in a toast. */
  const refused = (step: ReviewNotice['step'], title: string) => (error: Error) => {
    if (isApiError(error, 409)) return setNotice({ step, message: serverMessageOr(error, error.message) });
    const { field, text } = fieldMessage(serverMessageOr(error, error.message), ['reason'] as const);
    if (field === 'reason') {
      setReasonError(text);
      reasonField.current?.focus();
    }
    toastError(title, text);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Enter in a field sends the form while Save is held (not disabled) during a save.
    if (save.isPending) return;
    save.mutate(
      { comment, scores: chosen as Partial<Record<AttemptCriterion, number | null>>, ...(reason.trim() ? { reason } : {}), version: base.version },
      {
        onSuccess: (saved) => {
          setNotice(null);
          setReason('');
          setReasonError(null);
          toastSuccess(
            'Review saved',
            !saved.event
              ? 'Nothing changed.'
              : saved.reviewed
                ? `Saved. ${saved.releasePending ? `Release it when ${detail.student.studentName} should see it.` : ''}`.trim()
                : released
                  ? `The review is cleared here. ${detail.student.studentName} still sees the one released earlier until you release a new one.`
                  : `The review is cleared: the attempt shows as not reviewed.`,
          );
        },
        onError: refused('save', 'Could not save the review'),
      },
    );
  };

  const releaseNow = () => {
    release.mutate(reason.trim() ? { reason, version: base.version } : { version: base.version }, {
      onSuccess: (done) => {
        setNotice(null);
        setReason('');
        setReasonError(null);
        onReleased?.();
        toastSuccess(
          released ? 'Amended review released' : 'Review released',
          `${detail.student.studentName} can see it now${RELEASE_NOTICE[done.notified]}`,
        );
      },
      onError: refused('release', 'Could not release the review'),
    });
  };

  return (
    <form onSubmit={submit} aria-label="Teacher review">
      {/* Next awaiting, Back, a link, a reload or closing the tab ask first while the comment, a band or the reason is not saved. */}
      {dirty || reason.trim() !== '' ? (
        <UnsavedChangesGuard dirty message={`Your review of ${detail.student.studentName}'s attempt is not saved. If you leave now, what you typed is lost.`} />
      ) : null}
      <Stack gap="md">
        {notice || stale ? (
          <Suspense fallback={null}>
            <ReviewConflict
              detail={detail}
              notice={notice}
              stale={stale}
              onUseNewer={() => {
                setNotice(null);
                startFrom(latest, true);
              }}
              onKeepMine={() => {
                setNotice(null);
                startFrom(latest, false);
              }}
            />
          </Suspense>
        ) : null}
        {detail.reviewedAt ? (
          <Text size="sm" c="dimmed">
            Last saved by {detail.reviewerName ?? detail.reviewerUsername ?? 'a teacher'} on {formatAttemptTime(detail.reviewedAt)}.
          </Text>
        ) : released ? (
          <Text size="sm" c="dimmed">
            No review is saved now: it was cleared after its release.
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            Not reviewed yet. Your {noun}s are shown beside the automatic estimate, which stays as it is.
          </Text>
        )}
        <Text size="sm" data-testid="release-status">
          {detail.release
            ? `Released to the student by ${detail.release.releasedByName ?? detail.release.releasedByUsername ?? 'a teacher'} on ${formatAttemptTime(detail.release.releasedAt)}${
                !detail.reviewedAt ? ': the student still sees that review.' : detail.releasePending ? '. The saved changes below are not released yet.' : '.'
              }`
            : `The student sees your review once you release it: your ${noun}s become the result${detail.overall === null ? '' : ', beside the estimate'}.`}
        </Text>
        <GrowingTextarea
          label="Comment"
          description={`${comment.length}/${REVIEW_COMMENT_MAX_LENGTH}`}
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
          maxLength={REVIEW_COMMENT_MAX_LENGTH}
          minRows={3}
          maxRows={12}
        />
        {/* Two a row: the form stands in a side column on a laptop. */}
        <Columns cols={2} spacing="sm" align="end">
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
        </Columns>
        <Text size="sm" aria-live="polite">
          {overall === null
            ? `Set all four ${noun}s to give an overall.`
            : `Teacher overall: ${bandText(detail.kind, overall)} (${detail.kind === 'ielts' ? 'the mean of the four, to the nearest half band' : 'the rounded mean of the four'}).`}
        </Text>
        <GrowingTextarea
          label={reasonLabel(released, detail.reviewedAt !== null)}
          description={`Kept in the review trail. ${reason.length}/${REVIEW_REASON_MAX_LENGTH}`}
          value={reason}
          ref={reasonField}
          error={reasonError}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setReasonError(null);
          }}
          maxLength={REVIEW_REASON_MAX_LENGTH}
          minRows={1}
          maxRows={4}
        />
        {/* Held, not disabled, while unavailable: a disabled button drops the focus of the teacher who
            has just pressed it to the page's top, and a button skipped by Tab never reads why it is
            unavailable (the hint it is described by). */}
        <Group gap="sm" wrap="wrap">
          <HeldButton type="submit" unavailable={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save review'}
          </HeldButton>
          <HeldButton
            color="indigo"
            variant="outline"
            onClick={releaseNow}
            unavailable={release.isPending || dirty || stale || bandsProblem !== null || !detail.releasePending || !detail.reviewedAt}
            aria-describedby={releaseHints.length > 0 ? releaseHintId : undefined}
          >
            {release.isPending ? 'Releasing...' : released ? 'Release the amended review' : 'Release to the student'}
          </HeldButton>
        </Group>
        {releaseHints.length > 0 ? (
          <Text size="xs" c="dimmed" id={releaseHintId} data-testid="release-hint">
            {releaseHints.join(' ')}
          </Text>
        ) : null}
      </Stack>
    </form>
  );
}

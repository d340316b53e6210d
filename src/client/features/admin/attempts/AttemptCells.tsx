import { Box, Text, VisuallyHidden } from '@mantine/core';
import type { AttemptKind, AttemptListRow } from '../../../../shared/api/admin-attempts';
import { bandText, CRITERIA_OF } from '../../../../shared/api/admin-attempts-kinds';
import { NOTHING_TO_SCORE_LABEL } from '../../../../shared/api/no-result-texts';

/*
 * The attempts lists' score and review cells. A teacher's band is shown as what it is: released to
 * the student ("T 7.0") or a draft only the teachers see ("Draft 3.0"), and the Review column says
 * which, and who saved or released it.
 */

type BandKey = keyof NonNullable<AttemptListRow['scores']>;

const valueOf = (bands: AttemptListRow['scores'], key: BandKey) => {
  const value = bands?.[key];
  return value === null || value === undefined ? null : value;
};

/** The estimate, the released teacher band, and the saved draft band where it is not the released one. */
export function bandsOf(attempt: AttemptListRow, key: BandKey): { estimate: number | null; released: number | null; draft: number | null } {
  const released = valueOf(attempt.releasedScores, key);
  const saved = attempt.reviewState === 'draft' || attempt.reviewState === 'changed' ? valueOf(attempt.teacherScores, key) : null;
  return { estimate: valueOf(attempt.scores, key), released, draft: saved !== null && saved !== released ? saved : null };
}

/** Whether a score cell of the row shows a teacher's band, released or a draft. */
export function showsTeacherBand(kind: AttemptKind, attempt: AttemptListRow): boolean {
  return (['overall', ...CRITERIA_OF[kind]] as BandKey[]).some((key) => {
    const { released, draft } = bandsOf(attempt, key);
    return released !== null || draft !== null;
  });
}

/**
 * The estimate, then the teacher's released band and a draft band under it when there are: "6.5"
 * over "· T 7.0" over "· Draft 8.0" (a line each, so that a list with every score column fits a 1280 px
 * screen). Read out in full ("estimate 6.5, teacher 7.0, draft 8.0 not released"); "—" when there is no estimate.
 */
export function ScoreCell({ kind, estimate, released, draft }: { kind: AttemptKind; estimate: number | null; released: number | null; draft: number | null }) {
  const shown = estimate === null ? null : bandText(kind, estimate);
  const releasedShown = released === null ? null : bandText(kind, released);
  const draftShown = draft === null ? null : bandText(kind, draft);
  const spoken = [
    shown === null ? 'no estimate' : `estimate ${shown}`,
    releasedShown === null ? null : `teacher ${releasedShown}`,
    draftShown === null ? null : `draft ${draftShown} not released`,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <Text size="sm" component="div" style={{ whiteSpace: 'nowrap' }}>
      <span aria-hidden="true">
        {shown ?? '—'}
        {releasedShown !== null ? (
          <Text span size="sm" fw={700} c="indigo.8" display="block">
            {' '}
            · T {releasedShown}
          </Text>
        ) : null}
        {draftShown !== null ? (
          <Text span size="xs" fw={600} fs="italic" c="gray.8" display="block" data-testid="draft-band">
            {' '}
            · Draft {draftShown}
          </Text>
        ) : null}
      </span>
      <VisuallyHidden>{spoken}</VisuallyHidden>
    </Text>
  );
}

/** The student sees a review of this attempt (perhaps with later changes not released). */
export const isReleased = (attempt: AttemptListRow) => attempt.reviewState === 'released' || attempt.reviewState === 'changed';

/**
 * What the Review column says under the link: awaiting review (nothing saved yet: the queue's
 * words; nothing when there is nothing to score), released, a draft, or both, each with who did it.
 */
export function reviewStateLines(attempt: AttemptListRow): Array<{ label: string; by: string | null; tone: 'awaiting' | 'released' | 'draft' }> {
  const released = { label: 'Released', by: attempt.releasedByName, tone: 'released' as const };
  switch (attempt.reviewState) {
    case 'none':
      // An attempt with nothing to score says what to do instead (OverallCell): a retake.
      return attempt.nothingToScore ? [] : [{ label: 'Awaiting review', by: null, tone: 'awaiting' }];
    case 'draft':
      return [{ label: 'Draft', by: attempt.reviewerName, tone: 'draft' }];
    case 'released':
      return [released];
    case 'changed':
      return [released, attempt.reviewed ? { label: 'Draft changes', by: attempt.reviewerName, tone: 'draft' } : { label: 'Cleared, not released', by: null, tone: 'draft' }];
  }
}

/** The review's state under the Review link (`hidden`: the link says it to a screen reader) or in a phone's card. */
export function ReviewState({ attempt, hidden = false }: { attempt: AttemptListRow; hidden?: boolean }) {
  const lines = reviewStateLines(attempt);
  if (lines.length === 0) return null;
  return (
    <span aria-hidden={hidden || undefined} data-testid="review-state">
      {lines.map((line) => (
        <Text key={line.label} span size="xs" display="block" maw={150} lh={1.3} mt={2}>
          {line.tone === 'awaiting' ? (
            <Text span size="xs" c="gray.7">
              {line.label}
            </Text>
          ) : line.tone === 'released' ? (
            <Text span size="xs" fw={600} c="indigo.8">
              {line.label}
            </Text>
          ) : (
            // A draft on the colours of the review page's "Changes not released" badge.
            <Text span size="xs" fw={600} c="dark.7" bg="orange.1" px={4} style={{ borderRadius: 4 }}>
              {line.label}
            </Text>
          )}
          {line.by ? (
            <Text span size="xs" c="dimmed" display="block">
              by {line.by}
            </Text>
          ) : null}
        </Text>
      ))}
    </span>
  );
}

/** What the Review link says to a screen reader after "Review": the attempt, and where its review stands. */
export function reviewLinkDetail(attempt: AttemptListRow, when: { date: string; time: string }): string {
  const releasedBy = attempt.releasedByName ? ` by ${attempt.releasedByName}` : '';
  const savedBy = attempt.reviewerName ? ` by ${attempt.reviewerName}` : '';
  const state = {
    none: attempt.nothingToScore ? '' : ' (awaiting review)',
    draft: ` (draft${savedBy}, not released)`,
    released: ` (released${releasedBy})`,
    changed: attempt.reviewed ? ` (released${releasedBy}; draft changes${savedBy} not released)` : ` (released${releasedBy}; cleared, not released)`,
  }[attempt.reviewState];
  return ` the attempt of ${attempt.studentName}, ${when.date} ${when.time}${state}`;
}

/** Why an attempt has no estimate, as its pill says it, and the pill's colours. */
const NO_ESTIMATE = {
  nothingToScore: { text: NOTHING_TO_SCORE_LABEL, color: 'red.9', bg: 'red.0', testId: 'nothing-to-score' },
  awaitingTeacher: { text: { ielts: "Awaiting teacher's bands", interview: "Awaiting teacher's scores" }, color: 'blue.9', bg: 'blue.0', testId: 'awaiting-teacher' },
  // Transcribed, but too few words for an estimate: the attempt page says how many.
  tooLittleSpeech: { text: 'Too little speech for an estimate', color: 'gray.8', bg: 'gray.1', testId: 'too-little-speech' },
} as const;

/**
 * An attempt that no estimate could be given for: a pill whose words wrap in a narrow column. With
 * neither transcript nor recording, there is nothing for the teacher to score: the student retakes.
 */
export function NoEstimate({ reason, kind = 'ielts' }: { reason: keyof typeof NO_ESTIMATE; kind?: AttemptKind }) {
  const { color, bg, testId, text: words } = NO_ESTIMATE[reason];
  // A speaking test has bands, an interview scores.
  const text = typeof words === 'string' ? words : words[kind];
  return (
    <Box
      component="span"
      display="inline-block"
      fz="xs"
      fw={700}
      c={color}
      bg={bg}
      px={8}
      py={2}
      maw={130}
      style={{ borderRadius: 'var(--mantine-radius-sm)', lineHeight: 1.35 }}
      data-testid={testId}
    >
      {text}
    </Box>
  );
}

/** The overall score column: the score, or why there is none (a teacher's released band still shows). */
export function OverallCell({ kind, attempt }: { kind: AttemptKind; attempt: AttemptListRow }) {
  if (attempt.nothingToScore) return <NoEstimate reason="nothingToScore" />;
  if (attempt.awaitingTeacher) return <NoEstimate reason="awaitingTeacher" kind={kind} />;
  const bands = bandsOf(attempt, 'overall');
  if (!attempt.assessable && bands.estimate === null && bands.released === null && bands.draft === null) return <NoEstimate reason="tooLittleSpeech" />;
  return <ScoreCell kind={kind} {...bands} />;
}

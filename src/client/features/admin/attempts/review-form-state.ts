import type { AttemptKind, Bands } from '../../../../shared/api/admin-attempts';
import { CRITERIA_OF } from '../../../../shared/api/admin-attempts-kinds';

/*
 * The review form's working state against the server's review. The form remembers the version it
 * was started from (its base) and sends that with Save and Release, never the newest the page has
 * read since: a review another teacher changed meanwhile is refused (409), not overwritten. Pure
 * functions, so the rules are checked without a browser.
 */

/** The comment and a band per criterion as the form's fields hold them ('' for "Not set"). */
export interface ReviewDraft {
  comment: string;
  bands: Record<string, string>;
}

/** A saved review as the form starts from it: its content and its version. */
export interface ReviewBase extends ReviewDraft {
  version: number;
}

export function bandValue(band: number | null | undefined): string {
  return band === null || band === undefined ? '' : String(band);
}

/** The saved review of an attempt as the form's fields would hold it. */
export function baseOf(
  kind: AttemptKind,
  review: { teacherComment: string | null; teacherScores: Bands | null; reviewVersion: number },
): ReviewBase {
  return {
    version: review.reviewVersion,
    comment: review.teacherComment ?? '',
    bands: Object.fromEntries(CRITERIA_OF[kind].map((criterion) => [criterion, bandValue(review.teacherScores?.[criterion])])),
  };
}

/** The same review once saved: the comment as the server trims it, and the same band for every criterion. */
export function sameDraft(kind: AttemptKind, a: ReviewDraft, b: ReviewDraft): boolean {
  return a.comment.trim() === b.comment.trim() && CRITERIA_OF[kind].every((criterion) => (a.bands[criterion] ?? '') === (b.bands[criterion] ?? ''));
}

/**
 * What the form does when the page reads a newer version of the review than its base:
 * - adopt: the fields already say what the newer version says (the teacher's own save or release,
 *   or another teacher saving the same): it becomes the base, the fields stay;
 * - reset: the teacher has changed nothing: the fields show the newer version, which becomes the base;
 * - stale: the teacher has their own changes: both stay as they are, the page shows the newer version
 *   beside the form, and the teacher chooses (a save from the old base would be refused anyway).
 */
export function onNewerVersion(kind: AttemptKind, base: ReviewBase, form: ReviewDraft, latest: ReviewBase): 'adopt' | 'reset' | 'stale' {
  if (sameDraft(kind, form, latest)) return 'adopt';
  if (sameDraft(kind, form, base)) return 'reset';
  return 'stale';
}

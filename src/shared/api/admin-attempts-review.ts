import { z } from '../zod.js';
import { bandsRecord } from './admin-attempts-bands.js';
import { IELTS_CRITERIA, INTERVIEW_CRITERIA, type AttemptCriterion } from './admin-attempts-kinds.js';
import { REVIEW_COMMENT_MAX_LENGTH, REVIEW_REASON_MAX_LENGTH, TEACHER_BAND_MAX, TEACHER_BAND_MIN } from './admin-attempts-limits.js';

/* The teacher's own review of an attempt (decision 0016): the working copy, the release and the trail. */

/** A teacher's review as stored: the comment and the bands (with the derived overall). */
export const reviewContent = z.object({ comment: z.string().nullable(), scores: bandsRecord.nullable() });
export type ReviewContent = z.infer<typeof reviewContent>;

/** The review as last released to the student. */
export const releasedReview = z.object({
  comment: z.string().nullable(),
  scores: bandsRecord.nullable(),
  releasedAt: z.string(),
  /** The releasing teacher's sign-in name: on the teachers' views only, null on the student's. */
  releasedByUsername: z.string().nullable(),
  /**
   * The releasing teacher's name. The student's view: their display name only (null: "your
   * teacher", decision 0029); the teachers' views: the display name, else e-mail, else sign-in name.
   */
  releasedByName: z.string().nullable(),
  /**
   * The student's view only, when the review was released more than once: when it was first released
   * and the bands the release before this one gave, so the page can say what changed since they read it.
   */
  amended: z.object({ firstReleasedAt: z.string(), earlierScores: bandsRecord.nullable() }).optional(),
});
export type ReleasedReview = z.infer<typeof releasedReview>;

/** One entry of the append-only review trail (decision 0016). */
export const reviewEvent = z.object({
  id: z.number().int(),
  at: z.string(),
  byUsername: z.string().nullable(),
  /** The teacher's name: display name, else e-mail, else the sign-in name kept with the entry. */
  byName: z.string().nullable(),
  /** saved: the comment or bands changed; released: the review was released to the student. */
  action: z.enum(['saved', 'released']),
  from: reviewContent.nullable(),
  to: reviewContent.nullable(),
  reason: z.string().nullable(),
});
export type ReviewEvent = z.infer<typeof reviewEvent>;

/**
 * The review's version as the teacher read it (the detail's `reviewVersion`): a save or a release
 * of any other version is refused (409) rather than overwriting or publishing a change the teacher
 * has not seen. Missing, the page was loaded from a version of Parley before reviews had versions
 * (a review page left open across an upgrade): the teacher is told what to do, in words.
 */
const REVIEW_VERSION_MISSING =
  'is missing: this page was opened before Parley was updated. Copy your comment, reload the page, and save again';

const reviewVersion = z
  .number({ error: (issue) => (issue.input === undefined ? REVIEW_VERSION_MISSING : 'must be a whole number') })
  .int('must be a whole number')
  .min(0, 'must be 0 or more');

const teacherBand = z
  .number({ error: `must be a band from ${TEACHER_BAND_MIN} to ${TEACHER_BAND_MAX}, or null` })
  .min(TEACHER_BAND_MIN, `must be at least ${TEACHER_BAND_MIN}`)
  .max(TEACHER_BAND_MAX, `must be at most ${TEACHER_BAND_MAX}`)
  .refine((value) => Number.isInteger(value * 2), 'must be in half steps (6, 6.5, 7...)')
  .nullable();

/**
 * Body of PATCH /api/admin/attempts/{id}/review: the whole review, as the form shows it, and the
 * version it was made from. A criterion left out or null has no teacher band; only the attempt
 * kind's four criteria may be given. An empty comment with no band clears the review.
 */
export const reviewBody = z.strictObject({
  /** Why the review changed: required once it has been released (an amendment), optional before. */
  reason: z
    .string({ error: 'must be text' })
    .max(REVIEW_REASON_MAX_LENGTH, `must be at most ${REVIEW_REASON_MAX_LENGTH} characters`)
    .optional(),
  comment: z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') })
    .max(REVIEW_COMMENT_MAX_LENGTH, `must be at most ${REVIEW_COMMENT_MAX_LENGTH} characters`),
  scores: z.strictObject(
    Object.fromEntries([...IELTS_CRITERIA, ...INTERVIEW_CRITERIA].map((criterion) => [criterion, teacherBand.optional()])) as Record<
      AttemptCriterion,
      z.ZodOptional<typeof teacherBand>
    >,
    {
      error: (issue) => {
        if (issue.code === 'unrecognized_keys') return `has an unknown criterion: ${(issue.keys ?? []).join(', ')}`;
        return issue.input === undefined ? 'is required' : 'must be an object of bands';
      },
    },
  ),
  version: reviewVersion,
});
export type ReviewBody = z.infer<typeof reviewBody>;

export const reviewSaved = z.object({
  reviewed: z.boolean(),
  teacherComment: z.string().nullable(),
  teacherScores: bandsRecord.nullable(),
  reviewedAt: z.string().nullable(),
  reviewerUsername: z.string().nullable(),
  /** The last saving teacher's name: display name, else e-mail, else sign-in name. */
  reviewerName: z.string().nullable(),
  releasePending: z.boolean(),
  /** The trail entry this save added; null when nothing changed. */
  event: reviewEvent.nullable(),
  /** The review's version now: what the next save or release sends. */
  version: z.number().int(),
});
export type ReviewSaved = z.infer<typeof reviewSaved>;

/**
 * Body of POST /api/admin/attempts/{id}/review/release: the version the teacher is releasing (exactly
 * that one is released, or nothing); a reason may go with a re-release.
 */
export const releaseBody = z.strictObject({
  reason: z
    .string({ error: 'must be text' })
    .max(REVIEW_REASON_MAX_LENGTH, `must be at most ${REVIEW_REASON_MAX_LENGTH} characters`)
    .optional(),
  version: reviewVersion,
});
export type ReleaseBody = z.infer<typeof releaseBody>;

export const releaseDone = z.object({
  release: releasedReview,
  event: reviewEvent,
  /**
   * How the student was told: by e-mail (to the address on file); not, as none is on file; or not, as
   * no mail server is set up (SMTP_URL unset: the mail was only written to the server's outbox folder).
   */
  notified: z.enum(['email', 'no-email', 'no-mail-server']),
  /** The review's version now (the release is an entry in the trail). */
  version: z.number().int(),
});
export type ReleaseDone = z.infer<typeof releaseDone>;

import { asc, eq } from 'drizzle-orm';
import {
  CRITERIA_OF,
  releaseBandsProblem,
  teacherOverall,
  type AttemptKind,
  type Bands,
  type ReleasedReview,
  type ReviewBody,
  type ReviewContent,
  type ReviewEvent,
  type ReviewSaved,
} from '../../shared/api/admin-attempts.js';
import type { Db } from '../db/open.js';
import { attempts, reviewEvents, students, users, type AttemptRow, type ReviewEventAction } from '../db/schema.js';
import { badRequest, conflict } from '../lib/http-errors.js';
import { teacherName } from '../../shared/api/teachers-limits.js';
import { checkReviewVersion } from './review-version.js';

/*
 * The teacher's review (decision 0016): a working copy (teacher_* columns) the teacher saves as often
 * as they like, a released copy (released_* columns) that is what the student sees, and an
 * append-only trail (review_events) of every change and every release. Each save and release names
 * the version it was made from (review-version.ts); a stale one changes nothing.
 */

export const REASON_REQUIRED =
  'reason: Say why you are changing a review the student has already seen; the reason is kept in the review trail.';
export const NOTHING_TO_RELEASE = 'There is no saved review to release: save a comment or bands first.';
export const ALREADY_RELEASED = 'This review is already released as it is: change it and save it before releasing it again.';

type Reviewer = { id: number; username: string | null; displayName: string | null; email?: string | null };

/** What a save or release is checked against: who asks, when, and the school's time zone for the 409's sentence. */
interface ReviewRequest {
  attemptId: string;
  reviewer: Reviewer;
  now: Date;
  timeZone: string;
}

function bandsOf(value: unknown): Bands | null {
  if (!value || typeof value !== 'object') return null;
  const bands: Bands = {};
  for (const [key, band] of Object.entries(value)) {
    if (typeof band === 'number' || band === null) bands[key as keyof Bands] = band;
  }
  return bands;
}

/** The working review of an attempt row; null when there is none. */
function workingOf(attempt: Pick<AttemptRow, 'teacherComment' | 'teacherScores' | 'reviewedAt'>): ReviewContent | null {
  if (!attempt.reviewedAt) return null;
  return { comment: attempt.teacherComment, scores: bandsOf(attempt.teacherScores) };
}

function releasedContentOf(attempt: Pick<AttemptRow, 'releasedComment' | 'releasedScores' | 'releasedAt'>): ReviewContent | null {
  if (!attempt.releasedAt) return null;
  return { comment: attempt.releasedComment, scores: bandsOf(attempt.releasedScores) };
}

/** The review as last released, for the attempt's pages; null when never released. */
export function releasedOf(
  attempt: Pick<AttemptRow, 'releasedComment' | 'releasedScores' | 'releasedAt'>,
  releasedBy: { username: string | null; displayName: string | null; email?: string | null },
): ReleasedReview | null {
  if (!attempt.releasedAt) return null;
  return {
    comment: attempt.releasedComment,
    scores: bandsOf(attempt.releasedScores),
    releasedAt: attempt.releasedAt.toISOString(),
    releasedByUsername: releasedBy.username,
    releasedByName: teacherName(releasedBy),
  };
}

/** Same comment and the same band for every criterion and the overall (key order in jsonb does not matter). */
function sameReview(kind: AttemptKind, a: ReviewContent | null, b: ReviewContent | null): boolean {
  if (a === null || b === null) return a === b;
  if ((a.comment ?? null) !== (b.comment ?? null)) return false;
  return [...CRITERIA_OF[kind], 'overall' as const].every((key) => (a.scores?.[key] ?? null) === (b.scores?.[key] ?? null));
}

/** The saved review differs from what the student sees (a review never released counts, once there is one). */
export function releasePending(
  attempt: Pick<AttemptRow, 'kind' | 'teacherComment' | 'teacherScores' | 'reviewedAt' | 'releasedComment' | 'releasedScores' | 'releasedAt'>,
): boolean {
  const working = workingOf(attempt);
  const released = releasedContentOf(attempt);
  if (working === null && released === null) return false;
  return !sameReview(attempt.kind, working, released);
}

function contentOf(value: unknown): ReviewContent | null {
  if (!value || typeof value !== 'object') return null;
  const record = value as { comment?: unknown; scores?: unknown };
  return { comment: typeof record.comment === 'string' ? record.comment : null, scores: bandsOf(record.scores) };
}

/** The entry's teacher as they are now (a deleted account: the sign-in name kept with the entry). */
type EventTeacher = { displayName: string | null; email?: string | null } | null;

function toEvent(row: typeof reviewEvents.$inferSelect, by: EventTeacher): ReviewEvent {
  return {
    id: row.id,
    at: row.at.toISOString(),
    byUsername: row.byUsername,
    byName: teacherName({ displayName: by?.displayName ?? null, email: by?.email ?? null, username: row.byUsername }),
    action: row.action,
    from: contentOf(row.fromReview),
    to: contentOf(row.toReview),
    reason: row.reason,
  };
}

/** The attempt's trail, oldest first (review_events_attempt_idx). */
export async function reviewTrail(db: Db, attemptId: string): Promise<ReviewEvent[]> {
  const rows = await db
    .select({ event: reviewEvents, displayName: users.displayName, email: users.email })
    .from(reviewEvents)
    .leftJoin(users, eq(users.id, reviewEvents.byUserId))
    .where(eq(reviewEvents.attemptId, attemptId))
    .orderBy(asc(reviewEvents.id));
  return rows.map(({ event, displayName, email }) => toEvent(event, { displayName, email }));
}

async function appendEvent(
  db: Db,
  input: { attemptId: string; by: Reviewer; at: Date; action: ReviewEventAction; from: ReviewContent | null; to: ReviewContent | null; reason: string | null },
): Promise<ReviewEvent> {
  const [row] = await db
    .insert(reviewEvents)
    .values({
      attemptId: input.attemptId,
      at: input.at,
      byUserId: input.by.id,
      byUsername: input.by.username,
      action: input.action,
      fromReview: input.from,
      toReview: input.to,
      reason: input.reason,
    })
    .returning();
  if (!row) throw new Error('the review trail entry was not stored');
  return toEvent(row, input.by);
}

/**
 * Stores the teacher's working review, apart from the automatic estimate and from what was released.
 * 409 when the body's version is not the review's (another save or a release came in between).
 * Bands for criteria of the other kind are refused; the overall is derived (teacherOverall). An empty
 * comment with no band clears the review. A change is added to the trail in the same transaction; a
 * change to a review the student has seen needs a reason. Null when there is no such attempt.
 */
export async function saveReview(db: Db, input: ReviewRequest & { body: ReviewBody }): Promise<ReviewSaved | null> {
  return db.transaction(async (tx) => {
    const [attempt] = await tx.select().from(attempts).where(eq(attempts.id, input.attemptId)).for('update');
    if (!attempt) return null;
    const head = await checkReviewVersion(tx, attempt.id, input.body.version, 'save', { reviewerId: input.reviewer.id, now: input.now, timeZone: input.timeZone });
    const criteria = CRITERIA_OF[attempt.kind];
    const given = input.body.scores as Partial<Record<string, number | null>>;
    const foreign = Object.keys(given).find((key) => !criteria.includes(key as (typeof criteria)[number]));
    if (foreign) {
      const what = attempt.kind === 'ielts' ? 'an IELTS attempt' : 'an interview attempt';
      throw badRequest(`scores.${foreign}: is not a criterion of ${what} (${criteria.join(', ')})`);
    }
    const bands: Bands = Object.fromEntries(criteria.map((criterion) => [criterion, given[criterion] ?? null]));
    const comment = input.body.comment.trim();
    const reason = input.body.reason?.trim() || null;
    const empty = comment === '' && criteria.every((criterion) => bands[criterion] === null);
    const before = workingOf(attempt);
    const after: ReviewContent | null = empty
      ? null
      : { comment: comment === '' ? null : comment, scores: { ...bands, overall: teacherOverall(attempt.kind, bands) } };
    const changed = !sameReview(attempt.kind, before, after);
    let event: ReviewEvent | null = null;
    let current = attempt;
    if (changed) {
      if (attempt.releasedAt && !reason) throw badRequest(REASON_REQUIRED);
      const values = after
        ? { teacherComment: after.comment, teacherScores: after.scores, reviewedAt: input.now, reviewedByUserId: input.reviewer.id }
        : { teacherComment: null, teacherScores: null, reviewedAt: null, reviewedByUserId: null };
      const [updated] = await tx.update(attempts).set(values).where(eq(attempts.id, attempt.id)).returning();
      if (!updated) return null;
      current = updated;
      event = await appendEvent(tx, { attemptId: attempt.id, by: input.reviewer, at: input.now, action: 'saved', from: before, to: after, reason });
    }
    const [reviewer] = current.reviewedByUserId
      ? await tx.select({ username: users.username, displayName: users.displayName, email: users.email }).from(users).where(eq(users.id, current.reviewedByUserId))
      : [];
    return {
      reviewed: current.reviewedAt !== null,
      teacherComment: current.teacherComment,
      teacherScores: bandsOf(current.teacherScores),
      reviewedAt: current.reviewedAt?.toISOString() ?? null,
      reviewerUsername: current.reviewedAt ? (reviewer?.username ?? null) : null,
      reviewerName: current.reviewedAt && reviewer ? teacherName(reviewer) : null,
      releasePending: releasePending(current),
      event,
      version: event?.id ?? head.version,
    };
  });
}

export interface ReleaseOutcome {
  release: ReleasedReview;
  event: ReviewEvent;
  /** The review's version after the release: the release's trail entry. */
  version: number;
  /** Who to tell, when an e-mail is on file. */
  recipient: { email: string | null; studentName: string; kind: AttemptKind; completedAt: Date; estimate: number | null };
}

/**
 * Releases the saved review to the student, exactly as it was at `version`: copies it to the released
 * columns and adds a 'released' entry to the trail, in one transaction. 409 when the review has
 * changed since that version (nothing is released), when there is nothing saved, or nothing new since
 * the last release; 400 naming the criteria without a band (the student's overall is the mean of
 * them all). Null when there is no such attempt.
 */
export async function releaseReview(db: Db, input: ReviewRequest & { version: number; reason: string | null }): Promise<ReleaseOutcome | null> {
  return db.transaction(async (tx) => {
    const [attempt] = await tx.select().from(attempts).where(eq(attempts.id, input.attemptId)).for('update');
    if (!attempt) return null;
    await checkReviewVersion(tx, attempt.id, input.version, 'release', { reviewerId: input.reviewer.id, now: input.now, timeZone: input.timeZone });
    const working = workingOf(attempt);
    if (!working) throw conflict(NOTHING_TO_RELEASE);
    const before = releasedContentOf(attempt);
    if (sameReview(attempt.kind, before, working)) throw conflict(ALREADY_RELEASED);
    const incomplete = releaseBandsProblem(attempt.kind, working.scores);
    if (incomplete) throw badRequest(incomplete);
    await tx
      .update(attempts)
      .set({ releasedComment: working.comment, releasedScores: working.scores, releasedAt: input.now, releasedByUserId: input.reviewer.id })
      .where(eq(attempts.id, attempt.id));
    const event = await appendEvent(tx, {
      attemptId: attempt.id,
      by: input.reviewer,
      at: input.now,
      action: 'released',
      from: before,
      to: working,
      reason: input.reason,
    });
    const [student] = await tx
      .select({ studentName: students.studentName, email: users.email })
      .from(students)
      .innerJoin(users, eq(users.id, students.userId))
      .where(eq(students.id, attempt.studentId));
    return {
      release: { comment: working.comment, scores: working.scores, releasedAt: input.now.toISOString(), releasedByUsername: input.reviewer.username, releasedByName: teacherName(input.reviewer) },
      event,
      version: event.id,
      recipient: {
        email: student?.email ?? null,
        studentName: student?.studentName ?? 'student',
        kind: attempt.kind,
        completedAt: attempt.completedAt,
        estimate: attempt.assessable ? attempt.overall : null,
      },
    };
  });
}

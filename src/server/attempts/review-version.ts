import { desc, eq } from 'drizzle-orm';
import { teacherName } from '../../shared/api/teachers-limits.js';
import type { Db } from '../db/open.js';
import { reviewEvents, users, type ReviewEventAction } from '../db/schema.js';
import { conflict, type HttpError } from '../lib/http-errors.js';
import { schoolDate, schoolDateLabel, schoolDateTime } from '../lib/school-day.js';

/*
 * Optimistic concurrency for the teacher's review. Every save that changes it and every release adds
 * an entry to its append-only trail (review.ts), so the id of the trail's last entry names the review
 * exactly as a teacher read it: its version (0 before the first entry). A save or a release says
 * which version it was made from; any other is refused with a 409 naming who changed the review and
 * when, so two teachers never overwrite each other unseen and nobody releases what they did not see.
 * Read while the attempt row is locked (select … for update), so no change can slip in between.
 */

/** The review's version and its last change (null before the first). */
export interface ReviewHead {
  version: number;
  last: { at: Date; byUserId: number | null; byName: string | null; action: ReviewEventAction } | null;
}

/** The version of the attempt's review and who made it, from review_events_attempt_idx (attempt_id, id). */
export async function reviewHead(db: Db, attemptId: string): Promise<ReviewHead> {
  const [row] = await db
    .select({
      id: reviewEvents.id,
      at: reviewEvents.at,
      byUserId: reviewEvents.byUserId,
      byUsername: reviewEvents.byUsername,
      action: reviewEvents.action,
      displayName: users.displayName,
      email: users.email,
    })
    .from(reviewEvents)
    .leftJoin(users, eq(users.id, reviewEvents.byUserId))
    .where(eq(reviewEvents.attemptId, attemptId))
    .orderBy(desc(reviewEvents.id))
    .limit(1);
  if (!row) return { version: 0, last: null };
  const byName = teacherName({ displayName: row.displayName, email: row.email, username: row.byUsername });
  return { version: row.id, last: { at: row.at, byUserId: row.byUserId, byName, action: row.action } };
}

/** "at 18:42" today at the school, "on 27 Nov 2026 at 18:42" another day. */
function whenText(at: Date, now: Date, timeZone: string): string {
  const time = `at ${schoolDateTime(at, timeZone).slice(11)}`;
  return schoolDate(at, timeZone) === schoolDate(now, timeZone) ? time : `on ${schoolDateLabel(at, timeZone)} ${time}`;
}

/** What the teacher was doing when their version turned out stale. */
export type ReviewStep = 'save' | 'release';

/**
 * The 409 for a save or release made from another version than the review's: who changed it and
 * when (in the school's time zone), and that nothing was saved or released.
 */
export function staleReview(head: ReviewHead, step: ReviewStep, context: { reviewerId: number; now: Date; timeZone: string }): HttpError {
  const { last } = head;
  if (!last) {
    return conflict(
      step === 'save'
        ? 'This review is not the one you opened. Your changes are not saved yet: reload it and compare them with it before saving.'
        : 'This review is not the one you opened. Nothing was released: reload it before releasing it.',
    );
  }
  const verb = last.action === 'released' ? 'released' : 'changed';
  const when = whenText(last.at, context.now, context.timeZone);
  if (last.byUserId === context.reviewerId) {
    return conflict(
      step === 'save'
        ? `You ${verb} this review ${when} in another tab or window. Your changes here are not saved yet: compare them with that version before saving.`
        : `You ${verb} this review ${when} in another tab or window. Nothing was released: look at that version before releasing it.`,
    );
  }
  const who = last.byName ?? 'Another teacher';
  const whose = last.byName ? `${last.byName}'s` : 'their';
  return conflict(
    step === 'save'
      ? `${who} ${verb} this review ${when}, after you opened it. Your changes are not saved yet: compare them with ${whose} version before saving.`
      : `${who} ${verb} this review ${when}, after you opened it. Nothing was released: look at ${whose} version before releasing it.`,
  );
}

/** Throws the 409 when `version` is not the review's; returns the review's head otherwise. */
export async function checkReviewVersion(
  db: Db,
  attemptId: string,
  version: number,
  step: ReviewStep,
  context: { reviewerId: number; now: Date; timeZone: string },
): Promise<ReviewHead> {
  const head = await reviewHead(db, attemptId);
  if (head.version !== version) throw staleReview(head, step, context);
  return head;
}

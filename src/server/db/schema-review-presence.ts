import { index, integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { attempts, users } from './schema.js';

/**
 * Which teacher has which attempt's review page open (decision 0050): one row per teacher and
 * attempt, touched by the page every half minute while it is in view. A row not touched within the
 * window (attempts/review-presence.ts) is a page closed or hidden. Other teachers' pages say who else
 * is on the attempt, and their Next awaiting passes it by, so two teachers working through the queue
 * do not write two reviews of one attempt.
 */
export const reviewPresence = pgTable(
  'review_presence',
  {
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => attempts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** When this stay on the page began: a row older than the window starts a new stay. */
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.userId] }), index('review_presence_seen_idx').on(t.seenAt)],
);

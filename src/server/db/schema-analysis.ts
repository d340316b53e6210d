import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { attempts } from './schema.js';

export const analysisStatuses = ['pending', 'running', 'done', 'failed', 'unavailable'] as const;
export type AnalysisStatus = (typeof analysisStatuses)[number];

/**
 * The analysis of an attempt's recording, as a durable job (decision 0017): made 'pending' when a
 * recording is stored, claimed by one process at a time (`for update skip locked`, with a lease that
 * a crash lets run out), then 'done' with the figures, or 'failed' / 'unavailable' with the reason.
 */
export const recordingAnalyses = pgTable(
  'recording_analyses',
  {
    attemptId: uuid('attempt_id')
      .primaryKey()
      .references(() => attempts.id, { onDelete: 'cascade' }),
    status: text('status', { enum: analysisStatuses }).notNull().default('pending'),
    /** Times a process has taken it on: a recording that stops the analysis three times is marked failed. */
    tries: integer('tries').notNull().default(0),
    /** While 'running': when the lease of the process working on it ends. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    reason: text('reason'),
    result: jsonb('result'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('recording_analyses_due_idx').on(t.status, t.updatedAt)],
);

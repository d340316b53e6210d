/** The recordings of attempts and their bytes: where each recording lives and the pieces stored in the database. */
import { sql } from 'drizzle-orm';
import { check, customType, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { attempts, students } from './schema.js';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

export const recordingStores = ['database', 'file'] as const;
export type RecordingStoreKind = (typeof recordingStores)[number];

/**
 * The recording of an attempt: what it is and where its bytes are (decision 0013). The bytes live in
 * `recording_chunks` (store 'database': any process reaches them) or in a file under
 * DATA_DIR/recordings (store 'file', the embedded set-up). A row exists only once every byte is stored.
 */
export const recordings = pgTable(
  'recordings',
  {
    attemptId: uuid('attempt_id')
      .primaryKey()
      .references(() => attempts.id, { onDelete: 'cascade' }),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    store: text('store', { enum: recordingStores }).notNull().default('database'),
    /** The file's name under DATA_DIR/recordings (store 'file'); the chunks' upload id (store 'database'). */
    storageKey: text('storage_key'),
    /** The student the recording counts against (storage cap); copied from the attempt. */
    studentId: integer('student_id').references(() => students.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the retention period deleted the bytes: the attempt, transcript and scores stay. */
    expiredAt: timestamp('expired_at', { withTimezone: true }),
  },
  (t) => [
    index('recordings_student_idx').on(t.studentId),
    index('recordings_created_idx').on(t.createdAt),
    check('recordings_store_check', sql`${t.store} in ('database', 'file')`),
  ],
);

/**
 * The bytes of recordings kept in the database, in pieces of at most RECORDING_CHUNK_BYTES, so that
 * neither an upload nor a read ever holds a whole recording in memory. `upload_id` ties the pieces to
 * one upload: a retried upload writes new pieces and switches the recording to them in one transaction.
 */
export const recordingChunks = pgTable(
  'recording_chunks',
  {
    uploadId: text('upload_id').notNull(),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.seq] })],
);

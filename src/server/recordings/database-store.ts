import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, asc, between, eq, sql } from 'drizzle-orm';
import pLimit from 'p-limit';
import type { Db } from '../db/open.js';
import { recordingChunks, recordings } from '../db/schema-recordings.js';
import type { RecordingStore } from './recording-store.js';

/** Size of one stored piece: a read of any range touches at most a few of them. */
export const RECORDING_CHUNK_BYTES = 256 * 1024;
/** Pieces read by one query while streaming. */
const CHUNKS_PER_READ = 4;

/**
 * Piece reads and writes running at once in this process. The pool has 10 connections: uploads and
 * players must leave most of them to the other requests (20 uploads at once would otherwise hold them
 * all and every list request would queue behind the pieces).
 */
const PIECE_QUERIES_AT_ONCE = 3;

/** Chunk bytes as a Buffer: node-postgres gives a Buffer, PGlite a Uint8Array. */
function asBuffer(data: Uint8Array): Buffer {
  return Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
}

/**
 * Recordings in the database, in pieces of RECORDING_CHUNK_BYTES (decision 0013): every app process
 * reaches them, and neither an upload nor a read holds more than a few pieces in memory. An upload's
 * pieces carry an upload id that starts with the time, so pieces a crash left behind can be told from
 * an upload in progress.
 */
export class DatabaseRecordingStore implements RecordingStore {
  readonly kind = 'database' as const;

  readonly #gate = pLimit(PIECE_QUERIES_AT_ONCE);

  constructor(private readonly db: Db) {}

  async write(source: AsyncIterable<Uint8Array>): Promise<{ storageKey: string; sizeBytes: number }> {
    const storageKey = `${Date.now().toString(36).padStart(10, '0')}-${randomUUID()}`;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let seq = 0;
    let sizeBytes = 0;
    const flush = async (piece: Buffer) => {
      const at = seq;
      await this.#gate(() => this.db.insert(recordingChunks).values({ uploadId: storageKey, seq: at, data: piece }));
      seq += 1;
    };
    try {
      for await (const piece of source) {
        pending.push(Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength));
        pendingBytes += piece.byteLength;
        sizeBytes += piece.byteLength;
        while (pendingBytes >= RECORDING_CHUNK_BYTES) {
          const all = Buffer.concat(pending, pendingBytes);
          await flush(all.subarray(0, RECORDING_CHUNK_BYTES));
          const rest = all.subarray(RECORDING_CHUNK_BYTES);
          pending = rest.length > 0 ? [Buffer.from(rest)] : [];
          pendingBytes = rest.length;
        }
      }
      if (pendingBytes > 0) await flush(Buffer.concat(pending, pendingBytes));
    } catch (error) {
      await this.remove(storageKey).catch(() => {});
      throw error;
    }
    return { storageKey, sizeBytes };
  }

  read(storageKey: string, start: number, end: number): Readable {
    const db = this.db;
    const gate = this.#gate;
    async function* pieces(): AsyncGenerator<Buffer> {
      const first = Math.floor(start / RECORDING_CHUNK_BYTES);
      const last = Math.floor(end / RECORDING_CHUNK_BYTES);
      for (let from = first; from <= last; from += CHUNKS_PER_READ) {
        const to = Math.min(last, from + CHUNKS_PER_READ - 1);
        const rows = await gate(() =>
          db
            .select({ seq: recordingChunks.seq, data: recordingChunks.data })
            .from(recordingChunks)
            .where(and(eq(recordingChunks.uploadId, storageKey), between(recordingChunks.seq, from, to)))
            .orderBy(asc(recordingChunks.seq)),
        );
        if (rows.length !== to - from + 1) throw new Error(`recording ${storageKey}: pieces ${from}-${to} are missing`);
        for (const row of rows) {
          const offset = row.seq * RECORDING_CHUNK_BYTES;
          const bytes = asBuffer(row.data);
          yield bytes.subarray(Math.max(0, start - offset), Math.min(bytes.length, end - offset + 1));
        }
      }
    }
    return Readable.from(pieces());
  }

  async remove(storageKey: string): Promise<void> {
    await this.db.delete(recordingChunks).where(eq(recordingChunks.uploadId, storageKey));
  }

  /** Pieces of uploads that never became a recording, older than the limit (the upload id starts with its time). */
  async sweepLeftovers(olderThanMs: number, now: Date): Promise<number> {
    const before = `${(now.getTime() - olderThanMs).toString(36).padStart(10, '0')}-`;
    const deleted = await this.db
      .delete(recordingChunks)
      .where(
        and(
          // Upload ids are fixed-width base-36 times: compared byte by byte, whatever the database's collation.
          sql`${recordingChunks.uploadId} collate "C" < ${before}`,
          sql`not exists (select 1 from ${recordings} where ${recordings.storageKey} = ${recordingChunks.uploadId})`,
        ),
      )
      .returning({ uploadId: recordingChunks.uploadId });
    return new Set(deleted.map((row) => row.uploadId)).size;
  }
}

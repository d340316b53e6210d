import type { Readable } from 'node:stream';
import type { RecordingStoreKind } from '../db/schema-recordings.js';

/**
 * Where recordings' bytes live (decision 0013). A store never holds a whole recording in memory:
 * writes take the bytes as they arrive, reads give a stream of the asked range.
 */
export interface RecordingStore {
  readonly kind: RecordingStoreKind;
  /**
   * Stores every byte of `source` under a new key and returns it once all of it is durable. When the
   * source throws (cut off, too large), nothing stays behind and the error is passed on.
   */
  write(source: AsyncIterable<Uint8Array>): Promise<{ storageKey: string; sizeBytes: number }>;
  /** Bytes [start, end] (inclusive) of a stored recording, as a stream. */
  read(storageKey: string, start: number, end: number): Readable;
  /** Deletes a stored recording; no error when it is already gone. */
  remove(storageKey: string): Promise<void>;
  /** Deletes what uploads cut off by a crash left behind (older than `olderThanMs`). */
  sweepLeftovers(olderThanMs: number, now: Date): Promise<number>;
}

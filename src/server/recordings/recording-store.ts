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

/**
 * Bytes [start, end] of a stored recording for a reader that starts later (after spawning ffmpeg or
 * the analysis process): the store is opened only when the bytes are first asked for. A file stream
 * opened early, before anything listens, reports a file removed meanwhile (a recording replaced or
 * expired) as an error nobody handles, which Node raises as an uncaught exception that stops the
 * whole server.
 */
export function readWhenAsked(store: RecordingStore, storageKey: string, start: number, end: number): AsyncIterable<Uint8Array> {
  return { [Symbol.asyncIterator]: () => (store.read(storageKey, start, end) as AsyncIterable<Uint8Array>)[Symbol.asyncIterator]() };
}

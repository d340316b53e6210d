import type { Db } from '../db/open.js';
import type { RecordingStoreKind } from '../db/schema-recordings.js';
import { HttpError } from '../lib/http-errors.js';
import { DatabaseRecordingStore } from './database-store.js';
import { FileRecordingStore } from './file-store.js';
import type { RecordingStore } from './recording-store.js';

/** Both stores: new recordings go to `writeTo`; a recording is read from the store its row names. */
export interface RecordingStores {
  writeTo: RecordingStore;
  of(kind: RecordingStoreKind): RecordingStore;
}

export function createRecordingStores(options: { db: Db; driver: 'pglite' | 'postgres'; dataDir: string; configured: RecordingStoreKind | undefined }): RecordingStores {
  const database = new DatabaseRecordingStore(options.db);
  const file = new FileRecordingStore(options.dataDir);
  // The embedded database runs on the server's own thread: bytes go to files there. PostgreSQL
  // serves several processes: bytes go where every one of them reaches.
  const kind = options.configured ?? (options.driver === 'pglite' ? 'file' : 'database');
  return {
    writeTo: kind === 'file' ? file : database,
    of: (which) => (which === 'file' ? file : database),
  };
}

/** The disk (or the database's disk) is full: the upload is refused, and the device keeps it to send again. */
export const STORAGE_FULL_MESSAGE =
  "The server's storage is full, so the recording was not stored. It stays on this device and will be sent again; please tell the school.";

export function isStorageFull(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (code === 'ENOSPC' || code === 'EDQUOT' || code === '53100') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export const storageFull = () => new HttpError(507, STORAGE_FULL_MESSAGE);

/** The upload ended before the bytes its Content-Length announced (a dropped connection). */
export const RECORDING_CUT_OFF_MESSAGE = 'The recording arrived incomplete (the connection dropped). It will be sent again.';

/** A source that throws when more than `maxBytes` arrive, or fewer than `expectedBytes` when known. */
export async function* limitedBytes(
  source: AsyncIterable<Uint8Array>,
  options: { maxBytes: number; expectedBytes: number | undefined; tooLarge: () => Error },
): AsyncGenerator<Uint8Array> {
  let received = 0;
  for await (const piece of source) {
    received += piece.byteLength;
    if (received > options.maxBytes) throw options.tooLarge();
    yield piece;
  }
  if (options.expectedBytes !== undefined && received !== options.expectedBytes) throw new HttpError(400, RECORDING_CUT_OFF_MESSAGE);
}

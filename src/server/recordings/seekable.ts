/*
 * Every stored recording seeks in every browser: each upload is re-muxed (remux.ts) before its row
 * points to it, and a recording stored before that (or while the server had no usable ffmpeg) is
 * re-muxed the first time it is served. A re-mux that fails keeps the original bytes: a recording
 * is never lost to it, it only seeks less well outside Chromium.
 */
import { and, eq } from 'drizzle-orm';
import { createReadStream } from 'node:fs';
import { usableFfmpeg } from '../lib/ffmpeg.js';
import type { Db } from '../db/open.js';
import { recordings, type RecordingStoreKind } from '../db/schema-recordings.js';
import { readWhenAsked, type RecordingStore } from './recording-store.js';
import { INDEX_HEAD_BYTES, indexedAtFront, remuxable, remuxToFile } from './remux.js';
import type { RecordingStores } from './store.js';

/** What this module needs of a recording's row (service.ts's RecordingInfo has it). */
interface StoredRecording {
  mimeType: string;
  sizeBytes: number;
  store: RecordingStoreKind;
  storageKey: string;
}

/** Where a failed re-mux is told (the server's log); the recording is kept as it came. */
export type RemuxLog = (message: string) => void;

/**
 * The recording stored under `storageKey` re-muxed into a new key of the same store, or null when
 * it is not re-muxed (a type that seeks as it is, no usable ffmpeg, or ffmpeg failed: logged). The
 * caller points the row to the new key and deletes the old one.
 */
export async function remuxStored(
  store: RecordingStore,
  stored: { storageKey: string; sizeBytes: number; mimeType: string },
  log: RemuxLog,
): Promise<{ storageKey: string; sizeBytes: number } | null> {
  if (!remuxable(stored.mimeType) || stored.sizeBytes === 0) return null;
  const decoder = await usableFfmpeg();
  if (!decoder.ok) return null;
  const remuxed = await remuxToFile(readWhenAsked(store, stored.storageKey, 0, stored.sizeBytes - 1), stored.mimeType, decoder.path);
  if (!remuxed.ok) {
    log(`the recording ${stored.storageKey} (${stored.mimeType}) is kept as it came, without a seek index: ${remuxed.reason}`);
    return null;
  }
  try {
    return await store.write(createReadStream(remuxed.file));
  } finally {
    await remuxed.done();
  }
}

async function headOf(store: RecordingStore, storageKey: string, sizeBytes: number): Promise<Buffer> {
  const pieces: Buffer[] = [];
  for await (const piece of store.read(storageKey, 0, Math.min(sizeBytes, INDEX_HEAD_BYTES) - 1) as AsyncIterable<Buffer>) pieces.push(piece);
  return Buffer.concat(pieces);
}

/** Storage keys seen to seek already, or that ffmpeg could not re-mux: not looked at again by this process. */
const settled = new Set<string>();
const SETTLED_LIMIT = 100_000;
/** Re-muxes under way, so that concurrent range requests for one old recording wait for the same one. */
const underWay = new Map<string, Promise<StoredRecording>>();

async function fixOld<T extends StoredRecording>(db: Db, stores: RecordingStores, attemptId: string, info: T, log: RemuxLog): Promise<T> {
  const store = stores.of(info.store);
  const head = await headOf(store, info.storageKey, info.sizeBytes);
  const remuxed = indexedAtFront(info.mimeType, head) ? null : await remuxStored(store, info, log);
  if (!remuxed) {
    if (settled.size >= SETTLED_LIMIT) settled.clear();
    settled.add(info.storageKey);
    return info;
  }
  // Only when the row still names the bytes that were re-muxed (a retried upload may have replaced them).
  const [moved] = await db
    .update(recordings)
    .set({ storageKey: remuxed.storageKey, sizeBytes: remuxed.sizeBytes })
    .where(and(eq(recordings.attemptId, attemptId), eq(recordings.storageKey, info.storageKey)))
    .returning({ attemptId: recordings.attemptId });
  if (!moved) {
    await store.remove(remuxed.storageKey).catch(() => {});
    return info;
  }
  settled.add(remuxed.storageKey);
  await store.remove(info.storageKey).catch(() => {});
  return { ...info, storageKey: remuxed.storageKey, sizeBytes: remuxed.sizeBytes };
}

/**
 * A kept recording as it is to be served: one stored without its index at the front is re-muxed
 * first (once; later requests find it settled). A failure serves the original bytes.
 */
export async function seekableRecording<T extends StoredRecording>(db: Db, stores: RecordingStores, attemptId: string, info: T, log: RemuxLog): Promise<T> {
  if (settled.has(info.storageKey) || !remuxable(info.mimeType) || info.sizeBytes === 0) return info;
  let running = underWay.get(info.storageKey);
  if (!running) {
    running = fixOld(db, stores, attemptId, info, log).finally(() => underWay.delete(info.storageKey));
    underWay.set(info.storageKey, running);
  }
  const fixed = await running.catch((error: unknown) => {
    log(`the recording of attempt ${attemptId} could not be checked for a seek index: ${error instanceof Error ? error.message : String(error)}`);
    return info;
  });
  // Only the key and size change; the rest is this caller's own row.
  return { ...info, storageKey: fixed.storageKey, sizeBytes: fixed.sizeBytes };
}

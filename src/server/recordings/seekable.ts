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
import { INDEX_HEAD_BYTES, indexedAtFront, readsAsAudio, remuxable, remuxToFile } from './remux.js';
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
 * What re-muxing a stored recording came to: its copy under a new key of the same store (the caller
 * points the row to it and deletes the old key); the bytes left as they are (a type that seeks as it
 * is and that ffmpeg read, no usable ffmpeg, or ffmpeg stopped or failed to start); or bytes ffmpeg
 * read to the end and found no audio in (`unreadable`, kept as they are too). Failures are logged.
 */
export type RemuxOutcome = { kind: 'remuxed'; storageKey: string; sizeBytes: number } | { kind: 'asIs' } | { kind: 'unreadable' };

export async function remuxStored(
  store: RecordingStore,
  stored: { storageKey: string; sizeBytes: number; mimeType: string },
  log: RemuxLog,
): Promise<RemuxOutcome> {
  if (stored.sizeBytes === 0) return { kind: 'asIs' };
  const decoder = await usableFfmpeg();
  if (!decoder.ok) return { kind: 'asIs' };
  if (!remuxable(stored.mimeType)) {
    // A type that seeks as it is: only read through, so that bytes with no audio are told.
    const read = await readsAsAudio(readWhenAsked(store, stored.storageKey, 0, stored.sizeBytes - 1), stored.mimeType, decoder.path);
    if (read.ok) return { kind: 'asIs' };
    log(`the recording ${stored.storageKey} (${stored.mimeType}) is kept as it came: ${read.reason}`);
    return { kind: read.unreadable ? 'unreadable' : 'asIs' };
  }
  const remuxed = await remuxToFile(readWhenAsked(store, stored.storageKey, 0, stored.sizeBytes - 1), stored.mimeType, decoder.path);
  if (!remuxed.ok) {
    log(`the recording ${stored.storageKey} (${stored.mimeType}) is kept as it came, without a seek index: ${remuxed.reason}`);
    return { kind: remuxed.unreadable ? 'unreadable' : 'asIs' };
  }
  try {
    return { kind: 'remuxed', ...(await store.write(createReadStream(remuxed.file))) };
  } finally {
    await remuxed.done();
  }
}

async function headOf(store: RecordingStore, storageKey: string, sizeBytes: number): Promise<Buffer> {
  const pieces: Buffer[] = [];
  for await (const piece of store.read(storageKey, 0, Math.min(sizeBytes, INDEX_HEAD_BYTES) - 1) as AsyncIterable<Buffer>) pieces.push(piece);
  return Buffer.concat(pieces);
}

/**
 * Whether ffmpeg could read a kept recording: a type that is re-muxed has its seek index at the front
 * (re-muxed on upload, or made with one), which only a recording ffmpeg read has; a type left as it
 * is (Ogg, AAC, WAV) is read to its end (readsAsAudio). True when no usable ffmpeg can tell.
 */
export async function keptReadable(stores: RecordingStores, info: { store: RecordingStoreKind; storageKey: string; sizeBytes: number; mimeType: string }): Promise<boolean> {
  if (info.sizeBytes === 0) return false;
  const store = stores.of(info.store);
  if (remuxable(info.mimeType)) return indexedAtFront(info.mimeType, await headOf(store, info.storageKey, info.sizeBytes));
  const decoder = await usableFfmpeg();
  if (!decoder.ok) return true;
  const read = await readsAsAudio(readWhenAsked(store, info.storageKey, 0, info.sizeBytes - 1), info.mimeType, decoder.path);
  return read.ok || !read.unreadable;
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
  if (remuxed?.kind !== 'remuxed') {
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

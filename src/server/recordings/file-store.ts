import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { RecordingStore } from './recording-store.js';

const KEY_PATTERN = /^[0-9a-f-]{36}$/;

/** What writeWhole needs of a file handle (node:fs/promises' FileHandle.write). */
export interface WritableFile {
  write(buffer: Uint8Array, offset: number, length: number): Promise<{ bytesWritten: number }>;
}

/**
 * Writes every byte of `piece`. A write may take fewer bytes than it was given (a disk that is
 * nearly full): the rest is written again, so the disk's error (ENOSPC) comes back instead of a
 * recording silently cut short and counted whole.
 */
export async function writeWhole(file: WritableFile, piece: Uint8Array): Promise<void> {
  let offset = 0;
  while (offset < piece.byteLength) {
    const { bytesWritten } = await file.write(piece, offset, piece.byteLength - offset);
    if (bytesWritten <= 0) throw Object.assign(new Error('the disk took no more bytes'), { code: 'ENOSPC' });
    offset += bytesWritten;
  }
}

/**
 * Recordings as files under DATA_DIR/recordings (the embedded set-up): written to `incoming/` as they
 * arrive, flushed to disk, then renamed into place, so a file under its final name is always whole.
 * The bytes never pass through the database, whose work runs on the server's own thread with PGlite.
 */
export class FileRecordingStore implements RecordingStore {
  readonly kind = 'file' as const;
  readonly #folder: string;
  readonly #incoming: string;

  constructor(dataDir: string) {
    this.#folder = path.join(dataDir, 'recordings');
    this.#incoming = path.join(this.#folder, 'incoming');
  }

  #pathOf(storageKey: string): string {
    // Keys are made here (UUIDs); anything else in a row is refused rather than joined into a path.
    if (!KEY_PATTERN.test(storageKey)) throw new Error(`not a recording file key: ${JSON.stringify(storageKey)}`);
    return path.join(this.#folder, storageKey.slice(0, 2), storageKey);
  }

  async write(source: AsyncIterable<Uint8Array>): Promise<{ storageKey: string; sizeBytes: number }> {
    const storageKey = randomUUID();
    const target = this.#pathOf(storageKey);
    await mkdir(this.#incoming, { recursive: true });
    const temporary = path.join(this.#incoming, storageKey);
    const file = await open(temporary, 'w');
    let sizeBytes = 0;
    try {
      try {
        for await (const piece of source) {
          await writeWhole(file, piece);
          sizeBytes += piece.byteLength;
        }
        await file.sync();
      } finally {
        await file.close();
      }
      await mkdir(path.dirname(target), { recursive: true });
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    return { storageKey, sizeBytes };
  }

  read(storageKey: string, start: number, end: number): Readable {
    return createReadStream(this.#pathOf(storageKey), { start, end });
  }

  async remove(storageKey: string): Promise<void> {
    await rm(this.#pathOf(storageKey), { force: true });
  }

  /** Files in `incoming/` older than the limit: uploads a crash or a kill cut off. */
  async sweepLeftovers(olderThanMs: number, now: Date): Promise<number> {
    let names: string[];
    try {
      names = await readdir(this.#incoming);
    } catch {
      return 0;
    }
    let removed = 0;
    for (const name of names) {
      const file = path.join(this.#incoming, name);
      const info = await stat(file).catch(() => null);
      if (info && now.getTime() - info.mtimeMs > olderThanMs) {
        await rm(file, { force: true });
        removed += 1;
      }
    }
    return removed;
  }
}

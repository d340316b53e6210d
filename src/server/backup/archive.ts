import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { once } from 'node:events';
import { Readable } from 'node:stream';

/**
 * A Parley backup is one file: a header line, then entries, each a JSON line naming it and its
 * size, its bytes, and a JSON line with their SHA-256; a last line counts the entries. Plain enough
 * to read with `head`, streamed both ways (a recording is never held whole), and a cut or altered
 * file is recognised before anything is restored from it.
 */
export const BACKUP_HEADER = 'PARLEY-BACKUP 1\n';

/** A file that is not a backup, one cut short, or one whose bytes changed. The message is for the operator. */
export class BackupFormatError extends Error {}

export interface ArchiveEntry {
  name: string;
  size: number;
  /** Where the entry's bytes start in the backup file. */
  offset: number;
}

/** Writing the backup file failed (a full disk, no permission...): `fsError` is the file system's error. */
export class BackupWriteError extends Error {
  constructor(
    readonly file: string,
    readonly fsError: NodeJS.ErrnoException,
  ) {
    super(`Could not write ${file}: ${fsError.message}`, { cause: fsError });
  }
}

export class ArchiveWriter {
  readonly #out: WriteStream;
  readonly #file: string;
  /** The stream's first error. A write stream reports a failed write later, as an 'error' event: always listened to. */
  #failure: BackupWriteError | null = null;
  #entries = 0;

  private constructor(file: string) {
    this.#file = file;
    // 'wx': never over an existing file.
    this.#out = createWriteStream(file, { flags: 'wx' });
    this.#out.on('error', (error: NodeJS.ErrnoException) => {
      this.#failure ??= new BackupWriteError(file, error);
    });
  }

  static async create(file: string): Promise<ArchiveWriter> {
    const writer = new ArchiveWriter(file);
    await writer.#settled(once(writer.#out, 'open'));
    await writer.#write(BACKUP_HEADER);
    return writer;
  }

  /** Waits for `event`; a stream error meanwhile (or before) rejects with the BackupWriteError. */
  async #settled(event: Promise<unknown>): Promise<void> {
    if (this.#failure) throw this.#failure;
    try {
      await event;
    } catch {
      // events.once rejects with the 'error' event's error, which the listener above has kept.
    }
    if (this.#failure) throw this.#failure;
  }

  async #write(data: string | Uint8Array): Promise<void> {
    if (this.#failure) throw this.#failure;
    if (!this.#out.write(data)) await this.#settled(once(this.#out, 'drain'));
  }

  /** Adds an entry of exactly `size` bytes from `source`. */
  async add(name: string, size: number, source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<void> {
    await this.#write(`${JSON.stringify({ name, size })}\n`);
    const hash = createHash('sha256');
    let written = 0;
    for await (const piece of source) {
      hash.update(piece);
      written += piece.byteLength;
      await this.#write(piece);
    }
    if (written !== size) throw new Error(`${name} changed while it was being backed up (${written} bytes, expected ${size})`);
    await this.#write(`\n${JSON.stringify({ sha256: hash.digest('hex') })}\n`);
    this.#entries += 1;
  }

  /**
   * Adds a file's bytes; false, with nothing written, when the file no longer exists. On PostgreSQL
   * the server keeps running during a backup, and a recording file listed a moment ago may since
   * have been replaced by its re-muxed copy or deleted as expired. Opened before its entry's header
   * is written, so a removal after that cannot cut the entry short.
   */
  async addFile(name: string, file: string): Promise<boolean> {
    let handle: FileHandle;
    try {
      handle = await open(file, 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
    try {
      const { size } = await handle.stat();
      await this.add(name, size, handle.createReadStream({ autoClose: false }));
    } finally {
      await handle.close();
    }
    return true;
  }

  async addBytes(name: string, bytes: Uint8Array): Promise<void> {
    await this.add(name, bytes.byteLength, [bytes]);
  }

  /** Writes the closing line and flushes the file to disk. */
  async finish(): Promise<void> {
    await this.#write(`${JSON.stringify({ end: true, entries: this.#entries })}\n`);
    this.#out.end();
    await this.#settled(once(this.#out, 'finish'));
    try {
      const handle = await open(this.#file, 'r');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
    } catch (error) {
      throw new BackupWriteError(this.#file, error as NodeJS.ErrnoException);
    }
  }

  /** Abandons the file: its stream closed (writes still pending fail quietly), so it can be removed. */
  async destroy(): Promise<void> {
    if (this.#out.closed) return;
    const closed = new Promise<void>((resolve) => this.#out.once('close', () => resolve()));
    this.#out.destroy();
    await closed;
  }
}

/** Reads one line (at most 64 KiB) starting at `position`; null at the end of the file. */
async function readLine(handle: FileHandle, position: number): Promise<{ line: string; next: number } | null> {
  const buffer = Buffer.alloc(65_536);
  const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
  if (bytesRead === 0) return null;
  const end = buffer.subarray(0, bytesRead).indexOf(0x0a);
  if (end < 0) return null;
  return { line: buffer.subarray(0, end).toString('utf8'), next: position + end + 1 };
}

function parseJson(line: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Checks the whole backup (header, every entry's size and SHA-256, the closing count) and lists its
 * entries. Throws BackupFormatError with a sentence saying what is wrong.
 */
export async function readArchive(file: string): Promise<ArchiveEntry[]> {
  const handle = await open(file, 'r');
  try {
    const header = Buffer.alloc(BACKUP_HEADER.length);
    await handle.read(header, 0, header.length, 0);
    if (header.toString('latin1') !== BACKUP_HEADER) {
      throw new BackupFormatError(`${file} is not a Parley backup (it does not start with "${BACKUP_HEADER.trim()}"). Nothing was changed.`);
    }
    const cut = () => new BackupFormatError(`${file} is cut short or damaged: it is not a whole Parley backup. Nothing was changed.`);
    const entries: ArchiveEntry[] = [];
    let position = BACKUP_HEADER.length;
    for (;;) {
      const line = await readLine(handle, position);
      if (!line) throw cut();
      const fields = parseJson(line.line);
      if (fields?.end === true) {
        if (fields.entries !== entries.length) throw cut();
        return entries;
      }
      const { name, size } = fields ?? {};
      if (typeof name !== 'string' || typeof size !== 'number' || !Number.isSafeInteger(size) || size < 0) throw cut();
      const offset = line.next;
      const hash = createHash('sha256');
      if (size > 0) {
        for await (const piece of createReadStream('', { fd: handle.fd, start: offset, end: offset + size - 1, autoClose: false })) {
          hash.update(piece as Buffer);
        }
      }
      const trailer = await readLine(handle, offset + size + 1);
      const recorded = trailer ? parseJson(trailer.line) : null;
      if (!trailer || recorded?.sha256 !== hash.digest('hex')) throw cut();
      entries.push({ name, size, offset });
      position = trailer.next;
    }
  } finally {
    await handle.close();
  }
}

/** The bytes of one entry, streamed. */
export function entryStream(file: string, entry: ArchiveEntry): Readable {
  if (entry.size === 0) return Readable.from([]);
  return createReadStream(file, { start: entry.offset, end: entry.offset + entry.size - 1 });
}

export async function entryBytes(file: string, entry: ArchiveEntry): Promise<Buffer> {
  const pieces: Buffer[] = [];
  for await (const piece of entryStream(file, entry)) pieces.push(piece as Buffer);
  return Buffer.concat(pieces);
}

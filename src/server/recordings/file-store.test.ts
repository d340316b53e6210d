import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { FileRecordingStore, writeWhole, type WritableFile } from './file-store.js';

const folder = mkdtempSync(path.join(tmpdir(), 'parley-file-store-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A file on a nearly full disk: each write takes at most `room` bytes of what is left, then none. */
function nearlyFull(room: number, takesAtOnce: number) {
  const written: number[] = [];
  const file: WritableFile = {
    write(buffer, offset, length) {
      const taken = Math.min(length, takesAtOnce, room - written.length);
      for (let i = 0; i < taken; i += 1) written.push(buffer[offset + i] ?? -1);
      return Promise.resolve({ bytesWritten: taken });
    },
  };
  return { file, written };
}

describe('writing a recording to disk', () => {
  it('writes the rest of a piece the disk took only part of, byte for byte', async () => {
    const piece = Uint8Array.from({ length: 100 }, (_, i) => i);
    const disk = nearlyFull(1000, 7);
    await writeWhole(disk.file, piece);
    expect(disk.written).toEqual([...piece]);
  });

  it("fails with the disk's ENOSPC when it takes no more, never counting the piece as written", async () => {
    const disk = nearlyFull(45, 30);
    await expect(writeWhole(disk.file, new Uint8Array(100))).rejects.toMatchObject({ code: 'ENOSPC' });
    expect(disk.written).toHaveLength(45);
  });

  it('stores what it was given and says how much', async () => {
    const store = new FileRecordingStore(folder);
    const bytes = Buffer.from('a recording of sorts '.repeat(5000));
    const { storageKey, sizeBytes } = await store.write(Readable.from([bytes.subarray(0, 40_000), bytes.subarray(40_000)]));
    expect(sizeBytes).toBe(bytes.length);
    expect(readFileSync(path.join(folder, 'recordings', storageKey.slice(0, 2), storageKey)).equals(bytes)).toBe(true);
  });
});

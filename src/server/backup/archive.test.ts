import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ArchiveWriter, entryBytes, readArchive } from './archive.js';

describe('ArchiveWriter.addFile', () => {
  let folder: string;
  beforeEach(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'parley-archive-'));
  });
  afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('leaves out a file removed since it was listed (a running server replaced or expired a recording) and the backup stays whole', async () => {
    const kept = path.join(folder, 'kept');
    await writeFile(kept, 'recording bytes');
    const file = path.join(folder, 'backup.parley');
    const writer = await ArchiveWriter.create(file);
    await writer.addBytes('manifest.json', Buffer.from('{}'));
    expect(await writer.addFile('recordings/gone', path.join(folder, 'gone'))).toBe(false);
    expect(await writer.addFile('recordings/kept', kept)).toBe(true);
    await writer.finish();

    const entries = await readArchive(file);
    expect(entries.map((entry) => entry.name)).toEqual(['manifest.json', 'recordings/kept']);
    const keptEntry = entries.find((entry) => entry.name === 'recordings/kept');
    expect(keptEntry && (await entryBytes(file, keptEntry)).toString()).toBe('recording bytes');
  });
});

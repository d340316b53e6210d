import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { newestShippedMigrationAt, pgliteExtensions } from '../db/open.js';
import { lockDataDir } from '../lib/data-dir-lock.js';
import { BackupFormatError, entryBytes, entryStream, readArchive, type ArchiveEntry } from './archive.js';
import {
  BackupRefusedError,
  MANIFEST_ENTRY,
  PGLITE_ENTRY,
  POSTGRES_ENTRY,
  RECORDING_FILE,
  pgliteFolder,
  recordingFiles,
  recordingsFolder,
  type BackupTarget,
  type Manifest,
} from './backup.js';
import { restorePgliteIntoPostgres } from './into-postgres.js';
import { checkDump, checkRestoreConnection, parleyRowCounts, pgRestore, replaceKeepingTheOld } from './postgres-dump.js';

export interface RestoreSummary {
  createdAt: string;
  recordingFiles: number;
  /** Where the data that was there before went (`--force` on the embedded database), if anywhere. */
  movedAside: string | null;
}

async function readManifest(file: string, entries: ArchiveEntry[]): Promise<Manifest> {
  const entry = entries.find((candidate) => candidate.name === MANIFEST_ENTRY);
  let manifest: Partial<Manifest> | null = null;
  try {
    manifest = entry ? (JSON.parse((await entryBytes(file, entry)).toString('utf8')) as Partial<Manifest>) : null;
  } catch {
    manifest = null;
  }
  if (manifest?.app !== 'parley' || (manifest.driver !== 'pglite' && manifest.driver !== 'postgres')) {
    throw new BackupFormatError(`${file} has no readable Parley manifest: it is not a Parley backup. Nothing was changed.`);
  }
  if (manifest.format !== 1) {
    throw new BackupFormatError(`${file} is a Parley backup of format ${String(manifest.format)}, which this version cannot read. Nothing was changed.`);
  }
  return manifest as Manifest;
}

const DRIVER_NAMES = { pglite: 'the embedded database (DATA_DIR, no DATABASE_URL)', postgres: 'PostgreSQL (DATABASE_URL)' };

/** Refuses, before anything is touched, a backup holding an entry under recordings/ that is not exactly a recording file's name. */
function checkRecordingNames(file: string, entries: ArchiveEntry[]): void {
  const stray = entries.find((entry) => entry.name.startsWith('recordings/') && !RECORDING_FILE.test(entry.name.slice('recordings/'.length)));
  if (stray) throw new BackupFormatError(`${file} holds an entry named ${JSON.stringify(stray.name)}, which is not a recording file. Nothing was changed.`);
}

/** Writes the backup's recording files into DATA_DIR/recordings, each under a temporary name first. */
async function restoreRecordingFiles(file: string, entries: ArchiveEntry[], dataDir: string): Promise<number> {
  const folder = recordingsFolder(dataDir);
  const incoming = path.join(folder, 'incoming');
  let count = 0;
  for (const entry of entries) {
    if (!entry.name.startsWith('recordings/')) continue;
    const match = RECORDING_FILE.exec(entry.name.slice('recordings/'.length));
    // A name is never joined into a path unless it is exactly a recording's (checkRecordingNames refused the others first).
    if (!match) throw new BackupFormatError(`${file} holds an entry named ${JSON.stringify(entry.name)}, which is not a recording file. Nothing more was restored.`);
    await mkdir(incoming, { recursive: true });
    const temporary = path.join(incoming, `restore-${match[2]}`);
    await pipeline(entryStream(file, entry), createWriteStream(temporary));
    await mkdir(path.join(folder, match[1] as string), { recursive: true });
    await rename(temporary, path.join(folder, match[1] as string, match[2] as string));
    count += 1;
  }
  return count;
}

/** Whether DATA_DIR already holds an embedded database or recording files. */
async function dataDirInUse(dataDir: string): Promise<boolean> {
  const folder = pgliteFolder(dataDir);
  const hasDatabase = existsSync(folder) && (await readdir(folder)).length > 0;
  return hasDatabase || (await recordingFiles(dataDir)).length > 0;
}

async function restorePglite(file: string, entries: ArchiveEntry[], dataDir: string, force: boolean): Promise<{ movedAside: string | null }> {
  const dump = entries.find((entry) => entry.name === PGLITE_ENTRY);
  if (!dump) throw new BackupFormatError(`${file} holds no embedded database. Nothing was changed.`);
  const inUse = await dataDirInUse(dataDir);
  if (inUse && !force) {
    throw new BackupRefusedError(
      `${dataDir} already holds a database or recordings. Restoring would replace them: run restore again with --force ` +
        `(what is there now is moved to ${path.join(dataDir, 'replaced-by-restore-<time>')}, not deleted), or set DATA_DIR to an empty folder.`,
    );
  }
  // PGlite unpacks its own tarball into an empty folder, then opens it; a first query proves it whole.
  // Only then is what is there moved aside: a dump that cannot be read leaves it in place.
  const scratch = await mkdtemp(path.join(dataDir, 'restoring-'));
  let movedAside: string | null = null;
  try {
    const instance = await PGlite.create(scratch, { extensions: pgliteExtensions, loadDataDir: new Blob([new Uint8Array(await entryBytes(file, dump))]) });
    try {
      await instance.query('select count(*) from attempts');
    } finally {
      await instance.close();
    }
    if (inUse) {
      movedAside = path.join(dataDir, `replaced-by-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`);
      await mkdir(movedAside, { recursive: true });
      for (const name of ['pgdata', 'recordings']) {
        if (existsSync(path.join(dataDir, name))) await rename(path.join(dataDir, name), path.join(movedAside, name));
      }
    }
    await rename(scratch, pgliteFolder(dataDir));
  } catch (error) {
    await rm(scratch, { recursive: true, force: true });
    throw error;
  }
  return { movedAside };
}

/**
 * The PostgreSQL database's Parley rows, refused when it holds students, attempts or teacher accounts
 * unless `force` (a teacher added since the backup, with the password they chose, is data too; the
 * first teacher a server creates on an empty database counts as well, and --force replaces it).
 */
async function replaceablePostgres(url: string, force: boolean): Promise<{ hasTables: boolean }> {
  const counts = await parleyRowCounts(url);
  if ((counts.students > 0 || counts.attempts > 0 || counts.teachers > 0) && !force) {
    throw new BackupRefusedError(
      `The database in DATABASE_URL holds ${counts.students} student(s), ${counts.attempts} attempt(s) and ${counts.teachers} teacher account(s). Restoring would delete them: ` +
        `stop every Parley server on it and run restore again with --force, or point DATABASE_URL to an empty database.`,
    );
  }
  return counts;
}

async function restoreEmbeddedIntoPostgres(file: string, entries: ArchiveEntry[], url: string, force: boolean): Promise<void> {
  const dump = entries.find((entry) => entry.name === PGLITE_ENTRY);
  if (!dump) throw new BackupFormatError(`${file} holds no embedded database. Nothing was changed.`);
  const { hasTables } = await replaceablePostgres(url, force);
  await restorePgliteIntoPostgres(new Uint8Array(await entryBytes(file, dump)), url, hasTables);
}

async function restorePostgres(file: string, entries: ArchiveEntry[], url: string, force: boolean): Promise<void> {
  const dump = entries.find((entry) => entry.name === POSTGRES_ENTRY);
  if (!dump) throw new BackupFormatError(`${file} holds no PostgreSQL dump. Nothing was changed.`);
  const counts = await replaceablePostgres(url, force);
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'parley-restore-'));
  try {
    const dumpFile = path.join(scratch, 'postgres.dump');
    await pipeline(entryStream(file, dump), createWriteStream(dumpFile));
    // Before the database is emptied: a dump pg_restore cannot read, or a database it cannot reach, would leave nothing in its place.
    await checkDump(dumpFile);
    await checkRestoreConnection(url, dumpFile);
    if (counts.hasTables) await replaceKeepingTheOld(url, () => pgRestore(url, dumpFile));
    else await pgRestore(url, dumpFile);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * Restores a backup made by `backup`: checks the whole file first (nothing is touched when it is
 * not a whole Parley backup), refuses a running embedded server (the DATA_DIR lock) and data it would
 * replace unless `force`, then restores the database and writes the recording files.
 */
export async function restore(target: BackupTarget, file: string, options: { force: boolean }): Promise<RestoreSummary> {
  const source = path.resolve(file);
  if (!existsSync(source)) throw new BackupRefusedError(`${source} does not exist.`);
  const entries = await readArchive(source);
  const manifest = await readManifest(source, entries);
  checkRecordingNames(source, entries);
  // A newer version's data: restored, this version would refuse to start on it (db/open.ts).
  if (typeof manifest.newestMigrationAt === 'number' && manifest.newestMigrationAt > newestShippedMigrationAt()) {
    throw new BackupRefusedError(
      `${source} was taken by a newer version of Parley: its database has migrations this version does not know. ` +
        'Restore it with that version, or restore a backup this version took (docs/deploy.md, Upgrading). Nothing was changed.',
    );
  }
  if (manifest.driver === 'pglite' && target.driver === 'postgres') {
    // Moving from the embedded database to PostgreSQL (into-postgres.ts).
    const release = lockDataDir(target.dataDir);
    try {
      await restoreEmbeddedIntoPostgres(source, entries, target.url, options.force);
      const restored = await restoreRecordingFiles(source, entries, target.dataDir);
      return { createdAt: manifest.createdAt, recordingFiles: restored, movedAside: null };
    } finally {
      release();
    }
  }
  if (manifest.driver !== target.driver) {
    throw new BackupRefusedError(
      `${source} is a backup of ${DRIVER_NAMES[manifest.driver]}, but this configuration uses ${DRIVER_NAMES[target.driver]}. ` +
        'Restore it with the same kind of database it came from. Nothing was changed.',
    );
  }
  const release = lockDataDir(target.dataDir);
  try {
    let movedAside: string | null = null;
    if (target.driver === 'pglite') movedAside = (await restorePglite(source, entries, target.dataDir, options.force)).movedAside;
    else await restorePostgres(source, entries, target.url, options.force);
    const restored = await restoreRecordingFiles(source, entries, target.dataDir);
    return { createdAt: manifest.createdAt, recordingFiles: restored, movedAside };
  } finally {
    release();
  }
}

import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { newestRecordedMigrationAt, pgliteExtensions } from '../db/open.js';
import { lockDataDir } from '../lib/data-dir-lock.js';
import { ArchiveWriter, BackupWriteError } from './archive.js';
import { pgDump } from './postgres-dump.js';

/** Where the data lives: the embedded database in DATA_DIR, or PostgreSQL; recording files in DATA_DIR/recordings either way. */
export type BackupTarget = { driver: 'pglite'; dataDir: string } | { driver: 'postgres'; url: string; dataDir: string };

export interface Manifest {
  app: 'parley';
  format: 1;
  driver: 'pglite' | 'postgres';
  createdAt: string;
  recordingFiles: number;
  /**
   * The newest migration the database had (drizzle's `created_at`): a version that does not know it
   * refuses to restore the backup. Absent in backups taken before it was recorded.
   */
  newestMigrationAt?: number | null;
}

export const MANIFEST_ENTRY = 'manifest.json';
export const PGLITE_ENTRY = 'database/pgdata.tar.gz';
export const POSTGRES_ENTRY = 'database/postgres.dump';

/** A recording file's name inside DATA_DIR/recordings (and, prefixed with `recordings/`, in a backup). */
export const RECORDING_FILE = /^([0-9a-f]{2})\/([0-9a-f-]{36})$/;

export const pgliteFolder = (dataDir: string) => path.join(dataDir, 'pgdata');
export const recordingsFolder = (dataDir: string) => path.join(dataDir, 'recordings');

/** Every whole recording file (`<2 hex>/<uuid>`); uploads still in `incoming/` are not recordings yet. */
export async function recordingFiles(dataDir: string): Promise<string[]> {
  const folder = recordingsFolder(dataDir);
  if (!existsSync(folder)) return [];
  const names: string[] = [];
  for (const prefix of (await readdir(folder)).sort()) {
    if (!/^[0-9a-f]{2}$/.test(prefix)) continue;
    for (const file of (await readdir(path.join(folder, prefix))).sort()) {
      if (RECORDING_FILE.test(`${prefix}/${file}`)) names.push(`${prefix}/${file}`);
    }
  }
  return names;
}

/** Whether DATA_DIR holds an embedded database (PGlite, like PostgreSQL, writes PG_VERSION into its folder first). */
const hasEmbeddedDatabase = (dataDir: string) => existsSync(path.join(pgliteFolder(dataDir), 'PG_VERSION'));

/** The usual cause: the backup was run without the service's settings, so DATA_DIR is the default ./data. */
const noDatabase = (dataDir: string) =>
  new BackupRefusedError(
    `${dataDir} holds no Parley database, so nothing was backed up; set DATA_DIR to the directory the server uses ` +
      '(on a server set up as docs/deploy.md says, run it as parley-admin, which loads /etc/parley/env).',
  );

/** Why the file system refused, in words; the system's own message for anything rarer. */
const WRITE_FAILURES: Record<string, string> = {
  ENOSPC: 'the disk is full',
  EDQUOT: "the user's disk quota is used up",
  EACCES: 'this user may not write there',
  EPERM: 'this user may not write there',
  ENOENT: 'its folder does not exist',
  EROFS: 'the file system is read-only',
  EIO: 'the disk reported an input/output error',
};

function writeFailure(destination: string, error: BackupWriteError): BackupRefusedError {
  const reason = WRITE_FAILURES[error.fsError.code ?? ''] ?? error.fsError.message;
  return new BackupRefusedError(`The backup could not be written to ${destination} (${reason}); its unfinished file was removed and nothing else was changed.`);
}

/** The embedded database as PGlite's own tarball of its data folder, taken under the DATA_DIR lock, and its newest migration. */
async function pgliteDump(dataDir: string): Promise<{ tarball: Uint8Array; newestMigrationAt: number | null }> {
  const folder = pgliteFolder(dataDir);
  if (!hasEmbeddedDatabase(dataDir)) throw noDatabase(dataDir);
  const instance = await PGlite.create(folder, { extensions: pgliteExtensions });
  try {
    const newestMigrationAt = await newestRecordedMigrationAt((text) => instance.query(text));
    const tarball = await instance.dumpDataDir('gzip');
    return { tarball: new Uint8Array(await tarball.arrayBuffer()), newestMigrationAt };
  } finally {
    await instance.close();
  }
}

async function postgresNewestMigration(url: string): Promise<number | null> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await newestRecordedMigrationAt((text) => client.query(text));
  } finally {
    await client.end();
  }
}

export interface BackupSummary {
  file: string;
  bytes: number;
  recordingFiles: number;
}

/**
 * Writes one backup file holding the database and the recording files. It is written under a
 * temporary name and renamed when whole, so a cut-off backup never looks like one. The embedded
 * database is backed up with the server stopped (the DATA_DIR lock: one process at a time);
 * PostgreSQL's pg_dump takes a consistent snapshot while the server runs.
 */
export async function backup(target: BackupTarget, file: string): Promise<BackupSummary> {
  // First of all: the DATA_DIR lock would create the folder, and a backup of nothing is no backup.
  if (target.driver === 'pglite' && !hasEmbeddedDatabase(target.dataDir)) throw noDatabase(target.dataDir);
  const destination = path.resolve(file);
  if (existsSync(destination)) throw new BackupRefusedError(`${destination} already exists; choose another name or remove it first.`);
  const partial = `${destination}.partial`;
  const release = target.driver === 'pglite' ? lockDataDir(target.dataDir) : () => {};
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'parley-backup-'));
  let writer: ArchiveWriter | undefined;
  try {
    await rm(partial, { force: true });
    // PostgreSQL's server keeps running: its snapshot is taken before the recordings are listed, so
    // every recording a row of the snapshot names is in the list (one uploaded meanwhile is listed too).
    const dump = path.join(scratch, 'postgres.dump');
    if (target.driver === 'postgres') await pgDump(target.url, dump);
    const embedded = target.driver === 'pglite' ? await pgliteDump(target.dataDir) : null;
    const newestMigrationAt = target.driver === 'postgres' ? await postgresNewestMigration(target.url) : (embedded?.newestMigrationAt ?? null);
    writer = await ArchiveWriter.create(partial);
    const files = await recordingFiles(target.dataDir);
    const createdAt = new Date().toISOString();
    const manifest: Manifest = { app: 'parley', format: 1, driver: target.driver, createdAt, recordingFiles: files.length, newestMigrationAt };
    await writer.addBytes(MANIFEST_ENTRY, Buffer.from(JSON.stringify(manifest, null, 2)));
    if (embedded) await writer.addBytes(PGLITE_ENTRY, embedded.tarball);
    else if (!(await writer.addFile(POSTGRES_ENTRY, dump))) throw new Error(`pg_dump's output ${dump} vanished before it was backed up`);
    // The manifest counts the files listed; one the running server (PostgreSQL) removed since is left
    // out: a recording replaced by its re-muxed copy, or an expired one.
    let stored = 0;
    for (const name of files) if (await writer.addFile(`recordings/${name}`, path.join(recordingsFolder(target.dataDir), name))) stored += 1;
    await writer.finish();
    await rename(partial, destination);
    const { size } = await stat(destination);
    return { file: destination, bytes: size, recordingFiles: stored };
  } catch (error) {
    await writer?.destroy();
    await rm(partial, { force: true });
    throw error instanceof BackupWriteError ? writeFailure(destination, error) : error;
  } finally {
    await rm(scratch, { recursive: true, force: true });
    release();
  }
}

/** A backup or restore that would lose data or cannot be done as asked. The message is for the operator. */
export class BackupRefusedError extends Error {}

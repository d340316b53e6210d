import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../db/open.js';
import { createTestDatabase, testDrivers, type TestDriver } from '../test/databases.js';
import { withDatabaseName } from '../test/pg-names.js';
import { backup, type BackupTarget } from './backup.js';
import { runAdminCli } from '../test/admin-cli.js';

/**
 * A test that opens the embedded database and runs the CLI in a process of its own: 6-9 s on an idle
 * machine, over 60 s once on CI's two cores with a browser probe beside it; the bound is for a hang.
 */
const CLI_TIMEOUT_MS = 180_000;

/** Bytes a backup file may take before its disk is "full"; null: writes succeed. Set per test. */
const disk = vi.hoisted(() => ({ room: null as number | null }));

// The backup's file stream on a disk that fills up: writes past `disk.room` bytes fail with ENOSPC,
// as the file system reports it (asynchronously, as an 'error' event on the stream).
vi.mock('node:fs', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs')>();
  const createWriteStream = ((file: string, options: Parameters<typeof actual.createWriteStream>[1]) => {
    const stream = actual.createWriteStream(file, options);
    if (disk.room === null || !String(file).endsWith('.partial')) return stream;
    let room = disk.room;
    const full = () => Object.assign(new Error(`ENOSPC: no space left on device, write`), { code: 'ENOSPC', errno: -28, syscall: 'write' });
    const write = stream._write.bind(stream);
    stream._write = (chunk: Buffer, encoding: BufferEncoding, callback: (error?: Error | null) => void) => {
      room -= chunk.byteLength;
      if (room < 0) callback(full());
      else write(chunk, encoding, callback);
    };
    stream._writev = undefined;
    return stream;
  }) as (typeof actual)['createWriteStream'];
  return { ...actual, createWriteStream, default: { ...actual, createWriteStream } };
});

let scratch: string;
beforeEach(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'parley-backup-failure-'));
  disk.room = null;
});
afterEach(async () => {
  disk.room = null;
  await rm(scratch, { recursive: true, force: true });
});

describe('a backup run on a DATA_DIR without a database', () => {
  it('is refused with one sentence naming the folder and DATA_DIR, and creates nothing', async () => {
    const dataDir = path.join(scratch, 'data');
    const file = path.join(scratch, 'x.parley');
    await expect(backup({ driver: 'pglite', dataDir }, file)).rejects.toThrow(
      `${dataDir} holds no Parley database, so nothing was backed up; set DATA_DIR to the directory the server uses`,
    );
    expect(await readdir(scratch)).toEqual([]);

    // The operator's command, without the service's settings (docs/deploy.md's mistake): exit 1, one line, no crash.
    const result = await runAdminCli(['backup', file], { DATA_DIR: dataDir });
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      `${dataDir} holds no Parley database, so nothing was backed up; set DATA_DIR to the directory the server uses ` +
        '(on a server set up as docs/deploy.md says, run it as parley-admin, which loads /etc/parley/env).',
    ]);
    expect(await readdir(scratch)).toEqual([]);
  }, CLI_TIMEOUT_MS);

  it('into a folder that does not exist: one sentence from the CLI, and the lock released', async () => {
    const dataDir = path.join(scratch, 'data');
    await (await openDatabase({ kind: 'pglite', dataDir }, { syncReadCaches: false })).close();
    const file = path.join(scratch, 'missing', 'x.parley');
    const result = await runAdminCli(['backup', file], { DATA_DIR: dataDir });
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      `The backup could not be written to ${file} (its folder does not exist); its unfinished file was removed and nothing else was changed.`,
    ]);
    expect(existsSync(path.join(dataDir, 'parley.lock'))).toBe(false);
  }, CLI_TIMEOUT_MS);

  it('while a server holds the embedded database: one sentence saying to stop it, and its lock left alone', async () => {
    const dataDir = path.join(scratch, 'data');
    await (await openDatabase({ kind: 'pglite', dataDir }, { syncReadCaches: false })).close();
    // A live process holding the lock, as a running server does.
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      await writeFile(path.join(dataDir, 'parley.lock'), JSON.stringify({ pid: holder.pid, hostname: os.hostname(), startedAt: new Date().toISOString() }));
      const result = await runAdminCli(['backup', path.join(scratch, 'x.parley')], { DATA_DIR: dataDir });
      expect(result.code).toBe(1);
      expect(result.stderr.trim().split('\n')).toEqual([
        `Another Parley process (pid ${holder.pid} on ${os.hostname()}, started ${JSON.parse(await readFile(path.join(dataDir, 'parley.lock'), 'utf8')).startedAt}) is using the data folder ${dataDir}. Stop the server first (systemctl stop parley), then run this command again.`,
      ]);
    } finally {
      holder.kill();
    }
  }, CLI_TIMEOUT_MS);
});

/** A database with its schema, and the target the CLI would make of its configuration. */
async function openTarget(driver: TestDriver, dataDir: string): Promise<{ target: BackupTarget; database: Database | null }> {
  if (driver === 'pglite') {
    await (await openDatabase({ kind: 'pglite', dataDir }, { syncReadCaches: false })).close();
    return { target: { driver, dataDir }, database: null };
  }
  const database = await createTestDatabase('postgres');
  const result = (await database.db.execute(sql`select current_database() as name`)) as unknown as { rows: Array<{ name: string }> };
  const url = withDatabaseName(process.env.TEST_DATABASE_URL as string, result.rows[0]?.name as string);
  return { target: { driver, url, dataDir }, database };
}

describe.each(testDrivers)('a backup whose disk fills up (%s)', (driver) => {
  it.each([0, 200])('after %i bytes: one sentence, the unfinished file removed, the lock released, no stray stream error', async (room) => {
    const dataDir = path.join(scratch, 'data');
    const { target, database } = await openTarget(driver, dataDir);
    try {
      const file = path.join(scratch, 'school.parley');
      const streamErrors: unknown[] = [];
      const onUncaught = (error: unknown) => streamErrors.push(error);
      process.on('uncaughtException', onUncaught);
      disk.room = room;
      try {
        await expect(backup(target, file)).rejects.toThrow(
          `The backup could not be written to ${file} (the disk is full); its unfinished file was removed and nothing else was changed.`,
        );
        // Any write still pending when the stream was abandoned has reported by now.
        await new Promise((resolve) => setTimeout(resolve, 100));
      } finally {
        process.off('uncaughtException', onUncaught);
      }
      expect(streamErrors).toEqual([]);
      expect(existsSync(file)).toBe(false);
      expect(existsSync(`${file}.partial`)).toBe(false);
      expect(existsSync(path.join(dataDir, 'parley.lock'))).toBe(false);
      // With room again, the same backup succeeds: nothing was left behind to trip it.
      disk.room = null;
      await expect(backup(target, file)).resolves.toMatchObject({ file });
    } finally {
      await database?.close();
    }
  }, CLI_TIMEOUT_MS);
});

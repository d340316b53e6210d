import { mkdirSync, openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

interface LockContent {
  pid: number;
  hostname: string;
  startedAt: string;
}

/** Another live process holds the data folder; `holder` names it (pid, host, start) for a sentence of the caller's own. */
export class DataDirLockedError extends Error {
  constructor(
    message: string,
    readonly holder: string | null = null,
  ) {
    super(message);
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A lock left by a process that has died, one from before the machine booted, or one we cannot read. */
function isStale(content: LockContent | null): boolean {
  if (!content) return true;
  if (content.hostname !== os.hostname()) return false;
  if (content.pid === process.pid) return true;
  const bootTime = Date.now() - os.uptime() * 1000;
  if (Date.parse(content.startedAt) < bootTime) return true;
  return !isAlive(content.pid);
}

function readLock(file: string): LockContent | null {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockContent>;
    if (typeof parsed.pid !== 'number' || typeof parsed.hostname !== 'string' || typeof parsed.startedAt !== 'string') {
      return null;
    }
    return parsed as LockContent;
  } catch {
    return null;
  }
}

/**
 * PGlite does not lock its folder: two processes on one folder both open it and silently lose
 * writes. The server therefore holds this lock file for as long as it runs.
 * Returns a function that releases the lock.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'parley.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(file, 'wx');
      const content: LockContent = { pid: process.pid, hostname: os.hostname(), startedAt: new Date().toISOString() };
      writeSync(fd, JSON.stringify(content));
      closeSync(fd);
      return () => {
        const current = readLock(file);
        if (current?.pid === process.pid) rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readLock(file);
      if (!isStale(holder)) {
        const who = `Another Parley process (pid ${holder?.pid} on ${holder?.hostname}, started ${holder?.startedAt}) is using the data folder ${dataDir}.`;
        throw new DataDirLockedError(
          `${who} The embedded database cannot be shared: two processes on one ` +
            `folder would silently lose data. Stop the other process first, or set DATA_DIR to another folder ` +
            `(or DATABASE_URL to a PostgreSQL server for several processes).`,
          who,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not take the lock ${file}; another process keeps creating it.`);
}

import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.js';

const LOCK_NAME = 'parley.lock';

function writeLock(dir: string, content: object): void {
  writeFileSync(path.join(dir, LOCK_NAME), JSON.stringify(content));
}

function readLock(dir: string): { pid: number; hostname: string; startedAt: string } {
  return JSON.parse(readFileSync(path.join(dir, LOCK_NAME), 'utf8')) as { pid: number; hostname: string; startedAt: string };
}

async function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => child.once('exit', () => resolve()));
}

describe('lockDataDir', () => {
  let dir: string;
  // A real, live process that is not this one: the "other server" holding the folder.
  let otherProcess: ChildProcess;

  beforeAll(() => {
    otherProcess = spawn('sleep', ['30'], { stdio: 'ignore' });
  });
  afterAll(async () => {
    otherProcess.kill();
    await exited(otherProcess);
  });
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'parley-lock-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('creates the folder and a lock file naming this process; release removes it', () => {
    const dataDir = path.join(dir, 'nested', 'data');
    const release = lockDataDir(dataDir);
    const lock = readLock(dataDir);
    expect(lock.pid).toBe(process.pid);
    expect(lock.hostname).toBe(os.hostname());
    expect(Math.abs(Date.parse(lock.startedAt) - Date.now())).toBeLessThan(60_000);
    release();
    expect(existsSync(path.join(dataDir, LOCK_NAME))).toBe(false);
    // The folder can be locked again once released.
    lockDataDir(dataDir)();
  });

  it('refuses a folder held by another live process, naming it, and leaves its lock alone', () => {
    expect(otherProcess.pid).toBeTypeOf('number');
    const held = { pid: otherProcess.pid, hostname: os.hostname(), startedAt: new Date().toISOString() };
    writeLock(dir, held);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(`pid ${otherProcess.pid}`);
    expect(readLock(dir)).toEqual(held);
  });

  it('treats a lock from another machine as held (its process cannot be checked)', () => {
    writeLock(dir, { pid: 1, hostname: `${os.hostname()}-elsewhere`, startedAt: new Date().toISOString() });
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
  });

  it('takes over a lock left by a process that has died', async () => {
    const dead = spawn('true', [], { stdio: 'ignore' });
    await exited(dead);
    expect(dead.pid).toBeTypeOf('number');
    writeLock(dir, { pid: dead.pid, hostname: os.hostname(), startedAt: new Date().toISOString() });
    const release = lockDataDir(dir);
    expect(readLock(dir).pid).toBe(process.pid);
    release();
    expect(existsSync(path.join(dir, LOCK_NAME))).toBe(false);
  });

  it('takes over a lock written before the machine booted, even if its pid is alive again', () => {
    const beforeBoot = new Date(Date.now() - os.uptime() * 1000 - 3600_000).toISOString();
    writeLock(dir, { pid: otherProcess.pid, hostname: os.hostname(), startedAt: beforeBoot });
    const release = lockDataDir(dir);
    expect(readLock(dir).pid).toBe(process.pid);
    release();
  });

  it('takes over an unreadable lock file', () => {
    writeFileSync(path.join(dir, LOCK_NAME), 'not json');
    const release = lockDataDir(dir);
    expect(readLock(dir).pid).toBe(process.pid);
    release();
  });

  it('release does not remove a lock that another process has since taken', () => {
    const release = lockDataDir(dir);
    const other = { pid: otherProcess.pid, hostname: os.hostname(), startedAt: new Date().toISOString() };
    writeLock(dir, other);
    release();
    expect(readLock(dir)).toEqual(other);
  });
});

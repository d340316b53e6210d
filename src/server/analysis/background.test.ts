import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { executable } from '../lib/executables.js';
import { processEnded, processStatus } from '../test/processes.js';
import { ANALYSIS_NICENESS, analysisPriority, backgroundCommand } from './background.js';

/**
 * Waits until `pid` has become `sleep`: setpriv, chrt and nice exec one another, and once chrt has put
 * it in the idle class it runs only when nothing else wants the CPU, which on a machine busy with the
 * rest of the suite can take seconds. Polled, not awaited for a fixed time.
 */
async function becameSleep(pid: number, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (processStatus(pid)?.name !== 'sleep' && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('analysis work runs in the background', () => {
  it('starts a command under SCHED_IDLE at nice 19, without changing the calling process', async () => {
    const [command, args] = backgroundCommand('sleep', ['30'], 'background');
    expect([command, ...args]).toEqual(['setpriv', '--pdeathsig', 'KILL', '--', 'chrt', '--idle', '0', 'nice', '-n', String(ANALYSIS_NICENESS), 'sleep', '30']);
    const child = spawn(command, args);
    try {
      await becameSleep(child.pid ?? -1);
      expect(execFileSync('chrt', ['-p', String(child.pid)]).toString()).toMatch(/current scheduling policy: SCHED_IDLE/);
      expect(getPriority(child.pid)).toBe(ANALYSIS_NICENESS);
      // The same process all along: the tools exec one another.
      expect(processStatus(child.pid ?? -1)?.name).toBe('sleep');
    } finally {
      child.kill();
    }
    expect(execFileSync('chrt', ['-p', String(process.pid)]).toString()).toMatch(/SCHED_OTHER/);
  });

  it('runs at the caller\'s own priority when PARLEY_ANALYSIS_PRIORITY is normal (the test run\'s busy first group), still dying with its parent', () => {
    expect(analysisPriority({})).toBe('background');
    expect(analysisPriority({ PARLEY_ANALYSIS_PRIORITY: 'normal' })).toBe('normal');
    expect(() => analysisPriority({ PARLEY_ANALYSIS_PRIORITY: 'fast' })).toThrow();
    const [command, args] = backgroundCommand('sleep', ['30'], 'normal');
    expect([command, ...args]).toEqual(['setpriv', '--pdeathsig', 'KILL', '--', 'sleep', '30']);
  });

  it('dies with the process that started it, even while it is stopped', async () => {
    // A middle process starts the background command, stops it, and is killed.
    const [command, args] = backgroundCommand('sleep', ['30'], 'background');
    // It is stopped once it has become sleep (stopped earlier, in chrt or nice, it would stay there).
    const script = `const c = require('node:child_process').spawn(${JSON.stringify(command)}, ${JSON.stringify(args)}, { stdio: 'ignore' });
      const comm = () => { try { return require('node:fs').readFileSync('/proc/' + c.pid + '/comm', 'utf8').trim(); } catch { return ''; } };
      const since = Date.now();
      const stopWhenSleep = () => { if (comm() === 'sleep' || Date.now() - since > 20000) { process.kill(c.pid, 'SIGSTOP'); console.log(c.pid); } else setTimeout(stopWhenSleep, 20); };
      stopWhenSleep(); setInterval(() => {}, 1000);`;
    const middle = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    const pid = await new Promise<number>((resolve) => middle.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim()))));
    // A stop takes effect when the stopped process next runs, and an idle-class process on a busy
    // machine may wait for that: the state is polled, not read once.
    const stoppedSleep = () => {
      const status = processStatus(pid);
      return status?.name === 'sleep' && status.state === 'T';
    };
    const stopBy = Date.now() + 20_000;
    while (!stoppedSleep() && Date.now() < stopBy) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(processStatus(pid)).toMatchObject({ name: 'sleep', state: 'T' });
    middle.kill('SIGKILL');
    const deadline = Date.now() + 5_000;
    while (!processEnded(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(processEnded(pid)).toBe(true);
  });
});

describe('finding a tool without running it', () => {
  it('takes a path that is an executable file, or a name on the PATH, and nothing else', () => {
    expect(executable('/bin/sh')).toBe(true);
    expect(executable('sh')).toBe(true);
    const plainFile = path.join(mkdtempSync(path.join(tmpdir(), 'parley-executable-')), 'ffmpeg');
    writeFileSync(plainFile, '', { mode: 0o644 });
    expect(executable(plainFile)).toBe(false);
    expect(executable('/no/such/ffmpeg')).toBe(false);
    expect(executable('no-such-tool-parley')).toBe(false);
  });
});

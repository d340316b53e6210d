import { execFileSync, spawn } from 'node:child_process';
import { getPriority } from 'node:os';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { ANALYSIS_NICENESS, backgroundCommand, runInBackground } from './background.js';

describe('analysis work runs in the background', () => {
  it("lowers a child process's priority", async () => {
    const child = spawn('sleep', ['5']);
    try {
      runInBackground(child.pid);
      expect(getPriority(child.pid)).toBe(ANALYSIS_NICENESS);
    } finally {
      child.kill();
    }
  });

  it("lowers the calling thread only: a worker's nice value, not the server's", async () => {
    const before = getPriority();
    // The worker runs the same call the analysis worker makes (background.ts's body, as plain JS).
    const worker = new Worker(
      `const os = require('node:os'); try { os.setPriority(${ANALYSIS_NICENESS}); } catch {} require('node:worker_threads').parentPort.postMessage(os.getPriority());`,
      { eval: true },
    );
    const inWorker = await new Promise<number>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    expect(inWorker).toBe(Math.max(before, ANALYSIS_NICENESS));
    expect(getPriority()).toBe(before);
  });

  it('starts a background command under SCHED_IDLE where chrt exists, and the calling thread takes that policy too', async () => {
    const [command, args] = backgroundCommand('sleep', ['5']);
    expect([command, ...args]).toEqual(['chrt', '--idle', '0', 'sleep', '5']);
    const child = spawn(command, args);
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(execFileSync('chrt', ['-p', String(child.pid)]).toString()).toMatch(/current scheduling policy: SCHED_IDLE/);
    } finally {
      child.kill();
    }
    // A worker lowers itself with the call the analysis worker makes; the server's thread keeps its policy.
    const background = JSON.stringify(new URL('./background.ts', import.meta.url).href);
    const worker = new Worker(
      `import('tsx/esm/api').then(({ register }) => { register(); return import(${background}); }).then(({ runInBackground }) => {
         runInBackground();
         const tid = require('node:fs').readlinkSync('/proc/thread-self').split('/').pop();
         require('node:worker_threads').parentPort.postMessage(require('node:child_process').execFileSync('chrt', ['-p', tid]).toString());
       });`,
      { eval: true },
    );
    const inWorker = await new Promise<string>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    expect(inWorker).toMatch(/SCHED_IDLE/);
    expect(execFileSync('chrt', ['-p', String(process.pid)]).toString()).toMatch(/SCHED_OTHER/);
  });

  it('is harmless for a process that has ended', () => {
    expect(() => runInBackground(2 ** 22 + 12_345)).not.toThrow();
  });
});

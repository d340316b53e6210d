import { spawn } from 'node:child_process';
import { getPriority } from 'node:os';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { ANALYSIS_NICENESS, runInBackground } from './background.js';

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

  it('is harmless for a process that has ended', () => {
    expect(() => runInBackground(2 ** 22 + 12_345)).not.toThrow();
  });
});

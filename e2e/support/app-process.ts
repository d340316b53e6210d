import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { projectRoot } from './paths.js';

/** The built server, as `npm start` runs it. */
export const serverEntry = path.join(projectRoot, 'dist/node/server/main.js');

export interface AppProcess {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  output(): string;
  /** Resolves when the process has exited (its code, or null when a signal ended it). */
  exited: Promise<number | null>;
}

/**
 * Spawns `node dist/node/server/main.js` on 127.0.0.1:`port` at once (no waiting), so that several
 * can be started at the same moment; `waitUntilHealthy` then waits for /api/health. Returned before
 * anything can fail, so the caller can always stop it.
 */
export function spawnApp(port: number, env: Record<string, string>): AppProcess {
  if (!existsSync(serverEntry)) throw new Error(`${serverEntry} is missing: build the server (npm run build:server; node scripts/test.mjs does it)`);
  const child = spawn(process.execPath, [serverEntry], {
    env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), NODE_ENV: 'production', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, port, baseUrl: `http://127.0.0.1:${port}`, output: () => output, exited };
}

export const isRunning = (app: AppProcess) => app.child.exitCode === null && app.child.signalCode === null;

/** Resolves once /api/health answers 200; throws (with the process's output) when it exits or takes too long. */
export async function waitUntilHealthy(app: AppProcess, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!isRunning(app)) throw new Error(`the server on port ${app.port} exited early:\n${app.output()}`);
    try {
      if ((await fetch(`${app.baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) })).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the server on port ${app.port} did not become healthy:\n${app.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** SIGTERM (the graceful stop), SIGKILL when it is not gone within `timeoutMs`. */
export async function stopApp(app: AppProcess, timeoutMs = 5_000): Promise<void> {
  if (!isRunning(app)) return;
  app.child.kill('SIGTERM');
  const timer = setTimeout(() => app.child.kill('SIGKILL'), timeoutMs);
  await app.exited;
  clearTimeout(timer);
}

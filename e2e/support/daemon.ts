import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';

/**
 * A server program a test starts itself (Caddy, nginx): its process, what it printed, and a stop
 * that always cleans up its temp folder.
 */
export interface Daemon {
  child: ChildProcess;
  /** Everything it printed on stdout and stderr so far. */
  output(): string;
  /** SIGTERM, SIGKILL after 5 s; then removes its temp folder. Safe to call twice. */
  stop(): Promise<void>;
}

export function spawnDaemon(command: string, args: string[], options: { dir: string; env?: NodeJS.ProcessEnv }): Daemon {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...(options.env ? { env: options.env } : {}) });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(options.dir, { recursive: true, force: true });
    },
  };
}

/**
 * Polls `ready` every `intervalMs` until it holds. When the program exits first, or `timeoutMs`
 * passes, stops it and throws with its log (`log`, by default what it printed).
 */
export async function waitUntilReady(
  daemon: Daemon,
  options: { name: string; what: string; ready: () => Promise<boolean>; timeoutMs: number; intervalMs: number; log?: () => string },
): Promise<void> {
  const log = options.log ?? daemon.output;
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    const { exitCode, signalCode } = daemon.child;
    if (exitCode !== null || signalCode !== null) {
      const text = log();
      await daemon.stop();
      throw new Error(`${options.name} exited at start:\n${text}`);
    }
    if (await options.ready()) return;
    if (Date.now() > deadline) {
      const text = log();
      await daemon.stop();
      throw new Error(`${options.name} did not ${options.what}:\n${text}`);
    }
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs));
  }
}

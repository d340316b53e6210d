import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A private redis-server for a test (Debian's `redis-server` package, which `scripts/test.mjs`
 * installs): its own free port on 127.0.0.1 and its own temp folder, no persistence, so tests never
 * touch a Redis the machine runs on 6379. Stop it and start it again on the same port to test outages.
 */
export interface TestRedis {
  port: number;
  /** `redis://127.0.0.1:<port>`, with the password when there is one. */
  url: string;
  /** Stops the server (SIGKILL by default: a crash; SIGTERM for a clean shutdown) and waits for it to exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** Starts it again on the same port (empty: nothing was saved). */
  start(): Promise<void>;
  /** Freezes it (SIGSTOP): connections stay open, nothing is answered. */
  pause(): void;
  resume(): void;
  /** Stops it and removes its folder. */
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Spawns redis-server and resolves once it accepts connections; rejects with its output when it exits first. */
function spawnRedis(port: number, dir: string, password: string | undefined): Promise<ChildProcess> {
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--daemonize', 'no'];
  if (password) args.push('--requirepass', password);
  return new Promise((resolve, reject) => {
    let output = '';
    const child = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`redis-server on port ${port} did not start within 10 s:\n${output}`));
    }, 10_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/Ready to accept connections/.test(output)) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(
        error.code === 'ENOENT'
          ? new Error('redis-server is not installed: install the Debian package redis-server (scripts/test.mjs does it as root)')
          : error,
      );
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`redis-server on port ${port} exited (${code ?? signal}) before it was ready:\n${output}`));
    });
  });
}

export async function startTestRedis(options: { password?: string } = {}): Promise<TestRedis> {
  const dir = await mkdtemp(path.join(tmpdir(), 'parley-redis-'));
  let port = 0;
  let child: ChildProcess | undefined;
  // A port found free can be taken before redis-server binds it: try a few.
  for (let attempt = 0; !child; attempt += 1) {
    port = await freePort();
    try {
      child = await spawnRedis(port, dir, options.password);
    } catch (error) {
      if (attempt >= 2) {
        await rm(dir, { recursive: true, force: true });
        throw error;
      }
    }
  }
  const killOnExit = () => child?.kill('SIGKILL');
  process.once('exit', killOnExit);
  const auth = options.password ? `:${encodeURIComponent(options.password)}@` : '';

  const stop = async (signal: NodeJS.Signals = 'SIGKILL') => {
    const running = child;
    child = undefined;
    if (!running) return;
    running.kill('SIGCONT');
    running.kill(signal);
    await exited(running);
  };
  return {
    port,
    url: `redis://${auth}127.0.0.1:${port}`,
    stop,
    start: async () => {
      if (child) return;
      child = await spawnRedis(port, dir, options.password);
    },
    pause: () => child?.kill('SIGSTOP'),
    resume: () => child?.kill('SIGCONT'),
    close: async () => {
      await stop('SIGKILL');
      process.removeListener('exit', killOnExit);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

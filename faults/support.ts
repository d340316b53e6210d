import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../e2e/support/ports.js';

/** Helpers of the fault tests: the built server as a process, and a private PostgreSQL instance. */

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverEntry = path.join(projectRoot, 'dist/node/server/main.js');
export const ADMIN_PASSWORD = 'fault-admin-password';
export { freePort };

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface RunningServer {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
  exited: Promise<number | null>;
}

/** `node dist/node/server/main.js` on a free port with this environment; resolves once /api/health answers 200. */
export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  if (!existsSync(serverEntry)) throw new Error(`${serverEntry} is missing: npm run test:faults builds it (npm run build:server)`);
  const port = await freePort();
  const child = spawn(process.execPath, [serverEntry], {
    env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), NODE_ENV: 'production', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), ADMIN_PASSWORD, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const server = { child, baseUrl: `http://127.0.0.1:${port}`, output: () => output, exited };
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited early:\n${output}`);
    try {
      if ((await fetch(`${server.baseUrl}/api/health`)).ok) return server;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the server did not become healthy:\n${output}`);
    await sleep(150);
  }
}

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

export async function post(baseUrl: string, urlPath: string, body: unknown, cookie?: string): Promise<Response> {
  return fetch(`${baseUrl}${urlPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

export async function signIn(baseUrl: string, username: string, password: string): Promise<string> {
  const response = await post(baseUrl, '/api/login', { username, password });
  if (response.status !== 200) throw new Error(`signing in as ${username}: ${response.status} ${await response.text()}`);
  return cookieOf(response);
}

/** An IELTS student created through the admin API, signed in. */
export async function createSignedInStudent(baseUrl: string, adminCookie: string, n = 1): Promise<{ id: number; cookie: string }> {
  const active = (await (await fetch(`${baseUrl}/api/courses/active`, { headers: { cookie: adminCookie } })).json()) as {
    courses: Array<{ id: number; courseName: string }>;
  };
  const course = active.courses.find((c) => c.courseName === 'IELTS') ?? active.courses[0];
  if (!course) throw new Error('no active course');
  const password = 'fault-student-password';
  const created = await post(
    baseUrl,
    '/api/admin/students',
    { studentName: `Fault Student ${n}`, course: course.courseName, courseId: course.id, mobileNumber: `98765 0000${n}`, username: `fault${n}`, password, status: 'Activated' },
    adminCookie,
  );
  if (created.status !== 201) throw new Error(`creating a student: ${created.status} ${await created.text()}`);
  const { student } = (await created.json()) as { student: { id: number } };
  return { id: student.id, cookie: await signIn(baseUrl, `fault${n}`, password) };
}

/* A private PostgreSQL 15 instance (initdb into a temp folder), so stopping it disturbs nobody. */

const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** initdb and pg_ctl refuse to run as root: as root, they run as the postgres system user. */
function pgTool(tool: string, args: string[]): void {
  const command = asRoot ? 'runuser' : path.join(PG_BIN, tool);
  const fullArgs = asRoot ? ['-u', 'postgres', '--', path.join(PG_BIN, tool), ...args] : args;
  const result = spawnSync(command, fullArgs, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${tool} ${args.join(' ')} failed (${result.status}): ${result.stdout}${result.stderr}${result.error ? String(result.error) : ''}`);
}

export const postgresAvailable = existsSync(path.join(PG_BIN, 'initdb'));

export interface PrivatePostgres {
  url: string;
  port: number;
  start(): void;
  /** `fast` ends open connections (clients see 57P01); `immediate` is a crash-like stop. */
  stop(mode?: 'fast' | 'immediate'): void;
  remove(): void;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'parley-faults-pg-'));
  if (asRoot) chownSync(dir, Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim()), Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim()));
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  pgTool('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
  let running = false;
  const instance: PrivatePostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start() {
      pgTool('pg_ctl', ['-D', dataDir, '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, '-l', path.join(dir, 'log'), '-w', 'start']);
      running = true;
    },
    stop(mode = 'fast') {
      pgTool('pg_ctl', ['-D', dataDir, '-m', mode, '-w', 'stop']);
      running = false;
    },
    remove() {
      if (running) {
        try {
          instance.stop('immediate');
        } catch {
          // already stopped
        }
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  instance.start();
  return instance;
}

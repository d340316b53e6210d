import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN_PASSWORD, postgresAvailable, signIn, sleep, startPrivatePostgres, startServer, type PrivatePostgres, type RunningServer } from './support.js';

/**
 * PostgreSQL restarted under load: while the database is unreachable every request is answered
 * 503 with a sentence (never a 500, a reset connection or a crash), and the same server process
 * serves again once PostgreSQL is back, without a restart. A private PostgreSQL 15 instance is
 * started for the test (the machine's own server is left alone).
 */

let pg: PrivatePostgres;
let server: RunningServer;

beforeAll(async () => {
  pg = await startPrivatePostgres();
  server = await startServer({ DATABASE_URL: pg.url, DATA_DIR: (await import('node:fs')).mkdtempSync(`${(await import('node:os')).tmpdir()}/parley-faults-`) });
});

afterAll(async () => {
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  pg?.remove();
});

type Phase = 'before' | 'down' | 'after';
interface Outcome {
  phase: Phase;
  at: number;
  path: string;
  status: number | 'network error';
  body: string;
  doneAt: number;
}

it.skipIf(!postgresAvailable)('answers 503 with a message while PostgreSQL is down and recovers in the same process', async () => {
  const pid = server.child.pid;
  const cookie = await signIn(server.baseUrl, 'admin', ADMIN_PASSWORD);
  const outcomes: Outcome[] = [];
  let phase: Phase = 'before';
  let stopping = false;
  const paths = ['/api/admin/students', '/api/user', '/api/admin/test-attempts'];

  // Eight clients, each sending one request after another, until told to stop.
  const workers = Array.from({ length: 8 }, async (_, worker) => {
    for (let i = 0; !stopping; i += 1) {
      const urlPath = paths[(worker + i) % paths.length] as string;
      const sentIn = phase;
      const at = Date.now();
      try {
        const response = await fetch(`${server.baseUrl}${urlPath}`, { headers: { cookie } });
        const body = await response.text();
        outcomes.push({ phase: sentIn, at, path: urlPath, status: response.status, body, doneAt: Date.now() });
      } catch (error) {
        outcomes.push({ phase: sentIn, at, path: urlPath, status: 'network error', body: String(error), doneAt: Date.now() });
      }
      if (sentIn === 'down') await sleep(20);
    }
  });

  await sleep(1000);
  phase = 'down';
  const downAt = Date.now();
  pg.stop('fast'); // ends the server's open connections: in-flight queries fail with 57P01
  await sleep(3000);
  const upAt = Date.now();
  pg.start();
  phase = 'after';
  // The same process serves again: wait for the first 200 after the restart, then measure a while.
  const deadline = Date.now() + 30_000;
  while (!outcomes.some((o) => o.phase === 'after' && o.status === 200) && Date.now() < deadline) await sleep(100);
  await sleep(1500);
  stopping = true;
  await Promise.all(workers);

  // Answered before the stop began (a request still running at the stop may get a 503: checked below).
  const before = outcomes.filter((o) => o.phase === 'before' && o.doneAt < downAt);
  const down = outcomes.filter((o) => o.phase === 'down' && o.at > downAt + 500 && o.at < upAt);
  const after = outcomes.filter((o) => o.phase === 'after');
  expect(before.length).toBeGreaterThan(10);
  expect(before.every((o) => o.status === 200), JSON.stringify(before.find((o) => o.status !== 200))).toBe(true);

  // While it was down: only 503s, each with a sentence in { message }.
  expect(down.length).toBeGreaterThan(10);
  for (const outcome of down) {
    expect(outcome.status, `${outcome.path}: ${outcome.body}`).toBe(503);
    expect(JSON.parse(outcome.body)).toEqual({ message: 'The database is not reachable right now. Please try again in a minute.' });
  }
  // Around the stop and the start too: nothing but 200 and 503 (no 500, no dropped connection).
  const unexpected = outcomes.filter((o) => o.status !== 200 && o.status !== 503);
  expect(unexpected, JSON.stringify(unexpected.slice(0, 3))).toEqual([]);

  // Back: the same process (never restarted) answers 200 again, every request of the last second.
  expect(server.child.exitCode).toBeNull();
  expect(server.child.pid).toBe(pid);
  const lastSecond = after.filter((o) => o.at > Date.now() - 1000);
  expect(lastSecond.length).toBeGreaterThan(5);
  expect(lastSecond.every((o) => o.status === 200), JSON.stringify(lastSecond.find((o) => o.status !== 200))).toBe(true);
  const health = await fetch(`${server.baseUrl}/api/health`);
  expect(health.status).toBe(200);
});

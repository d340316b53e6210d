import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { testSessionBody } from '../src/server/test/attempt-fixtures.js';
import { ADMIN_PASSWORD, createSignedInStudent, post, signIn, sleep, startServer, type RunningServer } from './support.js';

/**
 * The PGlite data folder survives kill -9 in the middle of writes: after a restart on the same
 * DATA_DIR (the stale lock of the killed process is taken over), every attempt the server had
 * confirmed (201) is there.
 */

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-faults-'));
const servers: RunningServer[] = [];

afterAll(() => {
  for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

it('keeps every confirmed attempt after kill -9 mid-write', async () => {
  const first = await startServer({ DATA_DIR: dataDir });
  servers.push(first);
  const adminCookie = await signIn(first.baseUrl, 'admin', ADMIN_PASSWORD);
  const student = await createSignedInStudent(first.baseUrl, adminCookie);

  const confirmed: string[] = [];
  let unconfirmed = 0;
  let killed = false;
  // Six clients save attempts one after another until the process dies under them.
  const writers = Array.from({ length: 6 }, async () => {
    while (!killed) {
      const attemptId = randomUUID();
      try {
        const response = await post(first.baseUrl, '/api/test-sessions', testSessionBody(student.id, { attemptId }), student.cookie);
        if (response.status === 201) confirmed.push(attemptId);
        else unconfirmed += 1;
      } catch {
        unconfirmed += 1; // the connection died with the process: not confirmed, may or may not be stored
      }
    }
  });
  // Kill once plenty are confirmed, with writes still going on.
  const deadline = Date.now() + 20_000;
  while (confirmed.length < 60 && Date.now() < deadline) await sleep(20);
  first.child.kill('SIGKILL');
  killed = true;
  await first.exited;
  await Promise.all(writers);
  expect(confirmed.length).toBeGreaterThanOrEqual(60);

  const second = await startServer({ DATA_DIR: dataDir });
  servers.push(second);
  const cookie = await signIn(second.baseUrl, 'admin', ADMIN_PASSWORD);
  const missing: string[] = [];
  for (const attemptId of confirmed) {
    const response = await fetch(`${second.baseUrl}/api/admin/attempts/${attemptId}`, { headers: { cookie } });
    if (response.status !== 200) missing.push(`${attemptId}: ${response.status}`);
  }
  expect(missing, `${missing.length} of ${confirmed.length} confirmed attempts are gone (${unconfirmed} unconfirmed)`).toEqual([]);
  const list = (await (await fetch(`${second.baseUrl}/api/admin/test-attempts`, { headers: { cookie } })).json()) as { total: number };
  expect(list.total).toBeGreaterThanOrEqual(confirmed.length);
  second.child.kill('SIGTERM');
  expect(await second.exited).toBe(0);
});

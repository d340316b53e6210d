import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, post, signIn, sleep, startPrivatePostgres, type PrivatePostgres } from '../faults/support.js';
import { testSessionBody, WEBM_SIGNATURE } from '../src/server/test/attempt-fixtures.js';
import { withDatabaseName } from '../src/server/test/pg-names.js';
import { SEEDED_COURSES } from '../src/shared/courses.js';
import { isRunning, spawnApp, stopApp, waitUntilHealthy, type AppProcess } from './support/app-process.js';
import { startNginx, type Nginx } from './support/nginx.js';
import { freePort } from './support/ports.js';

/**
 * Several processes, for real (issue #13, point 9): two built servers (`node dist/node/server/main.js`)
 * started at the same moment on one fresh PostgreSQL database, behind Debian's nginx. Sessions, budgets
 * and read-cache freshness must hold across processes, and a `kill -9` of one process under load loses
 * nothing that was confirmed. PostgreSQL: a fresh database on TEST_DATABASE_URL's server, or a private
 * instance (faults/support.ts) when it is unset.
 */

const dbName = `parley_multi_${process.pid}_${randomBytes(3).toString('hex')}`;
let privatePostgres: PrivatePostgres | undefined;
let serverUrl = '';
let databaseUrl = '';
let sql: pg.Client | undefined;
const apps: AppProcess[] = [];
const dataDirs: string[] = [];
let nginx: Nginx | undefined;
let appA: AppProcess;
let appB: AppProcess;

beforeAll(async () => {
  if (process.env.TEST_DATABASE_URL) {
    serverUrl = process.env.TEST_DATABASE_URL;
  } else {
    privatePostgres = await startPrivatePostgres();
    serverUrl = privatePostgres.url;
  }
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${dbName}`);
  } finally {
    await admin.end();
  }
  databaseUrl = withDatabaseName(serverUrl, dbName);

  // Both at the same moment on the empty database: migrations, courses and the first admin race.
  const ports = [await freePort(), await freePort()];
  for (const port of ports) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-multi-'));
    dataDirs.push(dataDir);
    apps.push(spawnApp(port, { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, TRUST_PROXY: 'true', ADMIN_PASSWORD }));
  }
  [appA, appB] = apps as [AppProcess, AppProcess];
  await Promise.all(apps.map((app) => waitUntilHealthy(app)));

  sql = new pg.Client({ connectionString: databaseUrl });
  await sql.connect();
  nginx = await startNginx({ upstreams: ports });
}, 60_000);

afterAll(async () => {
  await nginx?.stop().catch(() => {});
  await Promise.all(apps.map((app) => stopApp(app)));
  await sql?.end().catch(() => {});
  if (serverUrl) {
    const admin = new pg.Client({ connectionString: serverUrl });
    try {
      await admin.connect();
      await admin.query(`drop database if exists ${dbName} with (force)`);
    } catch {
      // the server is gone with the private instance below
    } finally {
      await admin.end().catch(() => {});
    }
  }
  privatePostgres?.remove();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}, 30_000);

const get = (baseUrl: string, urlPath: string, cookie?: string) =>
  fetch(`${baseUrl}${urlPath}`, { headers: cookie ? { cookie } : {}, signal: AbortSignal.timeout(10_000) });

/** A student made through the admin API, not signed in (a sign-in would count against its budget). */
async function createStudent(baseUrl: string, adminCookie: string, n: number): Promise<{ id: number; username: string; mobileNumber: string; password: string }> {
  const active = (await (await get(baseUrl, '/api/courses/active', adminCookie)).json()) as { courses: Array<{ id: number; courseName: string }> };
  const course = active.courses.find((c) => c.courseName === 'IELTS') ?? active.courses[0];
  if (!course) throw new Error('no active course');
  const username = `multi${n}`;
  const mobileNumber = `98765 1000${n}`;
  const password = 'multi-student-password';
  const created = await post(
    baseUrl,
    '/api/admin/students',
    { studentName: `Multi Student ${n}`, course: course.courseName, courseId: course.id, mobileNumber, username, password, status: 'Activated' },
    adminCookie,
  );
  if (created.status !== 201) throw new Error(`creating a student: ${created.status} ${await created.text()}`);
  const { student } = (await created.json()) as { student: { id: number } };
  return { id: student.id, username, mobileNumber, password };
}

describe('two app processes on one PostgreSQL database, behind nginx', () => {
  it('both started at once on a fresh database: migrated and seeded once, one first admin', async () => {
    expect(isRunning(appA) && isRunning(appB)).toBe(true);
    const admins = await sql!.query<{ username: string }>('select username from users where is_admin');
    expect(admins.rows).toEqual([{ username: 'admin' }]);
    const courses = await sql!.query<{ n: number }>('select count(*)::int as n from courses');
    expect(courses.rows[0]?.n).toBe(SEEDED_COURSES.length);
    for (const app of [appA, appB]) expect(await (await get(app.baseUrl, '/api/health')).json()).toEqual({ status: 'ok', database: 'postgres' });
    expect((await get(nginx!.baseUrl, '/api/health')).status).toBe(200);
  });

  it('a session made on one process works on the other, and a sign-out on one is refused by the other within 1 s', async () => {
    const cookie = await signIn(appA.baseUrl, 'admin', ADMIN_PASSWORD);
    const onB = await get(appB.baseUrl, '/api/user', cookie);
    expect(onB.status).toBe(200);
    expect(((await onB.json()) as { username: string }).username).toBe('admin');
    // A reads the session now, so its session cache (5 s) holds it: only a notification can clear it.
    expect((await get(appA.baseUrl, '/api/user', cookie)).status).toBe(200);

    const signedOut = await post(appB.baseUrl, '/api/logout', {}, cookie);
    expect(signedOut.status).toBe(204);
    const signOutAt = Date.now();
    expect((await get(appB.baseUrl, '/api/user', cookie)).status).toBe(401);
    let status = 0;
    while (Date.now() - signOutAt <= 1_000) {
      status = (await get(appA.baseUrl, '/api/user', cookie)).status;
      if (status === 401) break;
      await sleep(50);
    }
    expect(status, `app A still accepted the signed-out cookie ${Date.now() - signOutAt} ms after the sign-out on app B`).toBe(401);
  });

  it('the per-account sign-in budget is shared: 10 wrong passwords across both processes and spellings of the account, then 429 on either', async () => {
    const adminCookie = await signIn(appA.baseUrl, 'admin', ADMIN_PASSWORD);
    const student = await createStudent(appA.baseUrl, adminCookie, 2);
    // The account as a person may type it on each try: its username in other cases and with spaces,
    // its mobile number with and without the country code, in full-width digits.
    const spellings = [student.username, student.username.toUpperCase(), ` ${student.username} `, student.mobileNumber, `+91 ${student.mobileNumber}`, student.mobileNumber.replace(/\d/g, (digit) => String.fromCharCode(0xff10 + Number(digit)))];
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const app = i % 2 === 0 ? appA : appB;
      statuses.push((await post(app.baseUrl, '/api/login', { username: spellings[i % spellings.length], password: `wrong-password-${i}` })).status);
    }
    expect(statuses).toEqual(Array.from({ length: 10 }, () => 401));
    const eleventh = await post(appA.baseUrl, '/api/login', { username: student.username, password: 'wrong-password-10' });
    expect(eleventh.status).toBe(429);
    expect(eleventh.headers.get('retry-after')).toMatch(/^\d+$/);
    // Spent for the right password too, and on the other process.
    expect((await post(appB.baseUrl, '/api/login', { username: student.username, password: student.password })).status).toBe(429);
  });

  it('through nginx: kill -9 of one process under load loses no confirmed attempt or recording, and the survivor serves the rest', async () => {
    const proxy = nginx!.baseUrl;
    const adminCookie = await signIn(proxy, 'admin', ADMIN_PASSWORD);
    const student = await createStudent(proxy, adminCookie, 3);
    const cookie = await signIn(proxy, student.username, student.password);

    // The load: GETs through nginx, from before the kill until after it.
    let loadRunning = true;
    const gets: Array<{ startedAt: number; status: number | string }> = [];
    const loaders = Array.from({ length: 3 }, async () => {
      while (loadRunning) {
        const startedAt = Date.now();
        try {
          const response = await get(proxy, '/api/user', cookie);
          await response.arrayBuffer();
          gets.push({ startedAt, status: response.status });
        } catch (error) {
          gets.push({ startedAt, status: `network error: ${String(error)}` });
        }
        await sleep(2);
      }
    });

    // 20 attempts, one every 150 ms, each saved then its recording uploaded, retried the way the
    // app's outbox does (same attemptId, until accepted) when a request fails or is told to wait:
    // nginx answers 502 for a POST the killed process had taken (it does not re-send POSTs, see
    // e2e/support/nginx.ts).
    const ATTEMPTS = 20;
    const KILL_AFTER = 8;
    const attempts = Array.from({ length: ATTEMPTS }, () => ({
      attemptId: randomUUID(),
      // A WebM file's first bytes (the server checks them), then noise.
      recording: Buffer.concat([WEBM_SIGNATURE, randomBytes(150 * 1024 + Math.floor(Math.random() * 100 * 1024))]),
      saveStatuses: [] as Array<number | string>,
      uploadStatuses: [] as Array<number | string>,
    }));
    let confirmed = 0;
    /** When each save or upload now waiting for its answer was sent. */
    const writesInFlight = new Set<number>();
    // Set from inside the senders: an object, so TypeScript does not narrow it to its first value.
    const killing: { done: Promise<void> | null; at: number | null; writesInFlight: number } = { done: null, at: null, writesInFlight: 0 };
    const deadline = Date.now() + 25_000;

    async function untilAccepted(statuses: Array<number | string>, accepted: number[], send: () => Promise<Response>): Promise<Response> {
      for (;;) {
        const startedAt = Date.now();
        writesInFlight.add(startedAt);
        try {
          const response = await send().finally(() => writesInFlight.delete(startedAt));
          statuses.push(response.status);
          if (accepted.includes(response.status)) return response;
          const body = await response.text();
          // As the outbox does (retry-policy.ts): 429 too, which one process answers an upload past a
          // student's third arriving at once (auth/limits.ts), as on a slow machine they may.
          if (![429, 502, 503, 504].includes(response.status)) throw new Error(`refused for good: ${response.status} ${body}`);
        } catch (error) {
          if (error instanceof Error && error.message.startsWith('refused for good')) throw error;
          statuses.push(`network error: ${String(error)}`);
        }
        if (Date.now() > deadline) throw new Error(`not accepted before the deadline: ${statuses.join(', ')}`);
        await sleep(100);
      }
    }

    const senders = attempts.map(async (attempt, i) => {
      await sleep(i * 150);
      const saved = await untilAccepted(attempt.saveStatuses, [200, 201], () =>
        post(proxy, '/api/test-sessions', testSessionBody(student.id, { attemptId: attempt.attemptId }), cookie),
      );
      expect(((await saved.json()) as { attemptId: string }).attemptId).toBe(attempt.attemptId);
      const uploaded = await untilAccepted(attempt.uploadStatuses, [200], () =>
        fetch(`${proxy}/api/attempts/${attempt.attemptId}/recording`, {
          method: 'PUT',
          headers: { 'content-type': 'audio/webm', cookie },
          body: attempt.recording,
          signal: AbortSignal.timeout(10_000),
        }),
      );
      expect(((await uploaded.json()) as { sizeBytes: number }).sizeBytes).toBe(attempt.recording.length);
      confirmed += 1;
      if (confirmed === KILL_AFTER) {
        killing.done = (async () => {
          // Mid-write if it can be: once a save or upload has been on its way for a few milliseconds
          // (nginx has passed it on, to A or B), or after 1 s at most.
          const until = Date.now() + 1_000;
          while (![...writesInFlight].some((sentAt) => Date.now() - sentAt >= 5) && Date.now() < until) await sleep(1);
          killing.writesInFlight = writesInFlight.size;
          appB.child.kill('SIGKILL');
          await appB.exited;
          killing.at = Date.now();
        })();
      }
    });
    try {
      await Promise.all(senders);
      await killing.done;
      // Some more load on the survivor alone.
      await sleep(500);
    } finally {
      loadRunning = false;
      await Promise.all(loaders);
    }

    const killedAt = killing.at;
    if (killedAt === null) throw new Error('app B was not killed');
    expect(appB.child.signalCode).toBe('SIGKILL');
    expect(isRunning(appA)).toBe(true);
    // Both processes had taken requests from nginx before the kill.
    const log = nginx!.accessLog();
    expect(log).toContain(`upstream=127.0.0.1:${appA.port}`);
    expect(log).toContain(`upstream=127.0.0.1:${appB.port}`);
    // …and nginx saw B's connections break and went on with A.
    const failuresOfB = nginx!.errorLog().split('\n').filter((line) => line.includes(`upstream: "http://127.0.0.1:${appB.port}`));
    expect(failuresOfB.length).toBeGreaterThan(0);

    // GETs are retried by nginx on the survivor: every one answered 200, before, during and after the kill.
    const afterKill = gets.filter((g) => g.startedAt > killedAt);
    expect(afterKill.length).toBeGreaterThan(0);
    expect(gets.filter((g) => g.status !== 200).map((g) => `${g.startedAt - killedAt} ms: ${g.status}`)).toEqual([]);

    // Every attempt stored exactly once, each with its recording's bytes, read through nginx.
    const stored = await sql!.query<{ id: string }>('select id from attempts where student_id = $1 order by id', [student.id]);
    expect(stored.rows.map((row) => row.id)).toEqual(attempts.map((a) => a.attemptId).sort());
    for (const attempt of attempts) {
      const response = await get(proxy, `/api/attempts/${attempt.attemptId}/recording`, cookie);
      expect(response.status, `recording of ${attempt.attemptId}`).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(attempt.recording), `recording of ${attempt.attemptId} has its bytes`).toBe(true);
    }
    // The survivor keeps taking writes through nginx.
    const after = await post(proxy, '/api/test-sessions', testSessionBody(student.id), cookie);
    expect(after.status).toBe(201);

    const retried = attempts.filter((a) => a.saveStatuses.length > 1 || a.uploadStatuses.length > 1);
    console.info(
      `multi-process: ${gets.length} GETs (${afterKill.length} after the kill); ${killing.writesInFlight} writes in flight at the kill; ` +
        `nginx logged ${failuresOfB.length} failures of the killed process (${failuresOfB.filter((line) => !line.includes('while connecting')).length} on open requests); ` +
        `${retried.length} attempts needed a retry: ` +
        retried.map((a) => `save ${a.saveStatuses.join('/')} upload ${a.uploadStatuses.join('/')}`).join('; '),
    );
  }, 45_000);

  it('through nginx: an address a client writes in X-Forwarded-For itself is not believed, so per-address budgets hold', async () => {
    // Ten "Forgot password?" requests an hour from one address (auth/limits.ts), each sent as if from
    // another address and for another e-mail: nginx appends the real address, which the apps take.
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const response = await fetch(`${nginx!.baseUrl}/api/forgot-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: nginx!.baseUrl, 'x-forwarded-for': `10.9.${i}.7` },
        body: JSON.stringify({ email: `nobody${i}@example.org` }),
        signal: AbortSignal.timeout(10_000),
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 10).every((status) => status < 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

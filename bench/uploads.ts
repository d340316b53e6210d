import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { createSession } from '../src/server/auth/sessions.ts';
import type { Database } from '../src/server/db/open.ts';
import { students, users } from '../src/server/db/schema.ts';
import { testSessionBody } from '../src/server/test/attempt-fixtures.ts';
import { listLoad, startListLoad } from './list-load.ts';

/**
 * Recordings arriving while teachers read the lists: UPLOADERS students each upload a
 * recording of UPLOAD_BYTES at the same moment, while LIST_CONNECTIONS connections read the admin
 * students list; the list's p99 during the uploads is compared with its p99 alone, and the server's
 * resident memory is sampled every 50 ms.
 */
export const UPLOADERS = 20;
export const UPLOAD_BYTES = 10 * 1000 * 1000;
/** A few teachers on the admin pages: the list rows above measure 50 connections of pure list load. */
export const LIST_CONNECTIONS = 4;

export interface UploadRow {
  baselineP99Ms: number;
  duringP99Ms: number;
  duringRequests: number;
  uploadSeconds: number;
  uploadsOk: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  /** The server's first burst of uploads (the warm-up round): RSS growth to its peak, told beside the budgeted one. */
  firstBurstGrowthMb: number;
  failures: string[];
}

export interface Uploader {
  studentId: number;
  cookie: string;
}

/** Students the save row spreads its attempts over: each student's save budget is 120 an hour. */
export const SAVING_STUDENTS = 100;

/**
 * Sessions for SAVING_STUDENTS seeded, activated students (the first UPLOADERS of them upload), made in
 * the database: signing them in would spend the bench address's sign-in budget.
 */
export async function prepareUploaders(database: Database): Promise<Uploader[]> {
  const rows = await database.db
    .select({ studentId: students.id, userId: users.id })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .where(eq(students.status, 'Activated'))
    .orderBy(sql`${students.id} desc`)
    .limit(SAVING_STUDENTS);
  const uploaders: Uploader[] = [];
  for (const row of rows) {
    const { token } = await createSession(database.db, row.userId, 6 * 3600_000, new Date());
    uploaders.push({ studentId: row.studentId, cookie: `parley_session=${token}` });
  }
  return uploaders;
}

function rssMb(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return kb / 1024;
}

/** The server's RSS growth, from now to its peak while `work` runs (sampled every 50 ms). */
async function rssGrowthDuring<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; beforeMb: number; peakMb: number }> {
  const beforeMb = rssMb(pid);
  let peakMb = beforeMb;
  const sampler = setInterval(() => {
    peakMb = Math.max(peakMb, rssMb(pid));
  }, 50);
  try {
    const result = await work();
    return { result, beforeMb, peakMb: Math.max(peakMb, rssMb(pid)) };
  } finally {
    clearInterval(sampler);
  }
}


export async function measureUploads(base: string, adminCookie: string, pid: number, students: Uploader[], durationS: number): Promise<UploadRow> {
  const uploaders = students.slice(0, UPLOADERS);
  const failures: string[] = [];
  const listUrl = `${base}/api/admin/students`;
  // Each uploader saves an attempt first: a recording belongs to one.
  const saveAttempts = () => Promise.all(
    uploaders.map(async (uploader) => {
      const attemptId = randomUUID();
      const response = await fetch(`${base}/api/test-sessions`, {
        method: 'POST',
        headers: { cookie: uploader.cookie, 'content-type': 'application/json' },
        body: JSON.stringify(testSessionBody(uploader.studentId, { attemptId })),
      });
      if (response.status !== 201) throw new Error(`saving an attempt for the upload bench answered ${response.status}: ${await response.text()}`);
      return attemptId;
    }),
  );
  const attemptIds = await saveAttempts();
  const warmUpIds = await saveAttempts();

  // Random bytes behind WebM's signature (1A 45 DF A3), which the upload checks: the server takes them
  // as a WebM whose re-mux fails, so it keeps them as they came (src/server/recordings/seekable.ts).
  const recording = randomBytes(UPLOAD_BYTES);
  recording.set([0x1a, 0x45, 0xdf, 0xa3], 0);
  const upload = (uploader: Uploader, attemptId: string | undefined) =>
    fetch(`${base}/api/attempts/${attemptId}/recording`, {
      method: 'PUT',
      headers: { cookie: uploader.cookie, 'content-type': 'audio/webm;codecs=opus' },
      body: recording,
    });
  // A warm-up round first, as every list row has one (before the list's baseline, so the analyses
  // it queues end meanwhile): a process's first burst of uploads raises the allocator's high-water
  // mark once, and the freed memory is kept for the next burst (measured +90 to +120 MB
  // on a first round, +10 to +57 MB on later ones). The budget holds the growth of a server that has
  // taken uploads before, as a school's server has.
  const firstBurst = await rssGrowthDuring(pid, () =>
    Promise.all(uploaders.map((uploader, i) => upload(uploader, warmUpIds[i]).then(async (response) => ({ status: response.status, text: await response.text() })))),
  );
  for (const [i, { status, text }] of firstBurst.result.entries()) if (status !== 200) failures.push(`warm-up upload ${i}: ${status} ${text}`);
  await listLoad(listUrl, adminCookie, 1, LIST_CONNECTIONS);
  const baseline = await listLoad(listUrl, adminCookie, durationS, LIST_CONNECTIONS);

  const measured = await rssGrowthDuring(pid, async () => {
    // The list load runs exactly as long as the uploads do (stopped when the last one is answered).
    const during = startListLoad(listUrl, adminCookie, LIST_CONNECTIONS, 300);
    // Let the list load start, then every recording at once.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const started = performance.now();
    const results = await Promise.all(
      uploaders.map(async (uploader, i) => {
        const response = await upload(uploader, attemptIds[i]);
        if (response.status !== 200) failures.push(`upload ${i}: ${response.status} ${await response.text()}`);
        return response.status === 200;
      }),
    );
    const uploadSeconds = (performance.now() - started) / 1000;
    during.stop();
    const duringResult = await during.done.catch((error: unknown) => {
      failures.push(`list load: ${String(error)}`);
      return { p99Ms: Number.NaN, requests: 0, non2xx: 0, errors: 1 };
    });
    return { results, uploadSeconds, duringResult };
  });
  const { results, uploadSeconds, duringResult } = measured.result;
  // Every recording reads back whole (its length), streamed.
  for (const [i, attemptId] of attemptIds.entries()) {
    const uploader = uploaders[i];
    if (!uploader) continue;
    const response = await fetch(`${base}/api/attempts/${attemptId}/recording`, { headers: { cookie: uploader.cookie } });
    const length = (await response.arrayBuffer()).byteLength;
    if (response.status !== 200 || length !== UPLOAD_BYTES) failures.push(`reading recording ${i} back: ${response.status}, ${length} bytes`);
  }
  if (duringResult.non2xx > 0 || duringResult.errors > 0) failures.push(`list during uploads: ${duringResult.non2xx} non-2xx, ${duringResult.errors} errors`);
  return {
    baselineP99Ms: baseline.p99Ms,
    duringP99Ms: duringResult.p99Ms,
    duringRequests: duringResult.requests,
    uploadSeconds,
    uploadsOk: results.filter(Boolean).length,
    rssBeforeMb: measured.beforeMb,
    rssPeakMb: measured.peakMb,
    firstBurstGrowthMb: firstBurst.peakMb - firstBurst.beforeMb,
    failures,
  };
}

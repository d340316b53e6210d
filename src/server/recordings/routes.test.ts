import { randomBytes, randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import net from 'node:net';
import { Readable } from 'node:stream';
import path from 'node:path';
import { eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORDING_MAX_BYTES } from '../../shared/api/attempts.js';
import { attempts, students, users } from '../db/schema.js';
import { recordingChunks, recordings } from '../db/schema-recordings.js';
import { createAttempt, WEBM_SIGNATURE } from '../test/attempt-fixtures.js';
import { createTestApp, sessionCookieForUser, type TestApp } from '../test/app.js';
import { testDrivers } from '../test/databases.js';
import { createAdmin, createStudent, type CreatedStudent } from '../test/factories.js';
import { RECORDING_CHUNK_BYTES } from './database-store.js';
import { parseByteRange } from './range.js';
import { ATTEMPT_NOT_FOUND, uploadsAtOnceMessage } from './routes.js';
import { DEFAULT_RATE_LIMITS } from '../auth/limits.js';
import { expireOldRecordings } from './service.js';
import { createRecordingStores, STORAGE_FULL_MESSAGE } from './store.js';

/** `length` bytes that start as a WebM file does (uploads are checked for it), then `fill`. */
const webm = (length: number, fill = 0) => Buffer.concat([WEBM_SIGNATURE, Buffer.alloc(length - WEBM_SIGNATURE.length, fill)]);
const webmWith = (rest: Buffer) => Buffer.concat([WEBM_SIGNATURE, rest]);

/** Every file under a folder, recursively (the file store's recordings and leftovers). */
async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** Sends raw HTTP on a socket and resolves with what came back when the server closes or `until` matches. */
function rawExchange(port: number, write: (socket: net.Socket) => void, until: RegExp = /\r\n\r\n[\s\S]*\}/): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => write(socket));
    let received = '';
    socket.on('data', (data) => {
      received += data.toString('latin1');
      if (until.test(received)) {
        socket.destroy();
        resolve(received);
      }
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(received));
  });
}

describe.each(testDrivers.flatMap((driver) => (['file', 'database'] as const).map((store) => [driver, store] as const)))('recordings on %s, store %s', (driver, store) => {
  let t: TestApp;
  let student: CreatedStudent;
  let other: CreatedStudent;
  let studentCookie: string;
  let otherCookie: string;
  let teacherCookie: string;

  beforeAll(async () => {
    t = await createTestApp({ driver, env: { RECORDING_STORE: store } });
    student = await createStudent(t.database.db, { studentName: 'Asha' });
    other = await createStudent(t.database.db, { studentName: 'Ravi' });
    studentCookie = await sessionCookieForUser(t.database.db, student.user.id);
    otherCookie = await sessionCookieForUser(t.database.db, other.user.id);
    teacherCookie = await sessionCookieForUser(t.database.db, (await createAdmin(t.database.db)).user.id);
  });
  afterAll(() => t.close());

  const bytes = webmWith(Buffer.from(Array.from({ length: 996 }, (_, i) => i % 256)));
  const put = (id: string, cookie: string, payload: Buffer, contentType = 'audio/webm;codecs=opus') =>
    t.app.inject({ method: 'PUT', url: `/api/attempts/${id}/recording`, headers: { cookie, 'content-type': contentType }, payload });
  const get = (id: string, cookie: string, range?: string) =>
    t.app.inject({ method: 'GET', url: `/api/attempts/${id}/recording`, headers: { cookie, ...(range ? { range } : {}) } });
  const rowOf = async (id: string) => (await t.database.db.select().from(recordings).where(eq(recordings.attemptId, id)))[0];

  it('uploads, links and serves a recording with range requests', async () => {
    const id = await createAttempt(t.database.db, student.student.id);
    const upload = await put(id, studentCookie, bytes);
    expect(upload.statusCode, upload.body).toBe(200);
    expect(upload.json()).toEqual({ audioUrl: `/api/attempts/${id}/recording`, sizeBytes: 1000 });
    expect((await rowOf(id))?.store).toBe(store);

    const whole = await get(id, studentCookie);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/webm;codecs=opus');
    expect(whole.headers['x-content-type-options']).toBe('nosniff');
    expect(whole.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
    expect(whole.headers['content-disposition']).toBe(`inline; filename="recording-${id}.webm"`);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['content-length']).toBe('1000');
    expect(whole.rawPayload.equals(bytes)).toBe(true);

    const part = await get(id, studentCookie, 'bytes=10-19');
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 10-19/1000');
    expect(part.rawPayload.equals(bytes.subarray(10, 20))).toBe(true);

    const tail = await get(id, studentCookie, 'bytes=-5');
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(bytes.subarray(995))).toBe(true);

    const beyond = await get(id, studentCookie, 'bytes=5000-');
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe('bytes */1000');

    expect((await get(id, teacherCookie)).statusCode).toBe(200);
  });

  it('keeps a recording of several pieces whole, and reads any range across them', async () => {
    const big = webmWith(randomBytes(RECORDING_CHUNK_BYTES * 3 + 12_345));
    const id = await createAttempt(t.database.db, student.student.id);
    expect((await put(id, studentCookie, big)).statusCode).toBe(200);
    expect((await get(id, studentCookie)).rawPayload.equals(big)).toBe(true);
    for (const [start, end] of [
      [RECORDING_CHUNK_BYTES - 3, RECORDING_CHUNK_BYTES + 2],
      [1, RECORDING_CHUNK_BYTES * 3 + 100],
      [RECORDING_CHUNK_BYTES * 2, RECORDING_CHUNK_BYTES * 2],
      [big.length - 1, big.length - 1],
    ] as const) {
      const part = await get(id, studentCookie, `bytes=${start}-${end}`);
      expect(part.statusCode).toBe(206);
      expect(part.rawPayload.equals(big.subarray(start, end + 1)), `${start}-${end}`).toBe(true);
    }
  });

  it('a retried upload replaces the recording and deletes the bytes it replaced', async () => {
    const id = await createAttempt(t.database.db, student.student.id);
    await put(id, studentCookie, webmWith(Buffer.from('first')));
    const firstKey = (await rowOf(id))?.storageKey;
    await put(id, studentCookie, webmWith(Buffer.from('second try')));
    expect((await get(id, studentCookie)).rawPayload.equals(webmWith(Buffer.from('second try')))).toBe(true);
    const row = await rowOf(id);
    expect(row?.storageKey).not.toBe(firstKey);
    expect(row?.sizeBytes).toBe(14);
    if (store === 'file') expect((await filesUnder(path.join(t.config.DATA_DIR, 'recordings'))).some((file) => file.endsWith(firstKey ?? '?'))).toBe(false);
  });

  it('an empty body sent without a length (chunked) is refused and leaves the saved recording as it was, also on a reviewed attempt', async () => {
    const id = await createAttempt(t.database.db, student.student.id);
    const emptyChunked = () =>
      t.app.inject({ method: 'PUT', url: `/api/attempts/${id}/recording`, headers: { cookie: studentCookie, 'content-type': 'audio/webm' }, payload: Readable.from([]) });
    expect((await put(id, studentCookie, bytes)).statusCode).toBe(200);
    const before = await rowOf(id);
    const filesBefore = await filesUnder(path.join(t.config.DATA_DIR, 'recordings'));
    const refused = await emptyChunked();
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('The recording is empty.');
    expect(await rowOf(id)).toEqual(before);
    expect((await get(id, studentCookie)).rawPayload.equals(bytes)).toBe(true);
    expect(await filesUnder(path.join(t.config.DATA_DIR, 'recordings'))).toEqual(filesBefore);

    // A draft review before any recording: an empty body is not taken as its first recording, so the real one still can be.
    const reviewedFirst = await createAttempt(t.database.db, student.student.id);
    await t.database.db.update(attempts).set({ reviewedAt: new Date() }).where(eq(attempts.id, reviewedFirst));
    const emptyFirst = await t.app.inject({
      method: 'PUT',
      url: `/api/attempts/${reviewedFirst}/recording`,
      headers: { cookie: studentCookie, 'content-type': 'audio/webm' },
      payload: Readable.from([]),
    });
    expect(emptyFirst.statusCode).toBe(400);
    expect(await rowOf(reviewedFirst)).toBeUndefined();
    expect((await put(reviewedFirst, studentCookie, bytes)).statusCode).toBe(200);
  });

  it("deleting a student removes their recordings' bytes from the store, and no one else's", async () => {
    const leaving = await createStudent(t.database.db, { studentName: 'Leela' });
    const leavingCookie = await sessionCookieForUser(t.database.db, leaving.user.id);
    const theirs = [await createAttempt(t.database.db, leaving.student.id), await createAttempt(t.database.db, leaving.student.id)];
    for (const id of theirs) expect((await put(id, leavingCookie, webmWith(Buffer.from(`words of ${id}`)))).statusCode).toBe(200);
    const keys = await Promise.all(theirs.map(async (id) => (await rowOf(id))?.storageKey ?? '?'));
    const staying = await createAttempt(t.database.db, student.student.id, { recording: bytes });
    const stores = createRecordingStores({ db: t.database.db, driver, dataDir: t.config.DATA_DIR, configured: store });
    const readable = async (key: string) => {
      const pieces: Buffer[] = [];
      try {
        for await (const piece of stores.of(store).read(key, 0, 0) as AsyncIterable<Buffer>) pieces.push(piece);
        return pieces.length > 0;
      } catch {
        return false;
      }
    };
    expect(await Promise.all(keys.map(readable))).toEqual([true, true]);

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/admin/students/${leaving.student.id}`, headers: { cookie: teacherCookie } });
    expect(removed.statusCode).toBe(204);
    expect(await Promise.all(keys.map(readable))).toEqual([false, false]);
    if (store === 'file') expect((await filesUnder(path.join(t.config.DATA_DIR, 'recordings'))).filter((file) => keys.some((key) => file.endsWith(key)))).toEqual([]);
    expect((await get(staying, studentCookie)).rawPayload.equals(bytes)).toBe(true);
  });

  // Only PostgreSQL serves transactions at once (PGlite runs one at a time, so the two cannot interleave).
  if (driver === 'postgres') {
    // What the store holds: the files (recordings and cut-off uploads), or the uploads' pieces.
    const storedBytes = async () =>
      store === 'file'
        ? (await filesUnder(path.join(t.config.DATA_DIR, 'recordings'))).sort()
        : (await t.database.db.selectDistinct({ uploadId: recordingChunks.uploadId }).from(recordingChunks).orderBy(recordingChunks.uploadId)).map((row) => row.uploadId);
    const waitingOnLocks = async () => {
      const result = (await t.database.db.execute(
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      )) as unknown as { rows: Array<{ n: number }> };
      return result.rows[0]?.n;
    };
    /** A row locked by another transaction (`lock`, a select … for update) until `release` is called. */
    const holdRow = async (lock: SQL) => {
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      let locked = () => {};
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const holder = t.database.db.transaction(async (tx) => {
        await tx.execute(lock);
        locked();
        await held;
      });
      await isLocked;
      return { release, holder };
    };

    /** A student about to be deleted, their cookie and an attempt to upload to; and their delete. */
    const leavingStudent = async (studentName: string) => {
      const leaving = await createStudent(t.database.db, { studentName });
      const cookie = await sessionCookieForUser(t.database.db, leaving.user.id);
      const id = await createAttempt(t.database.db, leaving.student.id);
      const remove = () => t.app.inject({ method: 'DELETE', url: `/api/admin/students/${leaving.student.id}`, headers: { cookie: teacherCookie } });
      return { leaving, cookie, id, remove };
    };

    it("deleting a student while their recording is being saved leaves none of its bytes behind", async () => {
      const { leaving, cookie, id, remove } = await leavingStudent('Mira');
      const before = await storedBytes();
      // The student's row held elsewhere: the upload stops where it counts the student's recordings
      // (its last lock, after its attempt's), and the delete meets it there.
      const { release, holder } = await holdRow(sql`select 1 from ${students} where ${students.id} = ${leaving.student.id} for update`);
      const upload = put(id, cookie, webmWith(Buffer.from('said while being deleted')));
      await expect.poll(waitingOnLocks, { timeout: 10_000 }).toBe(1);
      const removal = remove();
      await expect.poll(waitingOnLocks, { timeout: 10_000 }).toBe(2);
      release();
      await holder;
      const [saved, removed] = await Promise.all([upload, removal]);
      // The upload committed first (it held its attempt before the delete began), then went with the student.
      expect(saved.statusCode).toBe(200);
      expect(removed.statusCode).toBe(204);
      expect(await rowOf(id)).toBeUndefined();
      expect(await storedBytes()).toEqual(before);
    });

    it('an upload that reaches the database after the delete has begun is refused with a 404, and its bytes removed', async () => {
      const { leaving, cookie, id, remove } = await leavingStudent('Noor');
      const before = await storedBytes();
      // The account's row held elsewhere: the delete stops there, holding the student's attempts.
      const { release, holder } = await holdRow(sql`select 1 from ${users} where ${users.id} = ${leaving.user.id} for update`);
      const removal = remove();
      await expect.poll(waitingOnLocks, { timeout: 10_000 }).toBe(1);
      const upload = put(id, cookie, webmWith(Buffer.from('said after the delete began')));
      await expect.poll(waitingOnLocks, { timeout: 10_000 }).toBe(2);
      release();
      await holder;
      const [saved, removed] = await Promise.all([upload, removal]);
      expect(removed.statusCode).toBe(204);
      expect(saved.statusCode).toBe(404);
      expect(saved.json().message).toBe(ATTEMPT_NOT_FOUND);
      expect(await rowOf(id)).toBeUndefined();
      expect(await storedBytes()).toEqual(before);
    });
  }

  it('keeps other students out', async () => {
    const id = await createAttempt(t.database.db, student.student.id, { recording: bytes });
    expect((await get(id, otherCookie)).statusCode).toBe(404);
    expect((await put(id, otherCookie, bytes)).statusCode).toBe(404);
    expect((await get(id, studentCookie)).rawPayload.equals(bytes)).toBe(true);
  });

  it('refuses a wrong type, an empty body and an oversized one', async () => {
    const id = await createAttempt(t.database.db, student.student.id);
    const wrongType = await put(id, studentCookie, bytes, 'video/mp4');
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().message).toMatch(/^A recording must be audio/);
    expect((await put(id, studentCookie, bytes, 'audio/x-unknown')).statusCode).toBe(415);
    // Types Fastify cannot read at all get the same sentence, not the one for JSON bodies.
    for (const unreadable of ['audio/', 'audio/webm, text/html']) {
      const answer = await put(id, studentCookie, bytes, unreadable);
      expect(answer.statusCode).toBe(415);
      expect(answer.json().message).toMatch(/^A recording must be audio/);
    }
    expect((await put(id, studentCookie, Buffer.alloc(0))).statusCode).toBe(400);
    const huge = await put(id, studentCookie, Buffer.alloc(RECORDING_MAX_BYTES + 1));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe('A recording may be at most 40 MB.');
    expect(await rowOf(id)).toBeUndefined();
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });

  it('says so for an attempt without a recording or an unknown attempt', async () => {
    const id = await createAttempt(t.database.db, student.student.id);
    expect((await get(id, studentCookie)).json().message).toBe('This attempt has no recording.');
    expect((await get(randomUUID(), studentCookie)).statusCode).toBe(404);
    expect((await get('not-a-uuid', studentCookie)).statusCode).toBe(400);
  });

  it('an upload cut off half-way leaves nothing behind and the earlier recording intact; the retry completes it', async () => {
    const id = await createAttempt(t.database.db, student.student.id, { recording: Buffer.from('kept') });
    const keptKey = (await rowOf(id))?.storageKey;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const port = (t.app.server.address() as net.AddressInfo).port;
      const whole = webmWith(randomBytes(600_000));
      await new Promise<void>((resolve) => {
        const socket = net.connect(port, '127.0.0.1', () => {
          socket.write(
            `PUT /api/attempts/${id}/recording HTTP/1.1\r\nHost: x\r\nCookie: ${studentCookie}\r\nContent-Type: audio/webm\r\nContent-Length: ${whole.length}\r\n\r\n`,
          );
          socket.write(whole.subarray(0, 300_000), () => setTimeout(() => socket.destroy(), 100));
        });
        socket.on('close', () => resolve());
        socket.on('error', () => resolve());
      });
      // The server notices the dropped connection and cleans up.
      await expect.poll(async () => (await filesUnder(path.join(t.config.DATA_DIR, 'recordings', 'incoming'))).length, { timeout: 5000 }).toBe(0);
      const row = await rowOf(id);
      expect(row?.storageKey).toBe(keptKey);
      expect((await get(id, studentCookie)).body).toBe('kept');
      // The outbox sends it again, whole this time.
      const retry = await fetch(`http://127.0.0.1:${port}/api/attempts/${id}/recording`, {
        method: 'PUT',
        headers: { cookie: studentCookie, 'content-type': 'audio/webm' },
        body: whole,
      });
      expect(retry.status).toBe(200);
      expect((await get(id, studentCookie)).rawPayload.equals(whole)).toBe(true);
    } finally {
      await t.app.server.close();
    }
  });
});

describe.each(testDrivers)('recording bounds on %s', (driver) => {
  let t: TestApp;
  let student: CreatedStudent;
  let cookie: string;
  let teacherCookie: string;
  const put = (id: string, payload: Buffer) =>
    t.app.inject({ method: 'PUT', url: `/api/attempts/${id}/recording`, headers: { cookie, 'content-type': 'audio/webm' }, payload });

  beforeAll(async () => {
    // 2,500 bytes per student; three uploads per window.
    t = await createTestApp({
      driver,
      env: { RECORDING_STUDENT_CAP_MB: '0.0025', RECORDING_RETENTION_DAYS: '30' },
      rateLimits: { uploadsPerStudent: { max: 4, windowMs: 60_000 } },
    });
    student = await createStudent(t.database.db, { studentName: 'Meera' });
    cookie = await sessionCookieForUser(t.database.db, student.user.id);
    teacherCookie = await sessionCookieForUser(t.database.db, (await createAdmin(t.database.db)).user.id);
  });
  afterAll(() => t.close());

  it('holds each student to the storage cap, counting a replaced recording once, and budgets the uploads', async () => {
    const first = await createAttempt(t.database.db, student.student.id);
    const second = await createAttempt(t.database.db, student.student.id);
    expect((await put(first, webm(1500, 1))).statusCode).toBe(200);
    // Replacing the same attempt's recording does not count the old bytes.
    expect((await put(first, webm(2000, 2))).statusCode).toBe(200);
    const over = await put(second, webm(1000, 3));
    expect(over.statusCode).toBe(413);
    expect(over.json().message).toBe(
      "This student's recordings already take 0.0 MB of the 0.0 MB each student may keep, so this one was not stored. The attempt itself is saved; the school can make room.",
    );
    expect((await put(second, webm(400, 3))).statusCode).toBe(200);
    const budget = await put(second, webm(10, 3));
    expect(budget.statusCode).toBe(429);
    expect(budget.json().message).toMatch(/^Too many recording uploads for this student\. Please wait/);
    expect(budget.headers['retry-after']).toBeDefined();
  });

  it('deletes recordings past the retention period, keeps the attempt, and says so to the teacher', async () => {
    const id = await createAttempt(t.database.db, student.student.id, { recording: Buffer.from('old words') });
    const stores = createRecordingStores({ db: t.database.db, driver, dataDir: t.config.DATA_DIR, configured: undefined });
    expect(await expireOldRecordings(t.database.db, stores, { now: new Date(), retentionDays: 30 })).toBe(0);
    const later = new Date(Date.now() + 31 * 24 * 3600_000);
    expect(await expireOldRecordings(t.database.db, stores, { now: later, retentionDays: 30 })).toBeGreaterThanOrEqual(1);
    const gone = await t.app.inject({ url: `/api/attempts/${id}/recording`, headers: { cookie } });
    expect(gone.statusCode).toBe(410);
    expect(gone.json().message).toBe(
      `This recording was deleted on ${later.toISOString().slice(0, 10)}: the school keeps recordings for 30 days. The attempt's transcript and scores are kept.`,
    );
    const detail = await t.app.inject({ url: `/api/admin/attempts/${id}`, headers: { cookie: teacherCookie } });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ id, audioUrl: null, recordingExpiredAt: later.toISOString() });
    const storage = await t.app.inject({ url: '/api/admin/storage', headers: { cookie: teacherCookie } });
    expect(storage.json()).toMatchObject({ retentionDays: 30, studentCapBytes: 2500, store: driver === 'pglite' ? 'file' : 'database' });
    expect(storage.json().expired).toBeGreaterThanOrEqual(1);
    expect((await t.app.inject({ url: '/api/admin/storage', headers: { cookie } })).statusCode).toBe(403);
  });
});

describe('a full disk', () => {
  it('answers 507 with a sentence, keeps the attempt and leaves no row', async () => {
    const t = await createTestApp();
    try {
      const student = await createStudent(t.database.db, { studentName: 'Kiran' });
      const cookie = await sessionCookieForUser(t.database.db, student.user.id);
      const id = await createAttempt(t.database.db, student.student.id);
      // A store whose disk fills up half-way through the upload.
      const full = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      const real = createRecordingStores({ db: t.database.db, driver: 'pglite', dataDir: t.config.DATA_DIR, configured: 'file' });
      const failing = {
        ...real.writeTo,
        kind: real.writeTo.kind,
        write: async (source: AsyncIterable<Uint8Array>) => {
          for await (const piece of source) void piece;
          throw full;
        },
      };
      await t.app.close();
      const { buildApp } = await import('../app.js');
      const { DEFAULT_RATE_LIMITS } = await import('../auth/limits.js');
      const app = await buildApp({
        config: t.config,
        database: t.database,
        mailer: t.mailer,
        now: () => new Date(),
        rateLimits: DEFAULT_RATE_LIMITS,
        logger: false,
        recordingStores: { writeTo: failing, of: real.of },
      });
      const response = await app.inject({ method: 'PUT', url: `/api/attempts/${id}/recording`, headers: { cookie, 'content-type': 'audio/webm' }, payload: webm(5000) });
      expect(response.statusCode).toBe(507);
      expect(response.json().message).toBe(STORAGE_FULL_MESSAGE);
      expect(await t.database.db.select().from(recordings).where(eq(recordings.attemptId, id))).toEqual([]);
      expect((await app.inject({ url: `/api/admin/attempts/${id}` })).statusCode).toBe(401);
      await app.close();
    } finally {
      await t.mailer.close();
      await t.database.close();
    }
  });
});

describe('closing while a recording is being saved', () => {
  it('waits for the save to finish, though its sender has gone: the row and the file are in before the app is closed', async () => {
    // A store that holds each finished write until let go, as a slow disk or a long re-mux does.
    let reached!: () => void;
    const writing = new Promise<void>((resolve) => (reached = resolve));
    let letGo!: () => void;
    const held = new Promise<void>((resolve) => (letGo = resolve));
    const t = await createTestApp({
      recordingStores: (dataDir, db) => {
        const real = createRecordingStores({ db, driver: 'pglite', dataDir, configured: 'file' });
        const slow = Object.create(real.writeTo) as typeof real.writeTo;
        slow.write = async (source) => {
          const written = await real.writeTo.write(source);
          reached();
          await held;
          return written;
        };
        return { writeTo: slow, of: real.of };
      },
    });
    try {
      const student = await createStudent(t.database.db, { studentName: 'Noor' });
      const cookie = await sessionCookieForUser(t.database.db, student.user.id);
      const id = await createAttempt(t.database.db, student.student.id);
      const upload = t.app.inject({ method: 'PUT', url: `/api/attempts/${id}/recording`, headers: { cookie, 'content-type': 'audio/webm' }, payload: webm(5000) });
      await writing;
      let closed = false;
      const closing = t.app.close().then(() => (closed = true));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(closed).toBe(false);
      letGo();
      await closing;
      expect((await upload).statusCode).toBe(200);
      const [row] = await t.database.db.select().from(recordings).where(eq(recordings.attemptId, id));
      expect(row?.storageKey).toBeTruthy();
      expect(await filesUnder(path.join(t.config.DATA_DIR, 'recordings'))).toEqual([path.join(t.config.DATA_DIR, 'recordings', row!.storageKey!.slice(0, 2), row!.storageKey!)]);
    } finally {
      letGo();
      await t.close();
    }
  });
});

describe("one student's recordings arriving at once", () => {
  const UPLOADS_AT_ONCE_PER_STUDENT = DEFAULT_RATE_LIMITS.uploadsAtOncePerStudent.max;
  /** An hour's budget that the refusals below would spend, were they counted. */
  const UPLOADS_AN_HOUR = UPLOADS_AT_ONCE_PER_STUDENT + 3;
  const REFUSED = 10;
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ env: { RECORDING_STORE: 'file' }, rateLimits: { uploadsPerStudent: { max: UPLOADS_AN_HOUR, windowMs: 3_600_000 } } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => t.close());

  it(`takes ${UPLOADS_AT_ONCE_PER_STUDENT} at a time: the next gets 429 with a sentence until one is in, without spending the hour's budget; other students are not held`, async () => {
    const slow = await createStudent(t.database.db, { studentName: 'Sol' });
    const cookie = await sessionCookieForUser(t.database.db, slow.user.id);
    const other = await createStudent(t.database.db, { studentName: 'Oona' });
    const otherCookie = await sessionCookieForUser(t.database.db, other.user.id);
    const put = async (studentId: number, withCookie: string) =>
      t.app.inject({ method: 'PUT', url: `/api/attempts/${await createAttempt(t.database.db, studentId)}/recording`, headers: { cookie: withCookie, 'content-type': 'audio/webm' }, payload: webm(2000, 3) });
    // Uploads that announce a megabyte and send its first bytes only, as a phone on a stalled link does.
    const sockets: net.Socket[] = [];
    for (let i = 0; i < UPLOADS_AT_ONCE_PER_STUDENT; i += 1) {
      const id = await createAttempt(t.database.db, slow.student.id);
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(`PUT /api/attempts/${id}/recording HTTP/1.1\r\nHost: x\r\nCookie: ${cookie}\r\nContent-Type: audio/webm\r\nContent-Length: 1000000\r\n\r\n`);
        socket.write(webm(1000, 5));
      });
      socket.on('error', () => {});
      sockets.push(socket);
    }
    try {
      // Each is being written to the store.
      await expect.poll(async () => (await filesUnder(path.join(t.config.DATA_DIR, 'recordings', 'incoming'))).length, { timeout: 10_000 }).toBe(UPLOADS_AT_ONCE_PER_STUDENT);
      // Told to wait, none of them spends the hour's budget: more of them than it holds, and the one
      // sent once a slot is free still goes in.
      for (let i = 0; i < REFUSED; i += 1) {
        const refused = await put(slow.student.id, cookie);
        expect(refused.statusCode).toBe(429);
        expect(refused.json().message).toBe(uploadsAtOnceMessage(UPLOADS_AT_ONCE_PER_STUDENT));
      }
      expect(REFUSED).toBeGreaterThan(UPLOADS_AN_HOUR);
      expect((await put(other.student.id, otherCookie)).statusCode).toBe(200);
      // One of them drops: its slot is free again.
      sockets.shift()?.destroy();
      await expect.poll(async () => (await put(slow.student.id, cookie)).statusCode, { timeout: 10_000 }).toBe(200);
    } finally {
      for (const socket of sockets) socket.destroy();
    }
  });
});

describe('body parsers stay with their routes', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => t.close());

  it.each([
    ['POST', '/api/login', 'audio/webm', 4_000_000, 415],
    ['POST', '/api/logout', 'audio/ogg', 2_000_000, 415],
    ['POST', '/api/login', 'application/json', 4_000_000, 413],
    ['POST', '/api/forgot-password', 'text/plain', 10, 415],
  ])('%s %s with %s of %i bytes: %i before the body is sent', async (method, url, type, length, status) => {
    // Only the headers go out: the answer must come without the server waiting for the body.
    const answer = await rawExchange(port, (socket) =>
      socket.write(`${method} ${url} HTTP/1.1\r\nHost: x\r\nContent-Type: ${type}\r\nContent-Length: ${length}\r\n\r\n`),
    );
    expect(answer).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
    const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4).replace(/^[0-9a-f]+\r\n/, '')) as { message: string };
    expect(body.message.length).toBeGreaterThan(10);
  });
});

describe('parseByteRange', () => {
  it.each([
    [undefined, 100, null],
    ['bytes=0-9', 100, { start: 0, end: 9 }],
    ['bytes=90-', 100, { start: 90, end: 99 }],
    ['bytes=90-500', 100, { start: 90, end: 99 }],
    ['bytes=-10', 100, { start: 90, end: 99 }],
    ['bytes=-500', 100, { start: 0, end: 99 }],
    ['bytes=100-', 100, 'unsatisfiable'],
    ['bytes=20-10', 100, 'unsatisfiable'],
    ['bytes=-0', 100, 'unsatisfiable'],
    ['bytes=0-1,5-6', 100, null],
    ['items=0-1', 100, null],
  ])('%s of %i bytes', (header, size, expected) => {
    expect(parseByteRange(header, size)).toEqual(expected);
  });
});

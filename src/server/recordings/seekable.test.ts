import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordings } from '../db/schema-recordings.js';
import { ffmpegPath } from '../lib/ffmpeg.js';
import { createAttempt, WEBM_SIGNATURE } from '../test/attempt-fixtures.js';
import { createTestApp, sessionCookieForUser, type TestApp } from '../test/app.js';
import { testDrivers } from '../test/databases.js';
import { createAdmin, createStudent, type CreatedStudent } from '../test/factories.js';
import { mp4HasIndexFirst, webmHasCues } from './remux.js';
import { createRecordingStores } from './store.js';
import { UNREADABLE_REPLACEMENT_MESSAGE } from './upload-guards.js';

const ffmpeg = ffmpegPath() ?? 'ffmpeg';
const folder = mkdtempSync(path.join(tmpdir(), 'parley-seekable-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/*
 * Recordings as browsers send them: espeak-ng speech encoded by ffmpeg to a pipe, so, like a
 * MediaRecorder's stream, the WebM has no Cues and the MP4 (Safari's) is fragmented.
 */
const spoken = path.join(folder, 'spoken.wav');
execFileSync('espeak-ng', ['-w', spoken, 'my favourite season is spring because the garden is full of flowers and the days are long']);
const spokenWav = readFileSync(spoken);
const streamed = (args: string[]) => execFileSync(ffmpeg, ['-loglevel', 'error', '-i', spoken, ...args, 'pipe:1'], { maxBuffer: 64 * 1024 * 1024 });
const browserWebm = streamed(['-c:a', 'libopus', '-b:a', '32k', '-f', 'webm']);
const safariMp4 = streamed(['-c:a', 'aac', '-b:a', '64k', '-movflags', 'frag_keyframe+empty_moov+default_base_moof', '-f', 'mp4']);

const CUES_ID = Buffer.from([0x1c, 0x53, 0xbb, 0x6b]);
const CLUSTER_ID = Buffer.from([0x1f, 0x43, 0xb6, 0x75]);

let written = 0;
function onDisk(bytes: Buffer): string {
  written += 1;
  const file = path.join(folder, `probe-${written}`);
  writeFileSync(file, bytes);
  return file;
}

/** Every audio packet's timestamp, duration, size and MD5, as ffmpeg reads them without decoding. */
const packetsOf = (bytes: Buffer) =>
  execFileSync(ffmpeg, ['-loglevel', 'error', '-i', onDisk(bytes), '-map', '0:a', '-c', 'copy', '-f', 'framemd5', '-'])
    .toString()
    .split('\n')
    .filter((line) => line && !line.startsWith('#'));

/** ffprobe's packet count and the last packet's end. */
function probe(bytes: Buffer): { packets: number; end: number } {
  const out = execFileSync('ffprobe', ['-v', 'error', '-select_streams', 'a:0', '-show_entries', 'packet=pts_time,duration_time', '-of', 'csv=p=0', onDisk(bytes)]).toString();
  const rows = out.trim().split('\n').map((line) => line.split(',').map(Number));
  const last = rows.at(-1) ?? [0, 0];
  return { packets: rows.length, end: (last[0] ?? 0) + (last[1] ?? 0) };
}

it('makes recordings without an index, as browsers do', () => {
  expect(browserWebm.indexOf(CUES_ID)).toBe(-1);
  expect(webmHasCues(browserWebm)).toBe(false);
  expect(mp4HasIndexFirst(safariMp4)).toBe(false);
});

describe.each(testDrivers.flatMap((driver) => (['file', 'database'] as const).map((store) => [driver, store] as const)))('seekable recordings on %s, store %s', (driver, store) => {
  let t: TestApp;
  let student: CreatedStudent;
  let studentCookie: string;
  let teacherCookie: string;

  beforeAll(async () => {
    t = await createTestApp({ driver, env: { RECORDING_STORE: store } });
    student = await createStudent(t.database.db, { studentName: 'Mina' });
    studentCookie = await sessionCookieForUser(t.database.db, student.user.id);
    teacherCookie = await sessionCookieForUser(t.database.db, (await createAdmin(t.database.db)).user.id);
  });
  afterAll(() => t.close());

  const put = (id: string, payload: Buffer, contentType: string) =>
    t.app.inject({ method: 'PUT', url: `/api/attempts/${id}/recording`, headers: { cookie: studentCookie, 'content-type': contentType }, payload });
  const served = async (id: string) => {
    const answer = await t.app.inject({ method: 'GET', url: `/api/attempts/${id}/recording`, headers: { cookie: teacherCookie } });
    expect(answer.statusCode).toBe(200);
    return answer.rawPayload;
  };
  const rowOf = async (id: string) => (await t.database.db.select().from(recordings).where(eq(recordings.attemptId, id)))[0];

  it('stores an uploaded WebM with its Cues before the first Cluster, every audio packet as it came', async () => {
    const id = await createAttempt(t.database.db, student.student.id);
    const upload = await put(id, browserWebm, 'audio/webm;codecs=opus');
    expect(upload.statusCode, upload.body).toBe(200);
    const stored = await served(id);
    expect(stored.indexOf(CUES_ID)).toBeGreaterThan(0);
    expect(stored.indexOf(CUES_ID)).toBeLessThan(stored.indexOf(CLUSTER_ID));
    expect(upload.json().sizeBytes).toBe(stored.length);
    expect((await rowOf(id))?.sizeBytes).toBe(stored.length);
    expect(packetsOf(stored)).toEqual(packetsOf(browserWebm));
    const before = probe(browserWebm);
    expect(before.packets).toBeGreaterThan(100);
    expect(probe(stored)).toEqual(before);
    const format = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', onDisk(stored)]).toString();
    expect(Number(format)).toBeCloseTo(before.end, 1);
  });

  it("stores Safari's fragmented MP4 with its moov first, every audio packet as it came", async () => {
    const id = await createAttempt(t.database.db, student.student.id);
    expect((await put(id, safariMp4, 'audio/mp4')).statusCode).toBe(200);
    const stored = await served(id);
    expect(mp4HasIndexFirst(stored)).toBe(true);
    expect(stored.indexOf('moof')).toBe(-1);
    expect(packetsOf(stored)).toEqual(packetsOf(safariMp4));
  });

  it('keeps an MP4 whose index comes after its audio byte for byte: read from a stream, ffmpeg would keep only its headers', async () => {
    const id = await createAttempt(t.database.db, student.student.id);
    // Written to a file, not a pipe: ffmpeg puts the moov after the mdat (no faststart), as a camera or
    // an editor does; the speech six times over (220 KB), more than ffmpeg can look back over in a stream.
    const file = path.join(folder, 'index-last.mp4');
    execFileSync(ffmpeg, ['-loglevel', 'error', '-y', '-stream_loop', '5', '-i', spoken, '-c:a', 'aac', '-b:a', '64k', file]);
    const indexLast = readFileSync(file);
    expect(indexLast.indexOf('moov')).toBeGreaterThan(indexLast.indexOf('mdat'));
    const saved = await put(id, indexLast, 'audio/mp4');
    expect(saved.statusCode).toBe(200);
    expect(saved.json().sizeBytes).toBe(indexLast.length);
    expect((await served(id)).equals(indexLast)).toBe(true);
  });

  it('keeps a recording ffmpeg cannot re-mux byte for byte', async () => {
    const id = await createAttempt(t.database.db, student.student.id);
    const damaged = Buffer.concat([WEBM_SIGNATURE, Buffer.alloc(3000, 7)]);
    expect((await put(id, damaged, 'audio/webm')).statusCode).toBe(200);
    expect((await served(id)).equals(damaged)).toBe(true);
    expect((await served(id)).equals(damaged)).toBe(true);
  });

  it('a retried upload with no audio ffmpeg can read does not replace a recording that was read: 422 with a sentence, the first kept', async () => {
    const id = await createAttempt(t.database.db, student.student.id);
    expect((await put(id, browserWebm, 'audio/webm;codecs=opus')).statusCode).toBe(200);
    const kept = await served(id);
    const keptRow = await rowOf(id);
    // Starts as a WebM does (the type check passes), then nothing ffmpeg can read.
    const damaged = Buffer.concat([WEBM_SIGNATURE, Buffer.alloc(3000, 7)]);
    const refused = await put(id, damaged, 'audio/webm');
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().message).toBe(UNREADABLE_REPLACEMENT_MESSAGE);
    expect((await served(id)).equals(kept)).toBe(true);
    expect(await rowOf(id)).toEqual(keptRow);
    // A readable retry still replaces it.
    expect((await put(id, safariMp4, 'audio/mp4')).statusCode).toBe(200);
    expect(mp4HasIndexFirst(await served(id))).toBe(true);
  });

  it.each([
    ['WAV after its signature', Buffer.from('RIFFxxxxWAVEfmt xxxxxxxxxxxxxxxxxxxxxxxxxx'), 'audio/wav'],
    ['a WAV header with no samples after it', spokenWav.subarray(0, 44), 'audio/wav'],
    ['Ogg after its signature', Buffer.concat([Buffer.from('OggS'), Buffer.alloc(3000, 7)]), 'audio/ogg'],
  ])('the same for a type kept as it is: junk %s does not replace a WAV that was read', async (_what, damaged, type) => {
    const id = await createAttempt(t.database.db, student.student.id);
    expect((await put(id, spokenWav, 'audio/wav')).statusCode).toBe(200);
    const keptRow = await rowOf(id);
    const refused = await put(id, damaged, type);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().message).toBe(UNREADABLE_REPLACEMENT_MESSAGE);
    expect((await served(id)).equals(spokenWav)).toBe(true);
    expect(await rowOf(id)).toEqual(keptRow);
  });

  it('junk kept as a first upload does not hold off a second junk upload, and a readable one replaces either', async () => {
    const id = await createAttempt(t.database.db, student.student.id);
    const junk = Buffer.from('RIFFxxxxWAVEfmt xxxxxxxxxxxxxxxxxxxxxxxxxx');
    expect((await put(id, junk, 'audio/wav')).statusCode).toBe(200);
    const other = Buffer.concat([junk, Buffer.from('more')]);
    expect((await put(id, other, 'audio/wav')).statusCode).toBe(200);
    expect((await served(id)).equals(other)).toBe(true);
    expect((await put(id, spokenWav, 'audio/wav')).statusCode).toBe(200);
    expect((await served(id)).equals(spokenWav)).toBe(true);
  });

  it('re-muxes a recording stored without its index the first time it is served, and deletes the old bytes', async () => {
    const id = await createAttempt(t.database.db, student.student.id);
    const stores = createRecordingStores({ db: t.database.db, driver, dataDir: t.config.DATA_DIR, configured: store });
    const old = await stores.writeTo.write((async function* () {
      yield browserWebm;
    })());
    await t.database.db.insert(recordings).values({ attemptId: id, mimeType: 'audio/webm;codecs=opus', sizeBytes: old.sizeBytes, store, storageKey: old.storageKey, studentId: student.student.id });

    const [first, second] = await Promise.all([served(id), served(id)]);
    expect(first.equals(second ?? Buffer.alloc(0))).toBe(true);
    expect(first.indexOf(CUES_ID)).toBeLessThan(first.indexOf(CLUSTER_ID));
    expect(first.indexOf(CUES_ID)).toBeGreaterThan(0);
    expect(packetsOf(first)).toEqual(packetsOf(browserWebm));
    const row = await rowOf(id);
    expect(row?.storageKey).not.toBe(old.storageKey);
    expect(row?.sizeBytes).toBe(first.length);
    const gone = stores.writeTo.read(old.storageKey, 0, 10);
    await expect((async () => {
      for await (const piece of gone) void piece;
    })()).rejects.toThrow();
    const range = await t.app.inject({ method: 'GET', url: `/api/attempts/${id}/recording`, headers: { cookie: teacherCookie, range: 'bytes=0-99' } });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toBe(`bytes 0-99/${first.length}`);
  });
});

it('survives a recording whose file is gone by the time it is re-muxed (replaced or expired meanwhile): no uncaught error stops the server', async () => {
  const { FileRecordingStore } = await import('./file-store.js');
  const { remuxStored } = await import('./seekable.js');
  const store = new FileRecordingStore(path.join(folder, 'gone'));
  const uncaught: unknown[] = [];
  const note = (error: unknown) => uncaught.push(error);
  process.prependListener('uncaughtException', note);
  try {
    // The missing file's error and ffmpeg's start-up race each other: several tries, so the old fault shows.
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const { storageKey, sizeBytes } = await store.write(Readable.from([browserWebm]));
      await store.remove(storageKey);
      const logged: string[] = [];
      // Whether ffmpeg or the missing file ends it first, the bytes are not re-muxed.
      expect(['asIs', 'unreadable']).toContain((await remuxStored(store, { storageKey, sizeBytes, mimeType: 'audio/webm' }, (line) => logged.push(line))).kind);
      expect(logged).toHaveLength(1);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(uncaught).toEqual([]);
  } finally {
    process.off('uncaughtException', note);
  }
});

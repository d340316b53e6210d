import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordings } from '../db/schema-recordings.js';
import { createAttempt, WEBM_SIGNATURE } from '../test/attempt-fixtures.js';
import { createTestApp, sessionCookieForUser, type TestApp } from '../test/app.js';
import { createAdmin, createStudent, type CreatedStudent } from '../test/factories.js';
import { parseRecordingType, servedRecordingType } from './audio-type.js';
import { indexedAtFront, INDEX_HEAD_BYTES, remuxable } from './remux.js';

const folder = mkdtempSync(path.join(tmpdir(), 'parley-audio-types-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A short spoken phrase (espeak-ng), encoded by ffmpeg into each container a browser may record. */
const spoken = path.join(folder, 'spoken.wav');
execFileSync('espeak-ng', ['-w', spoken, 'my favourite season is spring']);
const encoded = (file: string, codec: string[]) => {
  const out = path.join(folder, file);
  execFileSync('ffmpeg', ['-loglevel', 'error', '-y', '-i', spoken, '-ac', '1', '-ar', '16000', ...codec, out]);
  return readFileSync(out);
};
const audio = {
  webm: encoded('a.webm', ['-c:a', 'libopus']),
  ogg: encoded('a.ogg', ['-c:a', 'libopus']),
  mp4: encoded('a.m4a', ['-c:a', 'aac', '-f', 'mp4']),
  aac: encoded('a.aac', ['-c:a', 'aac', '-f', 'adts']),
  wav: readFileSync(spoken),
};

describe('parseRecordingType', () => {
  it.each([
    ['audio/webm', 'audio/webm'],
    ['audio/webm;codecs=opus', 'audio/webm;codecs=opus'],
    ['Audio/WebM; Codecs="OPUS"', 'audio/webm;codecs=opus'],
    ['audio/ogg; codecs=opus', 'audio/ogg;codecs=opus'],
    ['audio/mp4;codecs=mp4a.40.2', 'audio/mp4;codecs=mp4a.40.2'],
    ['audio/x-m4a', 'audio/mp4'],
    ['audio/aac', 'audio/aac'],
    ['audio/x-wav', 'audio/wav'],
    // Unknown parameters and codecs are dropped, never kept.
    ['audio/webm;codecs=h264', 'audio/webm'],
    ['audio/webm;foo=bar;codecs=opus', 'audio/webm;codecs=opus'],
    ['audio/webm;a="b,text/html"', 'audio/webm'],
  ])('%s is stored as %s', (header, stored) => {
    expect(parseRecordingType(header)?.mimeType).toBe(stored);
  });

  it.each(['audio/webm;a=b,text/html', 'audio/webm;a=b,text/javascript', 'audio/webm, text/html', 'text/html', 'audio/mpeg', 'video/webm', 'audio/', '', 'audio/webm;codecs'])(
    'refuses %j',
    (header) => {
      expect(parseRecordingType(header)).toBeNull();
    },
  );

  it('sends rows stored before the rewrite as a safe type', () => {
    expect(servedRecordingType('audio/webm;a=b,text/html')).toBe('audio/webm');
    expect(servedRecordingType('audio/webm;codecs=opus')).toBe('audio/webm;codecs=opus');
    expect(servedRecordingType('audio/mpeg')).toBe('audio/mpeg');
    expect(servedRecordingType('text/html')).toBe('application/octet-stream');
    expect(servedRecordingType('audio/x-unknown,text/html')).toBe('application/octet-stream');
  });
});

describe('recordings are stored and served as what they are', () => {
  let t: TestApp;
  let student: CreatedStudent;
  let studentCookie: string;
  let teacherCookie: string;
  beforeAll(async () => {
    t = await createTestApp({ rateLimits: { uploadsPerStudent: { max: 100, windowMs: 60_000 } } });
    student = await createStudent(t.database.db, { studentName: 'Nisha' });
    studentCookie = await sessionCookieForUser(t.database.db, student.user.id);
    teacherCookie = await sessionCookieForUser(t.database.db, (await createAdmin(t.database.db)).user.id);
  });
  afterAll(() => t.close());

  const put = (id: string, contentType: string, payload: Buffer | string) =>
    t.app.inject({ method: 'PUT', url: `/api/attempts/${id}/recording`, headers: { cookie: studentCookie, 'content-type': contentType }, payload });
  const get = (id: string) => t.app.inject({ url: `/api/attempts/${id}/recording`, headers: { cookie: teacherCookie } });
  const storedType = async (id: string) => (await t.database.db.select().from(recordings).where(eq(recordings.attemptId, id)))[0]?.mimeType;

  it.each([
    ['audio/webm;codecs=opus', audio.webm, 'audio/webm;codecs=opus', 'webm'],
    ['audio/webm', audio.webm, 'audio/webm', 'webm'],
    ['audio/ogg; codecs=opus', audio.ogg, 'audio/ogg;codecs=opus', 'ogg'],
    ['audio/mp4', audio.mp4, 'audio/mp4', 'mp4'],
    ['audio/x-m4a', audio.mp4, 'audio/mp4', 'mp4'],
    ['audio/aac', audio.aac, 'audio/aac', 'aac'],
    ['audio/wav', audio.wav, 'audio/wav', 'wav'],
  ] as const)('%s round-trips (byte for byte, or WebM and MP4 re-muxed with their index first: decision 0032), served as %s', async (declared, bytes, served, extension) => {
    const id = await createAttempt(t.database.db, student.student.id);
    const upload = await put(id, declared, bytes);
    expect(upload.statusCode, upload.body).toBe(200);
    expect(await storedType(id)).toBe(served);
    const back = await get(id);
    expect(back.statusCode).toBe(200);
    if (remuxable(served)) {
      expect(indexedAtFront(served, back.rawPayload.subarray(0, INDEX_HEAD_BYTES)), 'the index is at the front').toBe(true);
      expect(back.rawPayload.subarray(0, 4).equals(bytes.subarray(0, 4)) || back.rawPayload.subarray(4, 8).equals(bytes.subarray(4, 8)), 'the same container').toBe(true);
    } else {
      expect(back.rawPayload.equals(bytes)).toBe(true);
    }
    expect(back.headers['content-type']).toBe(served);
    expect(back.headers['x-content-type-options']).toBe('nosniff');
    expect(back.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
    expect(back.headers['content-disposition']).toBe(`inline; filename="recording-${id}.${extension}"`);
  });

  it('refuses the two-step script upload: neither type is accepted, nothing is stored', async () => {
    const script = await createAttempt(t.database.db, student.student.id);
    const page = await createAttempt(t.database.db, student.student.id);
    const first = await put(script, 'audio/webm;a=b,text/javascript', 'fetch("/api/admin/students").then(r=>r.json()).then(j=>document.title=j.total)');
    const second = await put(page, 'audio/webm;a=b,text/html', `<script src=/api/attempts/${script}/recording></script>`);
    for (const answer of [first, second]) {
      expect(answer.statusCode).toBe(415);
      expect(answer.json().message).toBe('A recording must be audio of one of these types: audio/webm, audio/ogg, audio/mp4, audio/aac, audio/wav.');
    }
    expect(await storedType(script)).toBeUndefined();
    expect(await storedType(page)).toBeUndefined();
  });

  it.each([
    // What a WebM file starts with, then what this upload starts with: never one sentence that reads as both.
    ['audio/webm', Buffer.from('hello'), 'This recording was sent as audio/webm, but its bytes are not a WebM file: a WebM file starts with the bytes 1A 45 DF A3, and this upload starts with 68 65 6C 6C. Send the file exactly as the browser recorded it.'],
    ['audio/webm', Buffer.from('<script>alert(1)</script>'), 'This recording was sent as audio/webm, but its bytes are not a WebM file: a WebM file starts with the bytes 1A 45 DF A3, and this upload starts with 3C 73 63 72. Send the file exactly as the browser recorded it.'],
    ['audio/ogg', audio.webm, 'This recording was sent as audio/ogg, but its bytes are not an Ogg file: an Ogg file starts with the bytes 4F 67 67 53 ("OggS"), and this upload starts with 1A 45 DF A3. Send the file exactly as the browser recorded it.'],
    ['audio/mp4', audio.ogg, 'This recording was sent as audio/mp4, but its bytes are not an MP4 file: an MP4 file has the bytes 66 74 79 70 ("ftyp") from its fifth byte on, and this upload starts with 4F 67 67 53 00 02 00 00. Send the file exactly as the browser recorded it.'],
    ['audio/wav', Buffer.from('RIFF'), 'This recording was sent as audio/wav, but its bytes are not a WAV file: a WAV file starts with the bytes 52 49 46 46 ("RIFF") and has 57 41 56 45 ("WAVE") from its ninth byte on, and this upload is only 4 bytes long (52 49 46 46). Send the file exactly as the browser recorded it.'],
    ['audio/aac', Buffer.from('GIF89a'), 'This recording was sent as audio/aac, but its bytes are not an AAC (ADTS) stream: an AAC (ADTS) stream starts with the byte FF and then F0, F1, F8 or F9, and this upload starts with 47 49 46 38. Send the file exactly as the browser recorded it.'],
  ])('refuses %s whose bytes are something else, keeping the earlier recording', async (declared, bytes, message) => {
    const id = await createAttempt(t.database.db, student.student.id);
    expect((await put(id, 'audio/webm', audio.webm)).statusCode).toBe(200);
    const earlier = (await get(id)).rawPayload;
    const refused = await put(id, declared, bytes);
    expect(refused.statusCode).toBe(415);
    expect(refused.json().message).toBe(message);
    expect((await get(id)).rawPayload.equals(earlier)).toBe(true);
    expect(await storedType(id)).toBe('audio/webm');
  });

  it('serves a row stored with a hostile type before the rewrite as plain audio', async () => {
    const id = await createAttempt(t.database.db, student.student.id, { recording: Buffer.concat([WEBM_SIGNATURE, Buffer.from('<script>x</script>')]), mimeType: 'audio/webm;a=b,text/html' });
    const back = await get(id);
    expect(back.headers['content-type']).toBe('audio/webm');
    expect(back.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
    const other = await createAttempt(t.database.db, student.student.id, { recording: Buffer.from('<p>hi</p>'), mimeType: 'text/html' });
    const bytes = await get(other);
    expect(bytes.headers['content-type']).toBe('application/octet-stream');
    expect(bytes.headers['content-disposition']).toBe(`attachment; filename="recording-${other}.bin"`);
  });
});

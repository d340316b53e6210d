/*
 * Recordings made seekable. A browser's MediaRecorder writes WebM without a Cues index (the client
 * writes only the duration) and Safari writes fragmented MP4: Chromium seeks in them anyway, but
 * Firefox lands short of the target and WebKit plays from the start. ffmpeg re-muxes the bytes
 * with `-c copy` (the audio packets are kept byte for byte, nothing is re-encoded), writing the
 * index at the front: Cues before the first Cluster (WebM), `moov` before `mdat` (MP4).
 * Ogg, ADTS AAC and WAV are seekable as they are and are left alone (only read through, readsAsAudio).
 */
import { spawn } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ffmpegInputFormat } from './audio-type.js';

/** How long one re-mux may take (a 45-minute recording takes well under a second). */
const REMUX_TIMEOUT_MS = 60_000;
/**
 * A re-mux copies every audio packet, so it is about as large as what it was given (the containers'
 * own boxes differ by a few per cent). Much smaller, ffmpeg read only part of the input and still
 * exited 0: an MP4 whose `moov` index comes after its `mdat` cannot be read from a pipe ("partial
 * file") and came out as 258 bytes of headers for a 20-minute recording. Such a re-mux is refused and
 * the recording kept as it came.
 */
const MIN_KEPT_SHARE = 0.5;
/** The first bytes read to see whether a stored recording already has its index at the front. */
export const INDEX_HEAD_BYTES = 64 * 1024;

interface Plan {
  inputFormat: string;
  output: string[];
  hasIndex: (head: Uint8Array) => boolean;
}

const CUES_ID = Buffer.from([0x1c, 0x53, 0xbb, 0x6b]);
const CLUSTER_ID = Buffer.from([0x1f, 0x43, 0xb6, 0x75]);

/** WebM: a Cues element before the first Cluster (or anywhere, when the head holds the whole file). */
export function webmHasCues(head: Uint8Array): boolean {
  const bytes = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  const cues = bytes.indexOf(CUES_ID);
  if (cues < 0) return false;
  const cluster = bytes.indexOf(CLUSTER_ID);
  return cluster < 0 || cues < cluster || head.byteLength < INDEX_HEAD_BYTES;
}

/**
 * MP4: among the top-level boxes, `moov` comes before any `mdat`, and it is not the empty `moov` of a
 * fragmented file (one with `mvex`, followed by `moof` fragments, as Safari records).
 */
export function mp4HasIndexFirst(head: Uint8Array): boolean {
  const view = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  let offset = 0;
  while (offset + 8 <= view.length) {
    const size32 = view.readUInt32BE(offset);
    const type = view.toString('latin1', offset + 4, offset + 8);
    if (type === 'moov') return !view.subarray(offset + 8, size32 >= 8 ? offset + size32 : view.length).includes('mvex', 0, 'latin1');
    if (type === 'mdat' || type === 'moof') return false;
    let size = size32;
    if (size32 === 1) {
      if (offset + 16 > view.length) return false;
      size = Number(view.readBigUInt64BE(offset + 8));
    }
    if (size < 8) return false;
    offset += size;
  }
  return false;
}

/** What a stored type is re-muxed into, or null for a type that seeks as it is. */
function planFor(mimeType: string): Plan | null {
  const input = ffmpegInputFormat(mimeType);
  if (input === 'matroska') return { inputFormat: input, output: ['-f', 'webm', '-cues_to_front', '1'], hasIndex: webmHasCues };
  if (input === 'mov') return { inputFormat: input, output: ['-f', 'mp4', '-movflags', '+faststart'], hasIndex: mp4HasIndexFirst };
  return null;
}

/** Whether a stored type is one this module re-muxes (WebM, MP4). */
export const remuxable = (mimeType: string): boolean => planFor(mimeType) !== null;

/** Whether the first bytes of a recording of this type show its index at the front (true for types left alone). */
export function indexedAtFront(mimeType: string, head: Uint8Array): boolean {
  const plan = planFor(mimeType);
  return plan === null || plan.hasIndex(head);
}

/**
 * A failed re-mux is `unreadable` when ffmpeg ran to its end and refused the bytes (no audio it could
 * read), not when it was stopped by the time limit or could not start: only the former says the
 * recording itself is damaged.
 */
export type Remuxed = { ok: true; file: string; sizeBytes: number; done: () => Promise<void> } | { ok: false; reason: string; unreadable: boolean };

async function firstBytes(file: string): Promise<Buffer> {
  const pieces: Buffer[] = [];
  let bytes = 0;
  for await (const piece of createReadStream(file, { start: 0, end: INDEX_HEAD_BYTES - 1 }) as AsyncIterable<Buffer>) {
    pieces.push(piece);
    bytes += piece.length;
  }
  return Buffer.concat(pieces, bytes);
}

/**
 * Re-muxes the bytes `source` yields (a recording of `mimeType`) with ffmpeg into a temporary file
 * (the index is written at the front, which needs a seekable output). ffmpeg reads only the
 * container the type names and only from the pipe. On success the caller stores the file, then
 * calls `done` to delete it; on failure the reason is given and nothing is left behind.
 */
export async function remuxToFile(source: AsyncIterable<Uint8Array>, mimeType: string, ffmpeg: string): Promise<Remuxed> {
  const plan = planFor(mimeType);
  if (!plan) return { ok: false, reason: `${mimeType} is not re-muxed`, unreadable: false };
  const folder = await mkdtemp(path.join(tmpdir(), 'parley-remux-'));
  const done = () => rm(folder, { recursive: true, force: true });
  const file = path.join(folder, 'out');
  const run = await runFfmpeg(ffmpeg, source, ['-loglevel', 'error', '-f', plan.inputFormat, '-i', 'pipe:0', '-map', '0:a', '-c', 'copy', ...plan.output, '-y', file]);
  const failed = async (reason: string, unreadable: boolean): Promise<Remuxed> => {
    await done();
    return { ok: false, reason, unreadable };
  };
  // Exited by itself with an error (not stopped, code null): ffmpeg ran to its end and refused the bytes.
  if (run.code !== 0) return failed(run.lastError, run.code !== null);
  try {
    const { size } = await stat(file);
    // Nothing written: no audio in the bytes that ffmpeg could read.
    if (size === 0) return await failed('ffmpeg wrote nothing', true);
    if (size < run.fedBytes * MIN_KEPT_SHARE) return await failed(`ffmpeg kept ${size} of ${run.fedBytes} bytes (an MP4 whose index is at its end cannot be read from a stream)`, false);
    if (!plan.hasIndex(await firstBytes(file))) return await failed('ffmpeg wrote no index at the front', false);
    return { ok: true, file, sizeBytes: size, done };
  } catch (error) {
    return failed(error instanceof Error ? error.message : String(error), false);
  }
}

/** ffmpeg's warning when it read no packet of audio from the input. */
const NOTHING_READ = /Output file is empty/;

/**
 * Whether ffmpeg finds audio in the bytes of a type this module leaves as it is (Ogg, AAC, WAV),
 * reading them to the end as the re-mux does (`-c copy`, nothing decoded) and writing nothing:
 * `unreadable` as for remuxToFile, and also when not one packet of audio was read (a WAV header with
 * no samples after it).
 */
export async function readsAsAudio(source: AsyncIterable<Uint8Array>, mimeType: string, ffmpeg: string): Promise<{ ok: true } | { ok: false; reason: string; unreadable: boolean }> {
  const inputFormat = ffmpegInputFormat(mimeType);
  if (!inputFormat) return { ok: false, reason: `${mimeType} is not read`, unreadable: false };
  const run = await runFfmpeg(ffmpeg, source, ['-loglevel', 'warning', '-f', inputFormat, '-i', 'pipe:0', '-map', '0:a', '-c', 'copy', '-f', 'null', '-']);
  if (run.code !== 0) return { ok: false, reason: run.lastError, unreadable: run.code !== null };
  if (NOTHING_READ.test(run.errors)) return { ok: false, reason: 'ffmpeg read no audio', unreadable: true };
  return { ok: true };
}

/**
 * ffmpeg run on `source` (its standard input) with `args`, stopped after REMUX_TIMEOUT_MS: its exit
 * code (null when stopped or it could not start), what it printed (the first 2,000 characters), its
 * last line, and how many bytes it was given.
 */
async function runFfmpeg(ffmpeg: string, source: AsyncIterable<Uint8Array>, args: string[]): Promise<{ code: number | null; errors: string; lastError: string; fedBytes: number }> {
  const child = spawn(ffmpeg, ['-hide_banner', '-nostdin', '-protocol_whitelist', 'pipe', ...args], { stdio: ['pipe', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => {
    if (errors.length < 2000) errors += chunk.toString();
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), REMUX_TIMEOUT_MS);
  const exited = new Promise<number | null>((resolve) => {
    child.once('error', (error) => {
      errors += String(error);
      resolve(null);
    });
    child.once('close', (code) => resolve(code));
  });
  // ffmpeg may stop reading a broken file: the pipeline then ends (EPIPE) and the source is closed.
  let fedBytes = 0;
  async function* counted(): AsyncGenerator<Uint8Array> {
    for await (const piece of source) {
      fedBytes += piece.byteLength;
      yield piece;
    }
  }
  const feeding = pipeline(Readable.from(counted()), child.stdin).catch((error: unknown) => {
    errors += errors ? '' : String(error);
  });
  const code = await exited;
  clearTimeout(timer);
  await feeding;
  return { code, errors, lastError: errors.trim().split('\n').pop() || `ffmpeg exited with ${code}`, fedBytes };
}

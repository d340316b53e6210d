import { spawn } from 'node:child_process';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { backgroundCommand } from './background.js';
import { ANALYSIS_SAMPLE_RATE } from './features.js';

/** Longer recordings are analysed up to here (a 30-minute interview fits): 45 minutes of 16 kHz samples is 173 MB. */
export const MAX_ANALYSED_SECONDS = 45 * 60;

export class UndecodableRecordingError extends Error {}

/**
 * The recording as 16 kHz mono signed 16-bit samples, decoded by ffmpeg from the bytes `source`
 * yields, read only as `inputFormat` (the demuxer its stored type names, recordings/audio-type.ts:
 * never guessed from the bytes) and only from the pipe (no file or network protocol). Throws
 * UndecodableRecordingError with ffmpeg's reason when the bytes are not audio it can read. Runs in
 * the analysis process (process.ts), which the server stops while it answers requests: no timer of
 * its own here, the server limits the whole analysis's running time.
 */
export async function decodeToPcm(source: AsyncIterable<Uint8Array>, ffmpeg: string, inputFormat: string): Promise<Int16Array> {
  const [command, args] = backgroundCommand(ffmpeg, [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-protocol_whitelist', 'pipe', '-f', inputFormat, '-i', 'pipe:0', '-t', String(MAX_ANALYSED_SECONDS)],
    ...['-vn', '-ac', '1', '-ar', String(ANALYSIS_SAMPLE_RATE), '-f', 's16le', 'pipe:1'],
  ]);
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => {
    if (errors.length < 2000) errors += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve(code));
  });
  // Fed as ffmpeg reads. A broken file makes ffmpeg stop reading and close its input: the pipeline
  // then ends (EPIPE) and closes the source, instead of waiting for a 'drain' that never comes
  // (which left a large corrupt upload's analysis, and every analysis after it, waiting for ever).
  const feeding = pipeline(Readable.from(source), child.stdin).catch(() => {
    // ffmpeg closed its input: it has said why on stderr.
  });
  const pieces: Buffer[] = [];
  let bytes = 0;
  for await (const piece of child.stdout as AsyncIterable<Buffer>) {
    pieces.push(piece);
    bytes += piece.length;
  }
  const code = await exited;
  await feeding;
  if (code !== 0) throw new UndecodableRecordingError(`the recording could not be decoded (${errors.trim().split('\n').pop() ?? `ffmpeg exited with ${code}`})`);
  // ffmpeg wrote s16le; Int16Array reads in the machine's order, little-endian on x86 and ARM.
  const pcm = Buffer.concat(pieces, bytes);
  const whole = Math.floor(pcm.length / 2);
  return pcm.byteOffset % 2 === 0 ? new Int16Array(pcm.buffer, pcm.byteOffset, whole) : new Int16Array(new Uint8Array(pcm.subarray(0, whole * 2)).buffer);
}

/** 16-bit samples as numbers in [-1, 1] (a typed-array loop: about 15 ms for 12 minutes). */
export function samplesOfPcm(pcm: Int16Array): Float32Array {
  const samples = new Float32Array(pcm.length);
  for (let i = 0; i < pcm.length; i += 1) samples[i] = (pcm[i] ?? 0) / 32768;
  return samples;
}

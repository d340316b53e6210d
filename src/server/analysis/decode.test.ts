import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { wavOf } from './align.js';
import { ANALYSIS_SAMPLE_RATE } from './features.js';
import { decodeToPcm, samplesOfPcm, UndecodableRecordingError } from './decode.js';
import { ffmpegPath } from '../lib/ffmpeg.js';

const decodeToSamples = async (source: AsyncIterable<Uint8Array>, ffmpeg: string, inputFormat = 'wav') => samplesOfPcm(await decodeToPcm(source, ffmpeg, inputFormat));

const ffmpeg = ffmpegPath();
if (!ffmpeg) throw new Error('ffmpeg is needed by the analysis tests (npm test installs it)');

/** A mono 16-bit PCM WAV of `seconds` of a 440 Hz tone at half scale. */
function toneWav(seconds: number, rate = 48_000): Buffer {
  const samples = Float32Array.from({ length: Math.round(seconds * rate) }, (_, i) => 0.5 * Math.sin((2 * Math.PI * 440 * i) / rate));
  return wavOf(samples, rate);
}

/** `bytes` in 64 KiB pieces, as the recording store streams a file; notes whether the reader closed it. */
function piecesOf(bytes: Buffer): { source: AsyncIterable<Uint8Array>; closed: () => boolean } {
  let closed = false;
  async function* read() {
    try {
      for (let at = 0; at < bytes.length; at += 65_536) yield bytes.subarray(at, at + 65_536);
    } finally {
      closed = true;
    }
  }
  return { source: read(), closed: () => closed };
}

describe('decoding a recording with ffmpeg', () => {
  it('gives 16 kHz mono samples in [-1, 1]', async () => {
    const { source, closed } = piecesOf(toneWav(2));
    const samples = await decodeToSamples(source, ffmpeg);
    expect(Math.abs(samples.length - 2 * ANALYSIS_SAMPLE_RATE)).toBeLessThan(ANALYSIS_SAMPLE_RATE / 100);
    const peak = samples.reduce((max, value) => Math.max(max, Math.abs(value)), 0);
    expect(peak).toBeGreaterThan(0.45);
    expect(peak).toBeLessThanOrEqual(1);
    expect(closed()).toBe(true);
  });

  // A large upload that is no audio: ffmpeg stops reading long before the end, with the pipe full.
  // The decode must end with the reason (it used to wait for ever for the pipe to drain, and with it
  // every later analysis of that server).
  it('refuses 10 MB that are not audio with ffmpeg\'s reason, and closes the source', async () => {
    const { source, closed } = piecesOf(randomBytes(10 * 1024 * 1024));
    const error = await decodeToSamples(source, ffmpeg).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(UndecodableRecordingError);
    expect((error as Error).message).toMatch(/^the recording could not be decoded \(/);
    expect(closed()).toBe(true);
  });
});

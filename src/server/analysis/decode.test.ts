import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ANALYSIS_SAMPLE_RATE } from './features.js';
import { decodeToSamples, ffmpegPath, UndecodableRecordingError } from './decode.js';

const ffmpeg = ffmpegPath();
if (!ffmpeg) throw new Error('ffmpeg is needed by the analysis tests (npm test installs it)');

/** A mono 16-bit PCM WAV of `seconds` of a 440 Hz tone at half scale. */
function toneWav(seconds: number, rate = 48_000): Buffer {
  const samples = Math.round(seconds * rate);
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0);
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write('WAVEfmt ', 8);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36);
  wav.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i += 1) wav.writeInt16LE(Math.round(16_384 * Math.sin((2 * Math.PI * 440 * i) / rate)), 44 + i * 2);
  return wav;
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

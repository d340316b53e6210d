import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { levelDb, readingVoiced, VOICE_START_MIN_DB, VOICE_START_VOICED_READINGS } from './voice-activity.js';

/*
 * The gate's voicing check on real sound, as the browser reads it: 48 kHz, through the speech
 * band's 80 Hz high-pass, a 2048-sample reading every 50 ms. Real read speech (Debian's
 * pocketsphinx-testdata, as the server's real-speech corpus) starts speech within a few readings;
 * noise shaped as a breath (the real corpus's breaths: pink noise at 300-3000 Hz swelling over a
 * second) or as a cough or a rustle (band-passed or broadband bursts of 200-300 ms) never does.
 * sox draws its noise with a fixed seed here (-R); decision 0015 gives the count over 40 draws.
 */
const TESTDATA = '/usr/share/pocketsphinx/test/data';
const RATE = 48_000;
const folder = mkdtempSync(path.join(os.tmpdir(), 'parley-voicing-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** 48 kHz float samples of `input` (a file, or sox's `-n` with a synth effect), high-passed at 80 Hz (two 2-pole sections), peaking at -10 dBFS, with 0.5 s of quiet room before. */
function soundOf(name: string, input: string[], effects: string[] = []): Float32Array {
  const raw = path.join(folder, `${name}.raw`);
  execFileSync('sox', ['-R', ...input, '-r', String(RATE), '-b', '32', '-e', 'float', '-t', 'raw', raw, ...effects, 'highpass', '80', 'highpass', '80', 'norm', '-10', 'pad', '0.5', '0.5']);
  const bytes = readFileSync(raw);
  const samples = new Float32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4);
  // The room: quiet noise at about -70 dBFS (a fixed sequence), so the pad is not digital silence.
  let seed = 7;
  return samples.map((sample) => sample + ((seed = (seed * 16_807) % 2_147_483_647) / 2_147_483_647 - 0.5) * 0.0006);
}

/** The readings above the start level: how many, and how many of them in before the gate's voiced count is met. */
function readings(samples: Float32Array) {
  let loud = 0;
  let voiced = 0;
  let loudBeforeStart: number | null = null;
  for (let end = 2048; end <= samples.length; end += RATE / 20) {
    const reading = samples.subarray(end - 2048, end);
    if (levelDb(reading) <= VOICE_START_MIN_DB) continue;
    loud += 1;
    if (readingVoiced(reading, RATE)) voiced += 1;
    if (voiced >= VOICE_START_VOICED_READINGS) loudBeforeStart ??= loud;
  }
  return { loud, voiced, loudBeforeStart };
}

describe('the voice gate on real sound', () => {
  it('real read speech is voiced within 350 ms of its first loud reading', () => {
    const clips = [
      ...['0870', '0880', '0890', '0920', '0930'].map((n) => `librivox/sense_and_sensibility_01_austen_64kb-${n}.wav`),
      ...['001', '002', '003'].map((n) => `cards/${n}.wav`),
    ];
    for (const clip of clips) {
      const found = readings(soundOf(path.basename(clip, '.wav'), [path.join(TESTDATA, clip)]));
      expect(found.loudBeforeStart, clip).not.toBeNull();
      // Readings are 50 ms apart: the 8th loud reading is 350 ms after the first.
      expect(found.loudBeforeStart ?? Infinity, clip).toBeLessThanOrEqual(8);
      expect(found.voiced / found.loud, clip).toBeGreaterThan(0.4);
    }
  });

  it('a breath, a cough or a rustle is loud but never starts speech', () => {
    const noises: Array<[string, string[], string[]]> = [
      ['breath', ['-n'], ['synth', '1.0', 'pinknoise', 'sinc', '300-3000', 'fade', 'h', '0.4', '1.0', '0.5']],
      ['cough-band', ['-n'], ['synth', '0.3', 'whitenoise', 'band', '700', '600', 'fade', 't', '0.01', '0.3', '0.2']],
      ['cough-pink', ['-n'], ['synth', '0.25', 'pinknoise', 'fade', 't', '0.005', '0.25', '0.2']],
      ['rustle', ['-n'], ['synth', '0.2', 'whitenoise', 'band', '1500', '1200', 'fade', 'q', '0.005', '0.2', '0.15']],
      ['long-breath', ['-n'], ['synth', '1.5', 'pinknoise', 'band', '1200', '1500', 'fade', 'h', '0.4', '1.5', '0.6']],
    ];
    for (const [name, input, effects] of noises) {
      const found = readings(soundOf(name, input, effects));
      expect(found.loud, name).toBeGreaterThanOrEqual(3);
      expect(found.voiced, name).toBeLessThan(VOICE_START_VOICED_READINGS);
    }
  });
});

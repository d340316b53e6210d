import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CORPUS_VOICES, makeCorpusRecording, readWavSamples, type CorpusWord } from './corpus.js';
import { speechFeatures } from './features.js';

const folder = mkdtempSync(path.join(tmpdir(), 'parley-corpus-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Words whose syllables are not in doubt, with silences from none to 4 s between them. */
const SCRIPT: CorpusWord[] = [
  { word: 'teacher', syllables: 2, silenceBeforeMs: 600 },
  { word: 'morning', syllables: 2, silenceBeforeMs: 0 },
  { word: 'school', syllables: 1, silenceBeforeMs: 300 },
  { word: 'beautiful', syllables: 3, silenceBeforeMs: 0 },
  { word: 'garden', syllables: 2, silenceBeforeMs: 1200 },
  { word: 'family', syllables: 3, silenceBeforeMs: 0 },
  { word: 'holiday', syllables: 3, silenceBeforeMs: 450 },
  { word: 'window', syllables: 2, silenceBeforeMs: 0 },
  { word: 'education', syllables: 4, silenceBeforeMs: 2500 },
  { word: 'friend', syllables: 1, silenceBeforeMs: 0 },
  { word: 'computer', syllables: 3, silenceBeforeMs: 800 },
  { word: 'happy', syllables: 2, silenceBeforeMs: 250 },
  { word: 'important', syllables: 3, silenceBeforeMs: 0 },
  { word: 'water', syllables: 2, silenceBeforeMs: 4000 },
  { word: 'house', syllables: 1, silenceBeforeMs: 0 },
  { word: 'yesterday', syllables: 3, silenceBeforeMs: 400 },
];

describe.each(CORPUS_VOICES)('speech features of %s at %i words a minute', (voice, wordsPerMinute) => {
  const truth = makeCorpusRecording(folder, `${voice}-${wordsPerMinute}`, SCRIPT, voice, wordsPerMinute);
  const features = speechFeatures(readWavSamples(truth.file));

  it('finds every pause of 400 ms or more, each edge within 80 ms, and no pause that is not there', () => {
    const detail = JSON.stringify({ truth: truth.pauses, found: features.pauses });
    for (const pause of truth.pauses.filter((p) => p.endMs - p.startMs >= 400)) {
      const measured = features.pauses.find((p) => p.endMs > pause.startMs && p.startMs < pause.endMs);
      expect(measured, `the pause at ${pause.startMs} ms: ${detail}`).toBeDefined();
      expect(Math.abs((measured?.startMs ?? 0) - pause.startMs), `start of the pause at ${pause.startMs} ms: ${detail}`).toBeLessThanOrEqual(80);
      expect(Math.abs((measured?.endMs ?? 0) - pause.endMs), `end of the pause at ${pause.startMs} ms: ${detail}`).toBeLessThanOrEqual(80);
    }
    // Every pause found is one that was made (none inside a word), and none was counted twice.
    for (const found of features.pauses) {
      expect(truth.pauses.some((p) => found.endMs > p.startMs && found.startMs < p.endMs), `${JSON.stringify(found)} was not made: ${detail}`).toBe(true);
    }
    expect(features.pauses.filter((p) => p.endMs - p.startMs >= 400 + 80).length).toBeLessThanOrEqual(truth.pauses.filter((p) => p.endMs - p.startMs >= 400).length);
  });

  it('finds the syllables within 15 % (speech rate over the speaking span)', () => {
    const span = (truth.words.at(-1)?.endMs ?? 0) - (truth.words[0]?.startMs ?? 0);
    const trueRate = truth.syllables / (span / 1000);
    const first = features.segments[0]?.startMs ?? 0;
    const last = features.segments.at(-1)?.endMs ?? 0;
    const rate = features.nucleiMs.length / ((last - first) / 1000);
    expect(Math.abs(rate - trueRate) / trueRate, `found ${features.nucleiMs.length} syllables of ${truth.syllables}; rate ${rate.toFixed(2)} against ${trueRate.toFixed(2)}`).toBeLessThanOrEqual(0.15);
  });
});

describe('the sound past the level', () => {
  // A vowel (150 Hz) to 300 ms, a closure of 120 ms, a 20 ms release (white noise), then silence.
  const rate = 16_000;
  const samples = new Float32Array(rate);
  let seed = 1;
  const random = () => ((seed = (seed * 16_807) % 2_147_483_647) / 2_147_483_647) * 2 - 1;
  for (let i = 0; i < rate * 0.3; i += 1) samples[i] = 0.5 * Math.sin((2 * Math.PI * 150 * i) / rate);
  for (let i = rate * 0.42; i < rate * 0.44; i += 1) samples[i] = 0.3 * random();
  const { sound } = speechFeatures(samples);

  it('finds where the voice ends and where the release last sounds in the fricatives band', () => {
    const voiceEnd = sound.lastVoiceEndMs(0, 1000);
    expect(voiceEnd).toBeGreaterThanOrEqual(300);
    expect(voiceEnd).toBeLessThanOrEqual(320);
    const release = sound.lastFricationEndMs(330, 700);
    expect(release).toBeGreaterThanOrEqual(440);
    expect(release).toBeLessThanOrEqual(470);
  });

  it('finds neither where there is none: no voice in the release, no frication in the vowel', () => {
    expect(sound.lastVoiceEndMs(400, 1000)).toBeNull();
    expect(sound.lastFricationEndMs(0, 290)).toBeNull();
  });

  it('tells a background that hides weak speech from a quiet one', () => {
    expect(sound.noisy).toBe(false);
    // The same with white noise about 25 dB under the vowel throughout.
    const noisy = samples.map((sample) => sample + 0.035 * random());
    expect(speechFeatures(noisy).sound.noisy).toBe(true);
  });
});

describe('recordings without speech', () => {
  it('a silent recording has no speech, no pauses and no syllables', () => {
    const { sound, ...features } = speechFeatures(new Float32Array(16_000 * 3));
    expect(features).toEqual({ durationMs: 3000, segments: [], pauses: [], nucleiMs: [], speakingTimeMs: 0 });
    expect([sound.lastVoiceEndMs(0, 3000), sound.lastFricationEndMs(0, 3000)]).toEqual([null, null]);
  });
  it('steady noise is not speech', () => {
    const noise = new Float32Array(16_000 * 3).map(() => (Math.random() - 0.5) * 0.02);
    expect(speechFeatures(noise).segments).toEqual([]);
  });
});

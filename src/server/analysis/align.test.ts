import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { alignAnswer, alignerAvailable, describeAligner, silencedBetweenSpeech, transcriptWords, wordHints } from './align.js';
import { MODEL_DIR } from './pronounce.js';
import { CORPUS_VOICES, makeCorpusRecording, readWavSamples, type CorpusWord } from './corpus.js';
import { speechFeatures } from './features.js';

const folder = mkdtempSync(path.join(tmpdir(), 'parley-align-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const SCRIPT: CorpusWord[] = [
  { word: 'my', syllables: 1, silenceBeforeMs: 500 },
  { word: 'teacher', syllables: 2, silenceBeforeMs: 0 },
  { word: 'always', syllables: 2, silenceBeforeMs: 0 },
  { word: 'encouraged', syllables: 3, silenceBeforeMs: 300 },
  { word: 'students', syllables: 2, silenceBeforeMs: 0 },
  { word: 'to', syllables: 1, silenceBeforeMs: 0 },
  { word: 'read', syllables: 1, silenceBeforeMs: 0 },
  { word: 'newspapers', syllables: 3, silenceBeforeMs: 900 },
  { word: 'every', syllables: 3, silenceBeforeMs: 0 },
  { word: 'morning', syllables: 2, silenceBeforeMs: 0 },
  { word: 'and', syllables: 1, silenceBeforeMs: 2000 },
  { word: 'discuss', syllables: 2, silenceBeforeMs: 0 },
  { word: 'them', syllables: 1, silenceBeforeMs: 0 },
  { word: 'together', syllables: 3, silenceBeforeMs: 400 },
  { word: 'in', syllables: 1, silenceBeforeMs: 0 },
  { word: 'class', syllables: 1, silenceBeforeMs: 0 },
];

describe('transcript words', () => {
  it('spells them as the dictionary does', () => {
    expect(transcriptWords('Hello, I’m   here — don\'t "worry" 42!')).toEqual(['hello', "i'm", 'here', "don't", 'worry', '42']);
  });
});

// The aligner is a Debian package the test set-up installs (scripts/system-packages.mjs): this must run.
describe('the start-up line on word timings', () => {
  it('names the aligner and its model, or what is missing and what to install', () => {
    expect(describeAligner()).toEqual({ level: 'info', message: `words are placed on recordings by pocketsphinx_continuous with the model in ${MODEL_DIR}` });
    expect(describeAligner('/nonexistent')).toEqual({
      level: 'error',
      message: "/nonexistent holds no en-us model and dictionary (POCKETSPHINX_MODEL_DIR): words are not placed on recordings (no word timings). Install Debian's pocketsphinx and pocketsphinx-en-us, or correct POCKETSPHINX_MODEL_DIR.",
    });
  });
});

describe.each(CORPUS_VOICES)('forced alignment of %s at %i words a minute', (voice, wordsPerMinute) => {
  it('places at least 90 % of word starts within 150 ms of where they were made', async () => {
    expect(alignerAvailable()).toBe(true);
    const truth = makeCorpusRecording(folder, `${voice}-${wordsPerMinute}`, SCRIPT, voice, wordsPerMinute);
    const samples = readWavSamples(truth.file);
    const speech = speechFeatures(samples).segments;
    const words = await alignAnswer(samples, 16_000, truth.words.map((w) => w.word).join(' '), 0, speech);
    expect(words.map((w) => w.word)).toEqual(truth.words.map((w) => w.word));
    const close = words.filter((word, i) => Math.abs((word.startMs ?? -1e6) - (truth.words[i]?.startMs ?? 0)) <= 150).length;
    expect(close / words.length, JSON.stringify(words.map((w, i) => [w.word, w.startMs, truth.words[i]?.startMs]))).toBeGreaterThanOrEqual(0.9);
    // Said clearly and placed well: no word to listen to.
    expect(wordHints(words)).toEqual([]);
  });
});

describe('hints', () => {
  it('a word that was not said is placed briefly or over silence and becomes a hint; a word the dictionary lacks too', async () => {
    const truth = makeCorpusRecording(folder, 'missing', SCRIPT.slice(0, 7), 'espeak-ng', 150);
    const samples = readWavSamples(truth.file);
    const speech = speechFeatures(samples).segments;
    // The transcript claims two words the recording does not have, and a name the dictionary lacks.
    const words = await alignAnswer(samples, 16_000, 'my teacher always encouraged students to read quickly yesterday Zyxwqv', 0, speech);
    const hinted = wordHints(words).map((hint) => hint.word);
    expect(hinted).toContain('zyxwqv');
    expect(hinted.filter((word) => word === 'quickly' || word === 'yesterday').length).toBeGreaterThanOrEqual(1);
    expect(hinted).not.toContain('teacher');
    // A word not found has no time: it is not given the time between its neighbours.
    for (const word of words.filter((w) => hinted.includes(w.word) && w.startMs === null)) expect(word.endMs).toBeNull();
  });

  it('names the dictionary lacks are searched with espeak-ng\'s pronunciation and placed, not hinted', async () => {
    const names: CorpusWord[] = [
      { word: 'my', syllables: 1, silenceBeforeMs: 500 },
      { word: 'friend', syllables: 1, silenceBeforeMs: 0 },
      { word: 'priya', syllables: 2, silenceBeforeMs: 0 },
      { word: 'lives', syllables: 1, silenceBeforeMs: 400 },
      { word: 'in', syllables: 1, silenceBeforeMs: 0 },
      { word: 'jaipur', syllables: 2, silenceBeforeMs: 0 },
    ];
    const truth = makeCorpusRecording(folder, 'names', names, 'espeak-ng', 150);
    const samples = readWavSamples(truth.file);
    const words = await alignAnswer(samples, 16_000, 'My friend Priya lives in Jaipur', 0, speechFeatures(samples).segments);
    expect(words.map((w) => [w.word, w.syllables])).toEqual(names.map((w) => [w.word, w.syllables]));
    for (const [i, word] of words.entries()) expect(Math.abs((word.startMs ?? -1e6) - (truth.words[i]?.startMs ?? 0)), word.word).toBeLessThanOrEqual(150);
    expect(wordHints(words)).toEqual([]);
  });
});

describe('what the aligner hears', () => {
  it('silences the noise between stretches of speech, except within 200 ms of them, fading over 20 ms', () => {
    const rate = 1000; // a sample a millisecond, so sample n is n ms after the offset
    const noise = new Float32Array(3000).fill(0.5);
    const heard = silencedBetweenSpeech(noise, rate, 1000, [{ startMs: 1600, endMs: 1800 }, { startMs: 3000, endMs: 3300 }]);
    // Speech at 600-800 and 2000-2300 into the slice: kept from 400 to 1000 and from 1800 to 2500.
    for (const kept of [400, 600, 799, 999, 1800, 2299, 2499]) expect(heard[kept], `${kept} ms`).toBe(0.5);
    for (const silenced of [0 + 20, 200, 379, 1021, 1400, 1779, 2521, 2900]) expect(heard[silenced], `${silenced} ms`).toBe(0);
    // The fade: halfway into it, half the level.
    expect(heard[1010]).toBeCloseTo(0.25, 2);
    // The input is left as it was (the level's own figures are taken from it).
    expect(noise.every((sample) => sample === 0.5)).toBe(true);
    // No speech heard: nothing to guard, nothing silenced.
    expect(silencedBetweenSpeech(noise, rate, 0, [])).toBe(noise);
  });
});

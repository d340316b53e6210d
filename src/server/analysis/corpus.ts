import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A recording whose truth is known: single words spoken by espeak-ng or flite,
 * each trimmed of its own silence with sox, joined with silences of chosen lengths. Tests and the bench
 * make it; nothing here runs in the app.
 */
export interface CorpusWord {
  word: string;
  /** Syllables of the word as spoken (counted by hand). */
  syllables: number;
  /** Silence before the word, ms (0 for none: words run together). */
  silenceBeforeMs: number;
}

export interface CorpusTruth {
  file: string;
  durationMs: number;
  words: Array<CorpusWord & { startMs: number; endMs: number }>;
  /** Silences of at least 250 ms between words (as made). */
  pauses: Array<{ startMs: number; endMs: number }>;
  syllables: number;
}

/** The synthetic voices a corpus recording can be spoken in. */
export type CorpusVoice = 'espeak-ng' | 'flite';

/**
 * The two synthetic voices, each at a slow, a middle and a fast rate (words a minute): the cases the
 * measurement tests run over.
 */
export const CORPUS_VOICES = [
  ['espeak-ng', 110],
  ['espeak-ng', 150],
  ['espeak-ng', 190],
  ['flite', 110],
  ['flite', 150],
  ['flite', 190],
] as const satisfies ReadonlyArray<readonly [CorpusVoice, number]>;

function soxDurationMs(file: string): number {
  return Math.round(Number(execFileSync('soxi', ['-D', file]).toString().trim()) * 1000);
}

/** One word as 16 kHz mono WAV, its leading and trailing silence cut (sox `silence`, both ends). */
function wordClip(folder: string, word: string, voice: CorpusVoice, wordsPerMinute: number): string {
  const raw = path.join(folder, `${voice}-${wordsPerMinute}-${word}-raw.wav`);
  const clip = path.join(folder, `${voice}-${wordsPerMinute}-${word}.wav`);
  if (voice === 'espeak-ng') execFileSync('espeak-ng', ['-s', String(wordsPerMinute), '-w', raw, word]);
  else execFileSync('flite', ['--setf', `duration_stretch=${(150 / wordsPerMinute).toFixed(3)}`, '-t', word, '-o', raw]);
  execFileSync('sox', ['-R', raw, '-r', '16000', '-c', '1', '-b', '16', clip, 'silence', '1', '0.005', '0.5%', 'reverse', 'silence', '1', '0.005', '0.5%', 'reverse']);
  return clip;
}

/** Joins the words with their silences into `name`.wav under `folder`, and says what is where. */
export function makeCorpusRecording(folder: string, name: string, words: readonly CorpusWord[], voice: CorpusVoice, wordsPerMinute: number, trailingSilenceMs = 500): CorpusTruth {
  mkdirSync(folder, { recursive: true });
  const parts: string[] = [];
  const truthWords: CorpusTruth['words'] = [];
  let at = 0;
  for (const [index, word] of words.entries()) {
    if (word.silenceBeforeMs > 0) {
      const silence = path.join(folder, `silence-${word.silenceBeforeMs}.wav`);
      execFileSync('sox', ['-D', '-n', '-r', '16000', '-c', '1', '-b', '16', silence, 'trim', '0', (word.silenceBeforeMs / 1000).toFixed(3)]);
      parts.push(silence);
      at += soxDurationMs(silence);
    }
    const clip = wordClip(folder, word.word, voice, wordsPerMinute);
    const length = soxDurationMs(clip);
    truthWords.push({ ...word, startMs: at, endMs: at + length });
    parts.push(clip);
    at += length;
    void index;
  }
  const tail = path.join(folder, `silence-tail-${trailingSilenceMs}.wav`);
  execFileSync('sox', ['-D', '-n', '-r', '16000', '-c', '1', '-b', '16', tail, 'trim', '0', (trailingSilenceMs / 1000).toFixed(3)]);
  parts.push(tail);
  const file = path.join(folder, `${name}.wav`);
  execFileSync('sox', ['-R', ...parts, file]);
  const pauses: CorpusTruth['pauses'] = [];
  for (let i = 1; i < truthWords.length; i += 1) {
    const before = truthWords[i - 1];
    const after = truthWords[i];
    if (before && after && after.startMs - before.endMs >= 250) pauses.push({ startMs: before.endMs, endMs: after.startMs });
  }
  return { file, durationMs: soxDurationMs(file), words: truthWords, pauses, syllables: words.reduce((sum, w) => sum + w.syllables, 0) };
}

/** 16-bit WAV samples as floats (the corpus files are plain 44-byte-header WAV from sox). */
export function readWavSamples(file: string): Float32Array {
  const bytes = readFileSync(file);
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString('ascii', offset, offset + 4);
    const size = bytes.readUInt32LE(offset + 4);
    if (id === 'data') {
      const samples = new Float32Array(Math.floor(size / 2));
      for (let i = 0; i < samples.length; i += 1) samples[i] = bytes.readInt16LE(offset + 8 + i * 2) / 32768;
      return samples;
    }
    offset += 8 + size + (size % 2);
  }
  throw new Error(`${file}: no data chunk`);
}

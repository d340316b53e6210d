import { execFile, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { backgroundCommand } from './background.js';
import type { Segment } from './features.js';

/**
 * Word timings by forced alignment (decision 0017): Debian's pocketsphinx with its US English model,
 * searching only the transcript's own words in their order (a JSGF grammar made of the transcript),
 * so it places the words the student was heard to say rather than guessing new ones. Each word gets
 * a confidence from how plausibly it was placed; poorly placed words become "listen to these words"
 * hints, never a score.
 */
const MODEL_DIR = process.env.POCKETSPHINX_MODEL_DIR ?? '/usr/share/pocketsphinx/model/en-us';
const DECODER = 'pocketsphinx_continuous';
/** Wide beams: the search must not lose the one path the grammar allows on a two-minute answer. */
const SEARCH_ARGS = ['-remove_silence', 'no', '-beam', '1e-100', '-pbeam', '1e-100', '-wbeam', '1e-80', '-lpbeam', '1e-80'];
/** A sound of English takes at least this long, on average, in speech people follow. */
const MIN_MS_PER_SOUND = 35;
const run = promisify(execFile);

export interface AlignedWord {
  word: string;
  startMs: number;
  endMs: number;
  /** 0-1: how plausibly the word was placed (its length for its sounds, and speech under it). */
  confidence: number;
}

export interface WordHint {
  word: string;
  startMs: number;
  endMs: number;
  why: string;
}

let dictionary: Map<string, number> | null | undefined;
/** Each word's lines of the dictionary file (its pronunciations), for an answer's own small dictionary. */
const pronunciations = new Map<string, string[]>();

/** Words of the pronouncing dictionary and how many sounds each has; null when the aligner is not installed. */
function pronouncingDictionary(): Map<string, number> | null {
  if (dictionary !== undefined) return dictionary;
  const file = path.join(MODEL_DIR, 'cmudict-en-us.dict');
  const decoderRuns = spawnSync(DECODER, [], { stdio: 'ignore' }).error === undefined;
  if (!decoderRuns || !existsSync(file) || !existsSync(path.join(MODEL_DIR, 'en-us'))) {
    dictionary = null;
    return dictionary;
  }
  dictionary = new Map();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const [entry, ...sounds] = line.trim().split(/\s+/);
    if (!entry) continue;
    const word = entry.replace(/\(\d+\)$/, '');
    pronunciations.set(word, [...(pronunciations.get(word) ?? []), line.trim()]);
    if (!entry.includes('(')) dictionary.set(entry, sounds.length);
  }
  return dictionary;
}

export const ALIGNER_MISSING_REASON = 'Word timings need the pocketsphinx aligner (Debian packages pocketsphinx and pocketsphinx-en-us), which this server does not have.';

export function alignerAvailable(): boolean {
  return pronouncingDictionary() !== null;
}

/** The transcript's words as the dictionary spells them ("don't" stays, "Hello," becomes "hello"). */
export function transcriptWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .split(/[^a-z0-9']+/)
    .map((word) => word.replace(/^'+|'+$/g, ''))
    .filter((word) => word.length > 0);
}

/** Samples in [-1, 1] as a mono 16-bit PCM WAV file. */
export function wavOf(samples: Float32Array, sampleRate: number): Buffer {
  // A typed-array loop, in the analysis process (little-endian, as WAV is, on x86 and ARM).
  const pcm = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i += 1) pcm[i] = Math.max(-32768, Math.min(32767, Math.round((samples[i] ?? 0) * 32767)));
  const data = Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

const overlapMs = (a: Segment, b: Segment) => Math.max(0, Math.min(a.endMs, b.endMs) - Math.max(a.startMs, b.startMs));

/**
 * Places `text`'s words on `samples` (one answer's stretch of the recording, 16 kHz); times are ms
 * from `offsetMs`. Words the dictionary does not know are not searched for: they get the time
 * between their neighbours and confidence 0. Throws when the decoder fails.
 */
export async function alignAnswer(
  samples: Float32Array,
  sampleRate: number,
  text: string,
  offsetMs: number,
  speech: readonly Segment[],
): Promise<AlignedWord[]> {
  const known = pronouncingDictionary();
  if (!known) throw new Error(ALIGNER_MISSING_REASON);
  const words = transcriptWords(text);
  const searched = words.filter((word) => known.has(word));
  if (searched.length === 0) return [];
  const folder = await mkdtemp(path.join(tmpdir(), 'parley-align-'));
  try {
    const wav = path.join(folder, 'answer.wav');
    await writeFile(wav, wavOf(samples, sampleRate));
    // The answer's own words only: the decoder loads a 130,000-word dictionary in a good part of a second.
    await writeFile(path.join(folder, 'answer.dict'), `${[...new Set(searched)].flatMap((word) => pronunciations.get(word) ?? []).join('\n')}\n`);
    // Every word, in order; when the recording does not fit that (a word the recognizer heard that was
    // not said), every word may be skipped at a cost, and the skipped ones are the ones to listen to.
    let found = await decode(folder, wav, searched.join(' '));
    if (found.length !== searched.length) found = await decode(folder, wav, searched.map((word) => `( /0.95/ ${word} | /0.05/ <NULL> )`).join(' '));
    const placedAt = new Map<number, { startMs: number; endMs: number }>();
    let cursor = 0;
    for (const hit of found) {
      while (cursor < searched.length && searched[cursor] !== hit.word) cursor += 1;
      if (cursor >= searched.length) break;
      placedAt.set(cursor, { startMs: offsetMs + hit.startMs, endMs: offsetMs + hit.endMs });
      cursor += 1;
    }
    const aligned: AlignedWord[] = [];
    let next = 0;
    for (const word of words) {
      const sounds = known.get(word);
      const at = sounds === undefined ? undefined : placedAt.get(next);
      if (sounds !== undefined) next += 1;
      if (sounds === undefined || !at) {
        aligned.push({ word, startMs: -1, endMs: -1, confidence: 0 });
        continue;
      }
      const length = Math.max(1, at.endMs - at.startMs);
      const speechUnder = speech.reduce((sum, segment) => sum + overlapMs(segment, at), 0) / length;
      const longEnough = Math.min(1, length / (sounds * MIN_MS_PER_SOUND));
      aligned.push({ word, ...at, confidence: Math.round(Math.min(longEnough, speechUnder) * 100) / 100 });
    }
    // Unknown words sit between their neighbours.
    for (const [index, word] of aligned.entries()) {
      if (word.startMs >= 0) continue;
      const before = aligned.slice(0, index).reverse().find((w) => w.startMs >= 0);
      const after = aligned.slice(index + 1).find((w) => w.startMs >= 0);
      word.startMs = before?.endMs ?? offsetMs;
      word.endMs = after?.startMs ?? word.startMs;
    }
    return aligned;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** The words pocketsphinx placed (variants such as "read(2)" named as the word), times in ms of the file. */
async function decode(folder: string, wav: string, rule: string): Promise<Array<{ word: string; startMs: number; endMs: number }>> {
  const grammar = path.join(folder, 'answer.jsgf');
  await writeFile(grammar, `#JSGF V1.0;\ngrammar answer;\npublic <answer> = ${rule};\n`);
  const [command, args] = backgroundCommand(DECODER, [
    ...['-hmm', path.join(MODEL_DIR, 'en-us'), '-dict', path.join(folder, 'answer.dict'), '-jsgf', grammar, '-infile', wav],
    ...['-time', 'yes', '-logfn', '/dev/null', ...SEARCH_ARGS],
  ]);
  // No timeout of its own: the analysis process is stopped while requests are answered, and its
  // running time is limited as a whole by the server (process.ts).
  const { stdout } = await run(command, args, { maxBuffer: 16 * 1024 * 1024 });
  const found: Array<{ word: string; startMs: number; endMs: number }> = [];
  for (const line of stdout.split('\n')) {
    const match = /^(\S+) (\d+\.\d+) (\d+\.\d+) /.exec(line);
    const word = match?.[1]?.replace(/\(\d+\)$/, '');
    if (!match || !word || word.startsWith('<') || word.startsWith('[') || word === '(NULL)') continue;
    found.push({ word, startMs: Math.round(Number(match[2]) * 1000), endMs: Math.round(Number(match[3]) * 1000) });
  }
  return found;
}

/** Words to listen to: placed too briefly for their sounds, over silence, or not in the dictionary. */
export function wordHints(words: readonly AlignedWord[]): WordHint[] {
  const known = pronouncingDictionary();
  return words
    .filter((word) => word.confidence < 0.5)
    .map((word) => ({
      word: word.word,
      startMs: word.startMs,
      endMs: word.endMs,
      why:
        known && !known.has(word.word)
          ? 'Not in the pronouncing dictionary: its timing is a guess between the words around it.'
          : word.confidence === 0 && word.endMs - word.startMs <= 0
            ? 'Not found in the recording: listen whether it was said.'
            : word.endMs - word.startMs < (known?.get(word.word) ?? 1) * MIN_MS_PER_SOUND
            ? 'Heard very briefly for its sounds: listen whether it was said in full.'
            : 'Placed where little speech was heard: listen whether it was said.',
    }));
}

import { execFile, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { onPath } from '../lib/executables.js';
import { backgroundCommand } from './background.js';
import type { Segment } from './features.js';
import { dictionaryEntries, guessPronunciations, MODEL_DIR, wordSyllables } from './pronounce.js';

/**
 * Word timings by forced alignment (decision 0017): Debian's pocketsphinx with its US English model,
 * searching only the transcript's own words in their order (a JSGF grammar made of the transcript),
 * so it places the words the student was heard to say rather than guessing new ones. Words the
 * dictionary lacks are searched with espeak-ng's pronunciation (pronounce.ts). Each word gets a
 * confidence from how plausibly it was placed; poorly placed words become "listen to these words"
 * hints, never a score. A word the aligner cannot place, or places where no speech was heard or out
 * of order, gets no time (decision 0031).
 */
const DECODER = 'pocketsphinx_continuous';
/** Wide beams: the search must not lose the one path the grammar allows on a two-minute answer. */
const SEARCH_ARGS = ['-remove_silence', 'no', '-beam', '1e-100', '-pbeam', '1e-100', '-wbeam', '1e-80', '-lpbeam', '1e-80'];
/** A sound of English takes at least this long, on average, in speech people follow. */
const MIN_MS_PER_SOUND = 35;
/** Two neighbouring words may share this much of their edges (the aligner's 10 ms frames, rounding); more is a wrong placing. */
const MAX_OVERLAP_MS = 30;
/**
 * A word may begin or end this far outside the speech detected under it: the detector misses weak
 * onsets ("and" read softly: 160 ms on the real-speech corpus, decision 0031) where the aligner,
 * which knows the word, does not; a word stretched over a pause is still cut back to its speech.
 */
const WORD_EDGE_SLACK_MS = 100;
const run = promisify(execFile);

export interface AlignedWord {
  word: string;
  /** Null when the word could not be placed (not found, over silence, out of order). */
  startMs: number | null;
  endMs: number | null;
  /** 0-1: how plausibly the word was placed (its length for its sounds, and speech under it). */
  confidence: number;
  /** Its syllables, from its pronunciation (pronounce.ts). */
  syllables: number;
  /** Its pronunciation (CMU phones: the dictionary's first, else espeak-ng's); empty when neither knows it. */
  phones: readonly string[];
  /**
   * Where the aligner itself put the word (ms), before it was cut to the speech under it: the
   * aligner's evidence where the level alone cannot tell speech from silence (word-evidence.ts).
   * Null when the word has no time.
   */
  aligned: Segment | null;
}

export interface WordHint {
  word: string;
  startMs: number;
  endMs: number;
  why: string;
}

let decoderRuns: boolean | undefined;

export const ALIGNER_MISSING_REASON = 'Word timings need the pocketsphinx aligner (Debian packages pocketsphinx and pocketsphinx-en-us), which this server does not have.';

/**
 * The start-up log line on word timings: the aligner and its model folder (POCKETSPHINX_MODEL_DIR),
 * or what is missing. Looked up as files, without loading the dictionary or starting the decoder.
 */
export function describeAligner(modelDir: string = MODEL_DIR): { level: 'info' | 'error'; message: string } {
  const missing = [
    onPath(DECODER) ? null : `${DECODER} is not on the PATH`,
    existsSync(path.join(modelDir, 'en-us')) && existsSync(path.join(modelDir, 'cmudict-en-us.dict')) ? null : `${modelDir} holds no en-us model and dictionary (POCKETSPHINX_MODEL_DIR)`,
  ].filter((item): item is string => item !== null);
  if (missing.length === 0) return { level: 'info', message: `words are placed on recordings by ${DECODER} with the model in ${modelDir}` };
  return { level: 'error', message: `${missing.join(' and ')}: words are not placed on recordings (no word timings). Install Debian's pocketsphinx and pocketsphinx-en-us, or correct POCKETSPHINX_MODEL_DIR.` };
}

export function alignerAvailable(): boolean {
  decoderRuns ??= spawnSync(DECODER, [], { stdio: 'ignore' }).error === undefined;
  return decoderRuns && dictionaryEntries() !== null && existsSync(path.join(MODEL_DIR, 'en-us'));
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
 * from `offsetMs`. Every word of the transcript comes back, in order; those not placed have no time.
 * A placed word is cut to the stretch of speech under most of it (the aligner stretches a word over
 * a pause or a breath before it), and a word with no speech under it, or before the word ahead of
 * it, loses its time. Throws when the decoder fails.
 */
export async function alignAnswer(
  samples: Float32Array,
  sampleRate: number,
  text: string,
  offsetMs: number,
  speech: readonly Segment[],
): Promise<AlignedWord[]> {
  const dictionary = dictionaryEntries();
  if (!dictionary || !alignerAvailable()) throw new Error(ALIGNER_MISSING_REASON);
  const words = transcriptWords(text);
  const guessed = guessPronunciations(words.filter((word) => !dictionary.has(word)));
  const phonesOf = (word: string) => dictionary.get(word) ?? (guessed.has(word) ? [guessed.get(word) ?? []] : undefined);
  const searched = words.filter((word) => phonesOf(word) !== undefined);
  const heard = silencedBetweenSpeech(samples, sampleRate, offsetMs, speech);
  const placedAt = searched.length > 0 ? await decodeWords(heard, sampleRate, searched, phonesOf) : new Map<number, Segment>();
  const aligned: AlignedWord[] = [];
  let next = 0;
  let previousEnd = Number.NEGATIVE_INFINITY;
  for (const word of words) {
    const pronunciations = phonesOf(word);
    const found = pronunciations === undefined ? undefined : placedAt.get(next);
    if (pronunciations !== undefined) next += 1;
    const syllables = wordSyllables(word, guessed);
    const phones = pronunciations?.[0] ?? [];
    const at = found && onSpeech({ startMs: offsetMs + found.startMs, endMs: offsetMs + found.endMs }, speech);
    if (!at || at.startMs < previousEnd - MAX_OVERLAP_MS) {
      aligned.push({ word, startMs: null, endMs: null, confidence: 0, syllables, phones, aligned: null });
      continue;
    }
    at.startMs = Math.max(at.startMs, previousEnd);
    at.endMs = Math.max(at.endMs, at.startMs);
    previousEnd = at.endMs;
    const length = Math.max(1, at.endMs - at.startMs);
    const speechUnder = speech.reduce((sum, segment) => sum + overlapMs(segment, at), 0) / length;
    const longEnough = Math.min(1, length / ((pronunciations?.[0]?.length ?? 1) * MIN_MS_PER_SOUND));
    const placed = found ? { startMs: offsetMs + found.startMs, endMs: offsetMs + found.endMs } : null;
    aligned.push({ word, ...at, confidence: Math.round(Math.min(longEnough, speechUnder) * 100) / 100, syllables, phones, aligned: placed });
  }
  return aligned;
}

/**
 * What the aligner hears of an answer: the recording with the noise between its stretches of speech
 * silenced, except this close to the speech. Under steady noise (pink noise at 15 dB SNR) pocketsphinx
 * takes the noise in a pause for speech and spreads words over it: a second utterance placed up to
 * 1.7 s late, words lost, a pause bridged (decision 0031 item 9). Silenced, a pause is one it places
 * no word in. The guard is longer than the most speech the level misses at a stretch's edge (184 ms
 * of a word-final /t/ released after its closure, 160 ms of a soft onset on the real-speech corpus),
 * so no word loses sound, and no longer: a pause of 400-500 ms inside an answer is then silenced in
 * its middle, where at 250 ms it was left whole and the aligner put a word across it (decision 0031,
 * item 10).
 */
const SPEECH_GUARD_MS = 200;
/** Silence fades in and out over this long, so its edges are no clicks for the aligner to hear. */
const FADE_MS = 20;

export function silencedBetweenSpeech(samples: Float32Array, sampleRate: number, offsetMs: number, speech: readonly Segment[]): Float32Array {
  if (speech.length === 0) return samples;
  const heard = Float32Array.from(samples);
  const toSample = (ms: number) => Math.max(0, Math.min(samples.length, Math.round(((ms - offsetMs) / 1000) * sampleRate)));
  const fade = Math.round((FADE_MS / 1000) * sampleRate);
  const kept = [...speech].sort((a, b) => a.startMs - b.startMs);
  let from = 0;
  for (const stretch of [...kept, null]) {
    const to = stretch ? toSample(stretch.startMs - SPEECH_GUARD_MS) : samples.length;
    for (let n = from; n < to; n += 1) {
      // Samples from the nearer end of the silenced stretch: full silence past the fade.
      const edge = Math.min(n - from, to - 1 - n);
      heard[n] = edge >= fade ? 0 : (heard[n] ?? 0) * (1 - edge / fade);
    }
    if (stretch) from = Math.max(from, toSample(stretch.endMs + SPEECH_GUARD_MS));
  }
  return heard;
}

/** `at` cut to the stretch of speech under most of it (give or take WORD_EDGE_SLACK_MS); null when no speech is under it. */
function onSpeech(at: Segment, speech: readonly Segment[]): Segment | null {
  let best: Segment | null = null;
  let bestOverlap = 0;
  for (const segment of speech) {
    const overlap = overlapMs(segment, at);
    if (overlap > bestOverlap) {
      best = segment;
      bestOverlap = overlap;
    }
  }
  return best ? { startMs: Math.max(at.startMs, best.startMs - WORD_EDGE_SLACK_MS), endMs: Math.min(at.endMs, best.endMs + WORD_EDGE_SLACK_MS) } : null;
}

/** Where pocketsphinx places each of `searched` (by its index), in ms of `samples`. */
async function decodeWords(samples: Float32Array, sampleRate: number, searched: readonly string[], phonesOf: (word: string) => string[][] | undefined): Promise<Map<number, Segment>> {
  const folder = await mkdtemp(path.join(tmpdir(), 'parley-align-'));
  try {
    const wav = path.join(folder, 'answer.wav');
    await writeFile(wav, wavOf(samples, sampleRate));
    // The answer's own words only: the decoder loads a 130,000-word dictionary in a good part of a second.
    const lines = [...new Set(searched)].flatMap((word) => (phonesOf(word) ?? []).map((phones, i) => `${word}${i > 0 ? `(${i + 1})` : ''} ${phones.join(' ')}`));
    await writeFile(path.join(folder, 'answer.dict'), `${lines.join('\n')}\n`);
    // Every word, in order; when the recording does not fit that (a word the recognizer heard that was
    // not said), every word may be skipped at a cost, and the skipped ones are the ones to listen to.
    let found = await decode(folder, wav, searched.join(' '));
    if (found.length !== searched.length) found = await decode(folder, wav, searched.map((word) => `( /0.95/ ${word} | /0.05/ <NULL> )`).join(' '));
    const placedAt = new Map<number, Segment>();
    let cursor = 0;
    for (const hit of found) {
      while (cursor < searched.length && searched[cursor] !== hit.word) cursor += 1;
      if (cursor >= searched.length) break;
      placedAt.set(cursor, { startMs: hit.startMs, endMs: hit.endMs });
      cursor += 1;
    }
    return placedAt;
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

/**
 * Words to listen to: placed too briefly for their sounds, over little speech, or not placed at all
 * (those are marked where the recording goes on after the word before them: a place to listen, not a
 * time of the word).
 */
export function wordHints(words: readonly AlignedWord[], answerStartMs = 0): WordHint[] {
  const dictionary = dictionaryEntries();
  let listenAt = answerStartMs;
  const hints: WordHint[] = [];
  for (const word of words) {
    if (word.startMs === null || word.endMs === null) {
      hints.push({ word: word.word, startMs: listenAt, endMs: listenAt, why: 'Not found in the recording: listen whether it was said.' });
      continue;
    }
    listenAt = word.endMs;
    if (word.confidence >= 0.5) continue;
    const sounds = dictionary?.get(word.word)?.[0]?.length ?? 1;
    hints.push({
      word: word.word,
      startMs: word.startMs,
      endMs: word.endMs,
      why: word.endMs - word.startMs < sounds * MIN_MS_PER_SOUND ? 'Heard very briefly for its sounds: listen whether it was said in full.' : 'Placed where little speech was heard: listen whether it was said.',
    });
  }
  return hints;
}

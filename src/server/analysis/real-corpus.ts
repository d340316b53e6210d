import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { wavOf } from './align.js';
import { readWavSamples } from './corpus.js';
import { intensityDb } from './levels.js';
import { highPass } from './voice.js';

/**
 * Real human speech whose truth is known by construction (decision 0031): the read English
 * utterances Debian's `pocketsphinx-testdata` ships (LibriVox "Sense and Sensibility", the "cards" and
 * "go forward" recordings; BSD-2), each brought to one level and cut where its speech begins and ends,
 * joined with digital silences of chosen lengths, then room tone, pink noise or breathing added, and
 * passed through Opus in WebM as a browser records. Tests make it; nothing here runs in the app.
 */
export const TESTDATA_DIR = '/usr/share/pocketsphinx/test/data';
const RATE = 16_000;

export interface RealUtterance {
  /** File under `dir` (TESTDATA_DIR unless given); `.raw` files are 16 kHz 16-bit mono without a header. */
  file: string;
  dir?: string;
  text: string;
  /** Syllables as read, counted by hand from the transcript (not from the pronouncing dictionary). */
  syllables: number;
  /**
   * Where the speech lies in the clip (ms) after `norm -3` and sox's trim of sound under -40 dBFS at
   * both ends: the first word's start and the last word's end as pocketsphinx placed them on the
   * clean clip with the whole US English dictionary (the end moved out through the word's decay,
   * utteranceSamples). The clip is cut there, so it is speech throughout by construction. No clip
   * has a silence of 250 ms or more inside (the same alignment).
   */
  cutMs: [number, number];
  /** Silence before the utterance, ms. */
  silenceBeforeMs: number;
  /** The utterance goes on the answer of the one before it (the silence between them is a pause inside the answer). */
  continuesAnswer?: true;
}

const LIBRIVOX = 'librivox/sense_and_sensibility_01_austen_64kb-';
export const REAL_SCRIPT: RealUtterance[] = [
  // The clip opens with 160 ms of unvoiced sound (a breath or the lips parting: 33 dB under its
  // peak, voicing under 0.37, then 60 ms of quiet 45 dB under) that pocketsphinx took into "and";
  // the vowel of "and", voiced, begins at 160 ms, and the cut is there.
  { file: `${LIBRIVOX}0870.wav`, text: 'and mister john dashwood had then leisure to consider how much there might be prudently in his power to do for them', syllables: 30, cutMs: [160, 6930], silenceBeforeMs: 800 },
  { file: `${LIBRIVOX}0880.wav`, text: 'he was not an ill disposed young man', syllables: 9, cutMs: [200, 2840], silenceBeforeMs: 1200 },
  { file: 'cards/001.wav', text: 'ten of clubs', syllables: 3, cutMs: [0, 680], silenceBeforeMs: 450 },
  { file: `${LIBRIVOX}0890.wav`, text: 'unless to be rather cold hearted and rather selfish is to be ill disposed', syllables: 20, cutMs: [0, 4780], silenceBeforeMs: 2000 },
  { file: 'cards/002.wav', text: 'four queen of clubs', syllables: 4, cutMs: [0, 1530], silenceBeforeMs: 600 },
  { file: `${LIBRIVOX}0920.wav`, text: 'had he married a more a amiable woman he might have been made still more respectable than he was', syllables: 27, cutMs: [0, 5500], silenceBeforeMs: 5000 },
  // Pocketsphinx ends "clubs" at 1360 ms, but the /z/ is gone by 1140; what follows is a murmur 70 ms
  // later (33-36 dB under the peak, unvoiced by the voicing track) and a click, not the word.
  { file: 'cards/003.wav', text: 'seven of clubs', syllables: 4, cutMs: [0, 1140], silenceBeforeMs: 400 },
  { file: `${LIBRIVOX}0930.wav`, text: 'he might even have been made amiable himself', syllables: 13, cutMs: [200, 2830], silenceBeforeMs: 900 },
  { file: 'cards/004.wav', text: 'five five', syllables: 2, cutMs: [0, 1010], silenceBeforeMs: 1500 },
  { file: 'cards/005.wav', text: 'eight of spades four of clubs seven of hearts', syllables: 10, cutMs: [0, 2980], silenceBeforeMs: 700 },
  { file: 'goforward.raw', text: 'go forward ten meters', syllables: 6, cutMs: [0, 1600], silenceBeforeMs: 3000 },
  { file: 'something.raw', text: 'go somewhere and do something', syllables: 7, cutMs: [0, 1650], silenceBeforeMs: 500 },
];

/**
 * A second speaker, a woman's voice: the channel names `alsa-utils` ships for `speaker-test`
 * (GPL-2), read one word at a time and spliced with digital silence, so each word is one utterance
 * here, cut where pocketsphinx places it in its file (inPairs makes a file's two words one answer).
 * Her word ends are released stops ("front", "left", "right"), a /d/ ("side"), an /r/ ("rear",
 * "center"): the ends a truth rule must judge. A file's second word is cut at the file's end: its
 * /t/ is released 20-30 ms before it, 20-27 dB under the peak, after a closure of 60-140 ms, and
 * pocketsphinx ends "left" and "right" before that release (decision 0031, item 10).
 */
export const ALSA_SOUNDS_DIR = '/usr/share/sounds/alsa';
const channel = (file: string, text: string, syllables: number, cutMs: [number, number], silenceBeforeMs: number): RealUtterance => ({ file: `${file}.wav`, dir: ALSA_SOUNDS_DIR, text, syllables, cutMs, silenceBeforeMs });
export const SECOND_SPEAKER_SCRIPT: RealUtterance[] = [
  channel('Front_Center', 'front', 1, [0, 410], 700),
  channel('Front_Center', 'center', 2, [710, 1240], 1600),
  channel('Front_Left', 'front', 1, [0, 440], 450),
  channel('Front_Left', 'left', 1, [680, 1210], 900),
  channel('Front_Right', 'front', 1, [0, 440], 2000),
  channel('Front_Right', 'right', 1, [720, 1200], 500),
  channel('Rear_Center', 'rear', 1, [0, 480], 3000),
  channel('Rear_Center', 'center', 2, [620, 1110], 600),
  channel('Rear_Left', 'rear', 1, [0, 440], 1200),
  channel('Rear_Left', 'left', 1, [770, 1240], 400),
  channel('Rear_Right', 'rear', 1, [0, 520], 1500),
  channel('Rear_Right', 'right', 1, [870, 1340], 700),
  channel('Side_Left', 'side', 1, [0, 580], 5000),
  channel('Side_Left', 'left', 1, [740, 1240], 800),
  channel('Side_Right', 'side', 1, [0, 580], 1800),
  channel('Side_Right', 'right', 1, [780, 1190], 450),
];

const TRAILING_SILENCE_MS = 1500;

/**
 * The script with its utterances two by two in one answer (the silence between them a pause inside
 * the answer, which the figures over the answers count): for the second speaker, the two words of a file.
 */
export function inPairs(script: readonly RealUtterance[]): RealUtterance[] {
  return script.map((utterance, i) => (i % 2 === 1 ? { ...utterance, continuesAnswer: true as const } : utterance));
}

export type RealCase = 'clean' | 'room tone' | 'pink noise 15 dB' | 'breathing';

export interface RealTruth {
  file: string;
  durationMs: number;
  /** Each utterance's sound (the clip as cut) and where its first word starts (pocketsphinx on the clean clip). */
  utterances: Array<RealUtterance & { startMs: number; endMs: number; firstWordMs: number }>;
  /** Silences between utterances (all of them 400 ms or more), inside answers and between them. */
  pauses: Array<{ startMs: number; endMs: number }>;
  /** Breaths added (the breathing case), each inside a pause. */
  breaths: Array<{ startMs: number; endMs: number }>;
  /**
   * Each answer's window: from just after the answer before ends to just after its own last
   * utterance (each utterance one answer, or two by two: inPairs).
   */
  windows: Array<{ startMs: number; endMs: number; text: string }>;
  /** The window each utterance lies in (index into windows). */
  windowOf: number[];
  syllables: number;
  speechRateSps: number;
  articulationRateSps: number;
  meanLengthOfRunSyllables: number;
}

const sox = (args: string[]) => execFileSync('sox', args, { stdio: ['ignore', 'ignore', 'pipe'] });

/** One utterance as 16 kHz mono samples: level brought to -3 dBFS peak, outer quiet trimmed, cut at `cutMs`. */
function utteranceSamples(folder: string, utterance: RealUtterance, index: number): { samples: Float32Array; firstWordMs: number } {
  const source = path.join(utterance.dir ?? TESTDATA_DIR, utterance.file);
  const input = utterance.file.endsWith('.raw') ? ['-t', 'raw', '-r', String(RATE), '-e', 'signed', '-b', '16', '-c', '1', source] : [source];
  const out = path.join(folder, `utterance-${index}.wav`);
  sox(['-R', ...input, '-r', String(RATE), '-c', '1', '-b', '16', out, 'norm', '-3', 'silence', '1', '0.01', '-40d', 'reverse', 'silence', '1', '0.01', '-40d', 'reverse']);
  const samples = readWavSamples(out);
  // The end is where the speech band's level (above 80 Hz: the recordings' own hum is not speech)
  // last stands within 35 dB of the clip's loudest, near the last word's end: moved out through a
  // decay still sounding (cutting a word while it sounds would make an edge no speaker makes), or
  // back over the quiet the aligner gave the word. The start stays at the first word's.
  const band = highPass(samples, RATE);
  const levels = intensityDb(band, RATE, 25);
  const floor = peakDb(band) - 35;
  const first = Math.floor(utterance.cutMs[0] / 10);
  let last = Math.ceil(utterance.cutMs[1] / 10);
  while (last > first + 1 && (levels[last - 1] ?? -120) < floor) last -= 1;
  while (last < levels.length && (levels[last] ?? -120) >= floor) last += 1;
  const cut = samples.slice(first * 160, Math.min(samples.length, last * 160));
  // 5 ms fades: a cut mid-wave would be a click, which is not the speaker's.
  const fade = Math.round(RATE * 0.005);
  for (let i = 0; i < fade && i < cut.length; i += 1) {
    cut[i] = (cut[i] ?? 0) * (i / fade);
    cut[cut.length - 1 - i] = (cut[cut.length - 1 - i] ?? 0) * (i / fade);
  }
  return { samples: cut, firstWordMs: utterance.cutMs[0] - first * 10 };
}

/** Each draw of the noise after the first is sox's repeatable noise this much further on. */
const DRAW_SKIP_SECONDS = 60;

/**
 * `seconds` of noise sox makes (`synth ... <kind>` then `effects`), as samples. Sox's `-R` makes the
 * same noise each run; draw n > 0 is the stretch n minutes further into it: another noise, the same
 * each run.
 */
function noise(folder: string, name: string, seconds: number, kind: string[], effects: string[] = [], draw = 0): Float32Array {
  const file = path.join(folder, `${name}.wav`);
  const skip = draw * DRAW_SKIP_SECONDS;
  const synth = skip > 0 ? ['synth', (seconds + skip).toFixed(3), ...kind, 'trim', String(skip)] : ['synth', seconds.toFixed(3), ...kind];
  sox(['-R', '-n', '-r', String(RATE), '-c', '1', '-b', '16', file, ...synth, 'vol', '0.5', ...effects]);
  return readWavSamples(file);
}

const rms = (samples: Float32Array, ranges: ReadonlyArray<{ startMs: number; endMs: number }>) => {
  let sum = 0;
  let count = 0;
  for (const range of ranges) {
    for (let i = Math.round((range.startMs / 1000) * RATE); i < Math.round((range.endMs / 1000) * RATE); i += 1) {
      sum += (samples[i] ?? 0) ** 2;
      count += 1;
    }
  }
  return Math.sqrt(sum / Math.max(1, count));
};
/** The loudest 25 ms level (its 99th percentile), dB: how de Jong & Wempe's "peak" is read (features.ts). */
const peakDb = (samples: Float32Array) => Float32Array.from(intensityDb(samples, RATE, 25)).sort()[Math.floor(0.99 * (Math.ceil(samples.length / 160) - 1))] ?? -120;

function mixAt(target: Float32Array, source: Float32Array, atMs: number, gain: number) {
  const offset = Math.round((atMs / 1000) * RATE);
  for (let i = 0; i < source.length && offset + i < target.length; i += 1) target[offset + i] = (target[offset + i] ?? 0) + (source[i] ?? 0) * gain;
}

/** The recording of `kind`, as WAV decoded from WebM/Opus under `folder`, and its truth; `draw` picks another stretch of the noise. */
export function makeRealRecording(folder: string, kind: RealCase, draw = 0, script: readonly RealUtterance[] = REAL_SCRIPT): RealTruth {
  mkdirSync(folder, { recursive: true });
  const clips = script.map((utterance, index) => utteranceSamples(folder, utterance, index));
  const utterances: RealTruth['utterances'] = [];
  let at = 0;
  for (const [index, utterance] of script.entries()) {
    at += utterance.silenceBeforeMs;
    const length = Math.round(((clips[index]?.samples.length ?? 0) / RATE) * 1000);
    utterances.push({ ...utterance, startMs: at, endMs: at + length, firstWordMs: at + (clips[index]?.firstWordMs ?? 0) });
    at += length;
  }
  const durationMs = at + TRAILING_SILENCE_MS;
  const mix = new Float32Array(Math.round((durationMs / 1000) * RATE));
  for (const [index, utterance] of utterances.entries()) mixAt(mix, clips[index]?.samples ?? new Float32Array(), utterance.startMs, 1);
  const speechRms = rms(mix, utterances);
  const seconds = durationMs / 1000;
  const breaths: RealTruth['breaths'] = [];
  if (kind === 'room tone') {
    // A quiet room: rumble (brown noise) and hiss (pink) 35 dB under the speech, and a bump of the
    // microphone (a 40 Hz thump) 600 ms after the last word.
    const room = noise(folder, 'room', seconds, ['brownnoise'], [], draw);
    const hiss = noise(folder, 'hiss', seconds, ['pinknoise'], [], draw);
    mixAt(mix, room, 0, (speechRms * 10 ** (-35 / 20)) / Math.max(1e-9, rms(room, [{ startMs: 0, endMs: durationMs }])));
    mixAt(mix, hiss, 0, (speechRms * 10 ** (-38 / 20)) / Math.max(1e-9, rms(hiss, [{ startMs: 0, endMs: durationMs }])));
    const thump = noise(folder, 'thump', 0.15, ['sine', '40'], ['fade', 'q', '0.01', '0.15', '0.12']);
    mixAt(mix, thump, (utterances.at(-1)?.endMs ?? 0) + 600, 0.8 / 0.5);
  } else if (kind === 'pink noise 15 dB') {
    const pink = noise(folder, 'pink', seconds, ['pinknoise'], [], draw);
    mixAt(mix, pink, 0, (speechRms * 10 ** (-15 / 20)) / Math.max(1e-9, rms(pink, [{ startMs: 0, endMs: durationMs }])));
  } else if (kind === 'breathing') {
    // Breaths: noise band-passed to 300-3000 Hz, swelling and fading over 0.6-1 s, their loudest 25 ms
    // 20 dB under the speech's peak, in the long pauses and clear of the speech by at least 500 ms.
    const speechPeak = peakDb(mix);
    for (const [index, utterance] of utterances.entries()) {
      const gap = utterance.silenceBeforeMs;
      if (index === 0 || gap < 1500) continue;
      const gapStart = utterance.startMs - gap;
      const offsets = gap >= 5000 ? [600, 2000, 3600] : gap >= 3000 ? [1000] : [500];
      for (const [n, offset] of offsets.entries()) {
        const length = [0.8, 1, 0.6][n] ?? 0.6;
        const breath = noise(folder, `breath-${index}-${n}`, length, ['pinknoise'], ['sinc', '300-3000', 'fade', 'h', (length * 0.4).toFixed(2), length.toFixed(2), (length * 0.5).toFixed(2)], draw);
        const gain = 10 ** ((speechPeak - 20 - peakDb(breath)) / 20);
        mixAt(mix, breath, gapStart + offset, gain);
        breaths.push({ startMs: gapStart + offset, endMs: gapStart + offset + Math.round(length * 1000) });
      }
    }
  }
  const slug = kind.replace(/[^a-z0-9]+/g, '-');
  const wav = path.join(folder, `real-${slug}.wav`);
  writeFileSync(wav, wavOf(mix, RATE));
  // As a browser sends it: Opus in WebM (48 kHz), then decoded back to 16 kHz as the server does.
  const webm = path.join(folder, `real-${slug}.webm`);
  const decoded = path.join(folder, `real-${slug}-decoded.wav`);
  execFileSync('ffmpeg', ['-loglevel', 'error', '-y', '-i', wav, '-ar', '48000', '-c:a', 'libopus', '-b:a', '32k', webm]);
  execFileSync('ffmpeg', ['-loglevel', 'error', '-y', '-i', webm, '-ac', '1', '-ar', String(RATE), '-c:a', 'pcm_s16le', decoded]);
  const pauses = utterances.slice(1).map((utterance, i) => ({ startMs: utterances[i]?.endMs ?? 0, endMs: utterance.startMs }));
  // Answers: an utterance starts one unless it continues the one before. The figures are the
  // student's over their answers (answers.ts overAnswers): each answer from its first sound to its
  // last, the silences between answers (the examiner's turn) left out.
  const answers: Array<typeof utterances> = [];
  const windowOf: number[] = [];
  for (const [i, utterance] of utterances.entries()) {
    if (!script[i]?.continuesAnswer || answers.length === 0) answers.push([]);
    answers.at(-1)?.push(utterance);
    windowOf.push(answers.length - 1);
  }
  const windows = answers.map((answer, i) => ({
    startMs: i === 0 ? 0 : (answers[i - 1]?.at(-1)?.endMs ?? 0) + 50,
    endMs: (answer.at(-1)?.endMs ?? 0) + 50,
    text: answer.map((utterance) => utterance.text).join(' '),
  }));
  const syllables = script.reduce((sum, utterance) => sum + utterance.syllables, 0);
  const spanMs = answers.reduce((sum, answer) => sum + (answer.at(-1)?.endMs ?? 0) - (answer[0]?.startMs ?? 0), 0);
  const speakingMs = utterances.reduce((sum, utterance) => sum + utterance.endMs - utterance.startMs, 0);
  return {
    file: decoded,
    durationMs,
    utterances,
    pauses,
    breaths,
    windows,
    windowOf,
    syllables,
    speechRateSps: syllables / (spanMs / 1000),
    articulationRateSps: syllables / (speakingMs / 1000),
    meanLengthOfRunSyllables: syllables / utterances.length,
  };
}

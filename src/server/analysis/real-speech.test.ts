import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { alignerAvailable } from './align.js';
import { readWavSamples } from './corpus.js';
import { measureRecording } from './measure.js';
import { inPairs, makeRealRecording, REAL_SCRIPT, type RealCase, type RealTruth, type RealUtterance, SECOND_SPEAKER_SCRIPT } from './real-corpus.js';

const folder = mkdtempSync(path.join(tmpdir(), 'parley-real-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

interface Measured {
  speechRateSps: number;
  articulationRateSps: number;
  meanLengthOfRunSyllables: number;
  syllables: number;
  syllableSource: string;
  segments: Array<{ startMs: number; endMs: number }>;
  words: Array<{ word: string; startMs: number; endMs: number }>;
  hints: Array<{ word: string }>;
  answers: Array<{ startMs: number; endMs: number; syllables: number }>;
}

const pausesOf = (segments: Measured['segments']) => segments.slice(1).map((segment, i) => ({ startMs: segments[i]?.endMs ?? 0, endMs: segment.startMs }));

async function measure(truth: RealTruth): Promise<Measured> {
  const windows = truth.windows.map((window, i) => ({ part: null, questionNumber: i + 1, ...window }));
  const outcome = await measureRecording(readWavSamples(truth.file), { windows, aligner: true });
  if (outcome.status !== 'done') throw new Error(outcome.reason);
  return outcome.result as unknown as Measured;
}

/** Each utterance's words as the analysis placed them (every word is placed: the first test checks it). */
function wordsByUtterance(truth: RealTruth, measured: Measured) {
  let cursor = 0;
  return truth.utterances.map((utterance) => {
    const count = utterance.text.split(' ').length;
    const words = measured.words.slice(cursor, cursor + count);
    cursor += count;
    return words;
  });
}

type Speaker = 'first speaker' | 'second speaker';
const SCRIPTS: Record<Speaker, readonly RealUtterance[]> = { 'first speaker': REAL_SCRIPT, 'second speaker': SECOND_SPEAKER_SCRIPT };

/**
 * The bar is every edge within 80 ms, met in every case of the first speaker and in every case of
 * the second but pink noise at 15 dB (decision 0031, item 10). There one word end of hers is lost in
 * two of the three draws: the /t/ of "front right"'s "right", released about 170 ms after its
 * vowel, its burst 2-3 dB over the noise in every band, so no level finds it, and the aligner ends
 * the word at the vowel; Klatt's duration for the /t/ (final-consonants.ts) brings the edge to
 * 95-115 ms early.
 */
const EDGES: Record<Speaker, { beyond80: number; max: number }> = { 'first speaker': { beyond80: 0, max: 80 }, 'second speaker': { beyond80: 1, max: 120 } };

type Answers = 'an utterance an answer' | 'two utterances an answer';
const CASES: ReadonlyArray<[RealCase, number]> = [['clean', 0], ['room tone', 0], ['pink noise 15 dB', 0], ['pink noise 15 dB', 1], ['pink noise 15 dB', 2], ['breathing', 0]];

// The corpus needs Debian's pocketsphinx-testdata and alsa-utils, which the test set-up installs
// (scripts/system-packages.mjs). Pink noise in three draws: the figures must not hang on one noise.
// Answers of two utterances put pauses inside answers, which the figures over the answers count, and
// which the aligner must not spread words over (decision 0031 item 9).
describe.each<[Speaker, Answers, RealCase, number]>(
  (['first speaker', 'second speaker'] as const).flatMap((speaker) =>
    (['an utterance an answer', 'two utterances an answer'] as const).flatMap((answers) => CASES.map(([kind, draw]): [Speaker, Answers, RealCase, number] => [speaker, answers, kind, draw])),
  ),
)('real speech, %s, %s, %s (noise draw %i)', (speaker, answers, kind, draw) => {
  const script = answers === 'two utterances an answer' ? inPairs(SCRIPTS[speaker]) : SCRIPTS[speaker];
  const truth = makeRealRecording(path.join(folder, `${speaker}-${answers}-${kind}-${draw}`.replace(/\W+/g, '-')), kind, draw, script);
  let measured: Measured;
  const detail = () => JSON.stringify({ truth: truth.pauses, found: pausesOf(measured.segments) });

  // One alignment takes 2-20 s, longer beside two other files on two cores.
  it('is analysed with the words placed and their syllables counted from the dictionary', { timeout: 90_000 }, async () => {
    expect(alignerAvailable()).toBe(true);
    measured = await measure(truth);
    expect(measured.syllableSource).toBe('words');
    expect(measured.syllables).toBe(truth.syllables);
    // Every word of every utterance placed: none left to listen to.
    expect(measured.words.length).toBe(truth.windows.reduce((sum, window) => sum + window.text.split(' ').length, 0));
  });

  const edges = kind === 'pink noise 15 dB' ? EDGES[speaker] : { beyond80: 0, max: 80 };
  it(`finds every pause of 400 ms or more, exactly, all but ${edges.beyond80} of their edges within 80 ms, all within ${edges.max} ms`, () => {
    const found = pausesOf(measured.segments);
    const errors: number[] = [];
    for (const pause of truth.pauses) {
      const matches = found.filter((p) => p.endMs > pause.startMs && p.startMs < pause.endMs);
      expect(matches.length, `the pause at ${pause.startMs} ms found once: ${detail()}`).toBe(1);
      errors.push(Math.abs((matches[0]?.startMs ?? -1e6) - pause.startMs), Math.abs((matches[0]?.endMs ?? -1e6) - pause.endMs));
    }
    expect(errors.filter((error) => error > 80).length, `${JSON.stringify(errors)}: ${detail()}`).toBeLessThanOrEqual(edges.beyond80);
    expect(Math.max(...errors), detail()).toBeLessThanOrEqual(edges.max);
    // No pause of 400 ms or more that was not made (one inside an utterance, or a breath splitting a pause).
    const made = found.filter((p) => truth.pauses.some((pause) => p.endMs > pause.startMs && p.startMs < pause.endMs));
    expect(found.filter((p) => !made.includes(p) && p.endMs - p.startMs >= 400), detail()).toEqual([]);
  });

  // In pink noise at 15 dB a quiet stretch between "spades" and "four" (38-50 dB under the peak) reads
  // by the level as one or two silences of 250-280 ms; the aligner holds words there, so they are not
  // pauses (word-evidence.ts, decision 0031): mean length of run within 1 % in every draw of the noise.
  it('speech rate, articulation rate and mean length of run within 10 % of the truth', () => {
    const figures = `measured ${JSON.stringify([measured.speechRateSps, measured.articulationRateSps, measured.meanLengthOfRunSyllables])}, truth ${JSON.stringify([truth.speechRateSps, truth.articulationRateSps, truth.meanLengthOfRunSyllables])}`;
    expect(Math.abs(measured.speechRateSps / truth.speechRateSps - 1), figures).toBeLessThanOrEqual(0.1);
    expect(Math.abs(measured.articulationRateSps / truth.articulationRateSps - 1), figures).toBeLessThanOrEqual(0.1);
    expect(Math.abs(measured.meanLengthOfRunSyllables / truth.meanLengthOfRunSyllables - 1), figures).toBeLessThanOrEqual(0.1);
  });

  it('counts no breath as speech', () => {
    for (const breath of truth.breaths) {
      const under = measured.segments.filter((segment) => segment.endMs > breath.startMs && segment.startMs < breath.endMs);
      expect(under, `the breath at ${breath.startMs}-${breath.endMs} ms`).toEqual([]);
    }
  });

  const firstWordShare = 0.95;
  it(`places first words within 150 ms for ${firstWordShare * 100} % of utterances, all within 200 ms; every word in order and inside its window`, () => {
    const byUtterance = wordsByUtterance(truth, measured);
    const errors = truth.utterances.map((utterance, i) => Math.abs((byUtterance[i]?.[0]?.startMs ?? -1e6) - utterance.firstWordMs));
    const starts = JSON.stringify(byUtterance.map((words, i) => [words[0]?.startMs, truth.utterances[i]?.firstWordMs]));
    expect(errors.filter((error) => error <= 150).length / errors.length, starts).toBeGreaterThanOrEqual(firstWordShare);
    expect(Math.max(...errors), starts).toBeLessThanOrEqual(200);
    let previousEnd = 0;
    for (const [i, words] of byUtterance.entries()) {
      const window = truth.windows[truth.windowOf[i] ?? -1];
      for (const word of words) {
        expect(word.startMs, `${word.word} at ${word.startMs} after ${previousEnd}`).toBeGreaterThanOrEqual(previousEnd);
        expect(word.endMs).toBeGreaterThanOrEqual(word.startMs);
        expect(word.startMs).toBeGreaterThanOrEqual(window?.startMs ?? 0);
        expect(word.endMs).toBeLessThanOrEqual(window?.endMs ?? 0);
        previousEnd = word.endMs;
      }
    }
  });
});

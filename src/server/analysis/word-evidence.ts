import type { AlignedWord } from './align.js';
import { MIN_PAUSE_MS, type Segment } from './features.js';

/**
 * Where the words were placed decides where the level alone cannot (decision 0031, item 6), as
 * forced-alignment fluency tools do: the aligner knows the transcript's sounds, so a quiet stretch
 * inside a phrase that a level in noise reads as a silence is not a pause when the aligner holds
 * words there, and a weak word end fading into noise ends where the aligner ends the word.
 */

/**
 * A stretch of speech reaches out to where the aligner ends the word that ends it, when that lies at
 * most this far past it. Measured on the real-speech corpus (decision 0031): the aligner ends a last
 * word 20-30 ms after the clean clip's end; in pink noise it ends the second speaker's "left" 27 ms
 * after the truth in every draw, 210 ms past where the level lost the word's /ft/ (150 ms, the first
 * speaker's largest, left that edge 183 ms early). Still MIN_PAUSE_MS short of the next stretch.
 */
export const WORD_END_REACH_MS = 250;

/** How much of `gap` no span of `spans` (sorted by start) covers, ms. */
function uncoveredMs(gap: Segment, spans: readonly Segment[]): number {
  let covered = 0;
  let reached = gap.startMs;
  for (const span of spans) {
    if (span.startMs >= gap.endMs) break;
    const from = Math.max(reached, span.startMs);
    const to = Math.min(span.endMs, gap.endMs);
    if (to > from) {
      covered += to - from;
      reached = to;
    }
  }
  return gap.endMs - gap.startMs - covered;
}

/**
 * `segments` (the level's stretches of speech) with the aligner's evidence, answer by answer (the
 * words' own placing, `AlignedWord.aligned`, before they were cut to the speech under them):
 * - a stretch ends where the aligner ends the word that runs past its end, when that is at most
 *   WORD_END_REACH_MS further and still MIN_PAUSE_MS short of the next stretch;
 * - a silence between two stretches that lies between one answer's first word and its last, and of
 *   which the aligner leaves less than MIN_PAUSE_MS without a word (it placed no silence of its own
 *   there), is not a pause: the stretches on both sides are one. A silence before an answer's first
 *   word or after its last is never bridged, so the pauses between answers stay the level's.
 */
export function speechWithWords(segments: readonly Segment[], answers: ReadonlyArray<readonly AlignedWord[]>): Segment[] {
  const speech = segments.map((segment) => ({ ...segment }));
  const byStart = (a: Segment, b: Segment) => a.startMs - b.startMs;
  const spans = answers.map((words) => words.flatMap((word) => (word.aligned ? [word.aligned] : [])).sort(byStart));
  // Words and stretches both in time order: one walk finds the stretch each word runs past the end of.
  let index = 0;
  for (const word of spans.flat().sort(byStart)) {
    while (index < speech.length && (speech[index]?.endMs ?? 0) <= word.startMs) index += 1;
    // The last stretch that starts before the word ends: the one the word may run past the end of.
    let at = index;
    while ((speech[at + 1]?.startMs ?? Number.POSITIVE_INFINITY) <= word.endMs) at += 1;
    const segment = speech[at];
    const next = speech[at + 1];
    if (!segment || segment.endMs >= word.endMs) continue;
    if (word.endMs - segment.endMs <= WORD_END_REACH_MS && (!next || next.startMs - word.endMs >= MIN_PAUSE_MS)) segment.endMs = word.endMs;
  }
  const joined: Segment[] = [];
  for (const segment of speech) {
    const previous = joined[joined.length - 1];
    if (!previous) {
      joined.push(segment);
      continue;
    }
    const gap = { startMs: previous.endMs, endMs: segment.startMs };
    const heldByWords = (placed: readonly Segment[]) => placed.some((word) => word.startMs <= gap.startMs) && placed.some((word) => word.endMs >= gap.endMs) && uncoveredMs(gap, placed) < MIN_PAUSE_MS;
    if (spans.some(heldByWords)) previous.endMs = Math.max(previous.endMs, segment.endMs);
    else joined.push(segment);
  }
  return joined;
}

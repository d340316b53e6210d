import type { AlignedWord } from './align.js';
import { MIN_PAUSE_MS, type Segment, type SoundTrack } from './features.js';
import { HOP_MS } from './levels.js';
import { finalVoicelessMs } from './final-consonants.js';

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
 * A word's final voiceless consonants (a /t/ released after its closure, the /ft/ of "left") can lie
 * under the noise in every band, where neither the level nor the aligner hears them (decision 0031,
 * items 7 and 10). In a recording whose background hides weak speech (`sound.noisy`), the stretch a
 * word ends lasts at least from the voice's end through those consonants' duration by Klatt's rules
 * (final-consonants.ts), and on to the last sound in the fricatives' band within WORD_END_REACH_MS of
 * the voice's end (a release that stands above the noise only there); never further than that reach,
 * and still MIN_PAUSE_MS short of the next stretch. Where the background is quiet the level hears
 * the consonants itself, and a fast speaker's are shorter than Klatt's.
 */
function throughFinalConsonants(speech: Segment[], words: readonly AlignedWord[], sound: SoundTrack): void {
  if (!sound.noisy) return;
  const placed = words.flatMap((word) => (word.aligned ? [{ phones: word.phones, aligned: word.aligned }] : [])).sort((a, b) => a.aligned.startMs - b.aligned.startMs);
  let index = 0;
  for (const [i, segment] of speech.entries()) {
    // The last word the aligner put on this stretch: the last to start before the stretch ends, if it
    // ends after the stretch starts (one decoding path places the words one after another, so no
    // earlier word ends later).
    while (index < placed.length && (placed[index]?.aligned.startMs ?? 0) < segment.endMs) index += 1;
    const last = placed[index - 1];
    if (!last || last.aligned.endMs <= segment.startMs) continue;
    const tailMs = finalVoicelessMs(last.phones);
    if (tailMs === 0) continue;
    const voiceEnd = sound.lastVoiceEndMs(last.aligned.startMs, segment.endMs);
    if (voiceEnd === null) continue;
    const heard = sound.lastFricationEndMs(voiceEnd + HOP_MS, voiceEnd + WORD_END_REACH_MS) ?? 0;
    const end = Math.round(Math.min(Math.max(voiceEnd + tailMs, heard), voiceEnd + WORD_END_REACH_MS));
    const next = speech[i + 1];
    if (end > segment.endMs && (!next || next.startMs - end >= MIN_PAUSE_MS)) segment.endMs = end;
  }
}

/**
 * `segments` (the level's stretches of speech) with the aligner's evidence, answer by answer (the
 * words' own placing, `AlignedWord.aligned`, before they were cut to the speech under them):
 * - given the recording's `sound`, a stretch lasts through the final voiceless consonants of the
 *   word that ends it (throughFinalConsonants);
 * - a stretch ends where the aligner ends the word that runs past its end, when that is at most
 *   WORD_END_REACH_MS further and still MIN_PAUSE_MS short of the next stretch;
 * - a silence between two stretches that lies between one answer's first word and its last, and of
 *   which the aligner leaves less than MIN_PAUSE_MS without a word (it placed no silence of its own
 *   there), is not a pause: the stretches on both sides are one. A silence before an answer's first
 *   word or after its last is never bridged, so the pauses between answers stay the level's.
 */
export function speechWithWords(segments: readonly Segment[], answers: ReadonlyArray<readonly AlignedWord[]>, sound?: SoundTrack): Segment[] {
  const speech = segments.map((segment) => ({ ...segment }));
  if (sound) throughFinalConsonants(speech, answers.flat(), sound);
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

import type { RecordingAnalysis } from '../../../shared/api/recording-analysis';
import { answerPieces, gapsBetween, speechInside } from '../../../shared/speech-spans';
import { formatDuration } from './format';

/*
 * The recording as evidence: the timeline's geometry, the word being said at a moment, and the
 * transcript's words per answer (the sentences that explain the figures: recording-figures.ts).
 * Pure functions, so they can be checked without a browser; RecordingEvidence.tsx draws them.
 */

export type AlignedWord = RecordingAnalysis['words'][number];
export type WordHint = RecordingAnalysis['hints'][number];
export type AnswerSpan = RecordingAnalysis['answers'][number];
export interface Span {
  startMs: number;
  endMs: number;
}

/** The server counts silences of this length or more between stretches of speech as pauses. */
export const MIN_PAUSE_MS = 250;
/** Pauses this long or longer are drawn darker: a listener notices them. */
export const LONG_PAUSE_MS = 1000;
/** A word stays marked this long after its end, so the mark does not flicker between close words. */
const WORD_GRACE_MS = 250;

const round1 = (value: number) => Math.round(value * 10) / 10;

/** Where `ms` falls on a track `width` px wide that shows `durationMs` (clamped to the track). */
export function timeToX(ms: number, durationMs: number, width: number): number {
  if (durationMs <= 0 || width <= 0) return 0;
  return round1((Math.min(durationMs, Math.max(0, ms)) / durationMs) * width);
}

/** The time under `x` px on the same track (a click on the timeline). */
export function xToTime(x: number, width: number, durationMs: number): number {
  if (width <= 0 || durationMs <= 0) return 0;
  return Math.round((Math.min(width, Math.max(0, x)) / width) * durationMs);
}

export interface Bar extends Span {
  x: number;
  width: number;
}

/** Stretches as bars on the track; at least `minWidth` px wide, so that a short one still shows on a phone. */
export function spanBars(spans: readonly Span[], durationMs: number, width: number, minWidth = 1): Bar[] {
  return spans.map((span) => {
    const x = timeToX(span.startMs, durationMs, width);
    const end = timeToX(span.endMs, durationMs, width);
    return { ...span, x: Math.min(x, Math.max(0, width - minWidth)), width: Math.max(minWidth, round1(end - x)) };
  });
}

/** The silences between consecutive stretches of speech that count as pauses (250 ms or more). */
export function pausesBetween(segments: readonly Span[], minMs = MIN_PAUSE_MS): Span[] {
  const sorted = [...segments].sort((a, b) => a.startMs - b.startMs);
  return gapsBetween(sorted).filter((gap) => gap.endMs - gap.startMs >= minMs);
}

/**
 * The pauses the figures count: over the answers (figuresScope 'answers'), those inside each answer,
 * its stretches of speech cut at its edges as the server counts them (so the examiner's turn between
 * two answers is not drawn as the student's pause, nor a stretch the test was held); else every
 * silence between two stretches.
 */
export function countedPauses(analysis: Pick<RecordingAnalysis, 'segments' | 'answers' | 'figuresScope'>): Span[] {
  if (analysis.figuresScope !== 'answers') return pausesBetween(analysis.segments);
  return analysis.answers.flatMap((answer) => answerPieces(answer).flatMap((piece) => pausesBetween(speechInside(piece, analysis.segments))));
}

/** The pauses as bars, each marked long (a second or more) or short. */
export function pauseBars(pauses: readonly Span[], durationMs: number, width: number): Array<Bar & { long: boolean }> {
  return spanBars(pauses, durationMs, width).map((bar) => ({ ...bar, long: bar.endMs - bar.startMs >= LONG_PAUSE_MS }));
}

const TICK_STEPS_S = [5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600];

/** Times for the axis: whole steps, about one per 80 px at most, 0 included. */
export function timeTicks(durationMs: number, width: number): number[] {
  if (durationMs <= 0 || width <= 0) return [0];
  const most = Math.max(1, Math.floor(width / 80));
  const step = (TICK_STEPS_S.find((s) => durationMs / (s * 1000) <= most) ?? TICK_STEPS_S.at(-1) ?? 3600) * 1000;
  const ticks: number[] = [];
  for (let at = 0; at <= durationMs; at += step) ticks.push(at);
  return ticks;
}

/** "0:05", "12:03", "1:02:03": a time on the player's clock. */
export function formatClock(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** Words in order of their start (the aligner places each answer separately; margins may overlap). */
export function sortWords<T extends Span>(words: readonly T[]): T[] {
  return [...words].sort((a, b) => a.startMs - b.startMs);
}

/**
 * The word being said at `ms` in `words` (sorted by start): the last one starting at or before it,
 * while it lasts (plus a short grace); -1 in a pause or before the first word. A binary search: a
 * 12-minute test has some 2,000 words and this runs on every animation frame while playing.
 */
export function wordIndexAt(words: readonly Span[], ms: number): number {
  let low = 0;
  let high = words.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((words[middle]?.startMs ?? Infinity) <= ms) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  const word = words[found];
  return word && ms < word.endMs + WORD_GRACE_MS ? found : -1;
}

/** "Part 1, question 3"; the interview has no parts: "Question 3". */
export function answerLabel(answer: Pick<AnswerSpan, 'part' | 'questionNumber'>): string {
  return answer.part === null ? `Question ${answer.questionNumber}` : `Part ${answer.part}, question ${answer.questionNumber}`;
}

/** "P1 Q3" / "Q3": the label on the timeline, where room is short. */
export function shortAnswerLabel(answer: Pick<AnswerSpan, 'part' | 'questionNumber'>): string {
  return answer.part === null ? `Q${answer.questionNumber}` : `P${answer.part} Q${answer.questionNumber}`;
}

export interface WordGroup {
  key: string;
  label: string;
  answer: AnswerSpan | null;
  /** Each word with its index in the sorted list (the index the player's current word is found by). */
  words: Array<{ word: AlignedWord; index: number }>;
}

/** How far `ms` lies outside `span` (0 inside). */
// An answer holds [start, end): a word starting where one answer ends and the next begins is the next one's.
const distance = (ms: number, span: Span) => (ms < span.startMs ? span.startMs - ms : ms >= span.endMs ? ms - span.endMs + 1 : 0);

/**
 * The transcript per answer: each word (sorted by start) under the answer whose stretch holds its
 * start, or the nearest one (the aligner looks a second beyond each stretch). Answers without words
 * are left out; without answers, all words form one group.
 */
export function groupWordsByAnswer(words: readonly AlignedWord[], answers: readonly AnswerSpan[]): WordGroup[] {
  if (answers.length === 0) {
    return words.length ? [{ key: 'all', label: 'The recording', answer: null, words: words.map((word, index) => ({ word, index })) }] : [];
  }
  const groups: WordGroup[] = answers.map((answer, i) => ({ key: `${answer.part ?? 'q'}-${answer.questionNumber}-${i}`, label: answerLabel(answer), answer, words: [] }));
  words.forEach((word, index) => {
    let best = 0;
    for (let i = 1; i < answers.length; i += 1) {
      const candidate = answers[i];
      const current = answers[best];
      if (candidate && current && distance(word.startMs, candidate) < distance(word.startMs, current)) best = i;
    }
    groups[best]?.words.push({ word, index });
  });
  return groups.filter((group) => group.words.length > 0);
}

/** A transcript word the aligner did not find in the recording (a hint without a time of its own). */
export type MissingWord = RecordingAnalysis['hints'][number];

/** Whether a hint is a word that was not found: it is marked where the recording goes on after the word before it, with no length. */
export const isMissingWord = (hint: MissingWord) => hint.endMs === hint.startMs;

/**
 * Where each word not found goes in the word-by-word transcript: after the last placed word that
 * starts at or before where it is marked (`words` sorted by start), or before the first (-1). So the
 * transcript keeps every word the student was heard to say, found in the recording or not.
 */
export function missingAfter(words: readonly AlignedWord[], missing: readonly MissingWord[]): Map<number, MissingWord[]> {
  const after = new Map<number, MissingWord[]>();
  for (const hint of missing) {
    let low = 0;
    let high = words.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((words[mid]?.startMs ?? 0) <= hint.startMs) low = mid + 1;
      else high = mid;
    }
    const index = low - 1;
    after.set(index, [...(after.get(index) ?? []), hint]);
  }
  return after;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** One sentence for the timeline's accessible name: "12 min 3 s recorded, 7 min 40 s speaking, 54 pauses". */
export function recordingSummary(analysis: Pick<RecordingAnalysis, 'durationMs' | 'speakingTimeMs' | 'pauses' | 'segments'>): string {
  const parts: string[] = [];
  if (analysis.durationMs !== null) parts.push(`${formatDuration(analysis.durationMs)} recorded`);
  if (analysis.speakingTimeMs !== null) parts.push(`${formatDuration(analysis.speakingTimeMs)} speaking`);
  const pauses = analysis.pauses?.count ?? pausesBetween(analysis.segments).length;
  parts.push(plural(pauses, 'pause', 'pauses'));
  const sentence = parts.join(', ');
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

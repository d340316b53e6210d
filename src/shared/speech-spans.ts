/*
 * Stretches of speech on a recording's clock and the silences between them. The server's figures
 * (server/analysis/answers.ts) and the teacher's timeline (client/components/attempt/recording-evidence.ts)
 * both count an answer's pauses with these, so the pauses drawn are the pauses counted.
 */

/** A stretch of time on the recording's clock (ms from its start). */
export interface TimeSpan {
  startMs: number;
  endMs: number;
}

/**
 * The stretches of speech inside `window`, cut at its edges: a stretch crossing an edge keeps only
 * its part inside, and one wholly outside (nothing left after the cut) is dropped.
 */
export function speechInside(window: TimeSpan, segments: readonly TimeSpan[]): TimeSpan[] {
  return segments
    .map((segment) => ({ startMs: Math.max(segment.startMs, window.startMs), endMs: Math.min(segment.endMs, window.endMs) }))
    .filter((segment) => segment.endMs > segment.startMs);
}

/**
 * The stretches of an answer's window the student answered in: the window less the stretches it was
 * held (the test paused mid-answer, the recording going on), in order. Speech, syllables and pauses
 * are counted in each piece, so a hold is neither the student's pause nor their speech.
 */
export function answerPieces(window: TimeSpan & { held?: readonly TimeSpan[] | undefined }): TimeSpan[] {
  const pieces: TimeSpan[] = [];
  let from = window.startMs;
  for (const hold of window.held ?? []) {
    if (hold.startMs > from) pieces.push({ startMs: from, endMs: Math.min(hold.startMs, window.endMs) });
    from = Math.max(from, hold.endMs);
  }
  if (window.endMs > from) pieces.push({ startMs: from, endMs: window.endMs });
  return pieces.filter((piece) => piece.endMs > piece.startMs);
}

/**
 * The silence between each stretch and the next, in the order given: from one's end to the next's
 * start, however short. Callers that want only pauses of some length keep those themselves.
 */
export function gapsBetween(spans: readonly TimeSpan[]): TimeSpan[] {
  return spans.slice(1).map((after, i) => ({ startMs: spans[i]?.endMs ?? after.startMs, endMs: after.startMs }));
}

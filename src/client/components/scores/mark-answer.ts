import { findFillers, findGrammarSlips } from '../../../shared/text';
import type { MarkTally } from './tally-text';

export type MarkKind = 'filler' | 'slip';

export interface AnswerPiece {
  text: string;
  /** null for plain text. */
  kind: MarkKind | null;
}

/**
 * The answer cut into plain text and marked fillers and grammar slips, at the positions
 * src/shared/text gives (the same finders the scores count with). A mark overlapping an earlier
 * one is left out; joined, the pieces are the answer again.
 */
export function markAnswer(text: string): AnswerPiece[] {
  const marks = [
    ...findFillers(text).map((match) => ({ index: match.index, length: match.length, kind: 'filler' as const })),
    ...findGrammarSlips(text).map((slip) => ({ index: slip.index, length: slip.length, kind: 'slip' as const })),
  ].sort((a, b) => a.index - b.index);
  const pieces: AnswerPiece[] = [];
  let at = 0;
  for (const mark of marks) {
    if (mark.index < at) continue;
    if (mark.index > at) pieces.push({ text: text.slice(at, mark.index), kind: null });
    pieces.push({ text: text.slice(mark.index, mark.index + mark.length), kind: mark.kind });
    at = mark.index + mark.length;
  }
  if (at < text.length) pieces.push({ text: text.slice(at), kind: null });
  return pieces;
}

/** How many fillers and grammar slips the answer has. */
export function markCounts(text: string): { fillers: number; slips: number } {
  return { fillers: findFillers(text).length, slips: findGrammarSlips(text).length };
}

/** The fillers and grammar slips over several answers, with how often each occurred. */
export function tallyMarks(texts: readonly string[]): MarkTally {
  const fillers = new Map<string, number>();
  const slips = new Map<string, number>();
  for (const text of texts) {
    for (const match of findFillers(text)) fillers.set(match.filler, (fillers.get(match.filler) ?? 0) + 1);
    for (const slip of findGrammarSlips(text)) {
      const key = slip.text.toLowerCase().replace(/\s+/gu, ' ');
      slips.set(key, (slips.get(key) ?? 0) + 1);
    }
  }
  const byCount = <K extends string>(map: Map<string, number>, key: K) =>
    [...map.entries()].map(([name, count]) => ({ [key]: name, count }) as Record<K, string> & { count: number }).sort((a, b) => b.count - a.count);
  return { fillers: byCount(fillers, 'filler'), slips: byCount(slips, 'text') };
}

/* A tally of fillers and slips as the score cards show it: apart from mark-answer.ts, so that showing one does not load the finders (src/shared/text). */

export interface MarkTally {
  /** Each filler said, most frequent first (ties in the spec's filler order). */
  fillers: Array<{ filler: string; count: number }>;
  /** Each grammar slip found, lower-cased ("she are"), most frequent first. */
  slips: Array<{ text: string; count: number }>;
}

/** "um ×3, like ×2"; '' for none. */
export function tallyText(items: ReadonlyArray<{ count: number } & ({ filler: string } | { text: string })>): string {
  return items.map((item) => `${'filler' in item ? item.filler : item.text} ×${item.count}`).join(', ');
}

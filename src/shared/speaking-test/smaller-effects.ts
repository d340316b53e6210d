/*
 * The evidence line that gathers the steps whose shown size would be 0.0 (calibrated.ts). Its own
 * module: the results' summary recognises it without loading the estimate's code.
 */

/** The line that gathers the evidence whose shown step would be 0.0 (or which rounding left at 0.0). */
export function smallerEffectsRule(count: number): string {
  return count === 1 ? 'one other small effect' : `${count} other small effects together`;
}

/** Whether an evidence line is that gathering line: never "the evidence that moved the band most". */
export function isSmallerEffectsRule(rule: string): boolean {
  // Attempts saved before the plainer wording hold "one smaller effect" / "N smaller effects together".
  return /^(?:one (?:other small|smaller) effect|\d+ (?:other small|smaller) effects together)$/.test(rule);
}

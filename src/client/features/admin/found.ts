/**
 * What a search or filter found, as the teachers' console reads it out in a status region (the list
 * itself changes in silence): "Found 4 students matching “pupil”.", "Found no speaking tests on
 * Thursday 1 January 2026.". `one` and `many` are the noun; `where` says what was asked.
 */
export function foundSentence(total: number, one: string, many: string, where: string): string {
  return `Found ${total === 0 ? 'no' : total} ${total === 1 ? one : many} ${where}.`;
}

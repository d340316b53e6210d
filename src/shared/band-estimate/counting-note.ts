/*
 * How a listed word is counted (decision 0046), as the evidence labels say it. Its own module: the
 * results' summary leaves the note out of its one-line reasons (the rule-by-rule detail keeps it)
 * without loading the estimate's code.
 */

/**
 * A word of a list (linking words, stance adverbs, subordinators, modals) or a past-tense verb
 * counts once, and once more for every this many words said, in proportion (features.ts,
 * usesWithRange; decision 0046). The IELTS speaking descriptors credit a *range* of connectives
 * and discourse markers and place over-using certain ones at band 5; counted so, "actually" in
 * every sentence of 200 words counts twice, and padding answers with the same words no longer
 * raises the band (`npm run validity`, Padding).
 */
export const SAME_WORD_ONCE_IN_WORDS = 200;

/** The note after a label: "linking words per 100 words (the same word counts once, plus once more every 200 words)". */
export function countingNote(what: 'word' | 'verb'): string {
  return ` (the same ${what} counts once, plus once more every ${SAME_WORD_ONCE_IN_WORDS} words)`;
}

/** The note as attempts saved before its plainer wording hold it in their evidence lines. */
const earlierCountingNote = (what: 'word' | 'verb') => ` (the same ${what} once, plus once per ${SAME_WORD_ONCE_IN_WORDS} words)`;

/** An evidence line, fresh or stored, without its counting note: the summary's short form. */
export function withoutCountingNote(rule: string): string {
  return (['word', 'verb'] as const).reduce((line, what) => line.replace(countingNote(what), '').replace(earlierCountingNote(what), ''), rule);
}

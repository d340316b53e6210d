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

/** The note after a label: "linking words per 100 words (the same word once, plus once per 200 words)". */
export function countingNote(what: 'word' | 'verb'): string {
  return ` (the same ${what} once, plus once per ${SAME_WORD_ONCE_IN_WORDS} words)`;
}

/** An evidence line without its counting note: the summary's short form. */
export function withoutCountingNote(rule: string): string {
  return rule.replace(countingNote('word'), '').replace(countingNote('verb'), '');
}

import { SAME_WORD_ONCE_IN_WORDS } from './counting-note.js';
import { linksHere } from './clause-words.js';
import { DISCOURSE_MARKERS, LINKING_PHRASES } from './lexicon.js';

/*
 * How often a list's words (linking words, stance adverbs, tentative modals) are said in a
 * speaker's words and how often they count: a word's repeats count once, and once more in every
 * SAME_WORD_ONCE_IN_WORDS words; past the over-use lines the rated learners set, fewer count.
 */

/** A listed word, how often it was said and how often it counts (SAME_WORD_ONCE_IN_WORDS). */
export interface SaidOften {
  word: string;
  said: number;
  /** How many of its uses count: at most once, and once more in every SAME_WORD_ONCE_IN_WORDS words. */
  counted: number;
}

/**
 * How often each word `list` has is said in `all`, and how often it counts (SAME_WORD_ONCE_IN_WORDS).
 * `here`, when given, says for each word of `all` whether it does the list's work where it is said.
 */
export function listedWords(all: readonly string[], list: { has(word: string): boolean }, here?: readonly boolean[]): SaidOften[] {
  // Once, and once more in every SAME_WORD_ONCE_IN_WORDS words, in proportion: no step where a
  // whole number of 200 words is passed (398 words and 402 count a word alike, 2.99 and 3.01 times).
  const cap = 1 + all.length / SAME_WORD_ONCE_IN_WORDS;
  const said = new Map<string, number>();
  all.forEach((word, i) => {
    if (list.has(word) && here?.[i] !== false) said.set(word, (said.get(word) ?? 0) + 1);
  });
  return [...said].map(([word, count]) => ({ word, said: count, counted: Math.min(count, cap) }));
}

/**
 * Linking words said per 100 words past which they are over-used: the most any of the 716
 * development learners said, a linking word counted only where it links (linksHere; every use
 * counted; the 99th percentile is 7.0). The IELTS speaking descriptors place over-using connectives and
 * discourse markers at band 5; a linking word every third word (25 in 100) is no rated learner's
 * speech. Past it only LINKING_OVERUSE_PER_100 / said of the counted uses count, less one for each
 * said past it (decision 0051; `npm run validity` checks the figure against the data).
 */
export const LINKING_OVERUSE_PER_100 = 11.6;

/** Linking words per 100 said past LINKING_OVERUSE_PER_100: each one of them cancels one that counts. */
export function overUse(linkingSaidPer100: number): number {
  return Math.max(0, linkingSaidPer100 - LINKING_OVERUSE_PER_100);
}

/**
 * Of `counted` words per 100 (usesWithRange) when `said` were said per 100, those that count with
 * over-use past `line`: under it all; past it only line / said of them, less one for each said past it.
 */
export function creditedUnder(line: number, counted: number, said: number): number {
  const past = Math.max(0, said - line);
  if (past === 0) return counted;
  return Math.max(0, (counted * line) / said - past);
}

/**
 * Written-register linking words (WRITTEN_LINKERS) said per 100 words past which they are over-used:
 * the most any of the 716 development learners said (a linking word counted only where it links;
 * every use counted; the 99th percentile is 0.48). "Moreover" and "furthermore" at the head of every
 * sentence is no rated learner's speech, and the IELTS speaking descriptors place mechanical,
 * over-used connectives at band 5. Past it only WRITTEN_LINKING_MOST_PER_100 / said of their counted
 * uses count, less one for each said past it, as for every linking word past LINKING_OVERUSE_PER_100;
 * the other linking words count as before (decision 0057; `npm run validity` checks the figure).
 */
export const WRITTEN_LINKING_MOST_PER_100 = 1.5;

/** Written-register linking words per 100 said past WRITTEN_LINKING_MOST_PER_100. */
export function writtenOverUse(writtenSaidPer100: number): number {
  return Math.max(0, writtenSaidPer100 - WRITTEN_LINKING_MOST_PER_100);
}

/** Uses of the words `list` has in `all`, each word's repeats counted as SAME_WORD_ONCE_IN_WORDS says. */
export function usesWithRange(all: readonly string[], list: { has(word: string): boolean }): number {
  return countedUses(listedWords(all, list));
}

export const countedUses = (listed: readonly SaidOften[]) => listed.reduce((total, word) => total + word.counted, 0);

/**
 * A word is named when it was said at least twice as often as it counts, and at least this many
 * times past it: "that" 9 times in 1,000 words (5 count) is a relative clause's word, not a habit.
 */
const SAID_OFTEN_UNCOUNTED = 2;

/** The words of a list's tally (listedWords) most said past what they count, most first, three at most. */
export function saidOften(tally: readonly SaidOften[]): SaidOften[] {
  return tally
    .filter((listed) => listed.said >= 2 * listed.counted && listed.said - listed.counted >= SAID_OFTEN_UNCOUNTED)
    .sort((a, b) => b.said - b.counted - (a.said - a.counted) || a.word.localeCompare(b.word))
    .slice(0, 3);
}

/** What linkingWords gives in place of a discourse marker that links nothing where it is said ("so cute", "the first time"): no list has it. */
const NOT_LINKING = '';

/**
 * The words with each linking phrase (LINKING_PHRASES) as one: "on the other hand" is one linking
 * word, not "other" and "hand"; a discourse marker that links nothing there (linksHere) is NOT_LINKING.
 */
export function linkingWords(all: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < all.length; i++) {
    const phrase = LINKING_PHRASES.find((words) => words.every((word, j) => all[i + j] === word));
    if (phrase) {
      out.push(phrase.join(' '));
      i += phrase.length - 1;
    } else out.push(DISCOURSE_MARKERS.has(all[i] as string) && !linksHere(all, i) ? NOT_LINKING : (all[i] as string));
  }
  return out;
}

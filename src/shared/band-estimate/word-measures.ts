import { spokenRank } from './lexicon.js';

/* Measures of a speaker's words that read the words alone: derived words, and the moving type-token ratio. */

/**
 * Everyday words that end like a derived word and whose "base" is no base of theirs: the base is
 * matched by its stem, so "situation" vouched for itself, and "early" read as ear + -ly, "station"
 * as state + -ion, "possible" as posse + -ible (an examiner-style probe over the development
 * learners: these were a quarter of the words credited as derived).
 */
const NOT_DERIVED: ReadonlySet<string> = new Set([
  'station', 'university', 'possible', 'situation', 'apartment', 'early', 'business', 'experience', 'delicious', 'question', 'serious',
  'condition', 'vegetable', 'mansion', 'native', 'position', 'facility', 'notorious', 'portable', 'nation', 'mention', 'direction',
]);
/** English derivational suffixes of nouns, adjectives and adverbs (a closed list from any grammar of word formation), after a base of 3 letters or more. */
const DERIVATIONAL_SUFFIX = /^(.{3,}?)(tion|sion|ment|ness|ity|ive|ous|ful|less|able|ible|ence|ance|ism|ist|ise|ize|ly)$/;

/**
 * A word built from another with a derivational suffix: the suffix, and what is left (give or take
 * a final e, y or doubled letter, or the t, te, d or de that -tion and -sion replace) a word of
 * spoken English. "happiness", "government" and "decision" are; "family", "italy" and "only",
 * which merely end like one, are not.
 */
export function isDerived(word: string): boolean {
  const match = NOT_DERIVED.has(word) ? null : DERIVATIONAL_SUFFIX.exec(word);
  if (!match) return false;
  const base = match[1] as string;
  const suffix = match[2] as string;
  const candidates = [base, `${base}e`, base.replace(/i$/, 'y'), base.replace(/a$/, ''), base.replace(/(.)\1$/, '$1')];
  if (suffix === 'tion' || suffix === 'sion') candidates.push(`${base}t`, `${base}te`, `${base}d`, `${base}de`);
  return candidates.some((candidate) => candidate.length >= 3 && spokenRank(candidate) !== undefined);
}

/**
 * The moving-average type-token ratio (Covington & McFall 2010): the share of different words in each
 * window of `window` words, averaged over every window; the plain ratio when the words are fewer.
 */
export function movingTypeTokenRatio(tokens: readonly string[], window: number): number {
  if (tokens.length === 0) return 0;
  if (tokens.length <= window) return new Set(tokens).size / tokens.length;
  const counts = new Map<string, number>();
  for (const token of tokens.slice(0, window)) counts.set(token, (counts.get(token) ?? 0) + 1);
  let total = counts.size / window;
  for (let i = window; i < tokens.length; i++) {
    const out = tokens[i - window] as string;
    const left = (counts.get(out) ?? 1) - 1;
    if (left === 0) counts.delete(out);
    else counts.set(out, left);
    const token = tokens[i] as string;
    counts.set(token, (counts.get(token) ?? 0) + 1);
    total += counts.size / window;
  }
  return total / (tokens.length - window + 1);
}

import { spokenTogether, wordTokens, type WordToken } from './words.js';

/*
 * The spec's two countable grammar errors (section 9), found with their positions:
 *
 * - subject-verb: 'i', 'he' or 'she' directly followed by 'are' ("she are", "I are"). Not when the
 *   pronoun ends a coordinated subject ("my brother and I are", "he or she are"), where 'are' is
 *   right: the word before the pronoun, in the same sentence, is 'and', 'or' or 'nor'.
 * - doubled-article: two articles in a row, any of the nine ordered pairs of 'a', 'an', 'the'
 *   ("the the", "a a", "an an", "a the", "the a", "an the", "the an", "a an", "an a"). No English
 *   phrase puts two articles side by side, so each pair is a slip; "the the the" is two.
 *
 * Both words must be said together (only spaces between them): "…that he. Are you…" and a line
 * break between utterances do not count.
 */

export type GrammarSlipKind = 'subject-verb' | 'doubled-article';

export interface GrammarSlip {
  kind: GrammarSlipKind;
  /** The two words as written in the original text. */
  text: string;
  /** Offset in the original text (String#slice units). */
  index: number;
  length: number;
}

export const SUBJECT_VERB_PRONOUNS: readonly string[] = ['i', 'he', 'she'];
export const ARTICLES: readonly string[] = ['a', 'an', 'the'];
const COORDINATORS: readonly string[] = ['and', 'or', 'nor'];

export function findGrammarSlips(text: string): GrammarSlip[] {
  const tokens = wordTokens(text);
  const slips: GrammarSlip[] = [];
  for (let i = 0; i + 1 < tokens.length; i++) {
    const first = tokens[i] as WordToken;
    const second = tokens[i + 1] as WordToken;
    if (!spokenTogether(text, first, second)) continue;
    const kind = slipKind(text, tokens[i - 1], first, second);
    if (kind !== undefined) {
      const length = second.index + second.length - first.index;
      slips.push({ kind, text: text.slice(first.index, first.index + length), index: first.index, length });
    }
  }
  return slips;
}

export function grammarSlipCount(text: string): number {
  return findGrammarSlips(text).length;
}

function slipKind(text: string, before: WordToken | undefined, first: WordToken, second: WordToken): GrammarSlipKind | undefined {
  if (ARTICLES.includes(first.word) && ARTICLES.includes(second.word)) return 'doubled-article';
  if (SUBJECT_VERB_PRONOUNS.includes(first.word) && second.word === 'are') {
    const coordinated = before !== undefined && COORDINATORS.includes(before.word) && sameSentence(text, before, first);
    return coordinated ? undefined : 'subject-verb';
  }
  return undefined;
}

function sameSentence(text: string, first: WordToken, second: WordToken): boolean {
  return !/[.!?…\r\n]/u.test(text.slice(first.index + first.length, second.index));
}

import { spokenTogether, wordTokens, type WordToken } from './words.js';

/** The spec's filler words (section 9). 'you know' is one filler, matched as a phrase. */
export const FILLER_WORDS = ['um', 'uh', 'er', 'ah', 'like', 'you know', 'well', 'so'] as const;
export type FillerWord = (typeof FILLER_WORDS)[number];

/**
 * Ordinary uses of three filler words that are not hesitation: 'like' as a verb ("I like", "would
 * like"), 'well' as an adverb ("as well", "very well", "did well"), 'so' as an intensifier or in
 * fixed phrases ("so much", "I think so"), and 'you know' as a question ("do you know"). The spec
 * counts every occurrence; counting "I like reading" as hesitation would mark down exactly the
 * answers Part 1 asks for ("Do you like…?"), so these contexts are left out. The neighbouring word
 * must be said together with the filler (only spaces between them): "I, like, went" is a filler.
 * To count strictly by the spec, make this list empty.
 */
export const FILLER_EXCEPTIONS: readonly FillerException[] = [
  {
    filler: 'like',
    neighbour: 'before',
    words: ['i', 'you', 'we', 'they', "i'd", "you'd", "we'd", "they'd", 'would', 'do', "don't", 'did', "didn't", 'really', 'also', 'to', 'not', 'still', 'always', 'look', 'looks', 'looked', 'feel', 'feels', 'felt', 'sounds', 'seems'],
  },
  {
    filler: 'well',
    neighbour: 'before',
    words: ['as', 'very', 'quite', 'pretty', 'really', 'so', 'too', 'how', 'fairly', 'extremely', 'do', 'does', 'did', 'doing', 'done', 'went', 'go', 'goes', 'going', 'get', 'got', 'speak', 'speaks', 'sleep', 'slept'],
  },
  { filler: 'so', neighbour: 'after', words: ['much', 'many', 'far', 'that', 'long', 'often'] },
  { filler: 'so', neighbour: 'before', words: ['think', 'hope', 'guess', 'suppose', 'believe', 'or', 'not'] },
  { filler: 'you know', neighbour: 'before', words: ['do', 'did', "don't", "didn't", 'if'] },
];

export interface FillerException {
  filler: FillerWord;
  /** Which neighbour decides: the word said just before the filler, or just after it. */
  neighbour: 'before' | 'after';
  words: readonly string[];
}

export interface FillerMatch {
  filler: FillerWord;
  /** Offset in the original text (String#slice units); for 'you know', of 'you'. */
  index: number;
  /** Length in the original text, covering both words of 'you know'. */
  length: number;
}

const SINGLE_WORD_FILLERS: ReadonlySet<string> = new Set(FILLER_WORDS.filter((filler) => !filler.includes(' ')));

/**
 * Every filler in the text, in order. Whole words only and case-insensitive: 'likely', 'sofa',
 * 'welcome' and the compound 'well-known' are not fillers.
 */
export function findFillers(text: string): FillerMatch[] {
  const tokens = wordTokens(text);
  const matches: FillerMatch[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as WordToken;
    const next = tokens[i + 1];
    let filler: FillerWord | undefined;
    let last = token;
    if (token.word === 'you' && next?.word === 'know' && spokenTogether(text, token, next)) {
      filler = 'you know';
      last = next;
    } else if (SINGLE_WORD_FILLERS.has(token.word)) {
      filler = token.word as FillerWord;
    }
    if (filler === undefined) continue;
    const lastIndex = last === token ? i : i + 1;
    if (!isException(text, filler, tokens[i - 1], token, last, tokens[lastIndex + 1])) {
      matches.push({ filler, index: token.index, length: last.index + last.length - token.index });
    }
    i = lastIndex;
  }
  return matches;
}

/**
 * For each token, whether one of the filler matches covers it ('you know' covers two). Tokens and
 * matches are both in text order, so one pass walks them side by side: testing every token against
 * every filler took seconds for a saved test of long filler-heavy answers.
 */
export function coveredByFillers(tokens: readonly WordToken[], fillers: readonly FillerMatch[]): boolean[] {
  let next = 0;
  return tokens.map((token) => {
    while (next < fillers.length && token.index >= (fillers[next]?.index ?? 0) + (fillers[next]?.length ?? 0)) next += 1;
    const filler = fillers[next];
    return filler !== undefined && token.index >= filler.index;
  });
}

export function fillerCount(text: string): number {
  return findFillers(text).length;
}

function isException(
  text: string,
  filler: FillerWord,
  before: WordToken | undefined,
  first: WordToken,
  last: WordToken,
  after: WordToken | undefined,
): boolean {
  return FILLER_EXCEPTIONS.some((exception) => {
    if (exception.filler !== filler) return false;
    if (exception.neighbour === 'before') {
      return before !== undefined && exception.words.includes(before.word) && spokenTogether(text, before, first);
    }
    return after !== undefined && exception.words.includes(after.word) && spokenTogether(text, last, after);
  });
}

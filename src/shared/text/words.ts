/*
 * Word and sentence tokenising shared by the speaking-test and interview scorers.
 *
 * A word is a run of letters or digits, joined across apostrophes ("don't", "o'clock") and hyphens
 * ("well-known" is one word, like a dictionary's compound). A number with a decimal point or a
 * thousands separator ("3.5", "1,000") is one word. Curly apostrophes count as straight ones.
 * Everything else (punctuation, symbols, "%") separates words.
 */

/** One word with its place in the original text, so a screen can highlight it. */
export interface WordToken {
  /** Lower-cased, with ’ written as ' */
  readonly word: string;
  /** Offset of the first character in the original text (UTF-16 code units, as String#slice). */
  readonly index: number;
  /** Length in the original text. */
  readonly length: number;
}

const WORD_PATTERN = /\p{N}+(?:[.,]\p{N}+)+|[\p{L}\p{M}\p{N}]+(?:['’\-‐][\p{L}\p{M}\p{N}]+)*/gu;

/**
 * Speech recognisers rarely punctuate, so callers that know where utterances end (one final
 * recognition result per line, say) join them with this separator; `sentences` splits on it.
 */
export const UTTERANCE_SEPARATOR = '\n';

/** The texts tokenised in the scoring under way (tokenisingOnce) and their tokens; null outside one. */
let scoringTokens: Map<string, readonly WordToken[]> | null = null;

/**
 * Runs `score` (synchronous) with each text tokenised once. Scoring a test tokenises each answer
 * about ten times over (the non-answer checks, the estimate's features, relevance, the metrics, the
 * notes), which was the largest part of its time. The tokens are kept for the call only, so they
 * hold no more than the texts it scores, and a later call tokenises afresh.
 */
export function tokenisingOnce<T>(score: () => T): T {
  if (scoringTokens) return score();
  scoringTokens = new Map();
  try {
    return score();
  } finally {
    scoringTokens = null;
  }
}

export function wordTokens(text: string): readonly WordToken[] {
  const known = scoringTokens?.get(text);
  if (known) return known;
  const tokens: WordToken[] = [];
  for (const match of text.matchAll(WORD_PATTERN)) {
    tokens.push({ word: normaliseWord(match[0]), index: match.index, length: match[0].length });
  }
  scoringTokens?.set(text, tokens);
  return tokens;
}

/** Lower-cased word tokens of the text, in order. */
export function words(text: string): string[] {
  return wordTokens(text).map((token) => token.word);
}

export function wordCount(text: string): number {
  return wordTokens(text).length;
}

/** How many different words (case-insensitive) the text uses. */
export function uniqueWordCount(text: string): number {
  return new Set(words(text)).size;
}

/**
 * The sentences of a text: split after `.`, `!`, `?` or `…` followed by white space, and at line
 * breaks (UTTERANCE_SEPARATOR). Pieces without a word ("...") are dropped, so an empty text has no
 * sentences and an unpunctuated one-line transcript is one sentence.
 *
 * Pass an array to give pre-split utterances or answers: each element is split the same way and
 * is never joined to its neighbours.
 */
export function sentences(input: string | readonly string[]): string[] {
  const pieces = typeof input === 'string' ? [input] : input;
  return pieces
    .flatMap((piece) => piece.split(/\r\n|\r|\n|(?<=[.!?…])\s+/u))
    .map((sentence) => sentence.trim())
    .filter((sentence) => wordTokens(sentence).length > 0);
}

function normaliseWord(raw: string): string {
  const lower = raw.toLowerCase();
  // Most words have neither mark: no replace to run.
  return lower.includes('’') || lower.includes('‐') ? lower.replace(/’/g, "'").replace(/‐/g, '-') : lower;
}

/**
 * The names in a text, as words (lower case): a name is not the speaker's vocabulary. Recognisers
 * capitalise names, so inside a sentence a capital marks one ("we went to Kyoto"); "I" is none. At a
 * sentence's start it does too where the text leaves another sentence's first word in lower case
 * (a recogniser that does not capitalise sentences: "i went there\nKyoto is old"), or where the same
 * word is written as a name elsewhere in the text.
 */
export function nameWords(text: string): Set<string> {
  const tokens = wordTokens(text);
  const startsInLowerCase = tokens.some((token) => isSentenceStart(text, token) && /^\p{Ll}/u.test(text.charAt(token.index)));
  const names = new Set(tokens.filter((token) => isCapitalised(text, token) && (startsInLowerCase || !isSentenceStart(text, token))).map((token) => token.word));
  return names;
}

const isPronounI = (word: string) => /^i(?:'|$)/.test(word);

function isCapitalised(text: string, token: WordToken): boolean {
  return /^\p{Lu}/u.test(text.charAt(token.index)) && !isPronounI(token.word);
}

/** The first word of the text, of a line or after . ! or ? (back over the spaces before it). */
function isSentenceStart(text: string, token: WordToken): boolean {
  let at = token.index - 1;
  while (at >= 0 && /[^\S\n]/.test(text.charAt(at))) at -= 1;
  return at < 0 || /[.!?\n]/.test(text.charAt(at));
}

/**
 * True when only spaces or tabs separate two tokens: no punctuation and no utterance break, so
 * they were said together.
 */
export function spokenTogether(text: string, first: WordToken, second: WordToken): boolean {
  return /^[^\S\r\n]+$/u.test(text.slice(first.index + first.length, second.index));
}

/*
 * Android's recogniser re-sends earlier finals, alone or at the head of a new final (spec section 4,
 * Android behaviour). The recognizer drops them within one start(); the speaking test's flow, which
 * restarts recognition itself, drops those across restarts (features/speaking-test/flow/android.ts).
 */

/** `text` with every run of white space as one space, trimmed. */
export function collapseSpaces(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function normaliseWord(word: string): string {
  return word.toLowerCase().replace(/[^\p{L}\p{N}']/gu, '');
}

/** The words of `text`, lower-cased and without punctuation, for comparing finals. */
export function normalisedWords(text: string): string[] {
  return collapseSpaces(text).split(' ').map(normaliseWord).filter(Boolean);
}

function startsWithWords(words: readonly string[], prefix: readonly string[]): boolean {
  return prefix.length > 0 && prefix.length <= words.length && prefix.every((word, index) => words[index] === word);
}

/**
 * Android's recogniser re-sends earlier finals, alone or at the head of a new final. Returns the part
 * of `text` that is new, or '' when it is all a repeat. `earlier` are word lists that may be repeated
 * as a head (the whole answer so far, this session so far); `last` is the previous final's words.
 */
export function trimRepeatedFinal(text: string, earlier: ReadonlyArray<readonly string[]>, last: readonly string[]): string {
  const words = normalisedWords(text);
  if (words.length === 0) return '';
  if (words.length === last.length && startsWithWords(words, last)) return '';
  const raw = collapseSpaces(text).split(' ').filter((word) => normaliseWord(word) !== '');
  for (const head of earlier) {
    if (startsWithWords(words, head)) return raw.slice(head.length).join(' ');
  }
  return collapseSpaces(text);
}

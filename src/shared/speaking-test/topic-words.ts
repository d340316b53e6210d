import { contentTerms, QUESTION_FRAMING_WORDS } from '../interview/relevance.js';

/**
 * Topic words suggested from a question's own text (Part 2: the card's topic and bullets): its
 * content words, one per Porter stem (as the off-topic check stems them), in order, lower-cased;
 * the words that frame a question ("describe", "explain", "tell") are left out. The teacher edits the
 * list, adding the words an answer would use that the question does not (synonyms, examples).
 */
export function suggestTopicWords(text: string, bullets: readonly string[] = []): string[] {
  const prompt = [text, ...bullets].join('\n');
  return contentTerms(prompt, QUESTION_FRAMING_WORDS)
    .map((term) => term.word.toLowerCase())
    .filter((word) => /\p{L}/u.test(word));
}

import { wordTokens } from '../text/index.js';

/*
 * Stock phrases (decision 0072): what candidates say because they were told interviewers like it,
 * and which any candidate can say to any question: "I am a hardworking team player", "my weakness
 * is that I am a perfectionist", "a challenging role in a reputed company". An interviewer learns
 * nothing from them, and coaches tell candidates to replace them with what they did. Relevance
 * counted their words as the question's key words (the strengths question's topic words listed
 * "hardworking"), so an interview of memorised phrases out-scored one of concrete answers. Their
 * words now earn no relevance, and the answer's line names them.
 *
 * The list: LinkedIn's yearly lists of the most over-used words in its members' profiles (2010:
 * team player, results-oriented, proven track record, dynamic, motivated; 2013: driven, creative,
 * effective, responsible), kept to phrases that are empty whatever the context (single adjectives
 * such as "creative" or "responsible" can be said of something real, so they are not listed); the
 * answers interview coaches single out ("I am a people person", "I am a hard worker", "I am a
 * perfectionist" as a weakness); and the stock lines of Indian-English interview guides a learner
 * at this school meets ("reputed company", "esteemed organisation", "growth of the organisation",
 * "utilise my skills", "work is worship"). A phrase the question itself uses (a profile that names
 * "team player" as a skill) is the question's subject there, not a stock phrase.
 */

/** Each phrase as lower-case words; a hyphenated word ("hard-working") is matched as its parts. */
export const STOCK_PHRASES: readonly string[] = [
  'hardworking', 'hard working', 'hard worker', 'team player', 'quick learner', 'fast learner', 'people person',
  'perfectionist', 'positive attitude', 'give one hundred percent', 'give hundred percent', 'give 100 percent',
  'give 110 percent', 'think outside the box', 'go the extra mile', 'results oriented', 'result oriented',
  'results driven', 'self motivated', 'detail oriented', 'proven track record', 'dynamic person', 'leadership qualities',
  'esteemed organisation', 'esteemed organization', 'esteemed company', 'reputed company', 'reputed organisation',
  'reputed organization', 'growth of the organisation', 'growth of the organization', 'growth of the company',
  'growth of your company', 'utilise my skills', 'utilize my skills', 'challenging role', 'challenging environment',
  'challenging position', 'full dedication', 'prove myself', 'hard work is the key to success',
  'teamwork makes the dream work', 'work is worship',
];

const PHRASE_PARTS: readonly (readonly string[])[] = STOCK_PHRASES.map((phrase) => phrase.split(' '));

/** A stock phrase found in a text: as said, and the offsets of the words it covers. */
export interface StockPhrase {
  said: string;
  start: number;
  end: number;
}

interface Part {
  part: string;
  /** Offsets of the whole word the part belongs to. */
  start: number;
  end: number;
}

function parts(text: string): Part[] {
  return wordTokens(text).flatMap((token) =>
    token.word.split(/[-‐]/u).filter((part) => part !== '').map((part) => ({ part, start: token.index, end: token.index + token.length })),
  );
}

function startsAt(words: readonly Part[], at: number, phrase: readonly string[]): boolean {
  return phrase.every((part, offset) => words[at + offset]?.part === part);
}

/**
 * The stock phrases of `answer`, in order, the longest at each place, except those `question`
 * itself says.
 */
export function findStockPhrases(answer: string, question: string): StockPhrase[] {
  const asked = parts(question);
  const inQuestion = (phrase: readonly string[]) => asked.some((_, at) => startsAt(asked, at, phrase));
  const said = parts(answer);
  const found: StockPhrase[] = [];
  for (let at = 0; at < said.length; ) {
    const phrase = PHRASE_PARTS.filter((candidate) => startsAt(said, at, candidate)).sort((a, b) => b.length - a.length)[0];
    const first = said[at];
    const last = phrase ? said[at + phrase.length - 1] : undefined;
    if (!phrase || !first || !last || inQuestion(phrase)) {
      at += 1;
      continue;
    }
    found.push({ said: answer.slice(first.start, last.end), start: first.start, end: last.end });
    at += phrase.length;
  }
  return found;
}

/** `text` with the words of `phrases` blanked (replaced by spaces), so nothing else moves. */
export function withoutPhrases(text: string, phrases: readonly StockPhrase[]): string {
  let result = text;
  for (const phrase of phrases) result = result.slice(0, phrase.start) + ' '.repeat(phrase.end - phrase.start) + result.slice(phrase.end);
  return result;
}

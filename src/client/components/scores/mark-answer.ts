import { americanSpellings, inflectionBases, isContentWord, isFilledPause, isNumberOrCalendarWord, spokenRank } from '../../../shared/band-estimate/lexicon';
import { findLanguageSlips } from '../../../shared/band-estimate/slips';
import { findFillers, findGrammarSlips, nameWords, spokenTogether, wordTokens, type WordToken } from '../../../shared/text';
import type { MarkTally } from './tally-text';

export type MarkKind = 'filler' | 'slip' | 'rare';

export interface AnswerPiece {
  text: string;
  /** null for plain text. */
  kind: MarkKind | null;
  /** For a slip: what to say instead, when there is one suggestion. */
  correction?: string;
}

/** Content words ranked past this in spoken English are marked as less common (the estimate's own cut). */
const LESS_COMMON_RANK = 2000;

interface Mark {
  index: number;
  length: number;
  kind: MarkKind;
  correction?: string;
}

const DOUBLED_ARTICLES = new Set(['a', 'an', 'the']);

function spanOf(text: string, first: WordToken, last: WordToken): { index: number; length: number } {
  return { index: first.index, length: last.index + last.length - first.index };
}

/** The learner slips (agreement, articles) with their corrections, where the two words are said together. */
function languageSlipMarks(text: string): Mark[] {
  const tokens = wordTokens(text);
  return findLanguageSlips(tokens.map((token) => token.word)).flatMap((slip) => {
    const first = tokens[slip.at] as WordToken;
    const second = tokens[slip.at + 1] as WordToken;
    return spokenTogether(text, first, second) ? [{ ...spanOf(text, first, second), kind: 'slip' as const, correction: slip.correction }] : [];
  });
}

/** The spec's two slips: "she are" (say "she is", and "i are" "I am") and a doubled article (say it once). */
function specSlipMarks(text: string): Mark[] {
  return findGrammarSlips(text).map((slip) => {
    const [first = '', second = ''] = slip.text.toLowerCase().split(/\s+/u);
    const correction = DOUBLED_ARTICLES.has(first) && DOUBLED_ARTICLES.has(second) ? second : first === 'i' ? 'I am' : `${first} is`;
    return { index: slip.index, length: slip.length, kind: 'slip' as const, correction };
  });
}

/**
 * Content words past LESS_COMMON_RANK. A name (`nameWords`: recognisers capitalise names) is not
 * vocabulary, and neither is a word the question gave (`fromQuestion`).
 */
function lessCommonMarks(text: string, question: string): Mark[] {
  const tokens = wordTokens(text);
  const names = nameWords(text);
  const given = questionForms(question);
  return tokens
    .filter((token, i) => !names.has(token.word) && !isBrokenOff(token.word, tokens[i + 1]?.word))
    .filter((token) => isContentWord(token.word) && !isFilledPause(token.word) && !isNumberOrCalendarWord(token.word))
    .filter((token) => token.word.length > 2 && rankOf(token.word) > LESS_COMMON_RANK && !fromQuestion(token.word, given))
    .map((token) => ({ index: token.index, length: token.length, kind: 'rare' as const }));
}

/** A word the next word begins with is a start broken off ("bro bronze"), not a word of the speaker's vocabulary. */
const isBrokenOff = (word: string, next: string | undefined) => next !== undefined && next !== word && next.startsWith(word);

/**
 * The forms a word may be of, by its spelling and its endings only: "stakeholders" and
 * "stakeholder", "globalisation" and "globalization", "negotiated" and "negotiate". Derivations
 * are not followed, so "custom" is not "customer", "reserved" not "reservation", "compete" not
 * "competence" (the Porter stem joins each pair); nor is a word in -er or -est, where "customer"
 * would give "custom".
 */
function formsOf(word: string): string[] {
  const spellings = [word, ...americanSpellings(word)];
  return /(?:s|ed|ing)$/.test(word) ? [...spellings, ...spellings.flatMap(inflectionBases)] : spellings;
}

/** The forms of the question's words and of each part of its hyphenated words. */
function questionForms(question: string): ReadonlySet<string> {
  return new Set(wordTokens(question).flatMap((token) => [token.word, ...token.word.split('-')].flatMap(formsOf)));
}

/**
 * A word the question gave, in any of its forms ("stakeholder" asked, "stakeholders" said; every part
 * of a hyphenated one): the student repeated it, so it is no evidence of their own range. The
 * IELTS speaking descriptors credit a word the candidate chooses, and paraphrase of the question
 * over echoing it (decision 0064).
 */
function fromQuestion(word: string, given: ReadonlySet<string>): boolean {
  if (given.size === 0) return false;
  const isGiven = (form: string) => formsOf(form).some((candidate) => given.has(candidate));
  return isGiven(word) || word.split('-').every((part) => part.length === 0 || isGiven(part));
}

/** A word's rank; a hyphenated word ranks as its least common part ("part-time" as "part" and "time"). */
function rankOf(word: string): number {
  const parts = word.split('-').filter((part) => part.length > 0);
  return Math.max(...parts.map((part) => (isFunctionOrShort(part) ? 0 : formRank(part))));
}

/**
 * The rank of a word or, when more common, of the word it is a form of: "younger" ranks as
 * "young", "universities" as "university" (an inflection of an everyday word is everyday too).
 */
function formRank(word: string): number {
  return Math.min(...[word, ...inflectionBases(word).filter((form) => form.length > 2)].map((form) => spokenRank(form) ?? Infinity));
}

const isFunctionOrShort = (part: string) => part.length <= 2 || !isContentWord(part);

/**
 * The answer cut into plain text and marked fillers, grammar slips (with the correction to say) and
 * less common words, at the positions the scorers find them. A mark overlapping an earlier one is
 * left out (a slip before a less common word inside it); joined, the pieces are the answer again.
 * `question`: what the student was asked (for a cue card, its topic and points), whose words are
 * not marked as less common. `counted` false: an answer the estimate did not count (decision 0018:
 * not in English, the question read back, off the topic…), whose words are no evidence of the
 * student's vocabulary, as they are none of the estimate's: no word of it is marked less common.
 */
export function markAnswer(text: string, question = '', counted = true): AnswerPiece[] {
  const marks: Mark[] = [
    ...findFillers(text).map((match) => ({ index: match.index, length: match.length, kind: 'filler' as const })),
    ...specSlipMarks(text),
    ...languageSlipMarks(text),
    ...(counted ? lessCommonMarks(text, question) : []),
  ].sort((a, b) => a.index - b.index || order(a.kind) - order(b.kind));
  const pieces: AnswerPiece[] = [];
  let at = 0;
  for (const mark of marks) {
    if (mark.index < at) continue;
    if (mark.index > at) pieces.push({ text: text.slice(at, mark.index), kind: null });
    const piece: AnswerPiece = { text: text.slice(mark.index, mark.index + mark.length), kind: mark.kind };
    if (mark.correction !== undefined) piece.correction = asWritten(piece.text, mark.correction);
    pieces.push(piece);
    at = mark.index + mark.length;
  }
  if (at < text.length) pieces.push({ text: text.slice(at), kind: null });
  return pieces;
}

/** The correction in the answer's own case: "She are" -> "She is"; the pronoun "i" as "I". */
function asWritten(original: string, correction: string): string {
  const cased = /^\p{Lu}/u.test(original) ? correction.charAt(0).toUpperCase() + correction.slice(1) : correction;
  return cased.replace(/\bi\b/g, 'I');
}

function order(kind: MarkKind): number {
  return kind === 'slip' ? 0 : kind === 'filler' ? 1 : 2;
}

/** What the student was asked, as `markAnswer` reads it: the question, and a cue card's topic and points. */
export function askedText(question: string, cueCard?: { topic: string; bullets: readonly string[] } | null): string {
  return [question, ...(cueCard ? [cueCard.topic, ...cueCard.bullets] : [])].join('\n');
}

/** How many fillers, grammar slips and less common words an answer marked by `markAnswer` has. */
export function countMarks(pieces: readonly AnswerPiece[]): { fillers: number; slips: number; rare: number } {
  const count = (kind: MarkKind) => pieces.filter((piece) => piece.kind === kind).length;
  return { fillers: count('filler'), slips: count('slip'), rare: count('rare') };
}

/** The fillers and grammar slips over several answers, with how often each occurred. */
export function tallyMarks(texts: readonly string[]): MarkTally {
  const fillers = new Map<string, number>();
  const slips = new Map<string, number>();
  for (const text of texts) {
    for (const match of findFillers(text)) fillers.set(match.filler, (fillers.get(match.filler) ?? 0) + 1);
    for (const piece of markAnswer(text)) {
      if (piece.kind !== 'slip') continue;
      const key = piece.text.toLowerCase().replace(/\s+/gu, ' ');
      slips.set(key, (slips.get(key) ?? 0) + 1);
    }
  }
  const byCount = <K extends string>(map: Map<string, number>, key: K) =>
    [...map.entries()].map(([name, count]) => ({ [key]: name, count }) as Record<K, string> & { count: number }).sort((a, b) => b.count - a.count);
  return { fillers: byCount(fillers, 'filler'), slips: byCount(slips, 'text') };
}

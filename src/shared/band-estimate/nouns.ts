import { americanSpellings, SUBJECT_PRONOUNS } from './lexicon.js';
import { NOUN_FORMS } from './noun-forms.js';
import { BASE_AFTER } from './verb-forms.js';
import { SPOKEN_WORDS_BY_FREQUENCY } from './word-ranks.js';

/*
 * Whether a word is a noun, and in which number, as Brill's lexicon tags it most often (noun-forms.ts,
 * over the 10,000 words of spoken English the estimate ranks words by). The band estimate reads the
 * share of the nouns said that are plural (decision 0054): speakers whose first language marks no
 * plural leave the -s out ("many friend", "two year"), and the raters' stronger learners say more
 * plurals among the same number of nouns.
 */

export type NounNumber = 'singular' | 'plural';

let numbers: Map<string, NounNumber> | undefined;

function numberOf(word: string): NounNumber | undefined {
  if (numbers === undefined) {
    const table = new Map<string, NounNumber>();
    SPOKEN_WORDS_BY_FREQUENCY.split(' ').forEach((listed, i) => {
      if (NOUN_FORMS[i] === 's') table.set(listed, 'singular');
      else if (NOUN_FORMS[i] === 'p') table.set(listed, 'plural');
    });
    numbers = table;
  }
  return numbers.get(word);
}

/**
 * The number of a lower-case word said as a noun, in American or British spelling ("colours");
 * a plural the 10,000 words lack is found by its singular ("hobbies", "temples"). Undefined for a
 * word that is most often no noun, or not among the 10,000.
 */
export function nounNumber(word: string): NounNumber | undefined {
  return listedNumber(word) ?? (word.length > 3 && word.endsWith('s') && singularOf(word) !== undefined ? 'plural' : undefined);
}

function listedNumber(word: string): NounNumber | undefined {
  return numberOf(word) ?? americanSpellings(word).map(numberOf).find((found) => found !== undefined);
}

/** Singulars whose plural is not theirs plus -s: "mans", "wifes", "todays" are possessives written without the apostrophe. */
const NO_PLAIN_PLURAL: ReadonlySet<string> = new Set(['man', 'woman', 'wife', 'life', 'knife', 'child', 'person', 'foot', 'tooth', 'today', 'tomorrow', 'yesterday']);

/**
 * The singular noun a word in -s is the plural of, when the lexicon lists that singular: "hobbies"
 * -> "hobby", "boxes" -> "box". Not "companys" (a consonant and -y take -ies) or "wifes": the
 * possessive without its apostrophe, as the development data write it.
 */
function singularOf(word: string): string | undefined {
  const plain = word.slice(0, -1);
  const candidates = [
    word.endsWith('ies') ? `${word.slice(0, -3)}y` : '',
    word.endsWith('es') ? word.slice(0, -2) : '',
    /[^aeiou]y$/.test(plain) || NO_PLAIN_PLURAL.has(plain) ? '' : plain,
  ];
  return candidates.find((candidate) => candidate.length > 2 && listedNumber(candidate) === 'singular');
}

/**
 * Words after which a word the lexicon calls a noun is said as a verb ("we share", "he lives", "to
 * work", "can study", "didn't work"): subject pronouns, "to", modals and forms of do.
 */
const VERB_COMES_NEXT: ReadonlySet<string> = new Set([...SUBJECT_PRONOUNS, 'who', 'to', 'may', 'shall', ...BASE_AFTER]);

/** Words before "home" that make it an adverb: "go home", "came back home". */
const HOME_AFTER: ReadonlySet<string> = new Set(['go', 'goes', 'going', 'went', 'gone', 'come', 'comes', 'coming', 'came', 'get', 'got', 'back', 'stay', 'stayed', 'arrive', 'arrived', 'drive', 'drove', 'walk', 'walked', 'return', 'returned']);

/**
 * Words the lexicon calls nouns that are said as no noun here (decision 0056): "right" but "the
 * right" or "my right", "home" after a verb of going, "kind of" and "sort of", "of course",
 * "excuse me".
 */
function saidAsNoNoun(answer: readonly string[], i: number): boolean {
  const word = answer[i] as string;
  const before = answer[i - 1] ?? '';
  const next = answer[i + 1] ?? '';
  if (word === 'right') return before !== 'the' && before !== 'my' && before !== 'your';
  if (word === 'home') return HOME_AFTER.has(before);
  if (word === 'kind' || word === 'sort') return next === 'of';
  if (word === 'course') return before === 'of';
  return word === 'excuse' && next === 'me';
}

/** The number of each noun said in one answer's words (lower-case, in order), names left out. */
export function nounsSaid(answer: readonly string[], names: ReadonlySet<string>): NounNumber[] {
  return answer.flatMap((word, i) => {
    if (names.has(word) || VERB_COMES_NEXT.has(answer[i - 1] ?? '') || saidAsNoNoun(answer, i)) return [];
    const number = nounNumber(word);
    return number === undefined ? [] : [number];
  });
}

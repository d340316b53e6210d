/*
 * The Porter stemmer (M. F. Porter, "An algorithm for suffix stripping", Program 14(3), 1980), as
 * in Porter's reference implementation (which also maps -bli to -ble and -logi to -log in step 2).
 * It reduces related forms to one stem: "responsible", "responsibilities" -> "respons";
 * "manage", "managed", "management", "managing" -> "manag". Stems are not words; they are only
 * compared with each other.
 *
 * Terms used below: a consonant is a letter other than a, e, i, o, u, and other than a 'y' that
 * follows a consonant. Any word is [C](VC)^m[V] for runs of consonants C and vowels V; m is the
 * stem's measure.
 */

import { boundedMemo } from '../text/bounded-memo.js';

function isConsonant(word: string, i: number): boolean {
  const letter = word[i];
  if (letter === 'a' || letter === 'e' || letter === 'i' || letter === 'o' || letter === 'u') return false;
  if (letter === 'y') return i === 0 || !isConsonant(word, i - 1);
  return true;
}

/** m in [C](VC)^m[V]: how many vowel-consonant runs the stem has. */
export function measure(stem: string): number {
  let count = 0;
  let previousWasVowel = false;
  for (let i = 0; i < stem.length; i++) {
    const consonant = isConsonant(stem, i);
    if (consonant && previousWasVowel) count++;
    previousWasVowel = !consonant;
  }
  return count;
}

function hasVowel(stem: string): boolean {
  for (let i = 0; i < stem.length; i++) if (!isConsonant(stem, i)) return true;
  return false;
}

function endsWithDoubleConsonant(word: string): boolean {
  const n = word.length;
  return n >= 2 && word[n - 1] === word[n - 2] && isConsonant(word, n - 1);
}

/** *o: ends consonant-vowel-consonant, the last not w, x or y ("hop", not "snow"). */
function endsCvc(word: string): boolean {
  const n = word.length;
  if (n < 3 || !isConsonant(word, n - 3) || isConsonant(word, n - 2) || !isConsonant(word, n - 1)) return false;
  const last = word[n - 1];
  return last !== 'w' && last !== 'x' && last !== 'y';
}

type Rule = readonly [suffix: string, replacement: string];

/**
 * Applies the rule for the longest suffix the word ends with, if the remaining stem passes
 * `condition`; as in the algorithm, a failed condition does not fall back to a shorter suffix.
 */
function applyLongestRule(word: string, rules: readonly Rule[], condition: (stem: string) => boolean): string {
  let chosen: Rule | undefined;
  for (const rule of rules) {
    if (word.endsWith(rule[0]) && (!chosen || rule[0].length > chosen[0].length)) chosen = rule;
  }
  if (!chosen) return word;
  const stem = word.slice(0, word.length - chosen[0].length);
  return condition(stem) ? stem + chosen[1] : word;
}

function step1a(word: string): string {
  if (word.endsWith('sses')) return word.slice(0, -2);
  if (word.endsWith('ies')) return word.slice(0, -2);
  if (word.endsWith('ss')) return word;
  if (word.endsWith('s')) return word.slice(0, -1);
  return word;
}

function step1b(word: string): string {
  if (word.endsWith('eed')) return measure(word.slice(0, -3)) > 0 ? word.slice(0, -1) : word;
  let stem: string;
  if (word.endsWith('ed') && hasVowel(word.slice(0, -2))) stem = word.slice(0, -2);
  else if (word.endsWith('ing') && hasVowel(word.slice(0, -3))) stem = word.slice(0, -3);
  else return word;
  if (stem.endsWith('at') || stem.endsWith('bl') || stem.endsWith('iz')) return `${stem}e`;
  if (endsWithDoubleConsonant(stem) && !/[lsz]$/.test(stem)) return stem.slice(0, -1);
  if (measure(stem) === 1 && endsCvc(stem)) return `${stem}e`;
  return stem;
}

function step1c(word: string): string {
  return word.endsWith('y') && hasVowel(word.slice(0, -1)) ? `${word.slice(0, -1)}i` : word;
}

const STEP2_RULES: readonly Rule[] = [
  ['ational', 'ate'], ['tional', 'tion'], ['enci', 'ence'], ['anci', 'ance'], ['izer', 'ize'], ['bli', 'ble'],
  ['alli', 'al'], ['entli', 'ent'], ['eli', 'e'], ['ousli', 'ous'], ['ization', 'ize'], ['ation', 'ate'],
  ['ator', 'ate'], ['alism', 'al'], ['iveness', 'ive'], ['fulness', 'ful'], ['ousness', 'ous'], ['aliti', 'al'],
  ['iviti', 'ive'], ['biliti', 'ble'], ['logi', 'log'],
];

const STEP3_RULES: readonly Rule[] = [
  ['icate', 'ic'], ['ative', ''], ['alize', 'al'], ['iciti', 'ic'], ['ical', 'ic'], ['ful', ''], ['ness', ''],
];

const STEP4_SUFFIXES = [
  'al', 'ance', 'ence', 'er', 'ic', 'able', 'ible', 'ant', 'ement', 'ment', 'ent', 'ion', 'ou', 'ism', 'ate', 'iti', 'ous', 'ive', 'ize',
] as const;
const STEP4_RULES: readonly Rule[] = STEP4_SUFFIXES.map((suffix) => [suffix, ''] as const);

function step4(word: string): string {
  return applyLongestRule(word, STEP4_RULES, (stem) => {
    if (measure(stem) <= 1) return false;
    // -ion goes only after s or t ("adoption" -> "adopt", but not "onion").
    return !word.endsWith('ion') || /[st]$/.test(stem);
  });
}

function step5(word: string): string {
  let result = word;
  if (result.endsWith('e')) {
    const stem = result.slice(0, -1);
    const m = measure(stem);
    if (m > 1 || (m === 1 && !endsCvc(stem))) result = stem;
  }
  if (result.endsWith('ll') && measure(result) > 1) result = result.slice(0, -1);
  return result;
}

/** Stems already worked out (a test stems each of its words several times over), up to this many words. */
const rememberedStem = boundedMemo(stemOf, 50_000);

/** The Porter stem of a lower-case word of letters a-z; anything else is returned unchanged. */
export function porterStem(word: string): string {
  return word.length <= 2 || !/^[a-z]+$/.test(word) ? word : rememberedStem(word);
}

function stemOf(word: string): string {
  let result = step1c(step1b(step1a(word)));
  result = applyLongestRule(result, STEP2_RULES, (stem) => measure(stem) > 0);
  result = applyLongestRule(result, STEP3_RULES, (stem) => measure(stem) > 0);
  return step5(step4(result));
}

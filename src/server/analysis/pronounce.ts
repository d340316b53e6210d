import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { toolSettings } from '../config.js';

/**
 * How the transcript's words sound (decision 0031): the pronouncing dictionary pocketsphinx-en-us ships
 * (CMU phone set, 134,000 words), and for a word it lacks (a name such as "Priya" or "Jaipur") the
 * phonemes espeak-ng gives for its spelling, mapped to the same phone set; without espeak-ng, a
 * spelling rule counts its syllables. Syllables are the vowel phones.
 */
/** The pocketsphinx model folder: POCKETSPHINX_MODEL_DIR (config.ts), by default Debian's pocketsphinx-en-us. */
export const MODEL_DIR = toolSettings().POCKETSPHINX_MODEL_DIR;

/** The vowels of the CMU phone set: one a syllable (the dictionary has no syllabic consonants). */
const VOWELS = new Set(['AA', 'AE', 'AH', 'AO', 'AW', 'AY', 'EH', 'ER', 'EY', 'IH', 'IY', 'OW', 'OY', 'UH', 'UW']);

let dictionary: Map<string, string[][]> | null | undefined;

/** Each word's pronunciations (phones), in the dictionary's order; null when the file is not there. */
export function dictionaryEntries(): Map<string, string[][]> | null {
  if (dictionary !== undefined) return dictionary;
  const file = path.join(MODEL_DIR, 'cmudict-en-us.dict');
  if (!existsSync(file)) {
    dictionary = null;
    return dictionary;
  }
  dictionary = new Map();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const [entry, ...phones] = line.trim().split(/\s+/);
    if (!entry || phones.length === 0) continue;
    const word = entry.replace(/\(\d+\)$/, '');
    dictionary.set(word, [...(dictionary.get(word) ?? []), phones]);
  }
  return dictionary;
}

export const isVowel = (phone: string) => VOWELS.has(phone);
export const syllablesOfPhones = (phones: readonly string[]) => phones.filter(isVowel).length;

/**
 * espeak-ng's IPA (en-us) to the CMU phones. Stress and length marks are dropped first; a sound
 * espeak writes with two symbols (a diphthong, an affricate, an r-coloured vowel) is matched before
 * its parts.
 */
const IPA_TO_CMU: ReadonlyArray<[string, string[]]> = [
  ['aɪɚ', ['AY', 'ER']], ['aɪə', ['AY', 'AH']], ['aʊɚ', ['AW', 'ER']],
  ['ɑːɹ', ['AA', 'R']], ['ɔːɹ', ['AO', 'R']], ['oːɹ', ['AO', 'R']], ['ɛɹ', ['EH', 'R']], ['ɪɹ', ['IH', 'R']], ['ʊɹ', ['UH', 'R']], ['iə', ['IY', 'AH']],
  ['tʃ', ['CH']], ['dʒ', ['JH']], ['eɪ', ['EY']], ['aɪ', ['AY']], ['aʊ', ['AW']], ['ɔɪ', ['OY']], ['oʊ', ['OW']], ['əʊ', ['OW']],
  ['iː', ['IY']], ['i', ['IY']], ['ɪ', ['IH']], ['ᵻ', ['IH']], ['ɛ', ['EH']], ['e', ['EH']], ['æ', ['AE']], ['a', ['AE']],
  ['ɑː', ['AA']], ['ɑ', ['AA']], ['ɒ', ['AA']], ['ɔː', ['AO']], ['ɔ', ['AO']], ['o', ['OW']], ['ʊ', ['UH']], ['uː', ['UW']], ['u', ['UW']],
  ['ʌ', ['AH']], ['ə', ['AH']], ['ɐ', ['AH']], ['ɚ', ['ER']], ['ɜː', ['ER']], ['ɜ', ['ER']], ['ɝ', ['ER']],
  ['p', ['P']], ['b', ['B']], ['t', ['T']], ['d', ['D']], ['k', ['K']], ['ɡ', ['G']], ['g', ['G']], ['f', ['F']], ['v', ['V']],
  ['θ', ['TH']], ['ð', ['DH']], ['s', ['S']], ['z', ['Z']], ['ʃ', ['SH']], ['ʒ', ['ZH']], ['h', ['HH']], ['m', ['M']], ['n', ['N']],
  ['ŋ', ['NG']], ['l', ['L']], ['ɹ', ['R']], ['r', ['R']], ['j', ['Y']], ['w', ['W']], ['ɾ', ['T']], ['ʔ', ['T']], ['x', ['HH']],
];

/** One word's espeak-ng IPA (phonemes joined by `_`) as CMU phones. */
export function cmuOfIpa(ipa: string): string[] {
  const phones: string[] = [];
  for (const token of ipa.replace(/ˈ|ˌ|\u200d|\u0329|\u032f/g, '').split(/[_\s]+/)) {
    let rest = token;
    while (rest.length > 0) {
      const match = IPA_TO_CMU.find(([symbol]) => rest.startsWith(symbol));
      if (match) {
        phones.push(...match[1]);
        rest = rest.slice(match[0].length);
      } else rest = rest.slice(1);
    }
  }
  return phones;
}

/**
 * Pronunciations (CMU phones) espeak-ng gives for `words`, one run for all of them; words it gives no
 * sound for are left out; an empty map when espeak-ng is not installed.
 */
export function guessPronunciations(words: readonly string[]): Map<string, string[]> {
  const guessed = new Map<string, string[]>();
  const unique = [...new Set(words)];
  if (unique.length === 0) return guessed;
  const run = spawnSync('espeak-ng', ['-q', '--ipa', '--sep=_', '-v', 'en-us'], { input: unique.join('\n'), encoding: 'utf8' });
  if (run.error || run.status !== 0) return guessed;
  const lines = run.stdout.split('\n').map((line) => line.trim()).filter((line) => line.length > 0);
  if (lines.length !== unique.length) return guessed;
  for (const [index, word] of unique.entries()) {
    const phones = cmuOfIpa(lines[index] ?? '');
    if (syllablesOfPhones(phones) > 0) guessed.set(word, phones);
  }
  return guessed;
}

/**
 * Syllables by spelling, for a word neither the dictionary nor espeak-ng can say: groups of vowel
 * letters, less a silent final "e" (not "-le": "table"), at least one.
 */
export function syllablesBySpelling(word: string): number {
  const letters = word.toLowerCase().replace(/[^a-z]/g, '');
  if (letters.length === 0) return 0;
  let count = (letters.match(/[aeiouy]+/g) ?? []).length;
  if (/[^aeiouy]e$/.test(letters) && !/[^aeiouy]le$/.test(letters) && count > 1) count -= 1;
  return Math.max(1, count);
}

/** A word's syllables: from the dictionary's first pronunciation, else espeak-ng's, else its spelling. */
export function wordSyllables(word: string, guessed: ReadonlyMap<string, string[]> = new Map()): number {
  const phones = dictionaryEntries()?.get(word)?.[0] ?? guessed.get(word);
  return phones ? syllablesOfPhones(phones) : syllablesBySpelling(word);
}

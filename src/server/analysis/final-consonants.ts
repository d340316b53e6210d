import { isVowel } from './pronounce.js';

/**
 * How long a word's final voiceless consonants last before a pause, by Klatt's duration rules
 * (Klatt 1979, "Synthesis by rule of segmental durations in English sentences", in Frontiers of
 * Speech Communication Research; the same rules in Allen, Hunnicutt & Klatt 1987, "From text to
 * speech: the MITalk system", chapter 9). A segment lasts its minimum duration plus its inherent
 * duration's excess over that minimum times PRCNT/100, PRCNT being the product of the rules that
 * apply. For a word's last consonants before a pause: rule 2, clause-final lengthening, which
 * lengthens the consonants of the rhyme too (140); rule 6, consonants not word-initial (85); rule
 * 10, a consonant next to another consonant (70). Nothing here is fitted to the project's corpora
 * (decision 0031, item 10).
 */

/** Inherent and minimum durations (ms) of the voiceless consonants (MITalk's table, as Festival ships it in klatt_durs.scm). */
const VOICELESS_MS: Readonly<Record<string, { inherent: number; minimum: number }>> = {
  P: { inherent: 90, minimum: 50 },
  T: { inherent: 75, minimum: 50 },
  K: { inherent: 80, minimum: 60 },
  CH: { inherent: 70, minimum: 50 },
  F: { inherent: 100, minimum: 80 },
  TH: { inherent: 90, minimum: 60 },
  S: { inherent: 105, minimum: 60 },
  SH: { inherent: 105, minimum: 80 },
  HH: { inherent: 80, minimum: 20 },
};

/** Rule 2 (clause-final lengthening, consonants of the rhyme included), rule 6 (not word-initial), rule 10 (in a cluster), as fractions. */
const CLAUSE_FINAL = 1.4;
const NOT_WORD_INITIAL = 0.85;
const IN_CLUSTER = 0.7;

/**
 * The duration (ms) of the voiceless consonants that end `phones` (CMU phones), said before a pause;
 * 0 when the word ends in a vowel or a voiced sound. "right" (R AY T): 80 ms; "left" (L EH F T): 168.
 */
export function finalVoicelessMs(phones: readonly string[]): number {
  let total = 0;
  for (let i = phones.length - 1; i > 0; i -= 1) {
    const durations = VOICELESS_MS[phones[i] ?? ''];
    if (!durations) break;
    const inCluster = i < phones.length - 1 || !isVowel(phones[i - 1] ?? '');
    const percent = CLAUSE_FINAL * NOT_WORD_INITIAL * (inCluster ? IN_CLUSTER : 1);
    total += durations.minimum + (durations.inherent - durations.minimum) * percent;
  }
  return total;
}

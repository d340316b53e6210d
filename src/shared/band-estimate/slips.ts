import { articleCorrection, missingArticleCorrection, sinceCorrection } from './phrase-slips.js';
import { agreementSlipCorrection } from './subject-verb.js';
import { verbFormCorrection } from './verb-forms.js';

/*
 * Learner grammar slips the section 9 patterns miss, each with the correction to suggest:
 * - agreement (subject-verb.ts): a pronoun and the verb after it disagree ("he go" -> "he goes", "she explain" ->
 *   "she explains", "they was" -> "they were", "i is" -> "i am", "he don't" -> "he doesn't",
 *   "everyone wear" -> "everyone wears" where "everyone" starts a clause); not after "to", "let",
 *   "make", "help", "did", "does", "will" and the like (where the bare verb is right: "let him go"),
 *   nor after "and"/"or" that make a coordinated subject ("you and she don't", "my sister and they
 *   visit"), only after one that joins clauses ("i don't know her name and she don't either").
 *   Also a singular noun subject and a plural verb: "my manager have" -> "my manager has", "the
 *   woman are", "this car dont", and with any verb after a noun for a person ("my mother make");
 *   and "everyone in my ward wear", "my friend in osaka have" (the pair marked is the phrase's last
 *   word and the verb: "ward wears"). Not after a preposition ("the people in my ward wear"), "and" in
 *   a coordinated subject ("my wife and my daughter have") or a verb ("let my son play"), nor after a
 *   group ("my family are").
 * - verb form (verb-forms.ts): a past form where the base form belongs ("didn't went", "can ate",
 *   "to bought"), a third-person form after a modal ("will enjoys"), "more" before a comparative
 *   ("more cheaper"), a form of be before a verb of state ("i'm agree"), a pronoun with an -ing verb
 *   and no be ("i going").
 * - article: "a" before a vowel letter ("a apple" -> "an apple"), "an" before a consonant letter
 *   ("an book" -> "a book"); not before words whose sound differs from their spelling ("a
 *   university", "an hour", "a one-day trip").
 * - missing article: a place learners name with none after a preposition ("i work in bank" -> "in a
 *   bank", "go to supermarket" -> "to the supermarket"); not where right English has none ("at
 *   school", "in hospital", the list in slip-words.ts) or the place names a kind ("in bank holidays").
 * - preposition: "since" before an amount of time ("since three years" -> "for three"); not "since
 *   2019", "since three years ago", "since i was three years old".
 * Counted by the band estimate (agreement: decision 0030; all but "a"/"an" article slips: decision 0053) and
 * marked in the answers with the correction.
 */

export type SlipKind = 'agreement' | 'verb-form' | 'article' | 'missing-article' | 'preposition';

export interface LanguageSlip {
  kind: SlipKind;
  /** Index of the slip's first word in the words given; the slip is two words long. */
  at: number;
  /** The two words as they should be. */
  correction: string;
}
/** The slips among these words (lower-cased, in order, said together). */
export function findLanguageSlips(words: readonly string[]): LanguageSlip[] {
  const slips: LanguageSlip[] = [];
  for (let i = 0; i + 1 < words.length; i++) {
    const agreement = agreementSlipCorrection(words, i);
    if (agreement !== null) {
      slips.push({ kind: 'agreement', at: i, correction: agreement });
      continue;
    }
    const verbForm = verbFormCorrection(words, i);
    if (verbForm !== null) {
      slips.push({ kind: 'verb-form', at: i, correction: verbForm });
      continue;
    }
    const article = articleCorrection(words[i] as string, words[i + 1] as string);
    if (article !== null) slips.push({ kind: 'article', at: i, correction: article });
    const missingArticle = missingArticleCorrection(words, i);
    if (missingArticle !== null) slips.push({ kind: 'missing-article', at: i, correction: missingArticle });
    const since = sinceCorrection(words, i);
    if (since !== null) slips.push({ kind: 'preposition', at: i, correction: since });
  }
  return slips;
}

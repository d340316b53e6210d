import { findLanguageSlips } from './slips.js';
import { ARTICLES, BE_FORMS, FUNCTION_WORDS, HAVE_FORMS, IRREGULAR_PAST, MODALS, NUMBER_WORD, PHRASAL_PARTICLES, isContentWord, isPastForm } from './lexicon.js';

/*
 * The grammar a rater hears in one answer's words, counted without parts of speech: noun phrases
 * opened by an article, phrasal verbs, perfect and passive verb phrases, the verb forms used,
 * immediate repeats, and the slips slips.ts finds. languageFeatures (features.ts) turns the counts
 * into rates.
 */

/** Grammar words an article goes before ("a very old house", "the one", "the more"); numbers too ("the 1990s"). */
const AFTER_AN_ARTICLE: ReadonlySet<string> = new Set(['very', 'one', 'more', 'much', 'many', 'same', 'other', 'few', 'little']);

/**
 * Articles in one answer's words that open a noun phrase: followed by a content word, a number or
 * a word of AFTER_AN_ARTICLE. An article before a pronoun, a verb form or the answer's end ("the i
 * went", "a is") opens nothing, so padding sentences with "the" earns nothing (decision 0046).
 */
export function articleCount(answer: readonly string[]): number {
  let count = 0;
  for (const [i, word] of answer.entries()) {
    const next = answer[i + 1];
    if (ARTICLES.has(word) && next !== undefined && (isContentWord(next) || /^\p{N}/u.test(next) || AFTER_AN_ARTICLE.has(next))) count += 1;
  }
  return count;
}

/** Words after which a particle is a preposition or an adverb of place, not a verb's: "far away", "ten minutes away" (and any NUMBER_WORD: "fifty percent off"). */
const NOT_BEFORE_A_PARTICLE: ReadonlySet<string> = new Set(['far', 'minutes', 'hours', 'miles', 'kilometres', 'kilometers', 'meters', 'metres', 'days', 'weeks', 'years', 'blocks']);
/** A verb's object said between it and its particle: "gave it up", "pick me up". */
const OBJECT_BETWEEN: ReadonlySet<string> = new Set(['it', 'them', 'him', 'her', 'me', 'us']);

/**
 * Phrasal verbs in one answer's words: a particle after a content word ("grew up", "find out",
 * "looked around"), or after an object pronoun after one ("gave it up", "pick me up"; not "makes
 * me out of"). Without parts of speech some are prepositions after a noun ("the way back"), a rough
 * count that ranked the learners as decision 0044 measured.
 */
export function phrasalVerbCount(answer: readonly string[]): number {
  let count = 0;
  const takesParticle = (word: string) => isContentWord(word) && !NOT_BEFORE_A_PARTICLE.has(word) && !NUMBER_WORD.test(word);
  for (let i = 1; i < answer.length; i++) {
    const word = answer[i] as string;
    if (!PHRASAL_PARTICLES.has(word)) continue;
    const before = answer[i - 1] as string;
    const split = OBJECT_BETWEEN.has(before) && i >= 2 && takesParticle(answer[i - 2] as string) && answer[i + 1] !== 'of';
    if (takesParticle(before) || split) count += 1;
  }
  return count;
}

/** An answer's words without the repeats repairCount counts: "i i went" and "my friend my friend is" read "i went", "my friend is". */
export function withoutRepeats(answer: readonly string[]): string[] {
  return keptWithoutRepeats(answer).map((k) => answer[k] as string);
}

/** The positions withoutRepeats keeps. */
export function keptWithoutRepeats(answer: readonly string[]): number[] {
  const kept: number[] = [];
  const at = (n: number) => answer[kept[n] ?? -1];
  answer.forEach((word, i) => {
    const n = kept.length;
    if (word === at(n - 1)) return;
    // The second word of a two-word repeat: the first of it, kept, is taken back out.
    if (n >= 3 && word === at(n - 2) && at(n - 1) === at(n - 3)) {
      kept.pop();
      return;
    }
    kept.push(i);
  });
  return kept;
}

/** Repeats of the word or the two words just said: "i i", "my friend my friend". */
export function repairCount(line: readonly string[]): number {
  let count = 0;
  for (let i = 1; i < line.length; i++) {
    if (line[i] === line[i - 1]) count += 1;
    else if (i >= 3 && line[i] === line[i - 2] && line[i - 1] === line[i - 3]) count += 1;
  }
  return count;
}

/** The irregular past forms (of IRREGULAR_PAST) that are not past participles: "was went" is no passive. */
const PAST_ONLY: ReadonlySet<string> = new Set([
  'was', 'were', 'did', 'went', 'saw', 'came', 'took', 'knew', 'gave', 'began', 'became', 'ate', 'drank', 'ran', 'wrote', 'spoke',
  'drove', 'rode', 'flew', 'grew', 'chose', 'forgot', 'fell', 'broke', 'wore', 'swam', 'sang',
]);
/** Words that may stand between an auxiliary and its participle ("have never seen", "was also born"). */
const BETWEEN_AUXILIARY_AND_VERB: ReadonlySet<string> = new Set(['not', 'never', 'ever', 'just', 'already', 'also', 'always', 'been', 'really', 'recently']);

/** Forms of get, which make a passive too: "got married", "get used to", "got lost". */
const GET_FORMS: ReadonlySet<string> = new Set(['get', 'gets', 'got', 'getting', 'gotten']);

/**
 * Perfect and passive verb phrases in one answer: a form of have, be or get, then (past a negation
 * or an adverb such as "never" or "already") a past participle. The adjectives of feeling in -ed
 * are no participles here ("i'm interested": isPastForm); others after be count, as without parts
 * of speech they cannot be told apart. "get got" is a restart, not a passive.
 */
export function perfectPassiveCount(answer: readonly string[]): number {
  let count = 0;
  for (let i = 0; i < answer.length; i++) {
    const word = answer[i] as string;
    if (!HAVE_FORMS.has(word) && !BE_FORMS.has(word) && !(GET_FORMS.has(word) && !GET_FORMS.has(answer[i + 1] ?? ''))) continue;
    let j = i + 1;
    while (j < answer.length && j <= i + 2 && BETWEEN_AUXILIARY_AND_VERB.has(answer[j] as string) && !(answer[j] === 'been' && HAVE_FORMS.has(word))) j += 1;
    const next = answer[j] ?? '';
    if ((isPastForm(next) && !PAST_ONLY.has(next)) || next === 'born') {
      count += 1;
      i = j;
    }
  }
  return count;
}

/** Which of seven verb forms the speaker used at least once, as a share of the seven. */
export function verbFormRange(lines: readonly (readonly string[])[]): number {
  const found = new Set<string>();
  for (const line of lines) {
    for (let i = 0; i < line.length; i++) {
      const word = line[i] as string;
      const next = line[i + 1] ?? '';
      if (isPastForm(word) && !HAVE_FORMS.has(line[i - 1] ?? '')) found.add('past');
      if (HAVE_FORMS.has(word) && (next.endsWith('ed') || IRREGULAR_PAST.has(next))) found.add('perfect');
      if (BE_FORMS.has(word) && next.length > 4 && next.endsWith('ing')) found.add('progressive');
      if (BE_FORMS.has(word) && next.length > 4 && next.endsWith('ed')) found.add('passive');
      if (MODALS.has(word)) found.add('modal');
      if (word === 'to' && next !== '' && !FUNCTION_WORDS.has(next) && !next.endsWith('ing') && !next.endsWith('s')) found.add('infinitive');
      if (word === 'will' || word === "i'll" || word === 'ill' || (word === 'going' && next === 'to')) found.add('future');
    }
  }
  return found.size / 7;
}

/** Agreement, verb-form, missing-article and "since" slips in a line ("he go", "they was", "didn't went", "in bank", "since three years"): slips.ts. "a"/"an" slips are marked, not counted (decision 0053). */
export function grammarSlips(line: readonly string[]): number {
  return findLanguageSlips(line).filter((slip) => slip.kind !== 'article').length;
}

import { BASE_VERBS } from './base-verbs.js';
import { ADJECTIVES_IN_ED, inflectionBases, SUBJECT_PRONOUNS } from './lexicon.js';
import { clauseTime, conditionalNear, ingForm, pastForm, toTakesIng, wentIsBeen } from './tense.js';

/*
 * Verb-form slips that learners make and a transcript shows without parsing, each a pair of words
 * and what to say instead (slips.ts reads them with the agreement and article slips):
 * - a past form where the base form belongs, after do, a modal or "to": "didn't went" -> "didn't
 *   go", "can ate" -> "can eat", "to bought" -> "to buy"; a regular past in -ed after do or a
 *   modal only ("didn't checked" -> "didn't check"): after "to" it is as often an adjective
 *   ("listened to recorded music");
 * - a third-person form after a modal: "will enjoys" -> "will enjoy";
 * - a past where the participle belongs, after have: "should have went" -> "should have gone";
 * - "more" before a comparative: "more cheaper" -> "cheaper";
 * - a form of be before a verb of state: "i'm agree" -> "i agree", "is belong" -> "belongs";
 * - a subject pronoun before an -ing verb with no be: "i going" -> "i'm going".
 * Each was read by hand on the development learners' transcripts (decision 0053): right English
 * that shares the shape is left out (a self-correction "go to went to", "is she saying", "saw he
 * was leaving" has no -ing after the pronoun, "more later").
 */

/**
 * Verbs whose bare form after he, she or it is a slip ("he go", "she explain"): common ones, and
 * those learners use in the base form (base-verbs.ts, from the development data's tags); other words
 * after a pronoun are too often not verbs ("he home", "she kind of").
 */
export const BARE_VERBS: ReadonlySet<string> = new Set(['go', 'have', 'do', 'like', 'want', 'live', 'work', 'play', 'say', 'think', 'make', 'get', 'come', 'know', 'need', 'take', 'look', ...BASE_VERBS.split(' ')]);

/** The verb's form after he, she or it: "goes", "has", "tries", "explains". */
export function thirdPersonForm(verb: string): string {
  if (verb === 'have') return 'has';
  if (verb === 'do' || verb === 'go') return `${verb}es`;
  if (/(?:s|sh|ch|x|z|o)$/.test(verb)) return `${verb}es`;
  if (/[^aeiou]y$/.test(verb)) return `${verb.slice(0, -1)}ies`;
  return `${verb}s`;
}

/** Irregular past forms that are never the base form or the participle, with their base form. */
const PAST_TO_BASE: ReadonlyMap<string, string> = new Map([
  ['went', 'go'], ['saw', 'see'], ['came', 'come'], ['took', 'take'], ['knew', 'know'], ['gave', 'give'], ['began', 'begin'],
  ['became', 'become'], ['ate', 'eat'], ['drank', 'drink'], ['ran', 'run'], ['wrote', 'write'], ['spoke', 'speak'], ['drove', 'drive'],
  ['rode', 'ride'], ['flew', 'fly'], ['grew', 'grow'], ['chose', 'choose'], ['forgot', 'forget'], ['fell', 'fall'], ['broke', 'break'],
  ['wore', 'wear'], ['swam', 'swim'], ['sang', 'sing'], ['bought', 'buy'], ['thought', 'think'], ['brought', 'bring'],
  ['taught', 'teach'], ['caught', 'catch'],
]);
/** Irregular pasts whose participle differs, with the participle: "have went" -> "have gone". */
const PAST_TO_PARTICIPLE: ReadonlyMap<string, string> = new Map([
  ['went', 'gone'], ['saw', 'seen'], ['came', 'come'], ['took', 'taken'], ['knew', 'known'], ['gave', 'given'], ['began', 'begun'],
  ['became', 'become'], ['ate', 'eaten'], ['drank', 'drunk'], ['ran', 'run'], ['wrote', 'written'], ['spoke', 'spoken'], ['drove', 'driven'],
  ['rode', 'ridden'], ['flew', 'flown'], ['grew', 'grown'], ['chose', 'chosen'], ['forgot', 'forgotten'], ['fell', 'fallen'], ['broke', 'broken'],
  ['wore', 'worn'], ['swam', 'swum'], ['sang', 'sung'], ['stole', 'stolen'], ['hid', 'hidden'], ['froze', 'frozen'], ['threw', 'thrown'],
]);
/** "'d" (and "d" as recognisers write it) is had or would. */
const WOULD_OR_HAD = /^(?:i|we|you|they|he|she)'?d$/;
/** Forms of have before a participle ("'d" is had or would: "i'd went" is a slip either way). */
const HAVE_BEFORE_PARTICIPLE: ReadonlySet<string> = new Set([
  'have', 'has', 'had', 'having', "i've", 'ive', "we've", 'weve', "you've", 'youve', "they've", 'theyve',
  "i'd", "we'd", "you'd", "they'd", "he'd", "she'd", "haven't", 'havent', "hasn't", 'hasnt', "hadn't", 'hadnt',
]);

/**
 * Words in -ed that after do or a modal are an adjective or a fixed phrase, not a past: "don't
 * bored" is a slip of another kind (the correction is "i'm not bored"), "do supposed to" a repair.
 */
const ED_NOT_PAST: ReadonlySet<string> = new Set([
  ...ADJECTIVES_IN_ED, 'married', 'supposed',
  // Adjectives before a noun, after a modal that opens a question: "should developed countries help", "will improved technology".
  'developed', 'improved', 'advanced', 'skilled', 'educated', 'qualified', 'experienced', 'limited', 'trained', 'processed',
  'organized', 'organised', 'connected', 'used',
]);

/** The base form of a regular past in -ed, when it is one of BARE_VERBS: "checked" -> "check", "decided" -> "decide", "tried" -> "try", "stopped" -> "stop". */
function baseOfRegularPast(word: string): string | undefined {
  if (word.length <= 4 || !word.endsWith('ed') || ED_NOT_PAST.has(word)) return undefined;
  return inflectionBases(word).find((candidate) => BARE_VERBS.has(candidate));
}

/** Words after which the base form belongs: do in every form, and the modals ("may" is left out: also the month). */
export const BASE_AFTER: ReadonlySet<string> = new Set([
  'do', 'does', 'did', "don't", 'dont', "doesn't", 'doesnt', "didn't", 'didnt',
  'can', 'cannot', 'could', 'will', 'would', 'should', 'must', 'might', "can't", 'cant', "couldn't", 'couldnt', "won't", 'wont', "wouldn't", 'wouldnt', "shouldn't", 'shouldnt',
]);
const MODALS_BEFORE_BASE: ReadonlySet<string> = new Set([...BASE_AFTER].filter((word) => !/^d(?:o|id)/.test(word)));
/** "go to went to" and "came to saw" are a learner correcting the verb, not an infinitive. */
const MOTION_BEFORE_TO: ReadonlySet<string> = new Set(['go', 'goes', 'going', 'gone', 'went', 'come', 'comes', 'came']);

/** Comparatives in -er of common adjectives ("later" and "earlier" left out: "tell you more later"). */
const COMPARATIVES: ReadonlySet<string> = new Set([
  'better', 'worse', 'easier', 'bigger', 'smaller', 'older', 'younger', 'happier', 'larger', 'cheaper', 'faster', 'longer', 'shorter',
  'higher', 'lower', 'busier', 'harder', 'nicer', 'richer', 'poorer', 'stronger', 'warmer', 'colder', 'hotter', 'safer', 'healthier',
  'simpler', 'cleaner', 'newer', 'greater',
]);

/**
 * Comparatives that "more" before them may count the noun after: "more older people" (more people
 * who are older), "more higher education". A slip only at the end or before "than" ("more older than me").
 */
const COMPARATIVES_OF_A_NOUN: ReadonlySet<string> = new Set(['older', 'younger', 'higher']);

/** Verbs of state that take no be before them ("i'm agree"); "need" and "like" left out ("there is need", "it's like"). */
const STATE_VERBS: ReadonlySet<string> = new Set(['agree', 'belong', 'want', 'know']);
/** A form of be and how the verb of state reads without it: the subject it carries, and the third person or not. */
const BE_BEFORE_STATE: ReadonlyMap<string, { subject: string; third: boolean }> = new Map([
  ['am', { subject: '', third: false }], ['are', { subject: '', third: false }], ['is', { subject: '', third: true }],
  ["i'm", { subject: 'i ', third: false }], ['im', { subject: 'i ', third: false }],
  ["he's", { subject: 'he ', third: true }], ["she's", { subject: 'she ', third: true }], ["it's", { subject: 'it ', third: true }],
  ["we're", { subject: 'we ', third: false }], ["they're", { subject: 'they ', third: false }], ["you're", { subject: 'you ', third: false }],
]);


/** Subject pronouns and their contraction with be, before an -ing verb. */
const BE_OF_SUBJECT: ReadonlyMap<string, string> = new Map([['i', "i'm"], ['he', "he's"], ['she', "she's"], ['we', "we're"], ['they', "they're"]]);
/**
 * Words before a pronoun that make its -ing verb right or make it no subject: a form of be ("is she
 * saying"), "and" (a coordinated verb follows), and verbs taking an object and an -ing form ("saw he
 * driving" is rare but "keep them going" shows the shape).
 */
const NOT_BEFORE_SUBJECT_ING: ReadonlySet<string> = new Set([
  'am', 'is', 'are', 'was', 'were', 'and', 'or', 'see', 'saw', 'seen', 'watch', 'watched', 'hear', 'heard', 'feel', 'felt', 'imagine',
  'remember', 'mind', 'like', 'love', 'hate', 'enjoy', 'keep', 'kept', 'stop', 'start', 'finish', 'let', 'find', 'found', 'notice', 'noticed',
  // Questions with be contracted or negative: "what's he doing", "isn't she coming", "aren't we going".
  "what's", 'whats', "where's", 'wheres', "who's", 'whos', "how's", 'hows', "why's", "when's", "what're", "where're", "who're", "how're", "why're",
  "isn't", 'isnt', "wasn't", 'wasnt', "aren't", 'arent', "weren't", 'werent', "ain't", 'aint',
]);

/** The base form of an -ing word, when it is one of BARE_VERBS: "going" -> "go", "taking" -> "take", "sitting" -> "sit". */
function baseOfIng(word: string): string | undefined {
  if (word.length <= 4 || !word.endsWith('ing')) return undefined;
  const stem = word.slice(0, -3);
  return [stem, `${stem}e`, stem.replace(/(.)\1$/, '$1')].find((candidate) => BARE_VERBS.has(candidate));
}

/** The base form of a third-person form, when it is one of BARE_VERBS and not a base form itself: "enjoys" -> "enjoy". */
function baseOfThird(word: string): string | undefined {
  if (BARE_VERBS.has(word) || !word.endsWith('s')) return undefined;
  return inflectionBases(word).find((candidate) => BARE_VERBS.has(candidate) && thirdPersonForm(candidate) === word);
}

/** The correction when `words[i]` and the word after it are a verb-form slip; null when they are not. */
export function verbFormCorrection(words: readonly string[], i: number): string | null {
  const first = words[i] as string;
  const second = words[i + 1];
  if (second === undefined) return null;
  const before = words[i - 1] ?? '';
  // "What I did helped a lot", "all we did was": did (or do) is the verb of a clause, not an auxiliary.
  const doAsMainVerb = (first === 'did' || first === 'do') && SUBJECT_PRONOUNS.has(before);
  const past = PAST_TO_BASE.get(second);
  const participle = HAVE_BEFORE_PARTICIPLE.has(first) ? PAST_TO_PARTICIPLE.get(second) : undefined;
  if (participle !== undefined) {
    // "i have went to america twice" is "have been" (tense.ts); "if i had time i'd went" is "i'd go": "'d" is would there.
    if (second === 'went' && wentIsBeen(words, i)) return `${first} been`;
    if (WOULD_OR_HAD.test(first) && past !== undefined && conditionalNear(words, i)) return `${first} ${past}`;
    return `${first} ${participle}`;
  }
  if (past !== undefined && !doAsMainVerb && (BASE_AFTER.has(first) || (first === 'to' && !MOTION_BEFORE_TO.has(before)))) {
    // "looking forward to saw you" is "to seeing", "i'm used to ate" "to eating": "to" is a preposition there.
    return first === 'to' && toTakesIng(words, i) ? `to ${ingForm(past)}` : `${first} ${past}`;
  }
  const regularPast = BASE_AFTER.has(first) && !doAsMainVerb ? baseOfRegularPast(second) : undefined;
  if (regularPast !== undefined) return `${first} ${regularPast}`;
  const third = MODALS_BEFORE_BASE.has(first) ? baseOfThird(second) : undefined;
  if (third !== undefined) return `${first} ${third}`;
  const after = words[i + 2];
  if (first === 'more' && COMPARATIVES.has(second) && !(COMPARATIVES_OF_A_NOUN.has(second) && after !== undefined && after !== 'than')) return second;
  const be = BE_BEFORE_STATE.get(first);
  // "All you need to do is agree": the verb after "do is" is bare by rule.
  if (be !== undefined && STATE_VERBS.has(second) && before !== 'do') return `${be.subject}${be.third ? thirdPersonForm(second) : second}`;
  const subjectBe = BE_OF_SUBJECT.get(first);
  const ing = subjectBe === undefined || NOT_BEFORE_SUBJECT_ING.has(before) ? undefined : baseOfIng(second);
  if (subjectBe !== undefined && ing !== undefined) {
    // "yesterday i going" is "i went", "every day he going" "he goes"; "i going to visit her next week" is "i'm going".
    const time = clauseTime(words, i);
    if (time === 'past') return `${first} ${pastForm(ing)}`;
    if (time === 'habit') return `${first} ${first === 'he' || first === 'she' ? thirdPersonForm(ing) : ing}`;
    return `${subjectBe} ${second}`;
  }
  return null;
}

/** The simple past that present forms of an agreement correction stand for: "he is" -> "he was", "she doesn't" -> "she didn't". */
const PAST_OF_PRESENT: ReadonlyMap<string, string> = new Map([
  ['is', 'was'], ['am', 'was'], ['are', 'were'], ['has', 'had'], ['have', 'had'], ['does', 'did'], ['do', 'did'],
  ["doesn't", "didn't"], ["don't", "didn't"], ['doesnt', 'didnt'], ['dont', 'didnt'],
]);

/**
 * An agreement correction ("he goes", "she is", "manager has", made at `words[i]` for the verb `verb`
 * said) in the time its clause talks about: in the past ("yesterday he go", "last year my mother
 * work there") the past form, which is what an examiner suggests ("he went", "mother worked"), not
 * the present the agreement alone would give (tense.ts).
 */
export function agreementInItsTime(words: readonly string[], i: number, correction: string, verb: string): string {
  if (clauseTime(words, i) !== 'past') return correction;
  const space = correction.lastIndexOf(' ');
  const corrected = correction.slice(space + 1);
  const past = BARE_VERBS.has(verb) && corrected === thirdPersonForm(verb) ? pastForm(verb) : PAST_OF_PRESENT.get(corrected);
  return past === undefined ? correction : `${correction.slice(0, space + 1)}${past}`;
}

/** Whether a word is a verb form the lists know: a base form of BARE_VERBS, a third-person form, or a past. */
export function isKnownVerbForm(word: string): boolean {
  return BARE_VERBS.has(word) || PAST_TO_BASE.has(word) || baseOfThird(word) !== undefined || baseOfRegularPast(word) !== undefined;
}

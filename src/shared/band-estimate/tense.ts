/*
 * The time a slip's clause talks about, read from the words around it, so that the correction
 * suggested is the one an examiner would give (decision 0053's addendum): "yesterday he go" is "he
 * went", not "he goes"; "every day i going to school" is "i go", not "i'm going"; "if i had time
 * i'd went" is "i'd go" ("'d" is would there, not had); "i have went to america twice" is "i have
 * been" (the speaker came back); "looking forward to saw you" is "to seeing". Only the correction
 * changes: what is a slip, and so the count the band estimate reads, is slips.ts's and
 * verb-forms.ts's as before.
 */

import { BASE_VERBS } from './base-verbs.js';
import { BE_FORMS, HAVE_FORMS, isPastForm } from './lexicon.js';

/** Verbs "going to" puts in the future ("going to visit"), as against a place ("going to school"). */
const VERBS: ReadonlySet<string> = new Set([...BASE_VERBS.split(' '), ...['go', 'have', 'do', 'see', 'be', 'get', 'make', 'take', 'come', 'buy', 'eat', 'meet', 'visit', 'play', 'study', 'work', 'stay', 'watch', 'live']]);

/** Words that put a clause in the past by themselves ("yesterday", "two years ago"). */
const PAST_WORDS: ReadonlySet<string> = new Set(['yesterday', 'ago']);
/** Words after "last" that make it a past time ("last week", "last summer"), not "the last one". */
const LAST_WHAT: ReadonlySet<string> = new Set(['week', 'weekend', 'month', 'year', 'night', 'time', 'summer', 'winter', 'spring', 'autumn', 'holiday', 'holidays', 'sunday', 'saturday', 'friday', 'monday', 'tuesday', 'wednesday', 'thursday']);
/** Words of a habit: the present simple ("he usually goes", "every day i go"). */
const HABIT_WORDS: ReadonlySet<string> = new Set(['usually', 'always', 'often', 'sometimes', 'never', 'every', 'everyday', 'normally', 'generally', 'each', 'weekends']);
/** Words of the future or of now, which make the progressive right ("next week i going" is "i'm going"). */
const NOW_OR_LATER: ReadonlySet<string> = new Set(['now', 'tomorrow', 'next', 'soon', 'tonight', 'later', 'currently', 'today']);
/** Subjects of "when … was" that set a past scene: "when i was a child he play" is "he played". */
const WAS_SUBJECTS: ReadonlySet<string> = new Set(['i', 'he', 'she', 'it', 'we', 'they', 'you']);

/**
 * A verb in the past said at `words[k]`, before the slip: the time of a story told in the past ("she
 * went to the supermarket and she buy some food" is "she bought", "i called him and he don't answer"
 * "he didn't"). A past form, not a participle after have or be ("has finished", "was invited"). Only
 * before the slip: a past said after it may open the next sentence ("i is tired. i ate", and the
 * words hold no stops).
 */
function pastVerb(words: readonly string[], k: number): boolean {
  const word = words[k] as string;
  // Not "was" or "were": learners' agreement slips are often in them ("it were broken", "they was late"),
  // and a slip beside another tells nothing of its time.
  return isPastForm(word) && !BE_FORMS.has(word) && !HAVE_FORMS.has(words[k - 1] ?? '') && !BE_FORMS.has(words[k - 1] ?? '');
}

/** How many words either side of a slip are read for its time: about a clause's length in learners' speech. */
const WINDOW = 7;

export type ClauseTime = 'past' | 'habit' | 'now-or-later';

/**
 * The time the words around `words[i]` (the slip's first word) talk about: past when a past time is
 * said ("yesterday", "ago", "last week", "when i was") or a verb in the past is, a habit when a word of frequency is, now or
 * later when "now", "tomorrow", "next" or "going to" and a verb is; undefined when none is said. The
 * marker said nearest the slip decides ("yesterday i was busy but usually he go" is "he goes"); at
 * the same distance the past wins.
 */
export function clauseTime(words: readonly string[], i: number): ClauseTime | undefined {
  const from = Math.max(0, i - WINDOW);
  const to = Math.min(words.length, i + 2 + WINDOW);
  const at = (k: number) => words[k] ?? '';
  let found: { time: ClauseTime; distance: number } | undefined;
  for (let k = from; k < to; k++) {
    const word = at(k);
    const time: ClauseTime | undefined =
      NOW_OR_LATER.has(word) || (word === 'going' && at(k + 1) === 'to' && VERBS.has(at(k + 2)))
        ? 'now-or-later'
        : PAST_WORDS.has(word) || (word === 'last' && LAST_WHAT.has(at(k + 1))) || (word === 'when' && WAS_SUBJECTS.has(at(k + 1)) && (at(k + 2) === 'was' || at(k + 2) === 'were')) || (k < i && pastVerb(words, k))
          ? 'past'
          : HABIT_WORDS.has(word)
            ? 'habit'
            : undefined;
    if (time === undefined) continue;
    const distance = k < i ? i - k : Math.max(0, k - i - 1);
    if (found === undefined || distance < found.distance || (distance === found.distance && time === 'past')) found = { time, distance };
  }
  return found?.time;
}

/** The simple past of irregular verbs learners use. */
const IRREGULAR_PAST_OF: ReadonlyMap<string, string> = new Map([
  ['go', 'went'], ['have', 'had'], ['do', 'did'], ['say', 'said'], ['make', 'made'], ['get', 'got'], ['come', 'came'], ['know', 'knew'],
  ['take', 'took'], ['think', 'thought'], ['buy', 'bought'], ['eat', 'ate'], ['see', 'saw'], ['give', 'gave'], ['find', 'found'],
  ['tell', 'told'], ['feel', 'felt'], ['leave', 'left'], ['meet', 'met'], ['pay', 'paid'], ['put', 'put'], ['read', 'read'],
  ['sleep', 'slept'], ['spend', 'spent'], ['teach', 'taught'], ['win', 'won'], ['lose', 'lost'], ['run', 'ran'], ['sit', 'sat'],
  ['stand', 'stood'], ['understand', 'understood'], ['speak', 'spoke'], ['write', 'wrote'], ['drive', 'drove'], ['ride', 'rode'],
  ['swim', 'swam'], ['sing', 'sang'], ['begin', 'began'], ['become', 'became'], ['bring', 'brought'], ['catch', 'caught'],
  ['choose', 'chose'], ['drink', 'drank'], ['fly', 'flew'], ['grow', 'grew'], ['forget', 'forgot'], ['fall', 'fell'], ['break', 'broke'],
  ['wear', 'wore'], ['hear', 'heard'], ['keep', 'kept'], ['let', 'let'], ['cut', 'cut'], ['hit', 'hit'], ['build', 'built'],
  ['send', 'sent'], ['sell', 'sold'], ['hold', 'held'], ['lend', 'lent'], ['mean', 'meant'], ['fight', 'fought'], ['draw', 'drew'],
  ['show', 'showed'], ['lie', 'lay'], ['hang', 'hung'], ['wake', 'woke'], ['shut', 'shut'], ['set', 'set'], ['cost', 'cost'],
]);

/** One syllable ending in one vowel and one consonant doubles it: "stop" -> "stopped", "plan" -> "planning"; "visit", "open", "look" do not. */
const doublesLast = (verb: string) => /^[^aeiou]*[aeiou][^aeiouwxy]$/.test(verb);

/** The simple past: "go" -> "went", "live" -> "lived", "study" -> "studied", "stop" -> "stopped", "play" -> "played". */
export function pastForm(verb: string): string {
  const irregular = IRREGULAR_PAST_OF.get(verb);
  if (irregular !== undefined) return irregular;
  if (verb.endsWith('e')) return `${verb}d`;
  if (/[^aeiou]y$/.test(verb)) return `${verb.slice(0, -1)}ied`;
  return doublesLast(verb) ? `${verb}${verb.at(-1) as string}ed` : `${verb}ed`;
}

/** The -ing form: "see" -> "seeing", "eat" -> "eating", "take" -> "taking", "swim" -> "swimming", "lie" -> "lying". */
export function ingForm(verb: string): string {
  if (verb.endsWith('ie')) return `${verb.slice(0, -2)}ying`;
  if (verb.endsWith('e') && !verb.endsWith('ee') && verb !== 'be') return `${verb.slice(0, -1)}ing`;
  return doublesLast(verb) ? `${verb}${verb.at(-1) as string}ing` : `${verb}ing`;
}

/** Forms of be and get before "used to" that make "to" a preposition: "i'm used to eating", "get used to living". */
const BE_OR_GET: ReadonlySet<string> = new Set(['am', 'is', 'are', 'was', 'were', 'be', 'been', 'being', "i'm", 'im', "he's", "she's", "we're", "they're", "you're", "it's", 'get', 'gets', 'got', 'getting', 'become', 'became']);

/**
 * Whether the "to" at `words[i]` is a preposition, so that a verb after it takes -ing: "looking
 * forward to seeing you", "i'm used to eating natto" (not "i used to eat", the past habit).
 */
export function toTakesIng(words: readonly string[], i: number): boolean {
  const before = words[i - 1];
  if (before === 'forward') return true;
  return before === 'used' && BE_OR_GET.has(words[i - 2] ?? '');
}

/** Words that say the speaker went and came back: "i have went there twice" is "have been". */
const EXPERIENCE_WORDS: ReadonlySet<string> = new Set(['twice', 'once', 'times', 'ever', 'never', 'before']);
/** The present perfect's forms of have. */
const PRESENT_HAVE: ReadonlySet<string> = new Set(['have', 'has', "haven't", 'havent', "hasn't", 'hasnt', "i've", 'ive', "we've", 'weve', "you've", 'youve', "they've", 'theyve']);
/** Forms of have whose subject is the speaker: "i've gone to america" cannot be said by someone who is back. */
const SPEAKERS_HAVE: ReadonlySet<string> = new Set(["i've", 'ive', "we've", 'weve']);

/**
 * Whether "went" after have at `words[i]` means a visit made and over: the subject is the speaker
 * ("i have went", "we've went") or a word of experience follows ("she has went there twice").
 */
export function wentIsBeen(words: readonly string[], i: number): boolean {
  const have = words[i] as string;
  // "i had went home before it started" is "had gone": the past perfect tells no visit over.
  if (!PRESENT_HAVE.has(have)) return false;
  const speaker = SPEAKERS_HAVE.has(have) || ((have === 'have' || have === 'havent' || have === "haven't") && (words[i - 1] === 'i' || words[i - 1] === 'we'));
  return speaker || words.slice(i + 2, i + 2 + WINDOW).some((word) => EXPERIENCE_WORDS.has(word));
}

/** Whether "if" or "wish" is said near `words[i]`: "'d" before a past there is would ("if i had time i'd went" is "i'd go"). */
export function conditionalNear(words: readonly string[], i: number): boolean {
  return words.slice(Math.max(0, i - WINDOW), i + 2 + WINDOW).some((word) => word === 'if' || word === 'wish' || word === 'unless');
}

import { DISCOURSE_MARKERS, NUMBER_WORD, STANCE_ADVERBS, SUBORDINATORS, isContentWord, isPastForm, SUBJECT_PRONOUNS } from './lexicon.js';
import { nounNumber } from './nouns.js';
import { isKnownVerbForm } from './verb-forms.js';

/*
 * Whether a listed word does its work where it is said: a linking word links (decision 0055), a
 * grammar word opens a clause or hedges (decision 0056). Without parts of speech the words are read
 * from their neighbours: "so" links in "so we left", not in "so cute"; "that" opens a clause in "I
 * think that it works" and "the book that I read", not in "at that time" or "that was good";
 * "after" in "after I graduated", not in "after lunch"; "could" is tentative in "we could go", not
 * in "I couldn't swim then". Each rule was checked against the transcribers' tags of the
 * development learners.
 */

/** Words before "that" that make it a pronoun or a determiner: a preposition ("at that time", "like that"). */
const PREPOSITIONS: ReadonlySet<string> = new Set(['of', 'in', 'at', 'to', 'after', 'before', 'about', 'with', 'for', 'like', 'from', 'on', 'by', 'than', 'into', 'during', 'as']);
/** Nouns "that" points at ("that time", "that kind of", "in that way"). */
const POINTED_AT: ReadonlySet<string> = new Set(['time', 'kind', 'day', 'sense', 'way', 'one', 'year', 'place', 'much', 'thing', 'point', 'moment', 'case', 'story', 'person', 'man', 'movie', 'book', 'reason']);
/** Verbs whose subject "that" is when no noun comes before it ("that was good", "that sounds fun"). */
const AFTER_PRONOUN_THAT: ReadonlySet<string> = new Set(['is', 'was', 'will', 'would', 'makes', 'made', 'sounds', 'means', 'can', 'must', 'should']);
/** Pronouns a relative "that" can follow ("something that helps"). */
const PRONOUNS_BEFORE_RELATIVE: ReadonlySet<string> = new Set(['something', 'anything', 'everything', 'nothing', 'someone', 'anyone', 'everyone', 'somebody', 'anybody', 'everybody', 'one', 'those', 'all']);

/** Words that open a clause's subject: after "after", "before", "until", "since", "once" or "as" they make it a subordinator. */
const SUBJECTS: ReadonlySet<string> = new Set([
  ...SUBJECT_PRONOUNS, 'there', 'people', 'everyone', 'everybody', 'someone', 'somebody',
  "i'm", 'im', "i've", 'ive', "it's", 'its', "he's", 'hes', "she's", 'shes', "they're", 'theyre', "you're", 'youre', "we're", "i'd", "we've", "they've",
]);
const PREPOSITION_OR_CLAUSE: ReadonlySet<string> = new Set(['after', 'before', 'until', 'till', 'since']);

const AUXILIARIES: ReadonlySet<string> = new Set(['is', 'are', 'was', 'were', 'do', 'does', 'did', 'can', 'could', 'will', 'would', 'should', 'have', 'has', 'dont', "don't", 'didnt', "didn't", 'doesnt', "doesn't"]);
const QUESTION_SUBJECTS: ReadonlySet<string> = new Set([...SUBJECT_PRONOUNS, 'the', 'your', 'this']);
/** Words after which a wh-word opens a clause inside the sentence ("I don't know where it is"), not a question. */
const EMBEDDING: ReadonlySet<string> = new Set(['know', 'ask', 'asked', 'tell', 'told', 'wonder', 'sure', 'idea', 'remember', 'understand', 'explain', 'see', 'decide', 'decided', 'reason']);
const WH_WORDS: ReadonlySet<string> = new Set(['when', 'where', 'who', 'which', 'whose']);
/** Wh-words that open a clause only after a word that embeds one ("I don't know what it's called", "tell me how it works"), or, for "what", before a subject. */
const EMBEDDED_WH: ReadonlySet<string> = new Set(['what', 'how', 'why']);

/** The words the subordinator count reads: SUBORDINATORS, and "as", "what", "how" and "why", which open a clause only in some places. */
export const CLAUSE_OPENERS: ReadonlySet<string> = new Set([...SUBORDINATORS, 'as', ...EMBEDDED_WH]);

const isNounLike = (word: string) => nounNumber(word) !== undefined || PRONOUNS_BEFORE_RELATIVE.has(word);

/**
 * Whether `words[i]`, a subordinator of SUBORDINATORS or an embedded "what", "how", "why" or "as",
 * opens a clause here. One answer's words; the answer's end is the text's end.
 */
export function subordinatesHere(words: readonly string[], i: number): boolean {
  const word = words[i] as string;
  const before = words[i - 1] ?? '';
  const next = words[i + 1];
  const afterNext = words[i + 2] ?? '';
  if (word === 'that') {
    if (next === undefined || PREPOSITIONS.has(before) || POINTED_AT.has(next)) return false;
    return !(AFTER_PRONOUN_THAT.has(next) && !isNounLike(before));
  }
  if (PREPOSITION_OR_CLAUSE.has(word)) return next !== undefined && (SUBJECTS.has(next) || (next.length > 4 && next.endsWith('ing')));
  if (word === 'once' || word === 'as') return next !== undefined && SUBJECTS.has(next) && !(word === 'as' && before === 'such');
  if (word === 'because' || word === 'cause') return next !== 'of' && !(word === 'cause' && (before === 'the' || before === 'a'));
  if (word === 'while') return before !== 'a' && before !== 'quite';
  // "what" before a subject opens a clause too: "that's what I do", "I buy what I like".
  if (EMBEDDED_WH.has(word)) return EMBEDDING.has(before) || (word === 'what' && next !== undefined && SUBJECTS.has(next));
  if (WH_WORDS.has(word) && next !== undefined && AUXILIARIES.has(next) && QUESTION_SUBJECTS.has(afterNext)) {
    // "when will you come", "where can i buy": a question, unless a word before embeds it ("i know where can i…" is still a clause).
    return EMBEDDING.has(before) || isNounLike(before);
  }
  return true;
}

/** Words before "may" that make it the month: "in May", "since may". */
const BEFORE_A_MONTH: ReadonlySet<string> = new Set(['in', 'from', 'since', 'until', 'till', 'of', 'by', 'last', 'next', 'early', 'late', 'mid']);
/** Words before "id" that make it the card or the number ("my id", "an id card"). */
const BEFORE_AN_ID: ReadonlySet<string> = new Set(['a', 'an', 'the', 'my', 'your', 'his', 'her', 'our', 'their', 'student', 'photo', 'user']);
const COULD: ReadonlySet<string> = new Set(['could', "couldn't", 'couldnt']);
/** Words that tell a past time: "could" beside them is the past of "can" ("I couldn't swim then"). */
const PAST_TIME: ReadonlySet<string> = new Set(['yesterday', 'ago', 'last']);
const STILL_TENTATIVE_AFTER_COULD: ReadonlySet<string> = new Set(['have', 'be', 'you', 'i', 'we']);
/** Words that make "could" hypothetical again: "if I could", "I wish I could". */
const HYPOTHESIS: ReadonlySet<string> = new Set(['if', 'wish', 'wished']);

/**
 * Whether `words[i]`, of TENTATIVE_MODALS, is a modal of possibility or hypothesis here: not "May"
 * the month, not "my id", and not "could" as the past of "can" (a past form or past time within
 * eight words either side, and no "if" or "wish" in the four words before: "so I couldn't make it
 * yesterday", but "if I could go", "it could be used", "I could have left", "could you help").
 */
export function tentativeHere(words: readonly string[], i: number): boolean {
  const word = words[i] as string;
  const before = words[i - 1] ?? '';
  if (word === 'may') return !BEFORE_A_MONTH.has(before) && !NUMBER_WORD.test(words[i + 1] ?? '') && !/^\p{N}/u.test(words[i + 1] ?? '');
  if (word === 'id') return !BEFORE_AN_ID.has(before);
  if (!COULD.has(word)) return true;
  // "could have gone", "could be", "could you", "could i": possibility and requests, whatever the time.
  if (STILL_TENTATIVE_AFTER_COULD.has(words[i + 1] ?? '') || words.slice(Math.max(0, i - 4), i).some((near) => HYPOTHESIS.has(near))) return true;
  const near = [...words.slice(Math.max(0, i - 8), i), ...words.slice(i + 1, i + 9)];
  return !near.some((other) => PAST_TIME.has(other) || (isPastForm(other) && other !== 'had' && other !== 'been'));
}

/** Words before "pretty" that make it the adjective: "a pretty girl", "very pretty". */
const BEFORE_PRETTY_THE_ADJECTIVE: ReadonlySet<string> = new Set(['a', 'the', 'very', 'so', 'such', 'really', 'too', 'my', 'your', 'his', 'her', 'their', 'our']);

/**
 * Whether `words[i]`, of STANCE_ADVERBS, says how sure or how strongly here: not "pretty" the
 * adjective ("a pretty girl", "she is pretty" at the answer's end), "rather than" or "even though" / "even if" (the
 * subordinator counts those).
 */
export function stanceHere(words: readonly string[], i: number): boolean {
  const word = words[i] as string;
  const next = words[i + 1] ?? '';
  if (word === 'pretty') return !BEFORE_PRETTY_THE_ADJECTIVE.has(words[i - 1] ?? '') && next !== '';
  if (word === 'rather') return next !== 'than';
  if (word === 'even') return next !== 'though' && next !== 'if';
  return true;
}

/** "so" after these stands for what was said ("i think so", "i'm afraid so"), or rounds a number ("ten or so"): it links nothing. */
const SO_AS_PRO_FORM_AFTER: ReadonlySet<string> = new Set(['think', 'hope', 'guess', 'suppose', 'believe', 'expect', 'afraid', 'not', 'or']);
/** Words "so" makes stronger, not a clause it opens: "so much", "so many", "so far". */
const SO_INTENSIFIES: ReadonlySet<string> = new Set(['much', 'many', 'far', 'long', 'well', 'little', 'few']);

/**
 * Whether "so" at `words[i]` links clauses: not when it stands for what was said ("i think so"), nor
 * as an intensifier before a describing word ("so cute", "so expensive", "so much"): a content word
 * that is no noun ("so people started"), no verb ("so go there"), no linking word or stance adverb,
 * and no -ly adverb ("so usually we go" links).
 */
export function soLinks(words: readonly string[], i: number): boolean {
  if (SO_AS_PRO_FORM_AFTER.has(words[i - 1] ?? '')) return false;
  const next = words[i + 1];
  // "and so on" ends a list; it links no clause.
  if (next === 'on' && words[i - 1] === 'and') return false;
  if (next === undefined) return true;
  if (SO_INTENSIFIES.has(next)) return false;
  return !(isContentWord(next) && !next.endsWith('ly') && nounNumber(next) === undefined && !isKnownVerbForm(next) && !DISCOURSE_MARKERS.has(next) && !STANCE_ADVERBS.has(next));
}

/** Determiners before "first": "the first time" orders nothing said. */
const BEFORE_FIRST_AS_ADJECTIVE: ReadonlySet<string> = new Set(['the', 'a', 'my', 'his', 'her', 'our', 'their', 'your', 'its', 'this', 'that', 'whose']);

/**
 * Whether the discourse marker at `words[i]` links here: "so" as soLinks says; "first" not after a
 * determiner ("the first time"); "mean", "course" and "example" only in "i mean", "of course" and
 * "for example" ("you mean", "a cooking course", "an example of").
 */
export function linksHere(words: readonly string[], i: number): boolean {
  const word = words[i] as string;
  const before = words[i - 1] ?? '';
  if (word === 'so') return soLinks(words, i);
  if (word === 'first') return !BEFORE_FIRST_AS_ADJECTIVE.has(before);
  if (word === 'mean') return before === 'i';
  if (word === 'course') return before === 'of';
  if (word === 'example') return before === 'for';
  return true;
}

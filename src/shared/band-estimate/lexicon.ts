import { porterStem } from '../interview/porter-stemmer.js';
import { boundedMemo } from '../text/bounded-memo.js';
import { AMERICAN_WORD_FOR } from './british-words.js';
import { VERB_OF_IRREGULAR_FORM } from './irregular-forms.js';
import { SPOKEN_WORDS_BY_FREQUENCY } from './word-ranks.js';

/*
 * Closed word classes and word ranks the band estimate reads. These are lists of English function
 * words (a grammar's closed classes), not tuned values: what each feature weighs comes from the fit
 * (scripts/band-model/fit.ts, decision 0030).
 */

/*
 * Filled pauses as transcribers and recognisers spell them ("um", "urr", "erm", "mhm", "uh-huh",
 * "hmm", "ohh"): every hyphen-separated part is a run of hesitation sounds. A few real words share
 * the shape and are kept: "a", "an", "am", "are", "arm", "ear", "earn", "mum", "urn".
 */
const FILLED_PAUSE_PART = /^(?:[aeu]+[hmnr]*u?|[hm]+[hmu]*|o+h+|n+h?|huh|hu+m)$/;
const WORDS_SHAPED_LIKE_PAUSES: ReadonlySet<string> = new Set(['a', 'an', 'am', 'are', 'arm', 'ear', 'earn', 'mum', 'urn']);

export function isFilledPause(word: string): boolean {
  return !WORDS_SHAPED_LIKE_PAUSES.has(word) && word.split('-').every((part) => FILLED_PAUSE_PART.test(part));
}

/** Contractions as recognisers and transcripts write them, with and without the apostrophe. */
const CONTRACTION_PATTERN = /^(?:i'?m|i'?ve|i'?ll|i'?d|(?:you|we|they)'?(?:re|ve|ll|d)|(?:he|she|it|that|there|what|who|where|here)'?s|(?:is|are|was|were|do|does|did|have|has|had|would|could|should|must|need)n'?t|can'?t|won'?t|shan'?t|ain'?t|let'?s|(?:he|she|it|that|there)'?(?:ll|d))$/;

export function isContraction(word: string): boolean {
  return CONTRACTION_PATTERN.test(word);
}

/** Words that open a subordinate clause: adverbial subordinators and relative or complement words. */
export const SUBORDINATORS: ReadonlySet<string> = new Set([
  'because', 'cause', 'if', 'when', 'while', 'although', 'though', 'since', 'unless', 'until', 'till', 'whether', 'whereas',
  'before', 'after', 'once', 'which', 'who', 'whom', 'whose', 'where', 'whenever', 'wherever', 'whatever', 'whoever', 'that',
]);

/**
 * Where the estimate cuts an answer into stretches (features.ts clauseStretches): the coordinating
 * conjunctions and the commonest adverbial subordinators of learner speech. Larger lists (with
 * after, before, although, while, until, since, or the relatives that, which, who) ranked the
 * development set the same (decision 0043).
 */
export const CLAUSE_LINKS: ReadonlySet<string> = new Set(['and', 'but', 'so', 'because', 'or', 'then', 'when', 'if']);

/** Words that link ideas across clauses and sentences (coherence). */
export const DISCOURSE_MARKERS: ReadonlySet<string> = new Set([
  'because', 'so', 'but', 'however', 'actually', 'also', 'then', 'first', 'firstly', 'secondly', 'finally', 'although', 'though',
  'instead', 'besides', 'moreover', 'furthermore', 'therefore', 'anyway', 'example', 'especially', 'basically', 'obviously',
  'personally', 'generally', 'overall', 'whereas', 'meanwhile', 'otherwise', 'mean', 'course',
]);

/**
 * Linking phrases of several words ("on the other hand", "that said"), counted as one linking word
 * each (linkingWords in listed-uses.ts); the words of a phrase count no further.
 */
export const LINKING_PHRASES: readonly (readonly string[])[] = [
  'on the other hand', 'in addition', 'as a result', 'that said', 'in fact', 'after all', 'in other words', 'to be honest',
  'at the same time', 'even so', 'on top of that', "what's more", 'for instance', 'in contrast', 'in general', 'in the end',
].map((phrase) => phrase.split(' '));

/**
 * The linking words of DISCOURSE_MARKERS and LINKING_PHRASES that belong to writing more than to
 * talk: linking adverbials that Biber et al. (1999, Longman Grammar of Spoken and Written English,
 * on linking adverbials by register) find far more often in academic prose than in conversation ("however",
 * "therefore", "moreover", "furthermore", "in addition", "as a result", "on the other hand", "for
 * instance"...), with the enumerators "firstly" and "secondly". Rated learners say them rarely; a
 * student who opens every sentence with one is reciting (listed-uses.ts, WRITTEN_LINKING_MOST_PER_100).
 */
export const WRITTEN_LINKERS: ReadonlySet<string> = new Set([
  'firstly', 'secondly', 'moreover', 'furthermore', 'therefore', 'however', 'besides', 'meanwhile', 'otherwise', 'whereas',
  'in addition', 'as a result', 'on the other hand', 'in contrast', 'for instance',
]);

/**
 * Adverbs that say how sure or how strongly the speaker means something (Biber et al. 1999, Longman
 * Grammar of Spoken and Written English, stance adverbials): "probably", "quite", "definitely",
 * "almost". The discourse markers above are left out (they are Fluency's). More of them per 100
 * words came with a higher rated level, also among the learners of levels 6-9 (decision 0044).
 */
export const STANCE_ADVERBS: ReadonlySet<string> = new Set([
  'really', 'just', 'probably', 'maybe', 'perhaps', 'usually', 'quite', 'pretty', 'still', 'already', 'totally', 'definitely',
  'absolutely', 'exactly', 'certainly', 'recently', 'mostly', 'almost', 'even', 'rather',
]);

/** Particles that make a phrasal verb after a content word ("grow up", "find out", "give back"; decision 0044). */
export const PHRASAL_PARTICLES: ReadonlySet<string> = new Set(['up', 'out', 'off', 'down', 'away', 'back', 'over', 'around']);

export const MODALS: ReadonlySet<string> = new Set(['can', 'could', 'will', 'would', 'shall', 'should', 'may', 'might', 'must', "can't", 'cant', "couldn't", 'couldnt', "won't", 'wont', "wouldn't", 'wouldnt', "shouldn't", 'shouldnt']);

/** Modals of possibility, hypothesis and obligation (not "can" and "will", which beginners use for ability and the future). */
export const TENTATIVE_MODALS: ReadonlySet<string> = new Set([
  'could', 'would', 'should', 'might', 'may', 'must', "couldn't", 'couldnt', "wouldn't", 'wouldnt', "shouldn't", 'shouldnt', "i'd", "we'd", "you'd", "they'd", "he'd", "she'd",
  // The same without the apostrophe, as the development data and some recognisers write them ("id like"); not "wed" and "shed", words of their own.
  'id', 'youd', 'theyd', 'hed',
]);

export const BE_FORMS: ReadonlySet<string> = new Set([
  'be', 'am', 'is', 'are', 'was', 'were', 'been', 'being', "i'm", 'im', "it's", 'its', "he's", "she's", "that's", 'thats', "they're", 'theyre', "we're", "you're", 'youre',
  'hes', 'shes', "isn't", 'isnt', "aren't", 'arent', "wasn't", 'wasnt', "weren't", 'werent',
]);

export const HAVE_FORMS: ReadonlySet<string> = new Set([
  'have', 'has', 'had', "i've", 'ive', "we've", "you've", 'youve', "they've", 'theyve', "i'd", "he's", "she's", 'hes', 'shes',
  "haven't", 'havent', "hasn't", 'hasnt', "hadn't", 'hadnt',
]);

/** Past tense forms of common irregular verbs (the -ed forms are found by their ending). */
export const IRREGULAR_PAST: ReadonlySet<string> = new Set([
  'was', 'were', 'had', 'did', 'went', 'saw', 'came', 'got', 'made', 'took', 'said', 'told', 'thought', 'knew', 'found', 'gave',
  'felt', 'left', 'kept', 'began', 'became', 'brought', 'bought', 'caught', 'taught', 'ate', 'drank', 'ran', 'wrote', 'spoke',
  'met', 'sat', 'stood', 'heard', 'paid', 'sent', 'spent', 'built', 'lost', 'won', 'slept', 'drove', 'rode', 'flew', 'grew',
  'chose', 'forgot', 'understood', 'meant', 'held', 'fell', 'broke', 'wore', 'sold', 'swam', 'sang', 'taken', 'given', 'gone',
  'seen', 'done', 'been', 'known', 'written', 'spoken', 'eaten', 'become', 'begun', 'broken', 'chosen', 'driven', 'forgotten',
]);

/** The subject pronouns: a verb comes next ("we share"), a clause starts with them. */
export const SUBJECT_PRONOUNS: ReadonlySet<string> = new Set(['i', 'you', 'we', 'they', 'he', 'she', 'it']);

export const ARTICLES: ReadonlySet<string> = new Set(['a', 'an', 'the']);

/** Words so common that they say nothing of vocabulary range: the ranks count content words only. */
export const FUNCTION_WORDS: ReadonlySet<string> = new Set([
  ...ARTICLES, ...MODALS, ...BE_FORMS, ...HAVE_FORMS, ...SUBORDINATORS,
  'i', 'me', 'my', 'mine', 'you', 'your', 'yours', 'he', 'him', 'his', 'she', 'her', 'hers', 'it', 'we', 'us', 'our', 'they',
  'them', 'their', 'this', 'these', 'those', 'and', 'or', 'but', 'so', 'not', 'no', 'yes', 'yeah', 'of', 'to', 'in', 'on', 'at',
  'for', 'with', 'about', 'from', 'by', 'as', 'do', 'does', 'did', "don't", 'dont', "didn't", 'didnt', "doesn't", 'doesnt',
  'there', 'here', 'what', 'how', 'very', 'too', 'also', 'just', 'some', 'any', 'all', 'one', 'ok', 'okay', 'well', 'like',
  'then', 'than', 'up', 'out', 'into', 'over', 'more', 'much', 'many',
]);

/** Past forms the -ed rule and IRREGULAR_PAST miss: short ones, and irregular verbs learners say less often. */
const OTHER_PAST: ReadonlySet<string> = new Set(['used', 'died', 'tied', 'lied', 'woke', 'threw', 'drew', 'tore', 'blew', 'stole', 'shot', 'hung', 'fed', 'led', 'lent', 'hid', 'sank', 'dug', 'swore', 'wept', 'shook', 'struck']);
/**
 * Adjectives in -ed, of feeling and of quality: "I'm interested", "it was crowded" say no past
 * time (decision 0056; the development learners' transcribers tag them as adjectives).
 */
export const ADJECTIVES_IN_ED: ReadonlySet<string> = new Set([
  'interested', 'bored', 'tired', 'excited', 'worried', 'scared', 'surprised', 'satisfied', 'disappointed', 'confused', 'embarrassed',
  'pleased', 'relaxed', 'shocked', 'amazed', 'frightened', 'annoyed', 'stressed', 'crowded', 'impressed', 'concerned', 'exhausted',
  'talented', 'depressed', 'frustrated', 'delighted', 'thrilled', 'terrified', 'fascinated', 'complicated', 'sophisticated',
  'united', 'beloved', 'naked', 'wicked', 'sacred', 'rugged',
]);
/** Words in -eed that are past forms; the others are not ("need", "speed", "indeed", "exceed"). */
const PAST_IN_EED: ReadonlySet<string> = new Set(['agreed', 'disagreed', 'freed', 'guaranteed', 'refereed']);

/**
 * A past form: of IRREGULAR_PAST or OTHER_PAST, or a word of five letters or more in -ed that is no
 * grammar word, no number ("hundred"), no adjective of ADJECTIVES_IN_ED and no word in -eed ("speed").
 */
export function isPastForm(word: string): boolean {
  if (IRREGULAR_PAST.has(word) || OTHER_PAST.has(word)) return true;
  if (word.length <= 4 || !word.endsWith('ed') || FUNCTION_WORDS.has(word) || ADJECTIVES_IN_ED.has(word) || NUMBER_WORD.test(word)) return false;
  return !word.endsWith('eed') || PAST_IN_EED.has(word);
}

/**
 * What a word in -s, -ed, -ing, -er or -est may be a form of: "cities" -> "city", "planned" ->
 * "plan", "nicer" -> "nice", "goes" -> "go". Candidates only, some no word at all ("goe"): each
 * caller keeps those its own list knows.
 */
export function inflectionBases(word: string): string[] {
  const forms: string[] = [];
  if (word.endsWith('ies') || word.endsWith('ied') || word.endsWith('ier')) forms.push(`${word.slice(0, -3)}y`);
  if (word.endsWith('iest')) forms.push(`${word.slice(0, -4)}y`);
  if (word.endsWith('s')) forms.push(word.slice(0, -1));
  if (word.endsWith('es')) forms.push(word.slice(0, -2));
  for (const ending of ['ed', 'ing', 'er', 'est']) {
    if (!word.endsWith(ending)) continue;
    const stem = word.slice(0, -ending.length);
    forms.push(stem, `${stem}e`);
    // A doubled consonant: "planned" -> "plan", "bigger" -> "big".
    if (/([b-df-hj-np-tv-z])\1$/.test(stem)) forms.push(stem.slice(0, -1));
  }
  return forms;
}

/** Number words, spelt out ("fifty", "thirteen", "lakh"), and "percent". */
export const NUMBER_WORD = /^(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\w+teen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|billion|lakh|lakhs|crore|crores|half|percent)$/;
/** Words of the clock and the calendar: everyday, whatever their rank in film subtitles. */
const CALENDAR_WORD = /^(?:o'?clock|(?:mon|tues|wednes|thurs|fri|satur|sun)days?|january|february|march|april|june|july|august|september|october|november|december)$/;

/** Ordinal numbers, spelt out ("third", "twelfth", "fifteenth", "twentieth", "hundredth"). */
const ORDINAL_WORD = /^(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|\w+teenth|\w+tieth|hundredth|thousandth|millionth)$/;

/**
 * A number word or an ordinal, "o'clock", a day or a month, or a number of several parts
 * ("twenty-fifth"): said by every speaker, never less common vocabulary.
 */
export function isNumberOrCalendarWord(word: string): boolean {
  return CALENDAR_WORD.test(word) || word.split('-').every((part) => NUMBER_WORD.test(part) || ORDINAL_WORD.test(part));
}

/** A word that carries content: not a function word, a contraction or a number. */
export function isContentWord(word: string): boolean {
  return !FUNCTION_WORDS.has(word) && !isContraction(word) && !/^\p{N}/u.test(word);
}

let ranks: Map<string, number> | undefined;

/**
 * American spellings of a British-spelt word, for the list (SUBTLEX-US): "neighbour" ranks as
 * "neighbor", "travelled" as "traveled", "organise" as "organize", "centre" as "center",
 * "programme" as "program", "practising" as "practicing", "licences" as "licenses", "tyre" as "tire".
 */
export function americanSpellings(word: string): string[] {
  return [
    word.replace(/our(s|ed|ing|ite|ites|itism|able|ably|ful)?$/, 'or$1').replace(/ourhood/, 'orhood'),
    word.replace(/is(e|ed|es|ing|er|ers|able|ation|ations)$/, 'iz$1').replace(/ys(e|ed|es|ing)$/, 'yz$1'),
    word.replace(/([aeiou])ll(ed|ing|er|ers)$/, '$1l$2'),
    word.replace(/tre(s)?$/, 'ter$1').replace(/tred$/, 'tered'),
    word.replace(/ogue(s)?$/, 'og$1'),
    word.replace(/ence(s|d)?$/, 'ense$1').replace(/encing$/, 'ensing'),
    word.replace(/amme(s)?$/, 'am$1'),
    word.replace(/^practis(e|ed|es|ing)$/, 'practic$1'),
    word.replace(/^tyre(s)?$/, 'tire$1'),
  ].filter((spelling) => spelling !== word);
}

/**
 * A word's rank in spoken English (1 = most frequent), counted in stems as word families are
 * counted (decision 0063: "watch", "watched" and "watching" take one rank). It is the best rank of
 * the word's stem in British or American spelling, of the word an adverb in -ly or an irregular
 * verb form is made from ("weekly" as "week", "chose" as "choose"), or of the American word for an
 * everyday British one ("holiday" ranks as "vacation"); undefined when no form is in the list's
 * 10,000 words.
 */
export function spokenRank(word: string): number | undefined {
  return rememberedRank(word);
}

/** The list's words of one or two letters, as written. */
let shortListed: Set<string> | undefined;

/**
 * Whether a word of one or two letters is in the list as it is written. spokenRank matches by stem,
 * and a longer word's stem can be two letters that are no English word: "was" stems to "wa", "gas"
 * to "ga", the Japanese particles. Longer words are not asked about here (true).
 */
export function shortWordListed(word: string): boolean {
  if (word.length > 2) return true;
  shortListed ??= new Set(SPOKEN_WORDS_BY_FREQUENCY.split(' ').filter((listed) => listed.length <= 2));
  return shortListed.has(word);
}

/** Ranks already looked up (a test looks each word up several times), up to this many words. */
const rememberedRank = boundedMemo(rankOf, 50_000);

function rankOf(word: string): number | undefined {
  const plain = word.replace(/'/g, '');
  const irregular = VERB_OF_IRREGULAR_FORM.get(plain);
  const forms = [plain, ...adverbBases(plain), ...(irregular === undefined ? [] : [irregular])];
  const american = [plain, ...inflectionBases(plain)].flatMap((form) => AMERICAN_WORD_FOR.get(form) ?? []);
  const ranked = [...forms.flatMap((form) => [form, ...americanSpellings(form)]), ...american].map(stemRank).filter((rank): rank is number => rank !== undefined);
  return ranked.length === 0 ? undefined : Math.min(...ranked);
}

/**
 * What an adverb in -ly may be formed from: "mostly" -> "most", "daily" -> "day", "basically" ->
 * "basic", "comfortably" -> "comfortable", "gently" -> "gentle", "truly" -> "true". The list ranks
 * the adverb on its own, and the adverb of an everyday word is everyday too ("daily" 2,524,
 * "weekly" 5,193; decision 0062). Candidates only, some no word at all: only listed ones rank.
 */
function adverbBases(word: string): string[] {
  if (word.length < 5 || !word.endsWith('ly')) return [];
  const stem = word.slice(0, -2);
  const bases = [stem];
  if (word.endsWith('ily')) bases.push(`${word.slice(0, -3)}y`);
  if (word.endsWith('ically')) bases.push(word.slice(0, -4));
  if (/(?:[bpt]|[^aeiou][dgk]|u)ly$/.test(word)) bases.push(`${stem}e`);
  return bases.filter((base) => base.length >= 3);
}

function stemRank(word: string): number | undefined {
  if (ranks === undefined) {
    ranks = new Map();
    for (const listed of SPOKEN_WORDS_BY_FREQUENCY.split(' ')) {
      const stem = porterStem(listed);
      if (!ranks.has(stem)) ranks.set(stem, ranks.size + 1);
    }
  }
  return ranks.get(porterStem(word));
}

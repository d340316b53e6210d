import { BE_FORMS, CLAUSE_LINKS, HAVE_FORMS, IRREGULAR_PAST, SUBORDINATORS, isContraction, spokenRank } from './lexicon.js';
import { nounNumber } from './nouns.js';
import { GROUP_NOUNS, PERSON_NOUNS } from './slip-words.js';
import { agreementInItsTime, BARE_VERBS, BASE_AFTER, isKnownVerbForm, thirdPersonForm } from './verb-forms.js';

/*
 * Agreement slips (slips.ts lists every kind): a pronoun, a singular noun subject, or a phrase after
 * a singular subject, and a verb after it that disagrees; with where the pair is no subject and verb
 * (a bare verb after "let", a coordinated subject, an object pronoun, the subjunctive).
 */

const THIRD_PERSON = new Set(['he', 'she', 'it']);
/** Pronouns for a person that take the third person ("everyone wears"); a slip only where one starts a clause (AGREEMENT_CLAUSE_START). */
const SOMEONE = new Set(['everyone', 'everybody', 'someone', 'somebody', 'nobody', 'anyone', 'anybody']);
const PLURAL_OR_FIRST = new Set(['i', 'you', 'we', 'they']);
/** Where an indefinite pronoun is a subject: an answer's first word, or after a word that opens a clause ("because everyone wear"), not an object ("ask someone help"). */
const AGREEMENT_CLAUSE_START: ReadonlySet<string> = new Set([...CLAUSE_LINKS, ...SUBORDINATORS]);
/** Words after which a pronoun takes a bare verb or is an object: "let him go", "did he go", "and they is" is still coordinated. */
const BARE_VERB_CONTEXT = new Set([
  'and', 'or', 'nor', 'to', 'did', 'does', 'do', 'will', 'would', 'can', 'could', 'should', 'must', 'might', 'may',
  // Verbs that take an object and a bare verb, in every form: "let it go", "making it happen", "have seen it happen", "felt it move".
  ...['let', 'lets', 'letting', 'make', 'makes', 'made', 'making', 'help', 'helps', 'helped', 'helping', 'have', 'has', 'had', 'having'],
  ...['watch', 'watches', 'watched', 'watching', 'see', 'sees', 'saw', 'seen', 'seeing', 'hear', 'hears', 'heard', 'hearing', 'feel', 'feels', 'felt', 'feeling', 'notice', 'noticed'],
  // Questions: "doesn't she live", "can't he drive", "shall we go", "where'd he go".
  ...BASE_AFTER, 'shall', 'dare', "mustn't", "where'd", 'whered', "what'd", "how'd", 'howd', "why'd", "who'd", "when'd",
  // The subjunctive after words of wish and demand: "lest it happen", "i suggest he go", "i'd rather she come".
  'lest', 'rather', 'suggest', 'suggests', 'suggested', 'recommend', 'recommends', 'recommended', 'insist', 'insisted', 'demand', 'demanded', 'propose', 'proposed', 'request', 'requested',
]);
/** Words that open a clause in which a following "was" or "were" is the subjunctive: "if it were", "as it were", "i wish she were". */
const SUBJUNCTIVE_WERE_AFTER: ReadonlySet<string> = new Set(['if', 'wish', 'wished', 'as', 'though', 'suppose', 'imagine', 'rather', 'even', 'whether', 'unless']);
/** Verbs and adjectives of demand after which "that" opens a clause with a bare verb: "it's important that everyone have". */
const MANDATIVE_BEFORE_THAT: ReadonlySet<string> = new Set([
  'important', 'essential', 'vital', 'necessary', 'crucial', 'imperative', 'suggest', 'suggested', 'recommend', 'recommended', 'insist', 'insisted', 'demand',
  'demanded', 'propose', 'proposed', 'require', 'required', 'request', 'requested', 'ask', 'asked', 'advise', 'advised', 'urge', 'urged',
]);
/** Prepositions: after one, "it" and "you" are objects ("the shops around it were", "i'm proud of you is"), not subjects. */
const PREPOSITIONS: ReadonlySet<string> = new Set([
  'in', 'on', 'at', 'of', 'to', 'for', 'with', 'about', 'from', 'by', 'around', 'behind', 'near', 'into', 'onto', 'under', 'over', 'through',
  'without', 'against', 'than', 'like', 'inside', 'outside', 'between', 'among', 'beside', 'across', 'towards', 'toward', 'after', 'before', 'within',
]);
/** Verbs after which "it" or "you" starts a clause ("i think it work"), so that the verb after them is theirs. */
const VERBS_BEFORE_A_CLAUSE: ReadonlySet<string> = new Set([
  'think', 'thinks', 'thought', 'know', 'knows', 'knew', 'guess', 'suppose', 'say', 'says', 'said', 'believe', 'mean', 'means', 'hope', 'hopes', 'hoped', 'bet', 'realize', 'realized', 'expect', 'expected', 'feel', 'felt',
]);
/** Verbs that take an object whose forms the lists miss: "the book i lent you is", "people who run it are". */
const OBJECT_VERBS: ReadonlySet<string> = new Set(['lent', 'read', 'run', 'showed', 'shown', 'put', 'cut', 'set', 'hit', 'owe', 'owed']);
/** Pronouns and words after "is" or "do" that make the pair a question begun again: "it are there any", "we is that the right word", "so it do you think". */
const QUESTION_RESTART_NEXT: ReadonlySet<string> = new Set(['i', 'you', 'he', 'she', 'it', 'we', 'they', 'there', 'this', 'that']);

/** After "it", prepositions' objects: "treat it like a game" has "like" the preposition, not the verb. */
const AFTER_LIKE_THE_PREPOSITION: ReadonlySet<string> = new Set(['a', 'an', 'the', 'this', 'that', 'these', 'those', 'some', 'in', 'on', 'at', 'about', 'with', 'for', 'from']);

/**
 * Whether "it" or "you" at `words[i]` is an object rather than the subject of the verb after it: after
 * a preposition, or after a verb other than one that takes a clause ("what i told you was true",
 * "people who use it say").
 */
function isObjectPronoun(words: readonly string[], i: number): boolean {
  const before = words[i - 1];
  if (before === undefined) return false;
  return PREPOSITIONS.has(before) || OBJECT_VERBS.has(before) || (!VERBS_BEFORE_A_CLAUSE.has(before) && (isKnownVerbForm(before) || IRREGULAR_PAST.has(before)));
}

/**
 * Where a pronoun and the verb after it are no subject and verb, or the verb's form is right: a
 * restart ("get it get", "it are there any…"), an object pronoun ("what i told you was true"), "if it were", "it's
 * important that everyone have", "treat it like a game", "he need not".
 */
function notAnAgreementPair(words: readonly string[], i: number): boolean {
  const subject = words[i] as string;
  const verb = words[i + 1] as string;
  const before = words[i - 1];
  const after = words[i + 2];
  if (before === verb) return true;
  if (['is', 'are', 'do', 'does'].includes(verb) && QUESTION_RESTART_NEXT.has(after ?? '')) return true;
  if ((subject === 'it' || subject === 'you') && isObjectPronoun(words, i)) return true;
  if (verb === 'were' && ((before !== undefined && SUBJUNCTIVE_WERE_AFTER.has(before)) || after === 'to')) return true;
  if (before === 'that' && MANDATIVE_BEFORE_THAT.has(words[i - 2] ?? '')) return true;
  if (subject === 'it' && verb === 'like' && AFTER_LIKE_THE_PREPOSITION.has(after ?? '')) return true;
  return verb === 'need' && after === 'not';
}

function agreementCorrection(subject: string, verb: string, before: string | undefined): string | null {
  if (SOMEONE.has(subject)) return (before === undefined || AGREEMENT_CLAUSE_START.has(before)) && BARE_VERBS.has(verb) ? `${subject} ${thirdPersonForm(verb)}` : null;
  if (THIRD_PERSON.has(subject)) {
    if (BARE_VERBS.has(verb)) return `${subject} ${thirdPersonForm(verb)}`;
    if (verb === "don't" || verb === 'dont') return `${subject} doesn't`;
    if (verb === 'are') return `${subject} is`;
    if (verb === 'were') return `${subject} was`;
    return null;
  }
  if (subject === 'i') {
    if (verb === 'are' || verb === 'is') return 'i am';
    if (verb === 'has') return 'i have';
    if (verb === 'does') return 'i do';
    if (verb === "doesn't" || verb === 'doesnt') return "i don't";
    return null;
  }
  if (PLURAL_OR_FIRST.has(subject)) {
    if (verb === 'is') return `${subject} are`;
    if (verb === 'was') return `${subject} were`;
    if (verb === 'has') return `${subject} have`;
    if (verb === 'does') return `${subject} do`;
    if (verb === "doesn't" || verb === 'doesnt') return `${subject} don't`;
  }
  return null;
}

/**
 * Words that cannot be what is liked: "like" before them after he, she or it is the filler ("she
 * like just told me", "he like was so angry"), not the verb, and no slip. Counted as slips they cost
 * a student who says it often about half a Grammar band (an examiner-style probe: 10 slips per 100
 * words, Grammar −0.47; decision 0048). Adverbs, auxiliaries, past forms and subject pronouns that start a new clause.
 */
const NOT_AFTER_VERB_LIKE: ReadonlySet<string> = new Set([
  'just', 'really', 'totally', 'literally', 'actually', 'so', 'very', 'kind', 'sort', 'was', 'were', 'is', 'said', 'told', 'went', 'had', 'got',
  'always', 'never', 'usually', 'still', 'even', 'definitely', 'basically', 'honestly', 'seriously', 'probably', 'completely', 'suddenly',
  'i', 'he', 'she', 'we', 'they',
]);

/** Whether `words[i]` is "like" said as the filler before a word that cannot be liked (NOT_AFTER_VERB_LIKE). */
export const isFillerLike = (words: readonly string[], i: number): boolean => words[i] === 'like' && NOT_AFTER_VERB_LIKE.has(words[i + 1] ?? '');

/** A verb form of any kind: a listed verb in any form, be, have, do, a modal or a contraction ("im", "dont"). */
const isVerbWord = (word: string): boolean =>
  isKnownVerbForm(word) || IRREGULAR_PAST.has(word) || BE_FORMS.has(word) || HAVE_FORMS.has(word) || BASE_AFTER.has(word) || isContraction(word);

/** Personal pronouns before "and" or "or" that make the pronoun after it part of a coordinated subject: "you and she don't", "me and him go". */
const PRONOUNS_BEFORE_AND: ReadonlySet<string> = new Set(['i', 'you', 'he', 'she', 'we', 'they', 'me', 'him', 'her', 'us', 'them']);
const OBJECT_PRONOUNS: ReadonlySet<string> = new Set(['me', 'him', 'us', 'them']);

/**
 * Whether the "and" or "or" at `words[k]` joins clauses, so that the pronoun after it is a subject of
 * its own ("i don't know her name and she don't either"), not part of a coordinated subject ("you and
 * she don't", "my husband and i are"): it starts the words or a clause, or a verb comes between the
 * clause's start and it, and no personal pronoun, noun for a person, name or noun phrase joined to
 * another stands just before it, and the pronoun after it is not "i" (an examiner's probe of
 * native-like sentences: "i think tom and i are", "my mother and my father have"). Among the
 * development learners, the pronoun and verb after such an "and" were a slip in 30 of 30 read.
 */
function joinsClauses(words: readonly string[], k: number): boolean {
  const after = words[k + 1];
  // "and and" is one "and" said twice: "one woman and and a man go".
  while (k > 0 && words[k - 1] === words[k]) k--;
  const before = words[k - 1];
  if (before === undefined || AGREEMENT_CLAUSE_START.has(before)) return true;
  // "i called him and he don't": an object pronoun after its verb ends a clause; "me and him go" is one subject.
  if (OBJECT_PRONOUNS.has(before)) return isVerbWord(words[k - 2] ?? '');
  if (PRONOUNS_BEFORE_AND.has(before)) return false;
  // "my brother and i are", "tom and i are": "i" after "and" is the second half of a subject (the words hold no commas).
  if (after === 'i') return false;
  // "my mother and my father have", "the manager and he are", "kenji and she were": two people or two noun phrases, one subject.
  if ((PERSON_NOUNS.has(before) || (after !== undefined && SUBJECT_DETERMINERS.has(after))) && nounSubjectBefore(words, k)) return false;
  if (!isVerbWord(before) && nounNumber(before) === undefined && spokenRank(before) === undefined) return false;
  for (let j = k - 1; j >= 0; j--) {
    const word = words[j] as string;
    if (AGREEMENT_CLAUSE_START.has(word)) return false;
    if (isVerbWord(word)) return true;
  }
  return false;
}

/** Verbs after which a clause follows ("i think my mother and my father have"), not an object. */
const VERBS_OF_THINKING: ReadonlySet<string> = new Set(['think', 'thought', 'believe', 'know', 'knew', 'guess', 'feel', 'hope', 'hear', 'heard', 'say', 'said', 'suppose', 'reckon', 'mean']);

/**
 * Whether the noun before the "and" at `words[k]` can be a subject: with its determiner, not a verb's
 * or a preposition's object ("make dinner and my friend say", "i have a brother and he live"); a noun
 * for a person without one ("mother and she") is.
 */
function nounSubjectBefore(words: readonly string[], k: number): boolean {
  const noun = words[k - 1] ?? '';
  if (!SUBJECT_DETERMINERS.has(words[k - 2] ?? '')) return PERSON_NOUNS.has(noun);
  if (nounNumber(noun) === undefined && !PERSON_NOUNS.has(noun)) return false;
  const before = words[k - 3];
  return before === undefined || !((isVerbWord(before) && !VERBS_OF_THINKING.has(before)) || PREPOSITIONS.has(before));
}

/** Determiners that open a noun phrase that can be a subject: "my manager have", "the woman are". */
const SUBJECT_DETERMINERS: ReadonlySet<string> = new Set(['my', 'his', 'her', 'our', 'their', 'your', 'the', 'this', 'that', 'every', 'each', 'a', 'an']);
/** Plural forms of have, be and do, with the singular a singular noun subject takes. */
const PLURAL_TO_SINGULAR: ReadonlyMap<string, string> = new Map([['have', 'has'], ['are', 'is'], ['were', 'was'], ["don't", "doesn't"], ['dont', 'doesnt'], ['do', 'does']]);
/**
 * Words before a determiner that make its noun no subject of the verb after it: a preposition ("the
 * people in my ward wear", "the road near my house were"), "nor", a quantifier ("both my parents",
 * "all my family"). "and" and "or" only where they join clauses (joinsClauses): "my wife and my
 * daughter have" is a coordinated subject.
 */
const NOT_BEFORE_A_NOUN_SUBJECT: ReadonlySet<string> = new Set([...PREPOSITIONS, 'nearby', 'during', 'and', 'or', 'nor', 'both', 'all', 'most', 'almost', 'half']);

/** Whether the noun at `words[i]` heads a subject: a determiner before it, at the start of a clause (not after a preposition, a verb or "and" in a coordinated subject). */
function isNounSubject(words: readonly string[], i: number): boolean {
  const determiner = words[i - 1];
  const before = words[i - 2];
  if (determiner === undefined || !SUBJECT_DETERMINERS.has(determiner)) return false;
  if (before === 'and' || before === 'or') return joinsClauses(words, i - 2);
  return before === undefined || !(NOT_BEFORE_A_NOUN_SUBJECT.has(before) || BARE_VERB_CONTEXT.has(before) || isVerbWord(before));
}

/**
 * The correction when a singular noun subject at `words[i]` has a plural verb: "my manager have" ->
 * "manager has", "this car dont" -> "car doesnt"; a bare verb only after a noun for a person ("my
 * mother make" -> "mother makes"). Not a group or a quantity ("my family are", "a lot have") nor a
 * question begun again ("my friend do you"). Among the development learners: 265 found, falling from
 * 0.99 in 1,000 words at levels 1-3 to 0.17 at levels 7-9; of 60 read, 2 or 3 not slips of this kind
 * ("the two women one is walking the dog are talking").
 */
function nounSubjectCorrection(words: readonly string[], i: number, verb: string): string | null {
  const noun = words[i] as string;
  const person = PERSON_NOUNS.has(noun);
  if (GROUP_NOUNS.has(noun) || (!person && nounNumber(noun) !== 'singular') || !isNounSubject(words, i) || subjunctiveSubject(words, i - 1, verb)) return null;
  const singular = PLURAL_TO_SINGULAR.get(verb);
  const next = words[i + 2];
  if (singular !== undefined) return QUESTION_RESTART_NEXT.has(next ?? '') ? null : `${noun} ${singular}`;
  if (!person || !BARE_VERBS.has(verb)) return null;
  // After "the" or "a" a person noun before a verb or a noun is a compound's first half: "the client call went", "a doctor visit costs".
  if (!POSSESSIVES.has(words[i - 1] ?? '') && next !== undefined && (isVerbWord(next) || nounNumber(next) !== undefined)) return null;
  return `${noun} ${thirdPersonForm(verb)}`;
}

const POSSESSIVES: ReadonlySet<string> = new Set(['my', 'his', 'her', 'our', 'their', 'your']);

/**
 * Whether the subject that starts at `words[start]` takes the subjunctive: "if my boss were here", "the
 * manager were to leave", "it is essential that every employee wear".
 */
function subjunctiveSubject(words: readonly string[], start: number, verb: string): boolean {
  const before = words[start - 1];
  if (verb === 'were' && ((before !== undefined && SUBJUNCTIVE_WERE_AFTER.has(before)) || words[start + 3] === 'to' || words[start + 4] === 'to')) return true;
  return before === 'that' && MANDATIVE_BEFORE_THAT.has(words[start - 2] ?? '');
}

/** Prepositions of a phrase after a subject: "everyone in my ward", "my friend from work". */
const PHRASE_PREPOSITIONS: ReadonlySet<string> = new Set(['in', 'at', 'from', 'on', 'around', 'near']);

/**
 * The correction when `words[i]` ends a phrase of one to three words after a singular subject and the
 * verb after it is plural: "everyone in my ward wear" -> "ward wears", "my friend in osaka have" ->
 * "osaka has". The subject is a pronoun for a person at the start of a clause, or a noun for a
 * person heading a subject. Not when the phrase holds a verb, "and" or a relative ("everyone in the
 * team who"), or ends in a plural ("everyone in the villages wear": the pair would read wrong).
 */
function phraseSubjectCorrection(words: readonly string[], i: number, verb: string): string | null {
  const last = words[i] as string;
  const singular = PLURAL_TO_SINGULAR.get(verb) ?? (BARE_VERBS.has(verb) ? thirdPersonForm(verb) : undefined);
  const next = words[i + 2];
  if (singular === undefined || nounNumber(last) === 'plural' || PRONOUNS_BEFORE_AND.has(last) || last === 'law') return null;
  // "the man at the bus stop is": the "verb" ends a compound; "everyone at the back listen up": an instruction.
  if (next !== undefined && (isVerbWord(next) || nounNumber(next) !== undefined || next === 'up' || next === 'your')) return null;
  for (let p = i; p >= i - 2 && p > 0; p--) {
    const phrase = words.slice(p + 1, i + 1);
    if (phrase.some((word) => isVerbWord(word) || AGREEMENT_CLAUSE_START.has(word))) return null;
    if (!PHRASE_PREPOSITIONS.has(words[p] as string) || phrase.length === 0) continue;
    const subject = words[p - 1] as string;
    const before = words[p - 2];
    const someone = SOMEONE.has(subject) && (before === undefined || AGREEMENT_CLAUSE_START.has(before));
    const start = someone ? p - 1 : p - 2;
    if ((someone || (PERSON_NOUNS.has(subject) && isNounSubject(words, p - 1))) && !subjunctiveSubject(words, start, verb)) return `${last} ${singular}`;
  }
  return null;
}

/** Whether a word before `words[i]` opens a subjunctive that a clause joined by "and" carries on: "if", "wish", "as if" before "were"; "suggest", "rather", "essential that" before a bare verb. */
function subjunctiveEarlier(words: readonly string[], i: number, verb: string): boolean {
  const earlier = words.slice(0, i);
  if (verb === 'were') return earlier.some((word) => SUBJUNCTIVE_WERE_AFTER.has(word));
  return BARE_VERBS.has(verb) && earlier.some((word) => MANDATIVE_BEFORE_THAT.has(word) || word === 'rather' || word === 'lest');
}

/**
 * The correction of an agreement slip in `words[i]` and `words[i + 1]` (in the answer's time:
 * agreementInItsTime), or null where the pair agrees or is no subject and verb.
 */
export function agreementSlipCorrection(words: readonly string[], i: number): string | null {
  const first = words[i] as string;
  const second = words[i + 1] as string;
  const before = words[i - 1];
  // After "and" or "or" a bare verb is right only where they coordinate ("you and she don't"), or where the first clause's
  // subjunctive carries on ("if i were rich and she were famous", "i'd rather he stay and she go"); where they join clauses the pronoun is a subject.
  const joined = (before === 'and' || before === 'or') && joinsClauses(words, i - 1) && !subjunctiveEarlier(words, i, second);
  const bareVerbContext = before !== undefined && BARE_VERB_CONTEXT.has(before) && !joined;
  const agreement = isFillerLike(words, i + 1)
    ? null
    : ((bareVerbContext || notAnAgreementPair(words, i) ? null : agreementCorrection(first, second, before)) ??
      nounSubjectCorrection(words, i, second) ??
      phraseSubjectCorrection(words, i, second));
  return agreement === null ? null : agreementInItsTime(words, i, agreement, second);
}

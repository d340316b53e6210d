import { spokenTogether, wordTokens, type WordToken } from './words.js';

/** The spec's filler words (section 9). 'you know' is one filler, matched as a phrase. */
export const FILLER_WORDS = ['um', 'uh', 'er', 'ah', 'like', 'you know', 'well', 'so'] as const;
export type FillerWord = (typeof FILLER_WORDS)[number];

/** Words before 'so' that make it part of a hesitation, not a link between clauses ("um so", "yeah so", "you know so"). */
const HESITATION_WORDS: ReadonlySet<string> = new Set(['um', 'uh', 'er', 'ah', 'erm', 'hmm', 'mm', 'mmm', 'like', 'well', 'know', 'okay', 'ok', 'yeah', 'yes', 'no']);
/**
 * Words after 'so' that leave it no clause to open: a hesitation ("so um", "so yeah"), another
 * linking word ("so and", "so but"), or 'so' again ("so so i"): of two said in a row the first is
 * the hesitation, the second may link. Not "no", which opens a clause as a determiner ("so no one came").
 */
const NO_CLAUSE_AFTER: ReadonlySet<string> = new Set([...[...HESITATION_WORDS].filter((word) => word !== 'no'), 'so', 'and', 'but', 'or']);

/**
 * Ordinary uses of filler words that are not hesitation: 'like' as a verb ("I like", "would like")
 * or a preposition ("something like that", "places like Goa"), 'well' as an adverb ("as well", "very
 * well", "did well"), 'so' as an intensifier or in fixed phrases ("so much", "so diverse", "I think so"), and 'you know' as a question ("do you know"). The spec
 * counts every occurrence; counting "I like reading" as hesitation would mark down exactly the
 * answers Part 1 asks for ("Do you like…?"), so these contexts are left out. The neighbouring word
 * must be said together with the filler (only spaces between them): "I, like, went" is a filler.
 * To count strictly by the spec, make this list empty.
 */
export const FILLER_EXCEPTIONS: readonly FillerException[] = [
  {
    filler: 'like',
    neighbour: 'before',
    words: [
      'i', 'you', 'we', 'they', "i'd", "you'd", "we'd", "they'd", 'would', 'do', "don't", 'did', "didn't", 'really', 'also', 'to', 'not', 'still', 'always', 'look', 'looks', 'looked', 'feel', 'feels', 'felt', 'sounds', 'seems',
      // The same written without the apostrophe, as some recognisers and transcribers do: "i dont like", "id like".
      'id', 'youd', 'theyd', 'dont', 'didnt', "doesn't", 'doesnt', "wouldn't", 'wouldnt',
    ],
  },
  // 'like' as a preposition between a form of be and a determiner: "it's like a village", "you are
  // like my mother" ("it's like so hard" and "she was like, wow" stay fillers).
  {
    filler: 'like',
    neighbour: 'before',
    words: ["it's", 'its', 'is', 'was', 'are', 'were', 'be', "that's", 'thats'],
    andAfter: ['a', 'an', 'the', 'my', 'your', 'his', 'her', 'our', 'their'],
  },
  // 'like' before "this" or "that": "do it like this", "i have never seen anything like that".
  { filler: 'like', neighbour: 'after', words: ['this', 'that'] },
  // 'like' as a preposition: "something like that", "a bit like detective work", "what would it be
  // like", "places like Goa" (after a plural noun 'like' is a preposition or the verb, never a filler).
  {
    filler: 'like',
    neighbour: 'before',
    words: ['something', 'anything', 'nothing', 'everything', 'someone', 'somebody', 'bit', 'just', 'exactly', 'more', 'much', 'lot', 'be', 'been', 'sound', 'sounded', 'seem', 'seemed', 'taste', 'tastes', 'tasted', 'smell', 'smells', 'people'],
    also: (word) => PLURAL_NOUN.test(word) && !NOT_PLURAL_NOUNS.has(word),
  },
  {
    filler: 'well',
    neighbour: 'before',
    words: [
      'as', 'very', 'quite', 'pretty', 'really', 'so', 'too', 'how', 'fairly', 'extremely', 'do', 'does', 'did', 'doing', 'done', 'went', 'go', 'goes', 'going', 'get', 'got', 'speak', 'speaks', 'sleep', 'slept',
      // 'well' as the adverb of a verb said before it: "i communicate well", "i feel well", "it worked well".
      'communicate', 'feel', 'feels', 'felt', 'work', 'works', 'worked', 'play', 'played', 'cook', 'write', 'explain', 'eat', 'ate', 'paid', 'treated',
    ],
  },
  // 'well' before a participle: "well organised", "well known", "well paid".
  { filler: 'well', neighbour: 'after', words: ['known', 'done', 'paid', 'made', 'kept', 'written', 'off'], also: (word) => /^[a-z]{3,}ed$/.test(word) },
  { filler: 'so', neighbour: 'after', words: ['much', 'many', 'far', 'that', 'long', 'often', 'on'] },
  // 'so' as an intensifier: "so diverse", "so rapidly", "so crowded", "so good". The band estimate's
  // soLinks (band-estimate/clause-words.ts) reads the same from its lexicon; text/ keeps its own list,
  // as band-estimate/ reads the fillers from here and text/ imports nothing from it.
  {
    filler: 'so',
    neighbour: 'after',
    words: ['good', 'bad', 'big', 'small', 'hot', 'cold', 'nice', 'happy', 'sad', 'busy', 'easy', 'hard', 'diverse', 'cheap', 'old', 'young', 'fast', 'slow', 'great', 'high', 'low', 'close', 'quiet', 'noisy', 'clean', 'dirty', 'rich', 'poor', 'strong', 'weak', 'kind', 'fun', 'funny', 'lovely', 'friendly', 'pretty', 'huge', 'tiny', 'new', 'quick', 'late', 'early', 'sure', 'glad', 'proud', 'tired', 'bored', 'scared', 'afraid', 'lucky', 'crazy', 'calm', 'safe', 'simple', 'complex', 'clear', 'true', 'hungry', 'angry', 'healthy', 'heavy', 'expensive', 'well'],
    also: (word) => INTENSIFIED_ENDING.test(word) && !NOT_INTENSIFIED.has(word),
  },
  { filler: 'so', neighbour: 'before', words: ['think', 'hope', 'guess', 'suppose', 'believe', 'or', 'not', 'afraid'] },
  // "as you know": the speaker means it.
  { filler: 'you know', neighbour: 'before', words: ['do', 'did', "don't", "didn't", 'if', 'as'] },
];

export interface FillerException {
  filler: FillerWord;
  /** Which neighbour decides: the word said just before the filler, or just after it. */
  neighbour: 'before' | 'after';
  words: readonly string[];
  /** Other neighbours that decide, by their form. */
  also?: (word: string) => boolean;
  /** With `neighbour: 'before'`: the word said just after must be one of these too. */
  andAfter?: readonly string[];
}

/** Only spaces or line breaks between two words: no punctuation. A line break is where a recogniser ended a result, which says nothing of how the word is used. */
const nothingWrittenBetween = (text: string, first: WordToken, second: WordToken) => /^\s+$/u.test(text.slice(first.index + first.length, second.index));

/**
 * Whether 'so' at `tokens[i]` links what was said before it to a clause after it, and so is a
 * linking word, not the spec's filler (each 'so' is one or the other, never both: decision 0051's
 * addendum). It links when something other than a hesitation was said before it in the answer ("it
 * was raining so i stayed", "it was late, so we left", "too expensive. so i bought a cheaper one",
 * the first after a pause: Chrome ends a result there) and a clause follows it, said without a
 * comma or a stop between ("so, um", "and, so, i" and "so. i mean" are hesitation). 'so' that opens
 * the answer, follows a hesitation ("um so i", "yeah so"), is followed by one ("so um", "so yeah",
 * "so and"), or ends the answer ("and so then") links nothing: the filler. Line breaks decide nothing,
 * so the same words read the same however a recogniser split them into results; the band estimate
 * leaves the filler 'so' out of its words (features.ts), so what the Fluency card names as a filler it
 * never credits as linking.
 */
export function soLinksClauses(text: string, tokens: readonly WordToken[], i: number): boolean {
  const before = tokens[i - 1];
  const so = tokens[i] as WordToken;
  const after = tokens[i + 1];
  if (before === undefined || after === undefined || HESITATION_WORDS.has(before.word)) return false;
  if (NO_CLAUSE_AFTER.has(after.word) || !nothingWrittenBetween(text, so, after)) return false;
  // "so then" with nothing after it trails off ("and so then"); "so then we left" links.
  if (after.word === 'then' && tokens[i + 2] === undefined) return false;
  // "you" opens a clause ("so you can go") unless it is the filler "you know".
  return !(after.word === 'you' && tokens[i + 2]?.word === 'know' && spokenTogether(text, after, tokens[i + 2] as WordToken));
}

/** A word of four letters or more ending in a single s: most are plural nouns ("places", "cities"). */
const PLURAL_NOUN = /^[a-z]{3,}[^s]s$/;
/** Words ending so that are not plural nouns, and after which 'like' can be a filler ("was, like,"). */
const NOT_PLURAL_NOUNS: ReadonlySet<string> = new Set(['this', 'thus', 'always', 'sometimes', 'perhaps', 'plus', 'yes', 'does', 'goes', 'says', 'gets', 'means', 'towards', 'besides', 'afterwards', 'nowadays', 'unless', 'whereas', 'its', 'his', 'hers', 'ours', 'yours', 'theirs']);
/** Endings of adjectives and adverbs (an intensifying 'so' before them): "so rapidly", "so beautiful", "so interesting". */
const INTENSIFIED_ENDING = /^[a-z]{2,}(ly|ful|ous|ive|able|ible|ant|ent|ic|al|ed|ing|less)$/;
/** Words with those endings after which 'so' is still the filler or a linking word ("so only", "so something"). */
const NOT_INTENSIFIED: ReadonlySet<string> = new Set(['only', 'family', 'really', 'actually', 'basically', 'finally', 'usually', 'generally', 'personally', 'thing', 'something', 'anything', 'nothing', 'everything', 'during', 'morning', 'evening', 'king', 'spring', 'building', 'parent', 'student', 'present', 'moment', 'government', 'event', 'animal', 'hospital', 'festival', 'local', 'individual', 'total', 'general', 'political', 'music', 'traffic', 'public', 'topic', 'need']);

export interface FillerMatch {
  filler: FillerWord;
  /** Offset in the original text (String#slice units); for 'you know', of 'you'. */
  index: number;
  /** Length in the original text, covering both words of 'you know'. */
  length: number;
}

const SINGLE_WORD_FILLERS: ReadonlySet<string> = new Set(FILLER_WORDS.filter((filler) => !filler.includes(' ')));

/**
 * Every filler in the text, in order. Whole words only and case-insensitive: 'likely', 'sofa',
 * 'welcome' and the compound 'well-known' are not fillers.
 */
export function findFillers(text: string): FillerMatch[] {
  const tokens = wordTokens(text);
  const matches: FillerMatch[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as WordToken;
    const next = tokens[i + 1];
    let filler: FillerWord | undefined;
    let last = token;
    if (token.word === 'you' && next?.word === 'know' && spokenTogether(text, token, next)) {
      filler = 'you know';
      last = next;
    } else if (SINGLE_WORD_FILLERS.has(token.word)) {
      filler = token.word as FillerWord;
    }
    if (filler === undefined) continue;
    const lastIndex = last === token ? i : i + 1;
    if (!isException(text, filler, tokens[i - 1], token, last, tokens[lastIndex + 1]) && !(filler === 'so' && soLinksClauses(text, tokens, i))) {
      matches.push({ filler, index: token.index, length: last.index + last.length - token.index });
    }
    i = lastIndex;
  }
  return matches;
}

/**
 * For each token, whether one of the filler matches covers it ('you know' covers two). Tokens and
 * matches are both in text order, so one pass walks them side by side: testing every token against
 * every filler took seconds for a saved test of long filler-heavy answers.
 */
export function coveredByFillers(tokens: readonly WordToken[], fillers: readonly FillerMatch[]): boolean[] {
  let next = 0;
  return tokens.map((token) => {
    while (next < fillers.length && token.index >= (fillers[next]?.index ?? 0) + (fillers[next]?.length ?? 0)) next += 1;
    const filler = fillers[next];
    return filler !== undefined && token.index >= filler.index;
  });
}

export function fillerCount(text: string): number {
  return findFillers(text).length;
}

function isException(
  text: string,
  filler: FillerWord,
  before: WordToken | undefined,
  first: WordToken,
  last: WordToken,
  after: WordToken | undefined,
): boolean {
  return FILLER_EXCEPTIONS.some((exception) => {
    if (exception.filler !== filler) return false;
    const decides = (word: string) => exception.words.includes(word) || exception.also?.(word) === true;
    if (exception.neighbour === 'before') {
      const afterToo = exception.andAfter === undefined || (after !== undefined && exception.andAfter.includes(after.word) && spokenTogether(text, last, after));
      return before !== undefined && decides(before.word) && spokenTogether(text, before, first) && afterToo;
    }
    return after !== undefined && decides(after.word) && spokenTogether(text, last, after);
  });
}

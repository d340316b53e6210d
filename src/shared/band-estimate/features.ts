import { porterStem } from '../interview/porter-stemmer.js';
import { coveredByFillers, findFillers, type FillerWord } from '../text/fillers.js';
import { nameWords, words, wordTokens } from '../text/words.js';
import { CLAUSE_OPENERS, soLinks, stanceHere, subordinatesHere, tentativeHere } from './clause-words.js';
import { nounsSaid } from './nouns.js';
import { countedUses, creditedUnder, LINKING_OVERUSE_PER_100, linkingWords, listedWords, saidOften, usesWithRange, WRITTEN_LINKING_MOST_PER_100, type SaidOften } from './listed-uses.js';
import { articleCount, grammarSlips, keptWithoutRepeats, perfectPassiveCount, phrasalVerbCount, repairCount, verbFormRange, withoutRepeats } from './structures.js';
import { isFillerLike } from './subject-verb.js';
import { isDerived, movingTypeTokenRatio } from './word-measures.js';
import { CLAUSE_LINKS, DISCOURSE_MARKERS, STANCE_ADVERBS, TENTATIVE_MODALS, WRITTEN_LINKERS, isContentWord, isFilledPause, isPastForm, spokenRank } from './lexicon.js';

/*
 * What a rater hears in a transcript, as numbers: how long the stretches of speech are, how varied
 * and how rare the words are, how much subordination and how many verb forms. Every feature is
 * computed after filled pauses and immediate repeats are taken out, so a recogniser that drops "um"
 * or "i i" and one that keeps them give the same figures (the filled-pause and repeat rates are
 * reported, never counted: decision 0047), and after the fillers said as padding ("like" and "you
 * know" as hesitation, "well" opening a reply), which otherwise lengthened the stretches that
 * Fluency credits: padding every fifth word of learners' answers with them raised Fluency by about
 * half a band.
 *
 * The stretches are cut from the words (clauseStretches), not taken from the recogniser's results:
 * how a recogniser splits speech into results is its own (Chrome ends one at each pause, a
 * recogniser may return a whole answer as one), and one result per answer raised the overall by
 * about a band (decision 0043). Line breaks and punctuation therefore change no feature.
 */

export interface LanguageFeatures {
  /** Words said, filled pauses and padding fillers left out. */
  words: number;
  /** Stretches of speech with at least one word: the answers cut before linking words (clauseStretches). */
  utterances: number;
  /** Mean words per stretch. */
  wordsPerUtterance: number;
  /** Mean words of the longest quarter of stretches: the longest the speaker can sustain. */
  longTurnWords: number;
  /** Share of stretches of one or two words ("yes", "because money"). */
  shortUtteranceShare: number;
  /** Words per answer. */
  wordsPerAnswer: number;
  /** Immediate repeats of one or two words per 100 words as said ("i i", "my friend my friend"); fitted, then held at the mean (decision 0047). */
  repairsPer100: number;
  /** Filled pauses per 100 words (evidence only: recognisers often drop them). */
  filledPausesPer100: number;
  /**
   * Discourse markers per 100 words, a word's repeats counted as usesWithRange says; past
   * LINKING_OVERUSE_PER_100 said in 100 (linkingWordsSaidPer100), over-used: creditedUnder.
   */
  discourseMarkersPer100: number;
  /** Linking words per 100 words, every use counted (not weighed: over-use is read from it). */
  linkingWordsSaidPer100: number;
  /** Of them, the written register's (WRITTEN_LINKERS) per 100 words, every use counted (not weighed: their over-use is read from it). */
  writtenLinkingSaidPer100: number;
  /** Different word stems said. */
  distinctStems: number;
  /** Moving-average type-token ratio over windows of 50 word stems (length-robust diversity). */
  mattr: number;
  /** Share of content words ranked past 2,000 in spoken English, or not in its 10,000. */
  rareWordShare: number;
  /** Different content stems ranked past 2,000, per 100 words. */
  rareTypesPer100: number;
  /** Share of the different content words built with a derivational suffix (-tion, -ment, -ness, -ous, -ly…): word-formation range. */
  derivedWordShare: number;
  /** Phrasal verbs per 100 words: a particle (up, out, off, down, away, back, over, around) after a content word. */
  phrasalVerbsPer100: number;
  /** Stance adverbs per 100 words ("probably", "quite", "definitely": how sure or how strongly), as usesWithRange counts. */
  stanceAdverbsPer100: number;
  /** Share of words that are grammar words (articles, pronouns, auxiliaries, prepositions): telegraphic speech has few. */
  functionWordShare: number;
  /** Mean letters of the different content words said. */
  contentWordLength: number;
  /** Subordinating words per 100 words, as usesWithRange counts. */
  subordinatorsPer100: number;
  /** Verb-form variety, 0 to 1: past, perfect, progressive, passive, modal, infinitive, future. */
  verbFormRange: number;
  /** Articles that open a noun phrase, per 100 words (learners whose first language has none leave them out; articleCount). */
  articlesPer100: number;
  /** Past-tense forms per 100 words, as usesWithRange counts. */
  pastFormsPer100: number;
  /** Share of the nouns said that are plural ("friends", "people"; nouns.ts): speakers whose first language marks no plural leave the -s out (decision 0054). */
  pluralNounShare: number;
  /** Perfect and passive verb phrases per 100 words ("have lived", "was born", "has been"). */
  perfectPassivePer100: number;
  /** Modal verbs of possibility and obligation per 100 words ("would", "could", "might", "should", "must"), as usesWithRange counts. */
  tentativeModalsPer100: number;
  /** Agreement and verb-form slips per 100 words ("he go", "they was", "didn't went", "more cheaper", "i going"): slips.ts. */
  grammarSlipsPer100: number;
  /**
   * Listed words said more often than they count (usesWithRange), by the criterion whose evidence
   * they are: linking words (Fluency), stance adverbs (Vocabulary), clause linkers and modals
   * (Grammar). Not weighed: the criterion's card names them (`repeated`, calibrated.ts).
   */
  saidOften: Readonly<Record<'fluency' | 'vocabulary' | 'grammar', readonly SaidOften[]>>;
}


/** The fillers taken out with the filled pauses; "so" stays a word (FILLER_SO where it is the filler). */
const PADDING_FILLERS: ReadonlySet<FillerWord> = new Set<FillerWord>(['like', 'you know', 'well']);

/**
 * How the linking words are read (linkingWords, clauseStretches) where findFillers finds "so" the
 * filler (opening the answer, beside a hesitation, before a comma: soLinksClauses): no list has it,
 * so it links nothing and cuts no stretch. Every other feature reads it as the word "so", as before.
 * Each "so" is a filler or a linking word, never named as the one and credited as the other
 * (decision 0051's addendum).
 */
export const FILLER_SO = 'so\u0000';
/**
 * "like" after he, she or it is a verb, said right or as the agreement slip learners often make
 * ("he like football"): findFillers takes it for a filler (it excepts only "i like", "you like"…,
 * since "he likes" is the right form), and the slip must still be counted.
 */
const VERB_LIKE_AFTER: ReadonlySet<string> = new Set(['he', 'she', 'it']);

/** "like" after he, she or it, and not the filler (isFillerLike): the verb, kept. */
const likeAsVerb = (words: readonly string[], i: number) => words[i] === 'like' && VERB_LIKE_AFTER.has(words[i - 1] ?? '') && !isFillerLike(words, i);

/** A text's words without filled pauses and padding fillers (findFillers' own uses of them), the filler "so" as FILLER_SO. */
function markedSpokenWords(text: string): string[] {
  const tokens = wordTokens(text);
  const words = tokens.map((token) => token.word);
  const fillers = findFillers(text);
  const padding = coveredByFillers(tokens, fillers.filter((filler) => PADDING_FILLERS.has(filler.filler)));
  const fillerSo = coveredByFillers(tokens, fillers.filter((filler) => filler.filler === 'so'));
  return words.flatMap((word, i) => ((!padding[i] || likeAsVerb(words, i)) && !isFilledPause(word) ? [fillerSo[i] ? FILLER_SO : word] : []));
}

const unmarked = (words: readonly string[]) => words.map((word) => (word === FILLER_SO ? 'so' : word));

/** A text's words without filled pauses and padding fillers (findFillers' own uses of them). */
export function spokenWords(text: string): string[] {
  return unmarked(markedSpokenWords(text));
}

/** Where a recogniser that punctuates ends a sentence: a slip is never read across one ("i love it. thank you" has no "it thank"). */
const SENTENCE_END = /[.?!;:]+(?:\s+|$)/u;

const MATTR_WINDOW = 50;
const RARE_RANK = 2000;

/**
 * An answer's words cut into stretches before each word that links clauses (CLAUSE_LINKS), unless
 * the stretch so far holds only such words: "and then i went" and "but because" stay whole ("so"
 * that stands for a clause, as in "i think so", links nothing). A stand-in for the clause, which
 * learner-speech measures count in (words per clause, per AS-unit), that a recogniser's results
 * cannot change (decision 0043).
 */
export function clauseStretches(words: readonly string[]): string[][] {
  const stretches: string[][] = [];
  let current: string[] = [];
  let linksOnly = true;
  for (const [i, word] of words.entries()) {
    const link = CLAUSE_LINKS.has(word) && !(word === 'so' && !soLinks(words, i));
    if (link && !linksOnly) {
      stretches.push(current);
      current = [];
      linksOnly = true;
    }
    current.push(word);
    if (!link) linksOnly = false;
  }
  if (current.length > 0) stretches.push(current);
  return stretches;
}

/**
 * The features of a test's answers, each the text the recogniser gave for one answer (its results
 * one per line, or all in one: the same features either way).
 */
export function languageFeatures(answers: readonly string[], answerCount: number): LanguageFeatures {
  // Names are not vocabulary: "Kyoto" is neither a long word nor a rare one (read before the line breaks go: a line starts a sentence).
  const names = new Set(answers.flatMap((answer) => [...nameWords(answer)]));
  // A line break is where the recogniser ended a result, which says nothing of the speaker.
  const texts = answers.map((answer) => answer.replace(/\s+/g, ' '));
  const markedAnswers = texts.map(markedSpokenWords).filter((answer) => answer.length > 0);
  const saidAnswers = markedAnswers.map(unmarked);
  const repairs = sum(saidAnswers.map(repairCount));
  const saidWords = sum(saidAnswers.map((answer) => answer.length));
  // Repeats go as filled pauses do: a recogniser may drop "i i" as it drops "um" (decision 0047).
  const kept = saidAnswers.map(keptWithoutRepeats);
  const spokenAnswers = saidAnswers.map((answer, j) => (kept[j] as number[]).map((k) => answer[k] as string));
  // The same words with the filler "so" marked, as the linking words are read (FILLER_SO).
  const linkingAnswers = markedAnswers.map((answer, j) => (kept[j] as number[]).map((k) => answer[k] as string));
  const filled = texts.reduce((total, text) => total + words(text).filter((word) => isFilledPause(word)).length, 0);
  const spoken = linkingAnswers.flatMap(clauseStretches);
  const all = spokenAnswers.flat();
  const n = all.length;
  const per100 = (count: number) => (n === 0 ? 0 : (100 * count) / n);
  const lengths = spoken.map((line) => line.length).sort((a, b) => b - a);
  const longQuarter = lengths.slice(0, Math.max(1, Math.ceil(lengths.length / 4)));
  const content = all.filter(isContentWord);
  // The content words that are the speaker's vocabulary: not the names said.
  const ownWords = content.filter((word) => !names.has(word));
  // The words' quality is judged on the different words: a long word said in every sentence is one
  // word. Linking words and stance adverbs have features of their own, so they are not counted
  // again here ("definitely" and "furthermore" are long, and -ly and -more look derived).
  const contentTypes = [...new Set(ownWords)].filter((word) => !DISCOURSE_MARKERS.has(word) && !STANCE_ADVERBS.has(word));
  const stems = all.map(porterStem);
  const rare = ownWords.filter((word) => (spokenRank(word) ?? Infinity) > RARE_RANK);
  // Each list read once: its count and the words said too often come from the same tally.
  const nounNumbers = spokenAnswers.flatMap((answer) => nounsSaid(answer, names));
  const markers = listedWords(linkingWords(linkingAnswers.flat()), { has: (word) => DISCOURSE_MARKERS.has(word) || word.includes(' ') });
  const linkingSaidPer100 = per100(sum(markers.map((listed) => listed.said)));
  const written = markers.filter((listed) => WRITTEN_LINKERS.has(listed.word));
  const writtenSaidPer100 = per100(sum(written.map((listed) => listed.said)));
  const spokenLinking = per100(countedUses(markers.filter((listed) => !WRITTEN_LINKERS.has(listed.word))));
  // Where each listed word does its work (clause-words.ts), over each answer's words.
  const hereIn = (isHere: (words: readonly string[], i: number) => boolean) => spokenAnswers.flatMap((answer) => answer.map((_, i) => isHere(answer, i)));
  const adverbs = listedWords(all, STANCE_ADVERBS, hereIn(stanceHere));
  const subordinators = listedWords(all, CLAUSE_OPENERS, hereIn(subordinatesHere));
  const modals = listedWords(all, TENTATIVE_MODALS, hereIn(tentativeHere));
  return {
    words: n,
    utterances: spoken.length,
    wordsPerUtterance: spoken.length === 0 ? 0 : n / spoken.length,
    longTurnWords: lengths.length === 0 ? 0 : mean(longQuarter),
    shortUtteranceShare: spoken.length === 0 ? 0 : spoken.filter((line) => line.length <= 2).length / spoken.length,
    wordsPerAnswer: answerCount === 0 ? 0 : n / answerCount,
    repairsPer100: saidWords === 0 ? 0 : (100 * repairs) / saidWords,
    filledPausesPer100: n === 0 ? 0 : (100 * filled) / n,
    discourseMarkersPer100: creditedUnder(LINKING_OVERUSE_PER_100, spokenLinking + creditedUnder(WRITTEN_LINKING_MOST_PER_100, per100(countedUses(written)), writtenSaidPer100), linkingSaidPer100),
    linkingWordsSaidPer100: linkingSaidPer100,
    writtenLinkingSaidPer100: writtenSaidPer100,
    distinctStems: new Set(stems).size,
    mattr: movingTypeTokenRatio(stems, MATTR_WINDOW),
    rareWordShare: ownWords.length === 0 ? 0 : rare.length / ownWords.length,
    rareTypesPer100: per100(new Set(rare.map(porterStem)).size),
    derivedWordShare: contentTypes.length === 0 ? 0 : contentTypes.filter(isDerived).length / contentTypes.length,
    phrasalVerbsPer100: per100(sum(spokenAnswers.map(phrasalVerbCount))),
    stanceAdverbsPer100: per100(countedUses(adverbs)),
    functionWordShare: n === 0 ? 0 : 1 - content.length / n,
    contentWordLength: contentTypes.length === 0 ? 0 : mean(contentTypes.map((word) => word.length)),
    subordinatorsPer100: per100(countedUses(subordinators)),
    verbFormRange: verbFormRange(spokenAnswers),
    articlesPer100: per100(sum(spokenAnswers.map(articleCount))),
    pastFormsPer100: per100(usesWithRange(all, { has: isPastForm })),
    pluralNounShare: nounNumbers.length === 0 ? 0 : nounNumbers.filter((number) => number === 'plural').length / nounNumbers.length,
    perfectPassivePer100: per100(sum(spokenAnswers.map(perfectPassiveCount))),
    tentativeModalsPer100: per100(countedUses(modals)),
    grammarSlipsPer100: per100(sum(texts.flatMap((text) => text.split(SENTENCE_END)).map((sentence) => grammarSlips(withoutRepeats(spokenWords(sentence)))))),
    saidOften: {
      fluency: saidOften(markers),
      vocabulary: saidOften(adverbs),
      // "because" and "so" are named once, under Fluency; "that" is named nowhere: it opens most of the
      // relative and reported clauses anyone says ("the book that I read", "I think that…"), so saying
      // it often is no habit to change, though only its first uses count.
      grammar: saidOften([...subordinators, ...modals].filter((listed) => !DISCOURSE_MARKERS.has(listed.word) && listed.word !== 'that')),
    },
  };
}


function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : sum(values) / values.length;
}

/*
 * Padding (decision 0046): the same words added to every utterance of a learner's answers, as a
 * student who has learned which words the estimate counts might do. The estimate must not reward
 * it: over the learners of levels 3-6 (the middle of the scale, with room to climb), the mean
 * overall must not rise by a quarter band or more (half the half-band step the student is shown),
 * nor by half a band for a list of different words learned by heart.
 * Scored with the model the app ships (scoreSpeakingTest and BAND_MODEL): the question is what the
 * shipped estimate does with padded answers, not how it agrees with raters, so no folds.
 */
import type { SpeakingBands } from '../../src/shared/speaking-test/scoring.js';
import { scoreSpeakingTest } from '../../src/shared/speaking-test/scoring.js';
import { learnerAnswers, type Learner, type Presentation } from './data.js';
import { mean } from './stats.js';

export const PADDING_TARGET_BANDS = 0.25;
const PADDED_LEVELS = [3, 6] as const;

/** Six linking words and five stance adverbs, taken in turn: a range learned by heart. */
const LINKERS = ['however', 'moreover', 'furthermore', 'therefore', 'besides', 'also'];
const ADVERBS = ['probably', 'definitely', 'quite', 'certainly', 'absolutely'];
/**
 * Eight grammar words of clauses and modality, taken in turn: a range of structures learned by heart
 * (decision 0053). Not linking words ("although", "whereas"): the linking words have rows of their own.
 */
const GRAMMAR_WORDS = ['unless', 'whose', 'whom', 'whether', 'might', 'since', 'until', 'shall'];
/** Eight plural nouns, taken in turn: the plural share counted by decision 0054, added at will. */
const PLURAL_NOUNS = ['friends', 'people', 'things', 'years', 'books', 'places', 'ideas', 'days'];
/** Fourteen linking words, taken in turn: a longer list, said densely (decision 0051). */
/** Written-register linking words (lexicon.ts WRITTEN_LINKERS), as a student taught to open every sentence with one says them. */
const WRITTEN = ['firstly', 'moreover', 'furthermore', 'in addition', 'however', 'therefore', 'on the other hand', 'as a result', 'besides', 'for instance', 'secondly', 'meanwhile'];
const MANY_LINKERS = ['and', 'so', 'but', 'because', 'also', 'however', 'then', 'actually', 'moreover', 'therefore', 'besides', 'furthermore', 'although', 'basically'];

/** `utterance` with the next of MANY_LINKERS after every `every`th word, from the one after `turn.next` (the utterance's number in the test). */
function linkEvery(utterance: string, every: number, turn: { next: number }): string {
  return utterance
    .split(' ')
    .flatMap((word, i) => (i % every === every - 1 ? [word, MANY_LINKERS[(turn.next += 1) % MANY_LINKERS.length] as string] : [word]))
    .join(' ');
}

/** Common linking words and stance adverbs, taken in turn, for the rows that add one every 100 words. */
const COMMON_LINKERS = ['so', 'because', 'but', 'then', 'also', 'and', 'actually'];
const COMMON_ADVERBS = ['probably', 'definitely', 'really', 'quite', 'maybe'];
/** Words per added word in those rows: about five more in a test of 500 words, as a student following the advice might say. */
const ONE_IN_WORDS = 100;

/**
 * A padding that puts the next of `list` before every `every`th word of the test (counted across its
 * utterances, afresh at its first), not at an utterance's edge: how far a criterion moves when a
 * student says a few more of its listed words where they would fit.
 */
function oneEvery(list: readonly string[], every: number): (utterance: string, index: number) => string {
  let words = 0;
  let next = 0;
  return (utterance, index) => {
    if (index === 0) [words, next] = [0, 0];
    return utterance
      .split(' ')
      .flatMap((word) => ((words += 1) % every === 0 ? [list[next++ % list.length] as string, word] : [word]))
      .join(' ');
  };
}

/**
 * Each padding's `pad` gets the utterance and its number in the test (so that a padding can take
 * words in turn); `target`: the mean overall must rise by less than this (bands; PADDING_TARGET_BANDS unless given).
 * The same words in every sentence must earn nothing; a list of different words learned by heart
 * still earns some (every word of it is a new word of a counted kind: decision 0046) and is held
 * under the half band a student sees as a step.
 */
export const PADDINGS: ReadonlyArray<{ name: string; pad: (utterance: string, index: number) => string; target?: number }> = [
  { name: '"actually I really …"', pad: (utterance) => `actually i really ${utterance}` },
  { name: '"basically … definitely"', pad: (utterance) => `basically ${utterance} definitely` },
  { name: '"however … probably"', pad: (utterance) => `however ${utterance} probably` },
  { name: '"because …"', pad: (utterance) => `because ${utterance}` },
  { name: '"I would say …"', pad: (utterance) => `i would say ${utterance}` },
  { name: '"the …"', pad: (utterance) => `the ${utterance}` },
  { name: '"… it was"', pad: (utterance) => `${utterance} it was` },
  { name: '"I have lived here …"', pad: (utterance) => `i have lived here ${utterance}` },
  { name: '"I grew up and …"', pad: (utterance) => `i grew up and ${utterance}` },
  { name: '"I had been …"', pad: (utterance) => `i had been ${utterance}` },
  { name: 'eight grammar words in turn ("unless …", "whose …", "whom …", "whether …")', pad: (utterance, i) => `${GRAMMAR_WORDS[i % GRAMMAR_WORDS.length]} ${utterance}`, target: 0.5 },
  { name: 'six linking words and five stance adverbs in turn ("however … probably", "moreover … definitely")', pad: (utterance, i) => `${LINKERS[i % LINKERS.length]} ${utterance} ${ADVERBS[i % ADVERBS.length]}`, target: 0.5 },
  { name: 'eight plural nouns in turn ("… friends", "… people", "… things")', pad: (utterance, i) => `${utterance} ${PLURAL_NOUNS[i % PLURAL_NOUNS.length]}`, target: 0.5 },
  { name: 'fourteen linking words in turn, one after every third word', pad: (utterance, i) => linkEvery(utterance, 3, { next: i }), target: 0.5 },
  { name: 'fourteen linking words in turn, one after every eighth word', pad: (utterance, i) => linkEvery(utterance, 8, { next: i }), target: 0.5 },
  { name: `seven common linking words in turn (${COMMON_LINKERS.join(', ')}), one in every ${ONE_IN_WORDS} words`, pad: oneEvery(COMMON_LINKERS, ONE_IN_WORDS) },
  { name: `five stance adverbs in turn (${COMMON_ADVERBS.join(', ')}), one in every ${ONE_IN_WORDS} words`, pad: oneEvery(COMMON_ADVERBS, ONE_IN_WORDS) },
  { name: 'twelve written linking words in turn, one at the head of every utterance ("moreover …", "in addition …")', pad: (utterance, i) => `${WRITTEN[i % WRITTEN.length]} ${utterance}`, target: 0.5 },
];

export interface PaddingRow {
  name: string;
  target: number;
  /** Learners with a band both as they spoke and padded. */
  learners: number;
  /** Mean change of each band, padded minus as spoken. */
  shift: Record<'fluency' | 'vocabulary' | 'grammar' | 'overall', number>;
}

export function measurePadding(learners: readonly Learner[], presentation: Presentation): PaddingRow[] {
  const middle = learners.filter((learner) => learner.level >= PADDED_LEVELS[0] && learner.level <= PADDED_LEVELS[1]);
  const bandsOf = (learner: Learner, pad: (utterance: string, index: number) => string): SpeakingBands | null => {
    let index = 0;
    const answers = learnerAnswers(learner, presentation).map((answer) => ({ ...answer, answer: answer.answer.split('\n').map((utterance) => pad(utterance, index++)).join('\n') }));
    const result = scoreSpeakingTest(answers);
    return result.assessable ? result.bands : null;
  };
  const asSpoken = new Map(middle.map((learner) => [learner, bandsOf(learner, (utterance) => utterance)]));
  return PADDINGS.map(({ name, pad, target = PADDING_TARGET_BANDS }) => {
    const pairs = middle.flatMap((learner) => {
      const before = asSpoken.get(learner);
      const after = bandsOf(learner, pad);
      return before && after ? [{ before, after }] : [];
    });
    const shiftOf = (key: keyof PaddingRow['shift']) => mean(pairs.map(({ before, after }) => after[key] - before[key]));
    return { name, target, learners: pairs.length, shift: { fluency: shiftOf('fluency'), vocabulary: shiftOf('vocabulary'), grammar: shiftOf('grammar'), overall: shiftOf('overall') } };
  });
}

export const PADDING_LEVELS_TEXT = `${PADDED_LEVELS[0]}-${PADDED_LEVELS[1]}`;

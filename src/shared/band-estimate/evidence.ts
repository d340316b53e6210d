import { countingNote } from './counting-note.js';
import type { LanguageFeatures } from './features.js';
import { overUse, writtenOverUse } from './listed-uses.js';
import type { FeatureName } from './model.js';

/*
 * How each weighed feature reads to a student: a label, the value as said, and what to do to raise
 * it. The numbers shown are the student's own; the typical value is the development set's mean.
 */

export interface FeatureWording {
  label: string;
  /** The student's value, as shown. */
  shown: (features: LanguageFeatures) => string;
  /** The typical learner's value, from the model's mean of the feature. */
  typical: (mean: number) => string;
  /** `than`: whom the student's figure was measured against (advice.ts), for advice that says so. */
  advice: (features: LanguageFeatures, than?: string) => string;
  /** The student over-uses what this feature counts: its advice comes before any other on the card (advice.ts). */
  overUsed?: (features: LanguageFeatures) => boolean;
}

/** Always one decimal, so that a figure beside another reads alike: 1.0 beside 2.3, not 1. */
export const oneDecimal = (value: number) => (Math.round(value * 10) / 10).toFixed(1);
const whole = (value: number) => Math.round(value).toString();
const share = (value: number) => `${Math.round(value * 100)}%`;
/** Whom a figure is compared with when the advice does not say (decision 0048's aim). */
const STRONGEST_LEARNERS = 'the strongest learners';

export const FEATURE_WORDING: Readonly<Record<FeatureName, FeatureWording>> = {
  logWordsPerAnswer: {
    label: 'words per answer',
    shown: (f) => whole(f.wordsPerAnswer),
    typical: (mean) => whole(Math.expm1(mean)),
    advice: (f) => `Make each answer longer with a reason, an example or a detail: your answers were about ${whole(f.wordsPerAnswer)} words long.`,
  },
  wordsPerAnswer: {
    label: 'words per answer',
    shown: (f) => whole(f.wordsPerAnswer),
    typical: whole,
    advice: (f) => `Make each answer longer with a reason, an example or a detail: your answers were about ${whole(f.wordsPerAnswer)} words long.`,
  },
  wordsPerUtterance: {
    label: 'words between linking words (and, but, so, because…)',
    shown: (f) => oneDecimal(f.wordsPerUtterance),
    typical: oneDecimal,
    advice: (f) => `Say more about each idea before the next and, but, so or because: add a detail, a reason or an example. You said ${oneDecimal(f.wordsPerUtterance)} words between them on average.`,
  },
  longTurnWords: {
    label: 'words in your longest parts between linking words',
    shown: (f) => whole(f.longTurnWords),
    typical: whole,
    advice: (f) => `Say more about each idea before you move on: your longest parts between linking words were about ${whole(f.longTurnWords)} words.`,
  },
  shortUtteranceShare: {
    label: 'parts of only one or two words between linking words',
    shown: (f) => share(f.shortUtteranceShare),
    typical: share,
    advice: (f) => `Answer in full sentences, not just a word or two: ${share(f.shortUtteranceShare)} of your parts between linking words were that short.`,
  },
  repairsPer100: {
    label: 'repeats and restarts per 100 words',
    shown: (f) => oneDecimal(f.repairsPer100),
    typical: oneDecimal,
    advice: (f) => `Say each phrase once and keep going, without repeating it or starting it again: ${oneDecimal(f.repairsPer100)} repeats or restarts in every 100 words.`,
  },
  filledPausesPer100: {
    label: 'um and er per 100 words',
    shown: (f) => oneDecimal(f.filledPausesPer100),
    typical: oneDecimal,
    advice: () => 'Pause silently instead of saying um or er while you think.',
  },
  discourseMarkersPer100: {
    label: `linking words per 100 words${countingNote('word')}`,
    shown: (f) => oneDecimal(f.discourseMarkersPer100),
    typical: oneDecimal,
    advice: (f) =>
      overUse(f.linkingWordsSaidPer100) > 0
        ? `Use a linking word where it joins two ideas, not every few words: you said ${oneDecimal(f.linkingWordsSaidPer100)} in every 100 words, more than any learner in our data.`
        : writtenOverUse(f.writtenLinkingSaidPer100) > 0
          ? `Keep "moreover", "furthermore", "firstly" and "in addition" for writing. You said ${oneDecimal(f.writtenLinkingSaidPer100)} of them in every 100 words, more than any learner in our data, and above that they count for less. When you speak, link ideas with "so", "because", "then" or "actually".`
          : f.saidOften.fluency.length > 0
            ? 'Link your ideas with a range of words, not the same one each time: however, for example, although, instead, especially.'
            : // No linking word said again and again: "not the same one each time" would be untrue (191 of the 716 development learners read it so).
              'Link more of your ideas with linking words, and a range of them: because, so, then, for example, although, however.',
    overUsed: (f) => overUse(f.linkingWordsSaidPer100) > 0 || writtenOverUse(f.writtenLinkingSaidPer100) > 0,
  },
  mattr: {
    label: 'word variety (different words in each group of 50; forms of a word counted once)',
    shown: (f) => share(f.mattr),
    typical: share,
    advice: (f) => `Vary your words rather than repeating the same ones: ${share(f.mattr)} of the words in each group of 50 were different.`,
  },
  logDistinctStems: {
    // Stems (Porter), so "plan", "plans" and "planning" are one: fewer than the figures' "different words", which counts spellings.
    label: 'different words used (forms of a word counted once)',
    shown: (f) => whole(f.distinctStems),
    typical: (mean) => whole(Math.expm1(mean)),
    advice: (f) => `Show a wider range of words on each topic: you used ${whole(f.distinctStems)} different words, counting forms such as "plan", "plans" and "planning" once.`,
  },
  contentWordLength: {
    label: 'letters per different main word',
    shown: (f) => oneDecimal(f.contentWordLength),
    typical: oneDecimal,
    advice: () => 'Use more precise words where they fit ("fascinating" for "very interesting", "crowded" for "many people").',
  },
  rareWordShare: {
    label: 'less common words',
    shown: (f) => share(f.rareWordShare),
    typical: share,
    advice: () => 'Use some less common words and phrases you know, where they fit the topic.',
  },
  derivedWordShare: {
    label: 'different words with an ending such as -tion, -ment, -ous, -ly',
    shown: (f) => share(f.derivedWordShare),
    typical: share,
    advice: () => 'Use word families to say things precisely: "a decision", "convenient", "usually", "enjoyment".',
  },
  phrasalVerbsPer100: {
    label: 'phrasal verbs (grow up, find out, give back…) per 100 words',
    shown: (f) => oneDecimal(f.phrasalVerbsPer100),
    typical: oneDecimal,
    advice: () => 'Use phrasal verbs where they are natural: "I grew up in…", "we found out", "it turned out".',
  },
  stanceAdverbsPer100: {
    label: `words that say how sure or how much (probably, quite, definitely…) per 100 words${countingNote('word')}`,
    shown: (f) => oneDecimal(f.stanceAdverbsPer100),
    typical: oneDecimal,
    advice: () => 'Say how sure you are or how much you mean it: "probably", "quite", "definitely", "almost".',
  },
  functionWordShare: {
    label: 'grammar words (the, is, to, of…) among all words said',
    shown: (f) => share(f.functionWordShare),
    typical: share,
    // A low share is telegraphic speech at the low levels but dense wording at the top: the advice says what was measured, not that words were left out
    // (and stays as short as it was: it is the "Work on next" line of the results' first screen on a phone).
    advice: (f) =>
      `${share(f.functionWordShare)} of your words were grammar words (the, is, to, of…). Full sentences need them.`,
  },
  rareTypesPer100: {
    label: 'different less common words per 100 words',
    shown: (f) => oneDecimal(f.rareTypesPer100),
    typical: oneDecimal,
    advice: () => 'Use some less common words and phrases you know, where they fit the topic.',
  },
  subordinatorsPer100: {
    label: `clause linkers (because, when, which…) per 100 words${countingNote('word')}`,
    shown: (f) => oneDecimal(f.subordinatorsPer100),
    typical: oneDecimal,
    // A word the Fluency card names as said too often ("because" 20 times: vary it) is not offered here again.
    advice: (f) => {
      const often = new Set(f.saidOften.fluency.map((listed) => listed.word));
      const openers = ['because', 'when', 'if', 'which', 'although'].filter((word) => !often.has(word));
      return `Use more complex sentences, with clauses that start with ${openers.slice(0, -1).join(', ')} or ${openers.at(-1)}.`;
    },
  },
  verbFormRange: {
    label: 'verb forms used (of 7)',
    shown: (f) => whole(f.verbFormRange * 7),
    typical: (mean) => oneDecimal(mean * 7),
    advice: () => 'Use a range of verb forms: the past (I went), the present perfect (I have lived), the future and would or could.',
  },
  articlesPer100: {
    label: 'articles (a, an, the) per 100 words',
    shown: (f) => oneDecimal(f.articlesPer100),
    typical: oneDecimal,
    // A rate, not a check of each article: the advice says what was measured, not that articles were wrong (an examiner-style probe).
    advice: (_f, than = STRONGEST_LEARNERS) => `Say "a", "an" or "the" before each singular noun ("a friend", "the city"): ${than} said more of them than you did.`,
  },
  pastFormsPer100: {
    label: `past-tense verbs per 100 words${countingNote('verb')}`,
    shown: (f) => oneDecimal(f.pastFormsPer100),
    typical: oneDecimal,
    advice: () => 'When you talk about past experiences, use the past tense (went, lived, was, enjoyed).',
  },
  pluralNounShare: {
    label: 'plural nouns (friends, people…) among the nouns',
    shown: (f) => share(f.pluralNounShare),
    typical: share,
    // A share, not a check of each noun: the advice says what was measured, not that plurals were left out (as articles' does).
    advice: (f, than = STRONGEST_LEARNERS) =>
      `When you mean more than one, say so with -s: "two years", "many friends", "most people". ${share(f.pluralNounShare)} of the nouns you said were plural; ${than} said more.`,
  },
  perfectPassivePer100: {
    label: 'perfect and passive verbs (have lived, was born…) per 100 words',
    shown: (f) => oneDecimal(f.perfectPassivePer100),
    typical: oneDecimal,
    advice: () => 'Use the present perfect and the passive where they fit: "I have lived here for ten years", "it was built in 1990".',
  },
  tentativeModalsPer100: {
    label: `would, could, might, should per 100 words${countingNote('word')}`,
    shown: (f) => oneDecimal(f.tentativeModalsPer100),
    typical: oneDecimal,
    advice: () => 'Speculate and give advice with would, could, might and should: "it might be cheaper", "I would choose…".',
  },
  grammarSlipsPer100: {
    // Named by the kinds looked for, so that "0.0" does not read as "no grammar mistakes" (an examiner-style probe).
    label: "verb and comparison mistakes found (he go, they was, didn't went, more cheaper) per 100 words",
    shown: (f) => oneDecimal(f.grammarSlipsPer100),
    typical: oneDecimal,
    advice: () => "Check each verb's form: he goes, they were, I didn't go, I'm going, cheaper (not more cheaper). Each mistake is marked in your answers, with the right form.",
  },
};

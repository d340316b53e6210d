import { shortWordListed, spokenRank } from '../band-estimate/lexicon.js';
import {
  FILLERS_ONLY_MIN_OTHER_WORDS,
  NON_ANSWERS_SHARE_ABOVE,
  NOT_ENGLISH_MIN_WORDS,
  NOT_ENGLISH_SHARE_ABOVE,
  REPETITION_MIN_SENTENCE_WORDS,
  REPETITION_RUN_WORDS,
  REPETITION_SHARE_ABOVE,
  WORD_LIST_MIN_WORDS,
  WORD_LIST_STOP_SHARE_BELOW,
} from '../speaking-test/constants.js';
import { coveredByFillers, findFillers, sentences, STOP_WORDS, wordTokens } from '../text/index.js';
import { listed } from '../text/listed.js';
import type { CommonNonAnswerKind, NonAnswerKind } from './reasons.js';

/*
 * The checks of decision 0018 that need nothing but the answer, what it was asked and what was said
 * before: only fillers, not in English, the question read back, a repeat, a list of words (decision
 * 0059). The speaking test adds its
 * off-topic rule (speaking-test/non-answers.ts); the interview uses these alone, since its relevance
 * score already judges the topic. Here, below both, so that neither imports the other's scoring.
 */

export {
  COMMON_NON_ANSWER_REASONS,
  DID_NOT_KNOW_REASON,
  FILLERS_ONLY_REASON,
  NOT_ENGLISH_REASON,
  QUESTION_ECHO_REASON,
  REPETITION_REASON,
  WORD_LIST_REASON,
  type CommonNonAnswerKind,
  type NonAnswerKind,
} from './reasons.js';

/** The words of a text that are not fillers ('you know' is two words), lower-cased, in order. */
export function nonFillerWords(text: string): string[] {
  const tokens = wordTokens(text);
  const covered = coveredByFillers(tokens, findFillers(text));
  return tokens.filter((_, i) => !covered[i]).map((token) => token.word);
}

/** What has been said so far in the session: sentences and runs of REPETITION_RUN_WORDS words. */
export interface Said {
  sentences: Set<string>;
  runs: Set<string>;
}

export const nothingSaid = (): Said => ({ sentences: new Set(), runs: new Set() });

/**
 * The share of an answer's non-filler words that repeat what was said before: words of a sentence
 * said before (REPETITION_MIN_SENTENCE_WORDS or more words, fillers ignored), and words inside a run
 * of REPETITION_RUN_WORDS words said before (which finds a repeat that the recogniser did not split
 * into sentences). "Before" includes earlier in the same answer. Records the answer as said.
 */
function repeatedShare(text: string, said: Said): number {
  const words: string[] = [];
  const repeated: boolean[] = [];
  for (const sentence of sentences(text)) {
    const sentenceWords = nonFillerWords(sentence);
    const key = sentenceWords.join(' ');
    const seen = sentenceWords.length >= REPETITION_MIN_SENTENCE_WORDS && said.sentences.has(key);
    if (sentenceWords.length >= REPETITION_MIN_SENTENCE_WORDS) said.sentences.add(key);
    for (const word of sentenceWords) {
      words.push(word);
      repeated.push(seen);
    }
  }
  for (let i = 0; i + REPETITION_RUN_WORDS <= words.length; i++) {
    const key = words.slice(i, i + REPETITION_RUN_WORDS).join(' ');
    if (said.runs.has(key)) repeated.fill(true, i, i + REPETITION_RUN_WORDS);
    else said.runs.add(key);
  }
  return words.length === 0 ? 0 : repeated.filter(Boolean).length / words.length;
}

/**
 * Whether an answer is mostly words that are not English (NOT_ENGLISH_SHARE_ABOVE). A word of one or
 * two letters is English only when listed as it is: by stem, Japanese "wa" and "ga" passed as "was"
 * and "gas", and an answer in Japanese written in Latin letters counted as English.
 */
function notEnglish(text: string): boolean {
  // Numbers and codes ("2019", "4g", "a1") say nothing about the language.
  const words = nonFillerWords(text).filter((word) => !/\p{N}/u.test(word));
  if (words.length < NOT_ENGLISH_MIN_WORDS) return false;
  const foreign = words.filter((word) => !/^[a-z']+$/.test(word) || spokenRank(word) === undefined || !shortWordListed(word)).length;
  return foreign / words.length > NOT_ENGLISH_SHARE_ABOVE;
}

/** The words the list check reads: fillers, numbers and codes left out ("2019" is neither a function word nor a topic). */
export const wordListWords = (text: string): string[] => nonFillerWords(text).filter((word) => !/\p{N}/u.test(word));

/** Whether an answer is a string of words with almost no function words (WORD_LIST_STOP_SHARE_BELOW): a list, not sentences. */
function wordList(text: string): boolean {
  const words = wordListWords(text);
  if (words.length < WORD_LIST_MIN_WORDS) return false;
  return words.filter((word) => STOP_WORDS.has(word)).length / words.length < WORD_LIST_STOP_SHARE_BELOW;
}

/**
 * The share of an answer's non-filler words that read the question back (`asked`: the question as
 * shown): words inside a run of REPETITION_RUN_WORDS words of the question (the whole question when
 * it is shorter). The examiner's words are not the student's: a question of fewer than
 * REPETITION_MIN_SENTENCE_WORDS words is not judged.
 */
function questionEchoShare(asked: string, answer: string): number {
  const question = nonFillerWords(asked);
  const said = nonFillerWords(answer);
  if (said.length === 0 || question.length < REPETITION_MIN_SENTENCE_WORDS) return 0;
  const run = Math.min(REPETITION_RUN_WORDS, question.length);
  const runs = new Set<string>();
  for (let i = 0; i + run <= question.length; i++) runs.add(question.slice(i, i + run).join(' '));
  const echoed = new Array<boolean>(said.length).fill(false);
  for (let i = 0; i + run <= said.length; i++) if (runs.has(said.slice(i, i + run).join(' '))) echoed.fill(true, i, i + run);
  return echoed.filter(Boolean).length / said.length;
}

/**
 * Saying one does not know, and nothing else: "I don't know", "sorry, I have no idea about that", "I'm
 * not sure", "I can't remember", one or several times. Softening words around it say nothing more.
 * Said a second time it was "a repeat of what you said before", true to the letter but no help to a
 * learner who had nothing to say on the topic; and the first time it counted as a three-word answer.
 */
const SOFTENER = '(?:sorry|oh|ah|well|really|honestly|actually|yeah|yes|no|so|but|and|then|maybe|um) ';
const NOT_KNOWING = [
  "(?:i )?(?:really )?(?:dont|do not|didnt|did not|cant|cannot|can not|couldnt|could not) (?:really )?(?:know|remember)(?: (?:what to say|anything|much|the answer|about (?:it|that|this|them)))*",
  '(?:i )?(?:have )?(?:got )?no idea(?: (?:at all|about (?:it|that|this|them)))*',
  '(?:i am |im )?not (?:really )?sure(?: (?:about (?:it|that|this|them)))*',
].join('|');
const DID_NOT_KNOW = new RegExp(`^(?:${SOFTENER})*(?:(?:${NOT_KNOWING}) (?:${SOFTENER})*)+$`);

function didNotKnow(text: string): boolean {
  const words = nonFillerWords(text).map((word) => word.replace(/'/g, ''));
  return words.length > 0 && DID_NOT_KNOW.test(`${words.join(' ')} `);
}

/**
 * The first of the checks that finds `answer` no answer, in the order fillers-only, not in English,
 * the question read back (`asked`), only not knowing, repetition of what `said` holds, a list of words; null when it is an answer, or
 * when it has no words (silence earns nothing anyway). Every answer is recorded in `said`, listed or
 * not, so that a later repeat of it is found.
 */
export function commonNonAnswerKind(answer: string, asked: string, said: Said): CommonNonAnswerKind | null {
  const wordCount = wordTokens(answer).length;
  const others = nonFillerWords(answer).length;
  // Judged before anything is skipped, so that every answer is remembered as said.
  const repeated = repeatedShare(answer, said);
  if (wordCount === 0) return null;
  if (others < FILLERS_ONLY_MIN_OTHER_WORDS && wordCount - others >= others) return 'fillers-only';
  if (notEnglish(answer)) return 'not-english';
  if (questionEchoShare(asked, answer) > REPETITION_SHARE_ABOVE) return 'question-echo';
  if (didNotKnow(answer)) return 'did-not-know';
  if (repeated > REPETITION_SHARE_ABOVE) return 'repetition';
  if (wordList(answer)) return 'word-list';
  return null;
}

/** What the non-answers were, as a list for a sentence ("filler words or repeated sentences"). */
export function nonAnswerKindsText(nonAnswers: readonly { kind: NonAnswerKind }[]): string {
  const kinds = new Set(nonAnswers.map((item) => item.kind));
  const what = [
    kinds.has('fillers-only') ? 'filler words' : null,
    kinds.has('not-english') ? 'not in English' : null,
    kinds.has('question-echo') ? 'the question repeated' : null,
    kinds.has('did-not-know') ? '“I don\'t know”' : null,
    kinds.has('repetition') ? 'repeated sentences' : null,
    kinds.has('word-list') ? 'lists of words' : null,
    kinds.has('off-topic') ? 'not about the question asked' : null,
  ].filter((text): text is string => text !== null);
  return listed(what, 'or');
}

/**
 * Whether more than half of the questions asked (NON_ANSWERS_SHARE_ABOVE) got no real answer: no
 * words recognised, or a non-answer. What is left (one long answer beside twenty repeats of it, or
 * beside twenty silences) does not show how the student speaks, however many words it holds
 * (decision 0018). With every question answered this is the share of the answers given.
 */
export function mostlyNonAnswers(nonAnswers: readonly unknown[], givenAnswers: number, askedQuestions: number = givenAnswers): boolean {
  return askedQuestions > 0 && (askedQuestions - givenAnswers + nonAnswers.length) / askedQuestions > NON_ANSWERS_SHARE_ABOVE;
}

import { spokenRank } from '../band-estimate/lexicon.js';
import { contentTerms, QUESTION_FRAMING_WORDS } from '../interview/relevance.js';
import { findFillers, sentences, wordTokens } from '../text/index.js';
import type { SpeakingTestAnswer } from './answer.js';
import { FILLERS_ONLY_MIN_OTHER_WORDS, NON_ANSWERS_SHARE_ABOVE, NOT_ENGLISH_MIN_WORDS, NOT_ENGLISH_SHARE_ABOVE, OFF_TOPIC_ELSEWHERE_MIN_MATCHES, OFF_TOPIC_MIN_ANSWER_TERMS, OFF_TOPIC_MIN_MATCHES, OFF_TOPIC_MIN_REFERENCE_TERMS, REPETITION_SHARE_ABOVE, REPETITION_MIN_SENTENCE_WORDS, REPETITION_RUN_WORDS } from './constants.js';
import { CUE_CARD_PROMPT_TEXT } from './examiner-lines.js';
import { CUE_CARDS, NAME_QUESTION, PART1_QUESTIONS, PART3_QUESTIONS } from './questions.js';
import { findSchoolQuestion, questionKey, type QuestionPart, type SchoolQuestion, type SchoolQuestionLookup } from './school-questions.js';
import { CUE_CARD_TOPIC_WORDS, cueCardFor, isBankQuestion, QUESTION_TOPIC_WORDS } from './topics.js';

/** Words an answer may use about the exchange itself ("sorry, what was the question"), not its topic. */
const ANSWER_FRAMING_WORDS: ReadonlySet<string> = new Set(['question', 'questions', 'sorry', 'repeat', 'mean']);

/*
 * Answers that are not answers (decision 0018): only filler words, what was already said,
 * or talk unrelated to the question (Part 2: the cue card). Such an answer is listed with a reason the
 * student can read and is left out of every figure the bands are computed from, so it cannot earn
 * the criteria it would inflate (a base band, a sentence length, a unique-word ratio, a word count).
 *
 * The answers are judged in the order given (the order of the test): what repeats an earlier answer
 * is the later one. One answer gets one reason, the first that applies in the order fillers-only,
 * repetition, off-topic. An empty answer is not listed: silence earns nothing anyway.
 */

export type NonAnswerKind = 'fillers-only' | 'not-english' | 'question-echo' | 'repetition' | 'off-topic';

export interface NonAnswer {
  part: 1 | 2 | 3;
  questionNumber: number;
  kind: NonAnswerKind;
  /** One sentence for the student. */
  reason: string;
  /** The answer's words (fillers included), none of which count. */
  wordCount: number;
}

export interface AnswerJudgement {
  /** The answers that count, in their order. */
  counted: SpeakingTestAnswer[];
  nonAnswers: NonAnswer[];
}

export const FILLERS_ONLY_REASON = 'This answer is only filler words (such as um, uh, like, you know).';
export const REPETITION_REASON = 'This answer repeats what you said before.';
export const QUESTION_ECHO_REASON = 'This answer reads the question back rather than answering it.';
export const NOT_ENGLISH_REASON = 'This answer does not seem to be in English, so it cannot be assessed.';

export function offTopicReason(answer: Pick<SpeakingTestAnswer, 'part' | 'question'>): string {
  const what = answer.part === 2 ? 'the cue card' : 'the question';
  return `This answer does not seem to be about ${what}: “${answer.question.trim()}”`;
}

/**
 * The words of a text that are not fillers ('you know' is two words), lower-cased, in order. Tokens
 * and fillers are both in text order, so one pass walks them side by side: testing every token
 * against every filler took seconds for a saved test of long filler-heavy answers.
 */
export function nonFillerWords(text: string): string[] {
  const fillers = findFillers(text);
  const words: string[] = [];
  let next = 0;
  for (const token of wordTokens(text)) {
    let filler = fillers[next];
    while (filler && filler.index + filler.length <= token.index) filler = fillers[++next];
    if (!filler || token.index < filler.index) words.push(token.word);
  }
  return words;
}

/** What has been said so far in the test: sentences and runs of REPETITION_RUN_WORDS words. */
interface Said {
  sentences: Set<string>;
  runs: Set<string>;
}

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

/** Whether an answer is mostly words that are not English (NOT_ENGLISH_SHARE_ABOVE). */
function notEnglish(text: string): boolean {
  // Numbers and codes ("2019", "4g", "a1") say nothing about the language.
  const words = nonFillerWords(text).filter((word) => !/\p{N}/u.test(word));
  if (words.length < NOT_ENGLISH_MIN_WORDS) return false;
  const foreign = words.filter((word) => !/^[a-z']+$/.test(word) || spokenRank(word) === undefined).length;
  return foreign / words.length > NOT_ENGLISH_SHARE_ABOVE;
}

/**
 * The share of an answer's non-filler words that read its question back: words inside a run of
 * REPETITION_RUN_WORDS words of the question (the whole question when it is shorter). Part 2's
 * question is the cue card: its topic, "You should say:" and its bullets, as the card is printed.
 * The examiner's words are not the student's: a question of fewer than REPETITION_MIN_SENTENCE_WORDS
 * words is not judged.
 */
function questionEchoShare(answer: Pick<SpeakingTestAnswer, 'part' | 'question' | 'answer'>): number {
  const card = answer.part === 2 ? cueCardFor(answer.question.trim()) : undefined;
  const asked = nonFillerWords(card ? [card.topic, CUE_CARD_PROMPT_TEXT, ...card.bullets].join('\n') : answer.question);
  const said = nonFillerWords(answer.answer);
  if (said.length === 0 || asked.length < REPETITION_MIN_SENTENCE_WORDS) return 0;
  const run = Math.min(REPETITION_RUN_WORDS, asked.length);
  const runs = new Set<string>();
  for (let i = 0; i + run <= asked.length; i++) runs.add(asked.slice(i, i + run).join(' '));
  const echoed = new Array<boolean>(said.length).fill(false);
  for (let i = 0; i + run <= said.length; i++) if (runs.has(said.slice(i, i + run).join(' '))) echoed.fill(true, i, i + run);
  return echoed.filter(Boolean).length / said.length;
}

const stemCache = new Map<string, ReadonlySet<string>>();

/**
 * The stems an answer to this question is expected to use: the question's (Part 2: the card's topic
 * and bullets) and its topic words; for a school question (`own`, the one the answer was given to)
 * its stored bullets and topic words, which a teacher may edit, so those are not cached.
 */
function questionReferenceStems(answer: Pick<SpeakingTestAnswer, 'part' | 'question'>, own: SchoolQuestion | undefined): ReadonlySet<string> {
  if (own) return referenceStems([own.text, ...own.bullets].join('\n'), own.topicWords);
  const cacheKey = `${answer.part}\n${answer.question.trim()}`;
  const cached = stemCache.get(cacheKey);
  if (cached) return cached;
  const question = answer.question.trim();
  const card = answer.part === 2 ? cueCardFor(question) : undefined;
  const prompt = card ? [card.topic, ...card.bullets].join('\n') : question;
  // Own keys only: a question sent as "constructor" or "__proto__" is no bank question, not Object's.
  const words = card ? CUE_CARD_TOPIC_WORDS : QUESTION_TOPIC_WORDS;
  const key = card ? card.topic : question;
  const topicWords = Object.hasOwn(words, key) ? (words[key] ?? []) : [];
  const stems = referenceStems(prompt, topicWords);
  // The bank's questions only: any other text is the client's, and keeping each one sent (30 a save,
  // up to 20,000 characters) grew the server by megabytes with every save.
  if (isBankQuestion(question)) stemCache.set(cacheKey, stems);
  return stems;
}

/** How many questions' reference stems are kept between calls (the bank's, at most). */
export const keptReferenceStems = (): number => stemCache.size;

function referenceStems(prompt: string, topicWords: readonly string[]): Set<string> {
  const stems = new Set(contentTerms(prompt, QUESTION_FRAMING_WORDS).map((term) => term.stem));
  for (const term of contentTerms(topicWords.join(' '))) stems.add(term.stem);
  return stems;
}

export interface TopicMatch {
  /** Different content stems in the answer. */
  answerTerms: number;
  /** The answer's words that matched the question's reference stems, as said. */
  matchedWords: string[];
  referenceTerms: number;
  /** False when the check does not apply (the name question, too few terms on either side). */
  judged: boolean;
  offTopic: boolean;
}

type AskedQuestion = { part: QuestionPart; question: string; own?: SchoolQuestion };
const BANK_QUESTIONS: readonly AskedQuestion[] = [
  ...PART1_QUESTIONS.filter((question) => question !== NAME_QUESTION).map((question) => ({ part: 1 as const, question })),
  ...CUE_CARDS.map((card) => ({ part: 2 as const, question: card.topic })),
  ...PART3_QUESTIONS.map((question) => ({ part: 3 as const, question })),
];

/** The most stems `stems` share with one question other than the answer's own, of the bank or the school's. */
function bestOtherMatch(answer: Pick<SpeakingTestAnswer, 'part' | 'question'>, stems: readonly string[], school: SchoolQuestionLookup | undefined): number {
  const own = questionKey(answer.question);
  const others = [...BANK_QUESTIONS, ...[...(school?.values() ?? [])].map((question) => ({ part: question.part, question: question.text, own: question }))];
  let best = 0;
  for (const other of others) {
    if (other.part === answer.part && questionKey(other.question) === own) continue;
    const reference = questionReferenceStems(other, other.own);
    best = Math.max(best, stems.filter((stem) => reference.has(stem)).length);
  }
  return best;
}

/**
 * Whether an answer is about its question, by shared Porter stems (the interview's relevance). Only
 * judged for questions whose topic words are known, the bank's and the school's own (`school`: an
 * examiner's follow-up or a question no longer known is never called off-topic by this check), and only when the question has OFF_TOPIC_MIN_REFERENCE_TERMS reference stems and the answer
 * OFF_TOPIC_MIN_ANSWER_TERMS content stems: a short answer ("Yes, very much.") says too little to
 * call unrelated. Off-topic when fewer than OFF_TOPIC_MIN_MATCHES[part] stems are shared.
 */
export function topicMatch(answer: Pick<SpeakingTestAnswer, 'part' | 'question' | 'answer'>, school?: SchoolQuestionLookup): TopicMatch {
  const own = findSchoolQuestion(school, answer.part, answer.question);
  const reference = questionReferenceStems(answer, own);
  const known = own !== undefined || isBankQuestion(answer.question);
  // Numbers ("2019", "25") and words about the exchange itself say nothing about the topic.
  const terms = contentTerms(answer.answer, ANSWER_FRAMING_WORDS).filter((term) => !/^\p{N}/u.test(term.stem));
  const matchedWords = terms.filter((term) => reference.has(term.stem)).map((term) => term.word);
  const judged =
    answer.question.trim() !== NAME_QUESTION && known && reference.size >= OFF_TOPIC_MIN_REFERENCE_TERMS && terms.length >= OFF_TOPIC_MIN_ANSWER_TERMS;
  // Off its own question, and about another one: a few matched words alone are no evidence, since the
  // topic lists cannot hold every way to answer (decision 0018).
  const offOwn = judged && matchedWords.length < OFF_TOPIC_MIN_MATCHES[answer.part];
  const elsewhere = offOwn ? bestOtherMatch(answer, [...new Set(terms.map((term) => term.stem))], school) : 0;
  return {
    answerTerms: terms.length,
    matchedWords,
    referenceTerms: reference.size,
    judged,
    offTopic: offOwn && elsewhere >= OFF_TOPIC_ELSEWHERE_MIN_MATCHES && elsewhere > matchedWords.length,
  };
}

/** Sorts the answers into those that count and the non-answers, with their reasons; `school`: the school's questions they may have been asked. */
export function judgeAnswers(answers: readonly SpeakingTestAnswer[], school?: SchoolQuestionLookup): AnswerJudgement {
  const said: Said = { sentences: new Set(), runs: new Set() };
  const counted: SpeakingTestAnswer[] = [];
  const nonAnswers: NonAnswer[] = [];
  for (const answer of answers) {
    const wordCount = wordTokens(answer.answer).length;
    const others = nonFillerWords(answer.answer).length;
    const fillers = wordCount - others;
    // Judged before anything is skipped, so that every answer is remembered as said.
    const repeated = repeatedShare(answer.answer, said);
    let kind: NonAnswerKind | null = null;
    if (wordCount === 0) kind = null;
    else if (others < FILLERS_ONLY_MIN_OTHER_WORDS && fillers >= others) kind = 'fillers-only';
    else if (notEnglish(answer.answer)) kind = 'not-english';
    else if (questionEchoShare(answer) > REPETITION_SHARE_ABOVE) kind = 'question-echo';
    else if (repeated > REPETITION_SHARE_ABOVE) kind = 'repetition';
    else if (topicMatch(answer, school).offTopic) kind = 'off-topic';
    if (kind === null) {
      counted.push(answer);
      continue;
    }
    const reason = { 'fillers-only': FILLERS_ONLY_REASON, 'not-english': NOT_ENGLISH_REASON, 'question-echo': QUESTION_ECHO_REASON, repetition: REPETITION_REASON, 'off-topic': offTopicReason(answer) }[kind];
    nonAnswers.push({ part: answer.part, questionNumber: answer.questionNumber, kind, reason, wordCount });
  }
  return { counted, nonAnswers };
}

/** What the non-answers were, as a list for a sentence ("filler words or repeated sentences"). */
function nonAnswerKindsText(nonAnswers: readonly NonAnswer[]): string {
  const kinds = new Set(nonAnswers.map((item) => item.kind));
  const what = [
    kinds.has('fillers-only') ? 'filler words' : null,
    kinds.has('not-english') ? 'not in English' : null,
    kinds.has('question-echo') ? 'the question read back' : null,
    kinds.has('repetition') ? 'repeated sentences' : null,
    kinds.has('off-topic') ? 'not about their questions' : null,
  ].filter((text): text is string => text !== null);
  return what.length <= 1 ? (what[0] ?? '') : `${what.slice(0, -1).join(', ')} or ${what[what.length - 1] ?? ''}`;
}

/** Why a test whose non-answers left too few words gets no band, naming what they were. */
export function nonAnswersReason(nonAnswers: readonly NonAnswer[], countedWords: number, minimumWords: number): string {
  const left = countedWords === 0 ? 'no words of real answers remain' : `only ${countedWords} ${countedWords === 1 ? 'word' : 'words'} of real answers remain`;
  return `Most answers were ${nonAnswerKindsText(nonAnswers)}, so no band is estimated: ${left}, and a band estimate needs at least ${minimumWords} words. Answer each question in your own words, then take the test again.`;
}

/**
 * Whether more than half of the questions asked (NON_ANSWERS_SHARE_ABOVE) got no real answer: no
 * words recognised, or a non-answer. What is left (one long answer beside twenty repeats of it, or
 * beside twenty silences) does not show how the student speaks, however many words it holds
 * (decision 0018). With every question answered this is the share of the answers given.
 */
export function mostlyNonAnswers(nonAnswers: readonly NonAnswer[], givenAnswers: number, askedQuestions: number = givenAnswers): boolean {
  return askedQuestions > 0 && (askedQuestions - givenAnswers + nonAnswers.length) / askedQuestions > NON_ANSWERS_SHARE_ABOVE;
}

/** Why a test most of whose questions got no real answer gets no band. */
export function mostlyNonAnswersReason(nonAnswers: readonly NonAnswer[], givenAnswers: number, askedQuestions: number = givenAnswers): string {
  const real = givenAnswers - nonAnswers.length;
  const silent = askedQuestions - givenAnswers;
  if (silent === 0) {
    return `Most answers were ${nonAnswerKindsText(nonAnswers)}, so no band is estimated: only ${real} of your ${givenAnswers} answers ${real === 1 ? 'is a real answer' : 'are real answers'}, too few to show how you speak. Answer each question in your own words, then take the test again.`;
  }
  const kinds = nonAnswers.length === 0 ? '' : `; ${nonAnswers.length} ${nonAnswers.length === 1 ? 'was' : 'were'} ${nonAnswerKindsText(nonAnswers)}`;
  return `Only ${real} of the ${askedQuestions} questions ${real === 1 ? 'has' : 'have'} a real answer (no words were recognised for ${silent}${kinds}), so no band is estimated: too few to show how you speak. Answer every question in your own words (if you did, check the microphone), then take the test again.`;
}

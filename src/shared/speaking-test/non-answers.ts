import { contentTerms, QUESTION_FRAMING_WORDS } from '../interview/relevance.js';
import { COMMON_NON_ANSWER_REASONS, commonNonAnswerKind, nonAnswerKindsText, nothingSaid, type NonAnswerKind } from '../non-answers/checks.js';
import { wordTokens } from '../text/index.js';
import type { SpeakingTestAnswer } from './answer.js';
import { OFF_TOPIC_ELSEWHERE_MIN_MATCHES, OFF_TOPIC_MIN_ANSWER_TERMS, OFF_TOPIC_MIN_MATCHES, OFF_TOPIC_MIN_REFERENCE_TERMS } from './constants.js';
import { CUE_CARD_PROMPT_TEXT } from './examiner-lines.js';
import { CUE_CARDS, NAME_QUESTION, PART1_QUESTIONS, PART3_QUESTIONS } from './questions.js';
import { findSchoolQuestion, questionKey, type QuestionPart, type SchoolQuestion, type SchoolQuestionLookup } from './school-questions.js';
import { CUE_CARD_TOPIC_WORDS, cueCardFor, isBankQuestion, QUESTION_TOPIC_WORDS } from './topics.js';

/** Words an answer may use about the exchange itself ("sorry, what was the question"), not its topic. */
const ANSWER_FRAMING_WORDS: ReadonlySet<string> = new Set(['question', 'questions', 'sorry', 'repeat', 'mean']);

/*
 * Answers that are not answers (decision 0018): only filler words, not in English, the question read
 * back, what was already said (these four checks are non-answers/checks.ts, shared with the
 * interview), or talk unrelated to the question (Part 2: the cue card). Such an answer is listed with a reason the
 * student can read and is left out of every figure the bands are computed from, so it cannot earn
 * the criteria it would inflate (a base band, a sentence length, a unique-word ratio, a word count).
 *
 * The answers are judged in the order given (the order of the test): what repeats an earlier answer
 * is the later one. One answer gets one reason, the first that applies in the order fillers-only,
 * not-english, question-echo, repetition, word-list, off-topic. An empty answer is not listed: silence earns nothing anyway.
 */

// The checks other than off-topic are shared with the interview (non-answers/checks.ts).
export {
  FILLERS_ONLY_REASON,
  mostlyNonAnswers,
  nonFillerWords,
  NOT_ENGLISH_REASON,
  QUESTION_ECHO_REASON,
  REPETITION_REASON,
  WORD_LIST_REASON,
  type NonAnswerKind,
} from '../non-answers/checks.js';

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

export function offTopicReason(answer: Pick<SpeakingTestAnswer, 'part' | 'question'>): string {
  const what = answer.part === 2 ? 'the cue card' : 'the question';
  return `This answer does not seem to be about ${what}: “${answer.question.trim()}”`;
}

/** What the student was asked, as shown: Part 2's question is the cue card (its topic, "You should say:" and its bullets). */
function askedText(answer: Pick<SpeakingTestAnswer, 'part' | 'question'>): string {
  const card = answer.part === 2 ? cueCardFor(answer.question.trim()) : undefined;
  return card ? [card.topic, CUE_CARD_PROMPT_TEXT, ...card.bullets].join('\n') : answer.question;
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
  const said = nothingSaid();
  const counted: SpeakingTestAnswer[] = [];
  const nonAnswers: NonAnswer[] = [];
  for (const answer of answers) {
    const common = commonNonAnswerKind(answer.answer, askedText(answer), said);
    const wordCount = wordTokens(answer.answer).length;
    const kind: NonAnswerKind | null = common ?? (wordCount > 0 && topicMatch(answer, school).offTopic ? 'off-topic' : null);
    if (kind === null) {
      counted.push(answer);
      continue;
    }
    const reason = kind === 'off-topic' ? offTopicReason(answer) : COMMON_NON_ANSWER_REASONS[kind];
    nonAnswers.push({ part: answer.part, questionNumber: answer.questionNumber, kind, reason, wordCount });
  }
  return { counted, nonAnswers };
}

/** Why a test whose non-answers left too few words gets no band, naming what they were. */
export function nonAnswersReason(nonAnswers: readonly NonAnswer[], countedWords: number, minimumWords: number): string {
  const left = countedWords === 0 ? 'no words of real answers remain' : `only ${countedWords} ${countedWords === 1 ? 'word' : 'words'} of real answers remain`;
  return `Most answers were ${nonAnswerKindsText(nonAnswers)}, so no band is estimated: ${left}, and a band estimate needs at least ${minimumWords} words. Answer each question in your own words, then take the test again.`;
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

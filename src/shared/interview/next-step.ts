import type { InterviewScores } from '../api/interview.js';
import { criterionAdvice } from '../band-estimate/advice.js';
import type { LanguageEstimate } from '../band-estimate/estimate.js';
import type { BandModel } from '../band-estimate/model.js';
import { CONFIDENCE_FULL_MARKS_WORDS_PER_ANSWER } from './score-scale.js';

/*
 * The interview's one thing to work on next, as the speaking test's results give one: the advice
 * for its lowest score, the one whose rise lifts the overall (their average) the most. Communication
 * and clarity read the calibrated estimate, so their advice is the speaking test's for the weaker of
 * fluency and vocabulary, or for grammar (band-estimate/advice.ts); confidence and relevance are the
 * spec's formulas, so their advice says what the formula counts, in the student's own figures.
 */

export type InterviewScoreName = 'Communication' | 'Confidence' | 'Relevance' | 'Clarity';

export interface InterviewNextStep {
  score: InterviewScoreName;
  advice: string;
}

interface NextStepInputs {
  scores: Omit<InterviewScores, 'overall'>;
  estimate: LanguageEstimate;
  model: BandModel;
  averageWordsPerAnswer: number;
  /** Questions asked. */
  questionCount: number;
  /** Each question's answer: its words and the question's key words it used. */
  relevance: ReadonlyArray<{ wordCount: number; matchedWords: readonly string[]; stockPhrases?: readonly string[] }>;
}

const whole = (value: number) => Math.round(value).toLocaleString('en');

function confidenceAdvice({ averageWordsPerAnswer, questionCount, relevance }: NextStepInputs): string {
  const full = CONFIDENCE_FULL_MARKS_WORDS_PER_ANSWER;
  const short = relevance.filter((item) => item.wordCount < full).length;
  return (
    `Say more in each answer: what you did, how, and what came of it, with an example. ${short} of your ${questionCount} ` +
    `${questionCount === 1 ? 'answer' : 'answers'} had fewer than ${full} words (about ${whole(averageWordsPerAnswer)} an answer); ` +
    `${full} words in every answer earns the full 9, and more in one answer does not make up for another.`
  );
}

function relevanceAdvice({ relevance }: NextStepInputs): string {
  const missed = relevance.filter((item) => item.wordCount > 0 && item.matchedWords.length === 0).length;
  const unanswered = relevance.filter((item) => item.wordCount === 0).length;
  const stock = relevance.filter((item) => (item.stockPhrases ?? []).length > 0);
  const example = stock[0]?.stockPhrases?.[0];
  const figures = [
    missed > 0 ? `${missed} ${missed === 1 ? 'answer' : 'answers'} used none of the question's key words` : '',
    unanswered > 0 ? `${unanswered} ${unanswered === 1 ? 'question was' : 'questions were'} not answered` : '',
  ].filter((part) => part !== '');
  const said = figures.length > 0 ? ` This time ${figures.join(' and ')}.` : '';
  const stockSaid =
    example === undefined
      ? ''
      : ` ${stock.length} ${stock.length === 1 ? 'answer' : 'answers'} used stock phrases such as "${example}", which earn nothing: say what you did and what came of it instead.`;
  return `Answer what each question asks, naming the skills and details from your profile it mentions.${said}${stockSaid}`;
}

/** The lowest score (ties: in the order the scores are shown) and what to do about it. */
export function interviewNextStep(inputs: NextStepInputs): InterviewNextStep {
  const { scores, estimate, model } = inputs;
  const { fluency, vocabulary, grammar } = estimate.criteria;
  const candidates: Array<{ score: InterviewScoreName; value: number; advice: () => string }> = [
    { score: 'Communication', value: scores.communication, advice: () => criterionAdvice(estimate, vocabulary.band < fluency.band ? vocabulary : fluency, model) },
    { score: 'Confidence', value: scores.confidence, advice: () => confidenceAdvice(inputs) },
    { score: 'Relevance', value: scores.relevance, advice: () => relevanceAdvice(inputs) },
    { score: 'Clarity', value: scores.clarity, advice: () => criterionAdvice(estimate, grammar, model) },
  ];
  const lowest = candidates.reduce((low, candidate) => (candidate.value < low.value ? candidate : low));
  return { score: lowest.score, advice: lowest.advice() };
}

import type { InterviewScores } from '../api/interview.js';
import { criterionAdvice } from '../band-estimate/advice.js';
import type { LanguageEstimate } from '../band-estimate/estimate.js';
import type { BandModel } from '../band-estimate/model.js';
import { CONFIDENCE_FULL_MARKS_TOTAL_WORDS } from './score-scale.js';

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
  totalWords: number;
  averageWordsPerAnswer: number;
  /** Questions asked: the full mark's words are shared among them. */
  questionCount: number;
  /** Each question's answer: its words and the question's key words it used. */
  relevance: ReadonlyArray<{ wordCount: number; matchedWords: readonly string[] }>;
}

const whole = (value: number) => Math.round(value).toLocaleString('en');

function confidenceAdvice({ totalWords, averageWordsPerAnswer, questionCount }: NextStepInputs): string {
  // The full mark is a total, so what it asks of each answer depends on how many questions the profile gave.
  const perAnswer = questionCount > 0 ? `; with ${questionCount} ${questionCount === 1 ? 'question' : 'questions'}, that is about ${whole(Math.ceil(CONFIDENCE_FULL_MARKS_TOTAL_WORDS / questionCount))} words an answer` : '';
  return (
    `Say more in each answer: what you did, how, and what came of it, with an example. You said ${whole(totalWords)} words in all, ` +
    `about ${whole(averageWordsPerAnswer)} an answer; ${whole(CONFIDENCE_FULL_MARKS_TOTAL_WORDS)} words in all earns the full 9${perAnswer}.`
  );
}

function relevanceAdvice({ relevance }: NextStepInputs): string {
  const missed = relevance.filter((item) => item.wordCount > 0 && item.matchedWords.length === 0).length;
  const unanswered = relevance.filter((item) => item.wordCount === 0).length;
  const figures = [
    missed > 0 ? `${missed} ${missed === 1 ? 'answer' : 'answers'} used none of the question's key words` : '',
    unanswered > 0 ? `${unanswered} ${unanswered === 1 ? 'question was' : 'questions were'} not answered` : '',
  ].filter((part) => part !== '');
  const said = figures.length > 0 ? ` This time ${figures.join(' and ')}.` : '';
  return `Answer what each question asks, naming the skills and details from your profile it mentions.${said}`;
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

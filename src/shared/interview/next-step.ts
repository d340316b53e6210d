import type { InterviewScores } from '../api/interview.js';
import { criterionAdvice } from '../band-estimate/advice.js';
import type { LanguageEstimate } from '../band-estimate/estimate.js';
import type { BandModel, FeatureName } from '../band-estimate/model.js';
import { lowestCriteria } from '../band-estimate/lowest.js';
import { NOTHING_MORE_ADVICE } from '../band-estimate/nothing-more.js';
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
  /** Scores level with `score` as shown, to a tenth (lowest.ts), in the order the scores are shown. */
  levelWith: InterviewScoreName[];
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
    `Say more in each answer: what you did, how, and what happened as a result, with an example. ${short} of your ${questionCount} ` +
    `${questionCount === 1 ? 'answer' : 'answers'} had fewer than ${full} words (about ${whole(averageWordsPerAnswer)} per answer). ` +
    `${full} words in every answer earns the full 9; extra words in one answer do not count for a short answer elsewhere.`
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
      : ` ${stock.length} ${stock.length === 1 ? 'answer' : 'answers'} used common phrases that any candidate could say, such as "${example}". They earn nothing: say what you did and what happened as a result.`;
  return `Answer what each question asks, naming the skills and details from your profile it mentions.${said}${stockSaid}`;
}

const LINKING: ReadonlySet<FeatureName> = new Set(['discourseMarkersPer100']);

/**
 * Whether the answers already link their ideas: clause openers (because, when, which, if, although…,
 * where they open a clause) at or past the strongest rated learners' rate, the fit's `best` for
 * subordinatorsPer100 (decision 0072's addendum: 2.0 in 100 words). The linking-word count
 * (discourseMarkersPer100) counts only words such as so, but, actually and first: a concise answer
 * that links its clauses with because, which and when reads below the weakest rated learners there
 * (the strong candidate: 0.8 in 100, level 2's mean 0.9), and "link more of your ideas" would
 * be untrue of it.
 */
function linksIdeas({ estimate, model }: NextStepInputs): boolean {
  const term = model.grammar.terms.find((item) => item.feature === 'subordinatorsPer100');
  return term?.best !== undefined && estimate.features.subordinatorsPer100 >= term.mean + term.best * term.sd;
}

/**
 * Communication's advice: the speaking test's for the weaker of fluency and vocabulary, or for the
 * other when the weaker has nothing left to advise once linking words are left out of it (linksIdeas).
 */
function communicationAdvice(inputs: NextStepInputs): string {
  const { estimate, model } = inputs;
  const { fluency, vocabulary } = estimate.criteria;
  const leaveOut = linksIdeas(inputs) ? LINKING : new Set<FeatureName>();
  const [weaker, other] = vocabulary.band < fluency.band ? [vocabulary, fluency] : [fluency, vocabulary];
  const advice = criterionAdvice(estimate, weaker, model, leaveOut);
  return advice === NOTHING_MORE_ADVICE && leaveOut.size > 0 ? criterionAdvice(estimate, other, model, leaveOut) : advice;
}

/**
 * The lowest score and what to do about it: the lower before rounding, else the first in the order
 * the scores are shown; scores level with it as shown (to a tenth) are named beside it.
 */
export function interviewNextStep(inputs: NextStepInputs): InterviewNextStep {
  const { scores, estimate, model } = inputs;
  const { grammar } = estimate.criteria;
  const candidates: Array<{ score: InterviewScoreName; value: number; advice: () => string }> = [
    { score: 'Communication', value: scores.communication, advice: () => communicationAdvice(inputs) },
    { score: 'Confidence', value: scores.confidence, advice: () => confidenceAdvice(inputs) },
    { score: 'Relevance', value: scores.relevance, advice: () => relevanceAdvice(inputs) },
    { score: 'Clarity', value: scores.clarity, advice: () => criterionAdvice(estimate, grammar, model) },
  ];
  const lowest = candidates.reduce((low, candidate) => (candidate.value < low.value ? candidate : low));
  const values = Object.fromEntries(candidates.map((candidate) => [candidate.score, candidate.value])) as Record<InterviewScoreName, number>;
  const level = lowestCriteria(values, candidates.map((candidate) => candidate.score), (value) => Number(value.toFixed(1)));
  return { score: lowest.score, advice: lowest.advice(), levelWith: level.filter((score) => score !== lowest.score) };
}

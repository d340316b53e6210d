import { COMMUNICATION_FULL_MARKS_WORDS_PER_ANSWER, CONFIDENCE_FULL_MARKS_TOTAL_WORDS, CONFIDENCE_FULL_MARKS_WORDS_PER_ANSWER } from './score-scale.js';
import type { InterviewScoreReport } from './scoring.js';

/*
 * What the interview's communication and clarity rest on, in one sentence each, for the completed
 * view and the teacher's page, so worded for either reader ("the answers", not "your answers").
 * Attempts scored before the calibrated estimate (no `language` figures) say the older rule they were
 * scored by.
 */

type Figures = Pick<InterviewScoreReport['figures'], 'averageWordsPerAnswer' | 'questionCount' | 'fillerRatio' | 'averageSentenceLength' | 'meanConfidence'> & {
  language?: InterviewScoreReport['figures']['language'];
};

const oneDecimal = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));
const percent = (fraction: number) => `${Math.round(fraction * 100)}%`;

export function communicationText(figures: Figures): string {
  const words = `${oneDecimal(figures.averageWordsPerAnswer)} words per answer over ${figures.questionCount} ${figures.questionCount === 1 ? 'question' : 'questions'}`;
  if (!figures.language) return `${words}; ${COMMUNICATION_FULL_MARKS_WORDS_PER_ANSWER} or more gave 9 (the older rule this attempt was scored by).`;
  return (
    `Estimated from the answers as in the speaking test: the average of fluency ${oneDecimal(figures.language.fluency)} (how long the answers are, how much is said between linking words, and the linking words) ` +
    `and vocabulary ${oneDecimal(figures.language.vocabulary)} (how many different words, and how wide a range). ${words}.`
  );
}

export function clarityText(figures: Figures): string {
  const shown =
    `fillers ${percent(figures.fillerRatio)} of words, ${oneDecimal(figures.averageSentenceLength)} words per sentence` +
    (figures.meanConfidence === null ? '' : `, and the speech recognizer was ${percent(figures.meanConfidence)} sure of the words`);
  // Before the estimate these figures were the score; since, they are shown beside it and not used.
  if (!figures.language) return `From ${shown} (the older rule this attempt was scored by).`;
  return `The grammar of the answers, estimated as in the speaking test: ${oneDecimal(figures.language.grammar)} (how sentences are built, clause linkers such as because and which, verb forms, and verbs that match their subject, as in "he goes"). Also shown, but not used for this score: ${shown}.`;
}

/**
 * What confidence counted, in one sentence: its name is the spec's, and it measures how much was
 * said, not how confident the speaker sounded (decision 0072), so the sentence says so first.
 * Attempts scored before it (no `confidenceWords`) say the spec's total they were scored by.
 */
export function confidenceText(figures: Pick<InterviewScoreReport['figures'], 'totalWords' | 'questionCount' | 'confidenceWords'>): string {
  const counted = figures.confidenceWords;
  const full = CONFIDENCE_FULL_MARKS_WORDS_PER_ANSWER;
  return (
    `How much was said, not how confident it sounded: ${counted ?? figures.totalWords} words ` +
    (counted === undefined
      ? `in all; ${CONFIDENCE_FULL_MARKS_TOTAL_WORDS.toLocaleString('en')} or more gave 9 (the older rule this attempt was scored by).`
      : `counted, up to ${full} from each answer (${figures.totalWords} said in all). ${full} words in each of the ${figures.questionCount} ${figures.questionCount === 1 ? 'question' : 'questions'} earns the full 9.`)
  );
}

/** What relevance counts, for the completed view and the attempt's page alike. */
export function relevanceText(figures: Pick<InterviewScoreReport['figures'], 'questionCount'>): string {
  return (
    'How much each answer is about its question and the profile details the question names: the important words they share count ' +
    '(forms of a word, such as "manage" and "managed", count as one; very common words and phrases any candidate could say do not). ' +
    `An empty answer scores 0. Average over ${figures.questionCount} ${figures.questionCount === 1 ? 'question' : 'questions'}.`
  );
}

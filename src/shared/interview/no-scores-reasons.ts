import { mostlyNonAnswers, nonAnswerKindsText, type CommonNonAnswerKind } from '../non-answers/checks.js';
import { INTERVIEW_MIN_ASSESSABLE_WORDS } from './score-scale.js';
import { listed } from '../text/listed.js';

/*
 * Why an interview has no scores, in sentences for the student: what was heard, what was not
 * counted, and which questions nothing was heard for (scoring.ts decides when these apply).
 */

/** An answer left out of the figures (decision 0018). */
export interface InterviewNonAnswer {
  /** The question's place in the interview, from 1. */
  questionNumber: number;
  kind: CommonNonAnswerKind;
  /** One sentence for the student (the speaking test's). */
  reason: string;
  /** The answer's words (fillers included), none of which count. */
  wordCount: number;
}

/**
 * Question numbers for a sentence, a run of three or more as a range: "3", "3 and 5",
 * "1, 3 to 9 and 12".
 */
function questionNumbersText(numbers: readonly number[]): string {
  const runs: string[] = [];
  for (let i = 0; i < numbers.length; ) {
    let end = i;
    while (numbers[end + 1] === (numbers[end] as number) + 1) end += 1;
    if (end - i >= 2) runs.push(`${numbers[i]} to ${numbers[end]}`);
    else for (let k = i; k <= end; k++) runs.push(String(numbers[k]));
    i = end + 1;
  }
  return listed(runs);
}

/** "nothing was heard for questions 3, 5 and 8" (of `questionCount`); empty when every question had an answer. */
function silentText(silent: readonly number[], questionCount: number): string {
  if (silent.length === 0) return '';
  if (silent.length === questionCount) return `nothing was heard for any of the ${questionCount} questions`;
  return `nothing was heard for ${silent.length === 1 ? 'question' : 'questions'} ${questionNumbersText(silent)}`;
}

/**
 * Why an interview with enough words has no scores: most answers were not answers, or what is left
 * is too short. `silent`: the numbers of the questions nothing was heard for, of `questionCount`.
 */
export function interviewNonAnswersReason(
  nonAnswers: readonly InterviewNonAnswer[],
  givenAnswers: number,
  countedWords: number,
  silent: readonly number[],
  questionCount: number,
): string {
  const real = givenAnswers - nonAnswers.length;
  const again = 'Answer each question in your own words, then try the interview again.';
  const notHeard = silentText(silent, questionCount);
  if (mostlyNonAnswers(nonAnswers, givenAnswers)) {
    const left = `${nonAnswers.length} ${nonAnswers.length === 1 ? 'answer was' : 'answers were'} not counted${notHeard ? ` and ${notHeard}` : ''}`;
    return `Most answers were ${nonAnswerKindsText(nonAnswers)}, so no scores are given: only ${real} of the ${questionCount} ${questionCount === 1 ? 'question' : 'questions'} had a real answer (${left}), too few to show how you speak. ${again}`;
  }
  const remain = `only ${countedWords} ${countedWords === 1 ? 'word remains' : 'words remain'}`;
  return `Without the answers that were not counted (${nonAnswerKindsText(nonAnswers)}), ${remain}${notHeard ? `, and ${notHeard}` : ''}, so there is nothing to score: scores need at least ${INTERVIEW_MIN_ASSESSABLE_WORDS} words. ${again}`;
}

/** Why an interview answered aloud without a transcript has no scores from its words. */
export const NOT_TRANSCRIBED_REASON =
  'Your answers were recorded, not transcribed (this browser does not turn speech into text), so there are no scores from your words: your teacher listens to the recording and scores it.';

/**
 * Why an interview with too little speech has no scores: the words heard, and the questions nothing
 * was heard for (`silent`, of `questionCount`), so a student who answered a few questions learns
 * that the others count as unanswered.
 */
export function notEnoughSpeechReason(spokenWords: number, silent: readonly number[], questionCount: number): string {
  const heard =
    spokenWords === 0
      ? 'No speech was recognised in your answers'
      : `Only ${spokenWords} ${spokenWords === 1 ? 'word was' : 'words were'} recognised in your answers (fillers such as um and uh not counted)`;
  const notHeard = silentText(silent, questionCount);
  const answered = questionCount - silent.length;
  const which =
    notHeard === '' ? '' : answered === 0 ? ` (${notHeard})` : `: ${answered} of the ${questionCount} questions had an answer, and ${notHeard}`;
  return `${heard}${which}, so there is nothing to score: scores need at least ${INTERVIEW_MIN_ASSESSABLE_WORDS} words. Check that the microphone works and answer every question aloud, then try the interview again.`;
}

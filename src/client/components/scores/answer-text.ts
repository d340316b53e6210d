import { isSpokenWithoutWords } from '../../../shared/interview/answers';

/*
 * Whether any answer has words to highlight: the highlight legend (filler, grammar slip, less common
 * word) is shown only then, not over answers that were recorded without a transcript.
 */

/** True when at least one answer has transcribed text (not empty, not a placeholder). */
export function anyAnswerText(answers: readonly string[]): boolean {
  return answers.some((answer) => answer.trim() !== '' && !isSpokenWithoutWords(answer));
}

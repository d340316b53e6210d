import { NOT_RECORDED_TEXT, NOT_TRANSCRIBED_TEXT } from '../../../shared/interview/answer-texts';

/*
 * Whether any answer has words to highlight: the highlight legend (filler, grammar slip, less common
 * word) is shown only then, not over answers that were recorded without a transcript.
 */

/** What an interview answer says in place of words it never had (not transcribed; neither recorded nor transcribed). */
const PLACEHOLDERS: ReadonlySet<string> = new Set([NOT_TRANSCRIBED_TEXT, NOT_RECORDED_TEXT]);

/** True when at least one answer has transcribed text (not empty, not a placeholder). */
export function anyAnswerText(answers: readonly string[]): boolean {
  return answers.some((answer) => {
    const text = answer.trim();
    return text !== '' && !PLACEHOLDERS.has(text);
  });
}

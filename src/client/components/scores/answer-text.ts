import { NO_RESPONSE_TEXT } from '../../../shared/interview/answer-texts';
import { answerWords, isEmptyAnswer, isSpokenWithoutWords } from '../../../shared/interview/answers';

/*
 * Answers without words: whether any answer has words to highlight (the highlight legend, filler,
 * grammar slip, less common word, is shown only then, not over answers that were recorded without a
 * transcript or not answered), and what an answer without words reads.
 */

/** True when at least one answer has transcribed text (not empty, not 'No response recorded', not a placeholder). */
export function anyAnswerText(answers: readonly string[]): boolean {
  return answers.some((answer) => answerWords(answer) !== '');
}

/** An empty answer where the browser transcribed: nothing it heard became words. */
export const NOT_RECOGNISED_TEXT = 'No answer was recognised.';
/** An empty answer where the browser did not transcribe: the words are on the recording. */
export const RECORDED_NOT_TRANSCRIBED_TEXT = 'Recorded, not transcribed.';
/** The same, where the device's recorder gave no audio either. */
export const NEITHER_TRANSCRIBED_NOR_RECORDED_TEXT = 'Not transcribed, and no recording was made.';
/** The interview's 'No response recorded' where the browser did not transcribe: no sound was heard in the microphone. */
export const NOT_HEARD_TEXT = 'No answer was heard.';

export interface WordlessAnswerContext {
  /** The attempt's answers were taken without speech recognition (its session's `noTranscript`). */
  noTranscript?: boolean;
  /** A recording was made (false: the device's recorder gave no audio). */
  recorded?: boolean;
}

/**
 * What an answer without words reads, or null when it has words. A placeholder is said as it is
 * ("Answered aloud (recorded, not transcribed)"). An empty answer is one nothing was recognised in,
 * unless the attempt was not transcribed: then the speaking test's empty answers (every one is
 * empty there) were recorded, and the interview's 'No response recorded' is one where no sound was heard.
 */
export function wordlessAnswerText(text: string, { noTranscript = false, recorded = true }: WordlessAnswerContext = {}): string | null {
  if (isSpokenWithoutWords(text)) return text.trim();
  if (!isEmptyAnswer(text)) return null;
  if (!noTranscript) return NOT_RECOGNISED_TEXT;
  if (text.trim() === NO_RESPONSE_TEXT) return NOT_HEARD_TEXT;
  return recorded ? RECORDED_NOT_TRANSCRIBED_TEXT : NEITHER_TRANSCRIBED_NOR_RECORDED_TEXT;
}

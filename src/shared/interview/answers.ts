import { NO_RESPONSE_TEXT, NOT_RECORDED_TEXT, NOT_TRANSCRIBED_TEXT } from './answer-texts.js';

/** True for an answer with nothing in it, or the spec's 'No response recorded' placeholder for one. */
export function isEmptyAnswer(answer: string): boolean {
  const trimmed = answer.trim();
  return trimmed === '' || trimmed === NO_RESPONSE_TEXT;
}

/** What an interview answer says in place of words the browser never gave it (not transcribed; neither recorded nor transcribed). */
const SPOKEN_WITHOUT_WORDS: ReadonlySet<string> = new Set([NOT_TRANSCRIBED_TEXT, NOT_RECORDED_TEXT]);

/** True for an answer said aloud where the browser could not transcribe it: its text is a placeholder, not the student's words. */
export function isSpokenWithoutWords(answer: string): boolean {
  return SPOKEN_WITHOUT_WORDS.has(answer.trim());
}

/**
 * The student's own words in a saved answer: none for an empty answer or a placeholder (a Firefox
 * interview's "Answered aloud (recorded, not transcribed)" is no transcript to score or analyse).
 */
export function answerWords(answer: string): string {
  return isEmptyAnswer(answer) || isSpokenWithoutWords(answer) ? '' : answer;
}

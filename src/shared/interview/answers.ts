import { NO_RESPONSE_TEXT } from './answer-texts.js';

/** True for an answer with nothing in it, or the spec's 'No response recorded' placeholder for one. */
export function isEmptyAnswer(answer: string): boolean {
  const trimmed = answer.trim();
  return trimmed === '' || trimmed === NO_RESPONSE_TEXT;
}

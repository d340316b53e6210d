import { INTERVIEW_AUDIO_FILE_NAME_PATTERN, INTERVIEW_TRANSCRIPT_FILE_NAME_PATTERN } from './constants.js';
import { NO_RESPONSE_TEXT } from './answer-texts.js';
import { isEmptyAnswer } from './answers.js';

/* Downloads of the completed interview (spec section 9). */

export interface TranscriptQuestion {
  question: string;
  answer: string;
}

/**
 * The transcript download: one block per question, in the order asked,
 *
 *   Question 1: Tell me about yourself.
 *   Answer: I studied ...
 *
 * separated by a blank line. An empty answer reads 'No response recorded'. Utterances that the
 * recognizer gave on separate lines are joined with spaces so each answer stays on one line.
 */
export function buildInterviewTranscriptText(questions: readonly TranscriptQuestion[]): string {
  const blocks = questions.map((entry, index) => {
    const question = oneLine(entry.question);
    const answer = isEmptyAnswer(entry.answer) ? NO_RESPONSE_TEXT : oneLine(entry.answer);
    return `Question ${index + 1}: ${question}\nAnswer: ${answer}`;
  });
  return blocks.length === 0 ? '' : `${blocks.join('\n\n')}\n`;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The date's local calendar day as YYYY-MM-DD: what the student's own calendar says. */
export function localDateStamp(date: Date): string {
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** interview-transcript-YYYY-MM-DD.txt for the given moment (the caller passes `new Date()`). */
export function interviewTranscriptFileName(date: Date): string {
  return INTERVIEW_TRANSCRIPT_FILE_NAME_PATTERN.replace('{date}', localDateStamp(date));
}

/** interview-audio-YYYY-MM-DD.wav for the given moment. */
export function interviewAudioFileName(date: Date): string {
  return INTERVIEW_AUDIO_FILE_NAME_PATTERN.replace('{date}', localDateStamp(date));
}

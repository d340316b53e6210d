import { INTERVIEW_AUTO_ADVANCE_MS } from '../../../../shared/interview/constants';
import type { ActiveViewModel } from '../flow';

/*
 * What screen readers hear during the interview (aria-live="polite"): each question, number and
 * text, once as the interviewer asks it, then the status when it changes, and the time left only
 * every 5 minutes and in the last minute, never every second (the visible countdown itself is not
 * live).
 */

/** A minute in ms: in the last one the countdown turns red and is announced as '1 minute left'. */
export const MINUTE_MS = 60_000;

/** '30 minutes left' ... '5 minutes left', then '1 minute left' and 'Time is up'. */
export function timeAnnouncement(remainingMs: number): string {
  if (remainingMs <= 0) return 'Time is up';
  const minutes = Math.ceil(remainingMs / MINUTE_MS);
  if (minutes <= 1) return '1 minute left';
  return `${Math.ceil(minutes / 5) * 5} minutes left`;
}

/**
 * The interview's status as one sentence: the question itself while the interviewer asks it (as the
 * speaking test reads its questions: a reader who cannot hear the voice still gets it), then what
 * is happening. Read again only when it changes: once words are heard, the auto-advance is said
 * once, in words that do not tick (the visible "Auto-advancing in 8s" is not live).
 */
export function statusAnnouncement(
  model: Pick<ActiveViewModel, 'questionLabel' | 'questionNumber' | 'questionText' | 'isSpeaking' | 'isRecording' | 'paused' | 'autoAdvanceSeconds'>,
): string {
  if (model.paused) return `Interview paused. ${model.paused.resumeNote}`;
  if (model.questionText === '') {
    return `${model.questionLabel}. ${model.isSpeaking ? 'The interviewer is speaking.' : `Get ready for the ${model.questionNumber === 1 ? 'first' : 'next'} question.`}`;
  }
  if (model.isSpeaking) return `${model.questionLabel}: ${model.questionText}`;
  if (!model.isRecording) return 'Recording stopped.';
  if (model.autoAdvanceSeconds !== null) return `Listening. The interview moves on ${INTERVIEW_AUTO_ADVANCE_MS / 1000} seconds after you stop speaking.`;
  return 'Listening to your answer.';
}

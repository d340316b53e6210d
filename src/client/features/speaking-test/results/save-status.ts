/*
 * What the results say about saving (beyond the spec: the outbox keeps the attempt until the
 * server confirms it). The spec's own sentences are used where it has them.
 */
import type { OutboxStatus } from '../../../lib/outbox';
import { mayTryAgain, sendIsSlow } from '../../../lib/outbox/retry-offer';
import { SAVE_WARNING_TEXT, SAVE_WARNING_TITLE } from '../flow/after-the-test';

/** Spec section 8's Save Warning sentence, defined with the flow's save toasts. */
export { SAVE_WARNING_TEXT };

export const SAVED_TEXT = 'Your results are saved.';
export const CONTACT_TEACHER_TEXT = 'Please contact your teacher.';

export type SaveTone = 'saved' | 'pending' | 'failed' | 'warning';

export interface SaveStatusView {
  tone: SaveTone;
  title: string;
  /** A word or three for the chip beside the results' title (SaveChip), seen without scrolling on a phone. */
  short: string;
  /** The sentence announced to screen readers when it changes. */
  message: string;
  /** Changing details (tries, next try), shown but not announced. */
  detail: string | null;
  canRetry: boolean;
}

function secondsUntil(at: number, now: number): number {
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/** "45 s", "2 min 5 s". */
function duration(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min${seconds % 60 === 0 ? '' : ` ${seconds % 60} s`}`;
}

/**
 * `submitting`: the test is being handed to the outbox (the recording is being finished), so there is
 * no attempt id yet; the spec's Save Warning is for a test that will not be saved (no student known).
 */
export function saveStatusView(attemptId: string | null, status: OutboxStatus, now: number, submitting = false): SaveStatusView {
  if (attemptId === null && submitting) return { tone: 'pending', title: 'Saving', short: 'Saving…', message: 'Saving your results…', detail: null, canRetry: false };
  if (attemptId === null) {
    return { tone: 'warning', title: SAVE_WARNING_TITLE, short: 'Not saved', message: SAVE_WARNING_TEXT, detail: null, canRetry: false };
  }
  switch (status.state) {
    case 'unknown':
      return { tone: 'pending', title: 'Saving', short: 'Saving…', message: 'Saving your results…', detail: null, canRetry: false };
    case 'saved':
      return {
        tone: 'saved',
        title: 'Saved',
        short: 'Saved',
        message: status.recordingError === null ? SAVED_TEXT : `${SAVED_TEXT} The recording could not be uploaded: ${status.recordingError}`,
        detail: null,
        canRetry: false,
      };
    case 'failed':
      return {
        tone: 'failed',
        title: 'Could not save',
        short: 'Not saved',
        message: `${status.message.trim().replace(/\.?$/u, '.')} ${CONTACT_TEACHER_TEXT}`,
        detail: null,
        canRetry: mayTryAgain(status, now),
      };
    case 'pending': {
      const kept = status.memoryOnly
        ? 'This browser would not keep a copy, so leave this page open until they are saved.'
        : 'A copy is kept on this device until the school’s server confirms it.';
      const slow = sendIsSlow(status, now);
      // The first send, which nearly always succeeds at once: nothing to worry about yet.
      const calm = !status.waitingForSignIn && !slow && status.tries === 0 && !status.memoryOnly;
      const message = calm
        ? 'Saving your results…'
        : status.waitingForSignIn
          ? `Saving your results… you were signed out: sign in again on this device and we will finish saving. ${kept}`
          : slow
            ? `Saving your results… this is taking a while: if your connection dropped, press Try again. ${kept}`
            : `Saving your results… we will keep trying. ${kept}`;
      const parts: string[] = [];
      if (status.tries > 0) parts.push(`Attempt ${status.tries + 1}`);
      if (status.nextTryAt === null) parts.push(slow && status.sendingSince !== null ? `sending for ${duration(now - status.sendingSince)}` : 'sending now');
      else if (status.tries > 0 && !status.waitingForSignIn) parts.push(`next try in ${secondsUntil(status.nextTryAt, now)} s`);
      if (status.lastError) parts.push(`last error: ${status.lastError}`);
      return { tone: 'pending', title: 'Saving', short: calm ? 'Saving…' : 'Not saved yet', message, detail: parts.length > 0 ? parts.join(' · ') : null, canRetry: mayTryAgain(status, now) };
    }
  }
}

/*
 * The recognizer's restart policy (spec sections 4 and 8), apart from the browser: what a browser
 * error means for listening, and what follows when a session ends while the caller still listens.
 * Chrome ends sessions on its own (silence, ~60 s, 'no-speech', 'aborted'); those restart
 * transparently, 100 ms later after 'aborted', up to the caller's cap (3 on Android, spec). The
 * speaking test passes a cap of 0: its flow decides every restart itself (features/speaking-test/flow).
 */
import { ABORTED_RESTART_DELAY_MS, RECOGNITION_MAX_QUICK_ENDS, RECOGNITION_QUICK_END_MS } from './constants.js';
import { otherRecognitionErrorMessage, RECOGNITION_AUDIO_CAPTURE_MESSAGE, RECOGNITION_DENIED_MESSAGE, RECOGNITION_LANGUAGE_MESSAGE, RECOGNITION_NETWORK_MESSAGE } from './messages.js';

export type ErrorAction =
  /** Keep listening: the session ends next and is restarted. */
  | { kind: 'keep-listening' }
  /** The on-device recogniser does not know the language: the session ends and reopens with the browser's service. */
  | { kind: 'fall-back-to-service' }
  | { kind: 'fail'; message: string };

export function errorAction(error: string, message: string | undefined, onDevice: boolean): ErrorAction {
  switch (error) {
    case 'no-speech':
    case 'aborted':
      // Keep listening: the session ends next and is restarted (after 100 ms for 'aborted').
      return { kind: 'keep-listening' };
    case 'not-allowed':
    case 'service-not-allowed':
      return { kind: 'fail', message: RECOGNITION_DENIED_MESSAGE };
    case 'network':
      return { kind: 'fail', message: RECOGNITION_NETWORK_MESSAGE };
    case 'audio-capture':
      return { kind: 'fail', message: RECOGNITION_AUDIO_CAPTURE_MESSAGE };
    case 'language-not-supported':
      if (onDevice) return { kind: 'fall-back-to-service' };
      return { kind: 'fail', message: RECOGNITION_LANGUAGE_MESSAGE };
    default:
      return { kind: 'fail', message: otherRecognitionErrorMessage(error, message) };
  }
}

/** How a session ended, as far as the policy cares. */
export interface EndedSession {
  openedAt: number;
  hadResult: boolean;
  /** The last browser error of the session, or null. */
  error: string | null;
  /** Ended by 'language-not-supported' on the device: reopen at once with the service. */
  fallBackToService: boolean;
}

export interface RestartCounts {
  /** Transparent restarts since start(). */
  restarts: number;
  /** Sessions in a row that ended quickly without a result. */
  quickEnds: number;
}

export type AfterSessionEnd =
  /** Open a new session after delayMs; `counted` says whether it counts as a restart. */
  | { kind: 'reopen'; delayMs: number; counted: boolean }
  /** Sessions keep ending at once: recognition cannot run here. */
  | { kind: 'start-failed' }
  | { kind: 'restart-limit' };

/** What follows a session that ended while the caller still listens, and the counts after it. */
export function afterSessionEnd(
  ended: EndedSession,
  now: number,
  counts: RestartCounts,
  limits: { maxRestarts: number; restartDelayMs: number },
): { next: AfterSessionEnd; counts: RestartCounts } {
  if (ended.fallBackToService) return { next: { kind: 'reopen', delayMs: 0, counted: false }, counts };
  const quick = !ended.hadResult && now - ended.openedAt < RECOGNITION_QUICK_END_MS;
  const quickEnds = quick ? counts.quickEnds + 1 : 0;
  if (quickEnds >= RECOGNITION_MAX_QUICK_ENDS) return { next: { kind: 'start-failed' }, counts: { ...counts, quickEnds } };
  if (counts.restarts >= limits.maxRestarts) return { next: { kind: 'restart-limit' }, counts: { ...counts, quickEnds } };
  const delayMs = ended.error === 'aborted' ? ABORTED_RESTART_DELAY_MS : limits.restartDelayMs;
  return { next: { kind: 'reopen', delayMs, counted: true }, counts: { restarts: counts.restarts + 1, quickEnds } };
}

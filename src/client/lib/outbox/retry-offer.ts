import type { OutboxStatus } from './entry';

/*
 * When a student is offered Try again (the outbox's retryNow with restart: the send running is
 * stopped and sent again at once), and the clock the status is shown by.
 */

/**
 * A send running this long may have hung (a request lost with the connection, which the outbox
 * would wait for up to half an hour): Try again is offered even before any send failed. A 3.6 MB
 * recording takes about 30 s at 1 Mbit/s, so a send that is merely slow is rarely offered it.
 */
export const SLOW_SEND_MS = 30_000;

/** Whether the send now running has run for SLOW_SEND_MS or more. */
export function sendIsSlow(status: OutboxStatus, now: number): boolean {
  return status.state === 'pending' && status.sendingSince !== null && now - status.sendingSince >= SLOW_SEND_MS;
}

/** Try again: after a refusal, a failed send, or a slow one; not while the device waits for its student to sign in. */
export function mayTryAgain(status: OutboxStatus, now: number): boolean {
  if (status.state === 'failed') return true;
  if (status.state !== 'pending' || status.waitingForSignIn) return false;
  return status.tries > 0 || sendIsSlow(status, now);
}

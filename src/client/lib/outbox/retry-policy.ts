/* When the outbox tries again: which answers are worth another try, and after how long. */

/** First retry after 2 s, doubling up to one minute, each +-20 % so many devices do not retry in step. */
export const OUTBOX_FIRST_RETRY_MS = 2000;
export const OUTBOX_MAX_RETRY_MS = 60_000;
const JITTER = 0.2;

export function retryDelayMs(tries: number, random: number): number {
  const base = Math.min(OUTBOX_MAX_RETRY_MS, OUTBOX_FIRST_RETRY_MS * 2 ** Math.max(0, tries - 1));
  return Math.round(base * (1 - JITTER + 2 * JITTER * random));
}

/** Worth trying again later: no answer, a server fault, a timeout or too many requests. */
export function isTransient(status: number): boolean {
  return status === 0 || status >= 500 || status === 408 || status === 429;
}

/*
 * What screen readers hear during the interview (aria-live="polite"): the question number and the
 * status when they change, and the time left only every 5 minutes and in the last minute, never
 * every second (the visible countdown itself is not live).
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

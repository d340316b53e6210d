/*
 * What screen readers hear during the interview (aria-live="polite"): the question number and the
 * status when they change, and the time left only every 5 minutes and in the last minute, never
 * every second (the visible countdown itself is not live).
 */

/** '30 minutes left' ... '5 minutes left', then '1 minute left' and 'Time is up'. */
export function timeAnnouncement(remainingMs: number): string {
  if (remainingMs <= 0) return 'Time is up';
  const minutes = Math.ceil(remainingMs / 60_000);
  if (minutes <= 1) return '1 minute left';
  return `${Math.ceil(minutes / 5) * 5} minutes left`;
}

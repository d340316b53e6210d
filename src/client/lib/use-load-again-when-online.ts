import { useEffect } from 'react';

/*
 * A page's read while the connection comes and goes. A read started while the browser says it is
 * offline waits (TanStack Query's networkMode 'online', query-client.ts) and goes on by itself when
 * the browser is back online: the page says so (`offlineText`) rather than spinning with nothing
 * said. A read that failed is asked again as soon as the browser is back online.
 */

/**
 * The window event when an attempt an earlier visit left unsent is saved (lib/outbox/browser.ts): a
 * list of attempts on the screen loads again. Here, beside the other reasons to load again, so that
 * a page listening for it does not load the outbox's note with it.
 */
export const EARLIER_SAVED_EVENT = 'parley:earlier-attempt-saved';

/** What a page says of a read waiting for the connection; `what` is plural, e.g. 'your earlier tests'. */
export function offlineText(what: string): string {
  return `This device seems to be offline: ${what} will load as soon as the connection returns.`;
}

/** Whether a query is waiting for the connection (started offline, nothing loaded yet). */
export function waitingForConnection(query: { isPending: boolean; fetchStatus: string }): boolean {
  return query.isPending && query.fetchStatus === 'paused';
}

/** Asks again for a read that failed (`failed`) when the browser's `online` event comes. */
export function useLoadAgainWhenOnline(failed: boolean, refetch: () => unknown): void {
  useEffect(() => {
    if (!failed) return undefined;
    const again = () => void refetch();
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, [failed, refetch]);
}

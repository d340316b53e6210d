import { useEffect } from 'react';

/**
 * Once a user is signed in, send whatever they finished but the server never confirmed (an earlier
 * visit, a reload, a lost connection). The outbox code loads only then (dynamic import), so the
 * sign-in pages' first visit stays small.
 */
export function useResumeOutbox(userId: number | undefined): void {
  useEffect(() => {
    if (userId === undefined) return;
    void import('./browser').then(({ browserOutbox }) => browserOutbox().resume(userId));
  }, [userId]);
}

import { useEffect } from 'react';
import { outboxMayHaveEntries } from './pending';

/**
 * Once a user is signed in, send whatever they finished but the server never confirmed (an earlier
 * visit, a reload, a lost connection), and tell them when each is saved (browser.ts, earlier-save-note.ts). The
 * outbox code loads only then (dynamic import), and only when its store holds something
 * (pending.ts), so neither the sign-in pages' first visit nor a signed-in page's carries it for
 * nothing; a page that saves loads it when it saves.
 */
export function useResumeOutbox(userId: number | undefined): void {
  useEffect(() => {
    if (userId === undefined) return;
    void outboxMayHaveEntries().then((pending) => {
      if (pending) void import('./browser').then(({ resumeWithNote }) => resumeWithNote(userId));
    });
  }, [userId]);
}

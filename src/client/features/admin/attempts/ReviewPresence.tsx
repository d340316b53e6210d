import { useEffect, useState } from 'react';
import { PRESENCE_BEAT_MS } from '../../../../shared/api/admin-attempts-limits';
import type { ReviewPresence as Presence } from '../../../../shared/api/admin-attempts';
import { PlainAlert } from '../../../components/PlainAlert';
import { apiRequest } from '../../../lib/api';
import { formatAttemptDateAndTime } from './format';

/*
 * Two teachers on one attempt (decision 0050): the review page tells the server it is open, at once,
 * every PRESENCE_BEAT_MS while in view and again on coming back into view, and that it has closed
 * when the teacher moves on or leaves the page. The server answers with the other teachers who have
 * it open, and their Next awaiting passes the attempt by.
 */

const presenceUrl = (id: string) => `/api/admin/attempts/${encodeURIComponent(id)}/presence`;

/** Pages open on each attempt here: React's StrictMode mounts a page twice, and only the last to go says it closed. */
const openPages = new Map<string, number>();

function leave(id: string): void {
  // keepalive: the request outlives a page that is going away.
  void fetch(presenceUrl(id), { method: 'DELETE', credentials: 'include', keepalive: true }).catch(() => undefined);
}

function useOtherTeachers(id: string): Presence['others'] {
  const [others, setOthers] = useState<Presence['others']>([]);
  useEffect(() => {
    let mounted = true;
    openPages.set(id, (openPages.get(id) ?? 0) + 1);
    const beat = () => {
      if (document.visibilityState !== 'visible') return;
      // A failed beat changes nothing shown: the next one asks again.
      apiRequest<Presence>('PUT', presenceUrl(id)).then(
        (presence) => {
          if (mounted) setOthers(presence.others);
        },
        () => undefined,
      );
    };
    const onLeave = () => leave(id);
    beat();
    const timer = window.setInterval(beat, PRESENCE_BEAT_MS);
    document.addEventListener('visibilitychange', beat);
    // Back from the back-forward cache after `pagehide` said it closed.
    window.addEventListener('pageshow', beat);
    window.addEventListener('pagehide', onLeave);
    return () => {
      mounted = false;
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', beat);
      window.removeEventListener('pageshow', beat);
      window.removeEventListener('pagehide', onLeave);
      openPages.set(id, (openPages.get(id) ?? 1) - 1);
      queueMicrotask(() => {
        if (!openPages.get(id)) leave(id);
      });
    };
  }, [id]);
  return others;
}

const names = new Intl.ListFormat('en-GB', { type: 'conjunction' });

/** Who else has this attempt open, and what happens if both write a review; nothing when nobody has. */
export function ReviewPresence({ id }: { id: string }) {
  const others = useOtherTeachers(id);
  const first = others[0];
  if (!first) return null;
  const who = names.format(others.map((other) => other.name));
  const verb = others.length === 1 ? 'has' : 'have';
  return (
    <PlainAlert color="yellow" role="status" title="Another teacher is on this attempt" data-testid="review-presence">
      {who} {verb} had it open since {formatAttemptDateAndTime(first.openedAt).time}. Agree who reviews it: if you both save, the
      second to save is shown the first one&apos;s review and chooses which to keep.
    </PlainAlert>
  );
}

import { Button, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, type Ref } from 'react';
import { Link } from 'react-router';
import type { ReviewPresence } from '../../../../shared/api/admin-attempts';
import { PRESENCE_BEAT_MS } from '../../../../shared/api/admin-attempts-limits';
import { apiRequest } from '../../../lib/api';
import { ATTEMPTS_QUERY_KEY } from './api/attempts-list';

const presenceUrl = (id: string) => `/api/admin/attempts/${encodeURIComponent(id)}/presence`;

/** Review pages open on each attempt here: StrictMode mounts a page twice, and only the last to go says it closed. */
const openPages = new Map<string, number>();

/** Tells the server the page has closed (moved to another attempt, or left): others' Next awaiting may come to it. */
function useSaysWhenClosed(id: string): void {
  useEffect(() => {
    // keepalive: the request outlives a page that is going away.
    const leave = () => void fetch(presenceUrl(id), { method: 'DELETE', credentials: 'include', keepalive: true }).catch(() => undefined);
    openPages.set(id, (openPages.get(id) ?? 0) + 1);
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      openPages.set(id, (openPages.get(id) ?? 1) - 1);
      queueMicrotask(() => {
        if (!openPages.get(id)) leave();
      });
    };
  }, [id]);
}

/**
 * The attempt's place among those awaiting review for this teacher, and who else has it open
 * (decision 0050): the page says it is open as it opens, every PRESENCE_BEAT_MS while in view
 * (not while hidden), on coming back into view, and after a release (save-review.ts).
 */
export function useReviewQueue(id: string) {
  useSaysWhenClosed(id);
  return useQuery({
    queryKey: [...ATTEMPTS_QUERY_KEY, id, 'queue'] as const,
    queryFn: () => apiRequest<ReviewPresence>('PUT', presenceUrl(id)),
    refetchInterval: PRESENCE_BEAT_MS,
    refetchOnWindowFocus: 'always',
  });
}

/**
 * "3 of 7 awaiting review", with the previous (older) and next (newer) attempt awaiting review: a
 * teacher works through the queue without going back to the lists. Keeps the list the teacher came
 * from as the back link's target.
 */
export function QueueNav({ id, from }: { id: string; from: string | undefined }) {
  const data = useReviewQueue(id).data?.queue;
  if (!data || data.total === 0) return null;
  const state = from ? { from } : undefined;
  const where =
    data.position !== null
      ? `${data.position} of ${data.total} awaiting review`
      : `${data.total} ${data.total === 1 ? 'attempt' : 'attempts'} awaiting review`;
  return (
    <Group gap="xs" wrap="wrap" component="nav" aria-label="Attempts awaiting review" data-testid="review-queue">
      <Button
        size="xs"
        variant="default"
        component={Link}
        to={data.previousId ? `/admin/attempts/${data.previousId}` : '#'}
        state={state}
        disabled={!data.previousId}
        aria-disabled={!data.previousId}
        onClick={(event) => {
          if (!data.previousId) event.preventDefault();
        }}
      >
        ← Previous awaiting
      </Button>
      <Text size="sm" aria-live="polite" data-testid="queue-position">
        {where}
      </Text>
      <Button
        size="xs"
        variant="default"
        component={Link}
        to={data.nextId ? `/admin/attempts/${data.nextId}` : '#'}
        state={state}
        disabled={!data.nextId}
        aria-disabled={!data.nextId}
        onClick={(event) => {
          if (!data.nextId) event.preventDefault();
        }}
      >
        Next awaiting →
      </Button>
    </Group>
  );
}

/**
 * Under the review form once the review is released and nothing is left to release: the way on to
 * another attempt awaiting review (the newer one, else the older one), or that none is left. On a
 * phone the queue's buttons at the top of the page are thousands of pixels above the Release button.
 * Just after a release on this page (`takeFocus`) it takes the focus, so a screen reader reads the way
 * on (or that none is left) after "Review released", instead of the Release button, now unavailable.
 */
export function AfterRelease({ id, from, takeFocus = false }: { id: string; from: string | undefined; takeFocus?: boolean }) {
  const data = useReviewQueue(id).data?.queue;
  const way = useRef<HTMLElement>(null);
  const focused = useRef(false);
  useEffect(() => {
    if (!takeFocus || !data || focused.current) return;
    focused.current = true;
    way.current?.focus();
  }, [takeFocus, data]);
  if (!data) return null;
  const nextId = data.nextId ?? data.previousId;
  return (
    <Group gap="sm" wrap="wrap" align="center" data-testid="after-release">
      {nextId ? (
        <Button ref={way as Ref<HTMLAnchorElement>} h={44} variant="light" component={Link} to={`/admin/attempts/${nextId}`} state={from ? { from } : undefined}>
          Review the next awaiting attempt →
        </Button>
      ) : (
        <Text size="sm" ref={way as Ref<HTMLParagraphElement>} tabIndex={-1}>
          No other attempt is awaiting review.
        </Text>
      )}
    </Group>
  );
}

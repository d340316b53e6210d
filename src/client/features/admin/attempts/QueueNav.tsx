import { Button, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
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

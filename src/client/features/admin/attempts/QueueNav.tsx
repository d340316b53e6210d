import { Button, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, type Ref } from 'react';
import { Link } from 'react-router';
import type { ReviewQueue } from '../../../../shared/api/admin-attempts';
import { apiGet } from '../../../lib/api';
import { ATTEMPTS_QUERY_KEY } from './api/attempts-list';

/** The attempt's place among those awaiting review; asked again after a release (save-review.ts). */
export function useReviewQueue(id: string) {
  return useQuery({
    queryKey: [...ATTEMPTS_QUERY_KEY, id, 'queue'] as const,
    queryFn: () => apiGet<ReviewQueue>(`/api/admin/attempts/${encodeURIComponent(id)}/queue`),
  });
}

/**
 * "3 of 7 awaiting review", with the previous (older) and next (newer) attempt awaiting review: a
 * teacher works through the queue without going back to the lists. Keeps the list the teacher came
 * from as the back link's target.
 */
export function QueueNav({ id, from }: { id: string; from: string | undefined }) {
  const { data } = useReviewQueue(id);
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
  const { data } = useReviewQueue(id);
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

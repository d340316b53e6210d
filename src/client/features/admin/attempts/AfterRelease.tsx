import { Button, Group, Text } from '@mantine/core';
import { useEffect, useRef, type Ref } from 'react';
import { Link } from 'react-router';
import { useReviewQueue } from './QueueNav';

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
        <Button
          ref={way as Ref<HTMLAnchorElement>}
          variant="light"
          // Wraps on a narrow phone (360 px, or 390 less a scrollbar) rather than losing its end.
          className="wraps-label"
          component={Link}
          to={`/admin/attempts/${nextId}`}
          state={from ? { from } : undefined}
        >
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

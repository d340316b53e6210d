import type { ReviewPresence as Presence } from '../../../../shared/api/admin-attempts';
import { PlainAlert } from '../../../components/PlainAlert';
import { formatAttemptDateAndTime } from './format';

/*
 * Two teachers on one attempt (decision 0050): who else has the review page open, as the page's
 * presence (useReviewQueue) last heard, and what happens if both write a review. Loaded only when
 * someone else has: most visits never need it.
 */

const names = new Intl.ListFormat('en-GB', { type: 'conjunction' });

export function ReviewPresence({ others }: { others: Presence['others'] }) {
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

import { useEffect, useState } from 'react';
import type { OutboxStatus } from './entry';

/**
 * Now (ms since epoch), ticking each second while a save is pending: the next try counts down, a
 * running send counts up (retry-offer.ts). Read again whenever the next try is set or a send starts:
 * the last tick may be a second old, or minutes old when the page was hidden.
 */
export function useStatusClock(status: OutboxStatus): number {
  const [now, setNow] = useState(() => Date.now());
  const pending = status.state === 'pending' && !status.waitingForSignIn;
  const nextTryAt = status.state === 'pending' ? status.nextTryAt : null;
  const sendingSince = status.state === 'pending' ? status.sendingSince : null;
  useEffect(() => {
    if (!pending) return undefined;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [pending, nextTryAt, sendingSince]);
  return now;
}

import { useEffect, useState } from 'react';

/*
 * Signing out from the header during a running test or interview: the page asks first, in its own
 * leave dialog ("Leave the test?"), as it does for a link or the back button (those go through the
 * router's blocker; signing out is not a navigation until it is done). One page at a time asks.
 */

type Ask = () => Promise<boolean>;

let asker: Ask | null = null;

/** True when the page allows leaving (it asked, and the person chose to leave), or when nothing is running. */
export function confirmLeaving(): Promise<boolean> {
  return asker ? asker() : Promise.resolve(true);
}

/**
 * While `active`, the header's Sign out asks this page first: `asking` opens the page's leave dialog,
 * whose buttons call `answer` (true: leave).
 */
export function useAskBeforeSignOut(active: boolean): { asking: boolean; answer: (leave: boolean) => void } {
  const [pending, setPending] = useState<((leave: boolean) => void) | null>(null);
  useEffect(() => {
    if (!active) return undefined;
    const ask: Ask = () => new Promise<boolean>((resolve) => setPending(() => resolve));
    asker = ask;
    return () => {
      if (asker === ask) asker = null;
    };
  }, [active]);
  const answer = (leave: boolean) => {
    pending?.(leave);
    setPending(null);
  };
  return { asking: pending !== null, answer };
}

import { useEffect, useRef, useState } from 'react';

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
  const [asking, setAsking] = useState(false);
  const pending = useRef<((leave: boolean) => void) | null>(null);
  useEffect(() => {
    if (!active) return undefined;
    const ask: Ask = () =>
      new Promise<boolean>((resolve) => {
        pending.current = resolve;
        setAsking(true);
      });
    asker = ask;
    return () => {
      if (asker === ask) asker = null;
      // Nothing runs any more (time ran out, the interview ended): a question still open is answered
      // "leave", so the Sign out that asked it goes on instead of waiting for ever.
      pending.current?.(true);
      pending.current = null;
      setAsking(false);
    };
  }, [active]);
  const answer = (leave: boolean) => {
    pending.current?.(leave);
    pending.current = null;
    setAsking(false);
  };
  return { asking, answer };
}

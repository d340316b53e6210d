import { useEffect, useRef, type RefObject } from 'react';
import { useBlocker, type Blocker } from 'react-router';

/*
 * Unsaved changes to the profile are not lost silently (ours; the spec says nothing): in-app
 * navigation is blocked for the page's dialog, closing or reloading gets the browser's own question.
 */

export interface UnsavedChangesGuard {
  blocker: Blocker;
  /** Set just before a navigation that must not be stopped (after a save, or a confirmed leave). */
  allowLeave: RefObject<boolean>;
}

export function useUnsavedChangesGuard(dirty: boolean): UnsavedChangesGuard {
  const allowLeave = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => !allowLeave.current && dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!dirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return { blocker, allowLeave };
}

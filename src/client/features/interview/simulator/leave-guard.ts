import { useCallback, useEffect, type RefObject } from 'react';
import { useBlocker, type Blocker } from 'react-router';
import { INTERVIEW_LEAVE_CONFIRMATION } from '../../../../shared/interview/constants';
import { guardUnload } from '../../../lib/auth/sign-in-change';

/*
 * Leaving a running interview (SPEC.md section 4 'Interview simulator'): page hide or closing ends
 * the session and goes to '/'; the browser's leave confirmation; a reload finds the interview gone.
 */

/** Set while an interview runs in this tab: a reload finds it, ends the session and goes to '/' (spec section 4). */
export const ACTIVE_INTERVIEW_KEY = 'parley.interview.active';

function safeSessionStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * A reload (or a return after leaving the site) while an interview was running: the spec ends the
 * session and goes to '/'. The flag is set while an interview runs and cleared when it completes or
 * the page is left inside the app, so only a page that went away mid-interview finds it.
 */
export function reloadedDuringInterview(): boolean {
  try {
    const flagged = window.sessionStorage.getItem(ACTIVE_INTERVIEW_KEY) !== null;
    window.sessionStorage.removeItem(ACTIVE_INTERVIEW_KEY);
    return flagged;
  } catch {
    return false;
  }
}

/**
 * While `running`: flags the tab, ends the interview on page hide (`onPageHide`), and asks before
 * leaving. `leaving` is set just before the flow's own navigation, which must not be blocked.
 * Returns the blocker of in-app navigation (the page shows its dialog).
 */
export function useLeaveGuard(running: boolean, onPageHide: () => void, leaving: RefObject<boolean>): Blocker {
  // A reload during an interview ends it: the new page goes to '/' (the flag outlives the reload).
  useEffect(() => {
    const storage = safeSessionStorage();
    if (running) storage?.setItem(ACTIVE_INTERVIEW_KEY, '1');
    else storage?.removeItem(ACTIVE_INTERVIEW_KEY);
  }, [running]);
  // Leaving inside the app unmounts the page: not a reload, so the next visit starts afresh.
  useEffect(() => () => safeSessionStorage()?.removeItem(ACTIVE_INTERVIEW_KEY), []);

  // Page hide (closing, reloading, leaving for another site) ends a running interview.
  useEffect(() => {
    if (!running) return undefined;
    window.addEventListener('pagehide', onPageHide);
    return () => window.removeEventListener('pagehide', onPageHide);
  }, [running, onPageHide]);

  // The leave confirmation: in-app navigation asks first; closing or reloading gets the browser's own.
  const blocker = useBlocker(
    useCallback(
      ({ currentLocation, nextLocation }: { currentLocation: { pathname: string }; nextLocation: { pathname: string } }) =>
        running && !leaving.current && currentLocation.pathname !== nextLocation.pathname,
      [running, leaving],
    ),
  );
  useEffect(() => {
    if (!running) return undefined;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = INTERVIEW_LEAVE_CONFIRMATION;
      return INTERVIEW_LEAVE_CONFIRMATION;
    };
    // Nor does another tab signing someone in or out load a running interview again (decision 0075).
    return guardUnload(warn);
  }, [running]);
  return blocker;
}

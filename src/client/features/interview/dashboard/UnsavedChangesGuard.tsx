import { useEffect, type ComponentProps, type RefObject } from 'react';
import { useBlocker } from 'react-router';
import { laterPart } from '../../../lib/later-part';
import type { LeaveWithoutSavingDialog } from './LeaveWithoutSavingDialog';

/*
 * Unsaved changes to the profile are not lost silently (ours; the spec says nothing): in-app
 * navigation is blocked for the page's dialog, closing or reloading gets the browser's own question.
 * A component of its own beside the form, not a hook in it: React Router's useBlocker sets a key in an
 * effect after its first render, which would draw the whole form a second time as the page opens.
 */

/**
 * Asked only with unsaved changes: loaded with the first change, not with the form. A laterPart: a
 * download that fails (offline) is tried again, where a failed lazy() took the page and the typed
 * profile to the error page.
 */
const leaveDialog = laterPart<ComponentProps<typeof LeaveWithoutSavingDialog>>(async () => (await import('./LeaveWithoutSavingDialog')).LeaveWithoutSavingDialog, null);

export interface UnsavedChangesGuardProps {
  dirty: boolean;
  /** Set just before a navigation that must not be stopped (after a save, or a confirmed leave). */
  allowLeave: RefObject<boolean>;
  /** The student asked to log out with unsaved changes: the dialog asks them first. */
  logoutAsked: boolean;
  onStayAfterLogout: () => void;
  onLeaveToLogout: () => void;
}

export function UnsavedChangesGuard({ dirty, allowLeave, logoutAsked, onStayAfterLogout, onLeaveToLogout }: UnsavedChangesGuardProps) {
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

  const blocked = blocker.state === 'blocked';
  const opened = blocked || logoutAsked;
  const stay = () => {
    if (blocked) blocker.reset();
    onStayAfterLogout();
  };
  const leave = () => {
    allowLeave.current = true;
    if (blocked) blocker.proceed();
    if (logoutAsked) onLeaveToLogout();
  };
  // Mounted (and loaded) with the first unsaved change, so that it opens as it always did.
  if (!dirty && !opened) return null;
  return <leaveDialog.Part opened={opened} onStay={stay} onLeave={leave} />;
}

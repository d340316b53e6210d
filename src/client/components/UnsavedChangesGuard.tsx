import { useEffect, useRef, type ComponentProps, type RefObject } from 'react';
import { useBlocker } from 'react-router';
import { guardUnload } from '../lib/auth/sign-in-change';
import { laterPart } from '../lib/later-part';
import type { LeaveWithoutSavingDialog } from './LeaveWithoutSavingDialog';

/*
 * Unsaved changes in a form are not lost silently (ours; the spec says nothing): in-app navigation is
 * blocked for the page's dialog, closing or reloading gets the browser's own question. Used by the
 * interview profile and the teacher's review. A component of its own beside the form, not a hook in
 * it: React Router's useBlocker sets a key in an effect after its first render, which would draw the
 * whole form a second time as the page opens.
 */

/**
 * Asked only with unsaved changes: loaded with the first change, not with the form. A laterPart: a
 * download that fails (offline) is tried again, where a failed lazy() took the page and what was
 * typed to the error page.
 */
const leaveDialog = laterPart<ComponentProps<typeof LeaveWithoutSavingDialog>>(async () => (await import('./LeaveWithoutSavingDialog')).LeaveWithoutSavingDialog, null);

export interface UnsavedChangesGuardProps {
  dirty: boolean;
  /** What would be lost, in the dialog: "You have unsaved changes to …. If you leave now, they will be lost." */
  message: string;
  /** Set just before a navigation that must not be stopped (after a save, or a confirmed leave). */
  allowLeave?: RefObject<boolean>;
  /** The user asked to log out with unsaved changes: the dialog asks them first. */
  logoutAsked?: boolean;
  onStayAfterLogout?: () => void;
  onLeaveToLogout?: () => void;
}

export function UnsavedChangesGuard({ dirty, message, allowLeave, logoutAsked = false, onStayAfterLogout, onLeaveToLogout }: UnsavedChangesGuardProps) {
  const ownAllowLeave = useRef(false);
  const leaving = allowLeave ?? ownAllowLeave;
  const blocker = useBlocker(({ currentLocation, nextLocation }) => !leaving.current && dirty && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!dirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    // Nor does another tab signing someone in or out load it again over the words typed (decision 0075).
    return guardUnload(warn);
  }, [dirty]);

  const blocked = blocker.state === 'blocked';
  const opened = blocked || logoutAsked;
  const stay = () => {
    if (blocked) blocker.reset();
    onStayAfterLogout?.();
  };
  const leave = () => {
    leaving.current = true;
    if (blocked) blocker.proceed();
    if (logoutAsked) onLeaveToLogout?.();
  };
  // Mounted (and loaded) with the first unsaved change, so that it opens as it always did.
  if (!dirty && !opened) return null;
  return <leaveDialog.Part opened={opened} message={message} onStay={stay} onLeave={leave} />;
}

import { useSyncExternalStore } from 'react';

/** Spec section 9: one toast at a time, shown 5000 ms. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;

// @mantine/notifications (container and store) is loaded with the first toast rather than with the
// page: it is about 9 KB of the first-visit budget. Toasts shown before the container mounts wait in
// Mantine's store and appear with it.
let containerWanted = false;
const listeners = new Set<() => void>();

export function useToastContainerWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => containerWanted,
    () => false,
  );
}

/** The newest toast replaces the one on screen (rather than waiting in a queue behind it). */
function show(title: string, message: string, color: string): void {
  if (!containerWanted) {
    containerWanted = true;
    for (const listener of listeners) listener();
  }
  // A download that fails (the phone offline) loses this toast, not the page (app/Providers.tsx).
  import('@mantine/notifications').then(({ notifications }) => {
    notifications.clean();
    notifications.show({ title, message, color, autoClose: TOAST_DURATION_MS, closeButtonProps: { 'aria-label': 'Close notification' } });
  }, () => undefined);
}

export function toastSuccess(title: string, message: string): void {
  show(title, message, 'teal');
}

/** The spec's "destructive" toast. */
export function toastError(title: string, message: string): void {
  show(title, message, 'red');
}

import { notifications } from '@mantine/notifications';

/** Spec section 9: one toast at a time, shown 5000 ms. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;

/** The newest toast replaces the one on screen (rather than waiting in a queue behind it). */
function show(title: string, message: string, color: string): void {
  notifications.clean();
  notifications.show({ title, message, color, autoClose: TOAST_DURATION_MS, closeButtonProps: { 'aria-label': 'Close notification' } });
}

export function toastSuccess(title: string, message: string): void {
  show(title, message, 'teal');
}

/** The spec's "destructive" toast. */
export function toastError(title: string, message: string): void {
  show(title, message, 'red');
}

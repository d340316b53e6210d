import { notifications } from '@mantine/notifications';

/** Spec section 9: one toast at a time, shown 5000 ms. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;

export function toastSuccess(title: string, message: string): void {
  notifications.show({ title, message, color: 'teal', autoClose: TOAST_DURATION_MS });
}

/** The spec's "destructive" toast. */
export function toastError(title: string, message: string): void {
  notifications.show({ title, message, color: 'red', autoClose: TOAST_DURATION_MS });
}

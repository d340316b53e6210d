/* The flow's toasts: a rule adds one to the state, the page shows it and answers TOAST_SHOWN. */
import type { SpeakingTestDraft, Toast } from './types.js';

export function addToast(draft: SpeakingTestDraft, toast: Omit<Toast, 'id'>): void {
  const id = draft.state.toastCount + 1;
  draft.state.toastCount = id;
  draft.state.toasts = [...draft.state.toasts, { id, ...toast }];
}

/** The edge showed the toast: it leaves the state. */
export function toastShown(draft: SpeakingTestDraft, id: number): void {
  draft.state.toasts = draft.state.toasts.filter((toast) => toast.id !== id);
}

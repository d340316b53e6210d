/*
 * The working copy every section's rules edit for one event (see machine.ts): the next state and
 * the commands the edge must run for that event, in order.
 */
import type { Command, SpeakingTestState, Toast } from './types.js';

/** A mutable working copy for one event: the reducer stays pure from the outside. */
export interface Draft {
  state: SpeakingTestState;
  commands: Command[];
}

export function addToast(draft: Draft, toast: Omit<Toast, 'id'>): void {
  const id = draft.state.toastCount + 1;
  draft.state.toastCount = id;
  draft.state.toasts = [...draft.state.toasts, { id, ...toast }];
}

/** The edge showed the toast: it leaves the state. */
export function toastShown(draft: Draft, id: number): void {
  draft.state.toasts = draft.state.toasts.filter((toast) => toast.id !== id);
}

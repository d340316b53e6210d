/*
 * The working copy every section's rules edit for one event (see machine.ts): the next state and
 * the commands the edge must run for that event, in order.
 */
import type { Step } from '../../../lib/flow/runtime.js';
import type { Command, SpeakingTestEffect, SpeakingTestEvent, SpeakingTestState, TimerName, Toast } from './types.js';

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

/** A reducer as the flow runtime's step (src/client/lib/flow/runtime.ts): the next state and this event's commands. */
export function stepOfReducer(reduce: (state: SpeakingTestState, event: SpeakingTestEvent) => SpeakingTestState): Step<SpeakingTestState, SpeakingTestEvent, SpeakingTestEffect, TimerName> {
  return (state, event) => {
    const next = reduce(state, event);
    return { state: next, commands: next.commands };
  };
}

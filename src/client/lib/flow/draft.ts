/*
 * The one way the flows' rules are written (decision 0039): a rule gets a working copy of the state
 * for one event, edits it, and pushes the commands the event causes, in order. `stepOf` turns a
 * router of such rules into the pure step the runtime (./runtime.ts) runs: from the outside the
 * previous state is never changed.
 */
import type { FlowCommand, Step, Stepped, TimerCommand, TimerEvent } from './runtime';

export interface Draft<S, C extends FlowCommand, T extends string> {
  /** A shallow copy of the previous state: assign its fields, never edit the arrays or objects in them. */
  state: S;
  /** This event's commands, in the order they are to run. */
  readonly commands: Array<C | TimerCommand<T>>;
  /** Pushes commands. */
  emit(...commands: Array<C | TimerCommand<T>>): void;
  /** Starts the named timer, replacing a pending one of that name: a TIMER event after `delayMs`. */
  schedule(timer: T, delayMs: number): void;
  /** Clears the named timer if it is pending. */
  cancel(timer: T): void;
}

export function createDraft<S extends object, C extends FlowCommand, T extends string>(state: S): Draft<S, C, T> {
  const commands: Array<C | TimerCommand<T>> = [];
  return {
    state: { ...state },
    commands,
    emit: (...more) => {
      commands.push(...more);
    },
    schedule: (timer, delayMs) => {
      commands.push({ type: 'schedule', timer, delayMs });
    },
    cancel: (timer) => {
      commands.push({ type: 'cancelTimer', timer });
    },
  };
}

/** The step of a flow whose router edits a draft: the next state and this event's commands. */
export function stepOf<S extends object, E, C extends FlowCommand, T extends string>(
  route: (draft: Draft<S, C, T>, event: E | TimerEvent<T>) => void,
): Step<S, E, C, T> {
  return (state, event): Stepped<S, C | TimerCommand<T>> => {
    const draft = createDraft<S, C, T>(state);
    route(draft, event);
    return { state: draft.state, commands: draft.commands };
  };
}

/*
 * Drives a flow in tests (not shipped code): the real runtime (./runtime.ts) on a fake clock, with
 * no browser. Events are sent at the driver's time, `advanceTo` fires the due timers in order, and
 * every command is logged with the time it was issued. Each state the flow reaches is deep-frozen,
 * so a rule that edits the previous state instead of its working copy throws.
 */
import { startFlow, type Flow, type FlowClock, type FlowCommand, type FlowEvent, type Step, type TimerCommand, type TimerEvent, type WithoutNow } from './runtime';

interface FakeTimeout {
  due: number;
  seq: number;
  run: () => void;
}

export interface LoggedCommand<C> {
  at: number;
  command: C;
}

function deepFreeze<V>(value: V): V {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

export class FlowDriver<S, E extends FlowEvent, C extends FlowCommand, T extends string> {
  now: number;
  readonly log: Array<LoggedCommand<C | TimerCommand<T>>> = [];
  private readonly flow: Flow<S, E, C, T>;
  private readonly timeouts: FakeTimeout[] = [];
  private seq = 0;
  private lastCommands: ReadonlyArray<C | TimerCommand<T>> = [];

  constructor(initial: S, step: Step<S, E, C, T>, startAt: number) {
    this.now = startAt;
    const clock: FlowClock = {
      now: () => this.now,
      after: (ms, run) => {
        const timeout: FakeTimeout = { due: this.now + ms, seq: this.seq++, run };
        this.timeouts.push(timeout);
        return () => {
          const index = this.timeouts.indexOf(timeout);
          if (index >= 0) this.timeouts.splice(index, 1);
        };
      },
    };
    this.flow = startFlow<S, E, C, T>(deepFreeze(initial), step, () => undefined, {
      clock,
      onStep: (_event, stepped) => {
        deepFreeze(stepped.state);
        this.lastCommands = stepped.commands;
        for (const command of stepped.commands) this.log.push({ at: this.now, command });
      },
    });
  }

  get state(): S {
    return this.flow.getState();
  }

  /** The pending timers and when each is due. */
  get timers(): ReadonlyMap<T, number> {
    return this.flow.pendingTimers();
  }

  /** Sends an event at the driver's time; returns the commands it caused. */
  send(event: WithoutNow<E | TimerEvent<T>>): ReadonlyArray<C | TimerCommand<T>> {
    this.lastCommands = [];
    this.flow.send(event);
    return this.lastCommands;
  }

  /** Fires every timer due up to `time`, in the order they are due (ties: first set first), then sets the clock to `time`. */
  advanceTo(time: number): void {
    for (;;) {
      let next: FakeTimeout | undefined;
      for (const timeout of this.timeouts) {
        if (timeout.due <= time && (!next || timeout.due < next.due || (timeout.due === next.due && timeout.seq < next.seq))) next = timeout;
      }
      if (!next) break;
      this.timeouts.splice(this.timeouts.indexOf(next), 1);
      this.now = next.due;
      next.run();
    }
    this.now = time;
  }

  advanceBy(ms: number): void {
    this.advanceTo(this.now + ms);
  }

  /** Commands of the given type, with the clock time they were issued at. */
  commandsOf<K extends (C | TimerCommand<T>)['type']>(type: K): Array<LoggedCommand<Extract<C | TimerCommand<T>, { type: K }>>> {
    return this.log.filter((entry): entry is LoggedCommand<Extract<C | TimerCommand<T>, { type: K }>> => entry.command.type === type);
  }
}

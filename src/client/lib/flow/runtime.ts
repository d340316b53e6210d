/*
 * The one runtime of the voice flows (decision 0039). A flow is a pure `step(state, event)` that
 * returns the next state and this event's commands; nothing in it reads a clock or calls the browser.
 * The runtime stamps each event with `now`, runs the step, tells its subscribers, then runs the
 * commands at once, in order, in the same task (so a tick's next tick is scheduled as the tick
 * fires, not after a render). It owns the flow's named timers: `schedule` replaces a pending timer
 * of the same name, `cancelTimer` clears it, and a timer that fires comes back as a TIMER event.
 * Every other command goes to the flow's effects, which feed what happens back through `send`.
 */

/** Every event a flow receives carries the clock. */
export interface FlowEvent {
  type: string;
  now: number;
}

export interface FlowCommand {
  type: string;
}

/** The commands the runtime carries out itself; scheduling a name again replaces the pending one. */
export type TimerCommand<T extends string> = { type: 'schedule'; timer: T; delayMs: number } | { type: 'cancelTimer'; timer: T };

/** What a named timer sends back when it fires. */
export interface TimerEvent<T extends string> {
  type: 'TIMER';
  timer: T;
  now: number;
}

/** An event as the browser side sends it: the runtime adds `now`. */
export type WithoutNow<E> = E extends unknown ? Omit<E, 'now'> : never;

export interface Stepped<S, C> {
  state: S;
  commands: readonly C[];
}

/** The flow's rules: pure, the clock only from the event. */
export type Step<S, E, C extends FlowCommand, T extends string> = (state: S, event: E | TimerEvent<T>) => Stepped<S, C | TimerCommand<T>>;

/** Carries out one command on the browser; `send` feeds what happens back as events. */
export type Effects<E, C> = (command: C, send: (event: WithoutNow<E>) => void) => void;

/** Time, as the runtime needs it: the browser's, or a test's fake one. */
export interface FlowClock {
  now(): number;
  /** Runs `run` after `ms`; returns what cancels it. */
  after(ms: number, run: () => void): () => void;
}

export const browserClock: FlowClock = {
  now: () => Date.now(),
  after(ms, run) {
    const handle = setTimeout(run, ms);
    return () => clearTimeout(handle);
  },
};

export interface Flow<S, E, C extends FlowCommand, T extends string> {
  getState(): S;
  /** Stamps the event with the clock and runs it; ignored once stopped. */
  send(event: WithoutNow<E | TimerEvent<T>>): void;
  /** Called after each event's state is in place, before its commands run; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /**
   * Carries out commands no event caused (those the flow starts with), in order; their timers count
   * from `since` (when the flow's first screen appeared, before its code had loaded), not from now.
   */
  begin(commands: ReadonlyArray<C | TimerCommand<T>>, since?: number): void;
  /** Hands the flow to other rules and effects, keeping the state and the pending timers. */
  replace(step: Step<S, E, C, T>, effects: Effects<E, C>): void;
  /** Clears every pending timer; later events and timers do nothing. */
  stop(): void;
  /** The pending timers and when each is due (for tests and debugging). */
  pendingTimers(): ReadonlyMap<T, number>;
}

export interface FlowOptions<S, E, C> {
  clock?: FlowClock;
  /** Sees each event and everything its step returned, timer commands included (the test driver's log). */
  onStep?: (event: E, stepped: Stepped<S, C>) => void;
}

function isTimerCommand<T extends string>(command: FlowCommand): command is TimerCommand<T> {
  return command.type === 'schedule' || command.type === 'cancelTimer';
}

export function startFlow<S, E extends FlowEvent, C extends FlowCommand, T extends string>(
  initial: S,
  step: Step<S, E, C, T>,
  effects: Effects<E, C>,
  options: FlowOptions<S, E | TimerEvent<T>, C | TimerCommand<T>> = {},
): Flow<S, E, C, T> {
  const clock = options.clock ?? browserClock;
  let state = initial;
  let rules = step;
  let run = effects;
  let stopped = false;
  const listeners = new Set<() => void>();
  const timers = new Map<T, { due: number; cancel: () => void }>();
  // Events sent while a batch of commands runs wait for it: each event's commands run in order, whole.
  const queue: Array<E | TimerEvent<T>> = [];
  let busy = false;

  /** Runs one command; a timer is due `delayMs` after `from`. */
  function carryOut(command: C | TimerCommand<T>, from: number): void {
    if (!isTimerCommand<T>(command)) return run(command, send);
    timers.get(command.timer)?.cancel();
    timers.delete(command.timer);
    if (command.type === 'cancelTimer') return;
    const { timer } = command;
    const due = from + command.delayMs;
    const entry = {
      due,
      cancel: clock.after(Math.max(0, due - clock.now()), () => {
        if (timers.get(timer) !== entry) return;
        timers.delete(timer);
        send({ type: 'TIMER', timer } as WithoutNow<TimerEvent<T>>);
      }),
    };
    timers.set(timer, entry);
  }

  function send(event: WithoutNow<E | TimerEvent<T>>): void {
    if (stopped) return;
    // WithoutNow<E> plus `now` is E again; TypeScript cannot follow the distributed Omit back.
    queue.push({ ...event, now: clock.now() } as E | TimerEvent<T>);
    if (busy) return;
    busy = true;
    try {
      for (let next = queue.shift(); next !== undefined && !stopped; next = queue.shift()) {
        const stepped = rules(state, next);
        state = stepped.state;
        options.onStep?.(next, stepped);
        for (const listener of listeners) listener();
        for (const command of stepped.commands) {
          if (stopped) break;
          carryOut(command, clock.now());
        }
      }
    } finally {
      busy = false;
      queue.length = 0;
    }
  }

  return {
    getState: () => state,
    send,
    begin(commands, since = clock.now()) {
      for (const command of commands) {
        if (stopped) return;
        carryOut(command, since);
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    replace(nextStep, nextEffects) {
      rules = nextStep;
      run = nextEffects;
    },
    stop() {
      stopped = true;
      for (const entry of timers.values()) entry.cancel();
      timers.clear();
      queue.length = 0;
    },
    pendingTimers: () => new Map([...timers].map(([name, entry]) => [name, entry.due])),
  };
}

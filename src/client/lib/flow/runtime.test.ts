import { describe, expect, it } from 'vitest';
import { stepOf, type Draft } from './draft';
import { FlowDriver } from './driver';
import { startFlow, type FlowClock, type TimerEvent } from './runtime';

/* A small flow for the runtime's own tests: a beep every second while on, a note after 5 s. */

type Timer = 'beep' | 'note';
interface State {
  on: boolean;
  beeps: number;
  seen: number[];
}
type Event = { type: 'ON'; now: number } | { type: 'OFF'; now: number } | { type: 'ECHO'; now: number; text: string } | TimerEvent<Timer>;
/** The effects' commands; the timer commands are the runtime's own. */
type Command = { type: 'say'; text: string } | { type: 'echo'; text: string };

const INITIAL: State = { on: false, beeps: 0, seen: [] };

function route(draft: Draft<State, Command, Timer>, event: Event): void {
  draft.state.seen = [...draft.state.seen, event.now];
  switch (event.type) {
    case 'ON':
      draft.state.on = true;
      draft.schedule('beep', 1_000);
      draft.schedule('note', 5_000);
      draft.emit({ type: 'say', text: 'on' }, { type: 'echo', text: 'after on' });
      return;
    case 'OFF':
      draft.state.on = false;
      draft.cancel('beep');
      return;
    case 'ECHO':
      draft.emit({ type: 'say', text: event.text });
      return;
    case 'TIMER':
      if (event.timer === 'note') return draft.emit({ type: 'say', text: 'note' });
      draft.state.beeps += 1;
      if (draft.state.on) draft.schedule('beep', 1_000);
      return;
  }
}

const step = stepOf<State, Event, Command, Timer>(route);

/** A clock whose timeouts the test fires by hand. */
function manualClock() {
  const pending: Array<{ due: number; run: () => void; cancelled: boolean }> = [];
  const clock: FlowClock & { time: number; fire(): void } = {
    time: 0,
    now: () => clock.time,
    after(ms, run) {
      const timeout = { due: clock.time + ms, run, cancelled: false };
      pending.push(timeout);
      return () => {
        timeout.cancelled = true;
      };
    },
    /** Fires the earliest live timeout. */
    fire() {
      const live = pending.filter((timeout) => !timeout.cancelled).sort((a, b) => a.due - b.due)[0];
      if (!live) throw new Error('nothing pending');
      pending.splice(pending.indexOf(live), 1);
      clock.time = live.due;
      live.run();
    },
  };
  return clock;
}

describe('startFlow', () => {
  it("stamps events with the clock, publishes the state, then runs the event's commands in order in the same task", () => {
    const clock = manualClock();
    clock.time = 42;
    const order: string[] = [];
    const flow = startFlow<State, Event, Command, Timer>(INITIAL, step, (command, send) => {
      order.push(`${command.type}:${command.text}`);
      // An event sent while the batch runs waits for the rest of the batch.
      if (command.type === 'echo') send({ type: 'ECHO', text: command.text });
    }, { clock });
    flow.subscribe(() => order.push(`state:${flow.getState().seen.length}`));
    flow.send({ type: 'ON' });
    expect(order).toEqual(['state:1', 'say:on', 'echo:after on', 'state:2', 'say:after on']);
    expect(flow.getState()).toMatchObject({ on: true, seen: [42, 42] });
    expect(INITIAL.seen).toEqual([]);
  });

  it('owns the named timers: TIMER when due, replaced when set again, cleared by cancelTimer', () => {
    const clock = manualClock();
    const flow = startFlow<State, Event, Command, Timer>(INITIAL, step, () => undefined, { clock });
    flow.send({ type: 'ON' });
    expect([...flow.pendingTimers()]).toEqual([['beep', 1_000], ['note', 5_000]]);
    clock.fire();
    expect(flow.getState()).toMatchObject({ beeps: 1, seen: [0, 1_000] });
    expect(flow.pendingTimers().get('beep')).toBe(2_000);
    // ON again replaces both timers: the old ones never fire.
    clock.time = 1_500;
    flow.send({ type: 'ON' });
    expect([...flow.pendingTimers()]).toEqual([['beep', 2_500], ['note', 6_500]]);
    clock.fire();
    expect(flow.getState().seen).toEqual([0, 1_000, 1_500, 2_500]);
    flow.send({ type: 'OFF' });
    expect(flow.pendingTimers().has('beep')).toBe(false);
    clock.fire();
    expect(flow.getState().seen.at(-1)).toBe(6_500);
    expect(flow.pendingTimers().size).toBe(0);
  });

  it('begin() runs the commands the flow starts with, its timers counted from when its screen appeared', () => {
    const clock = manualClock();
    clock.time = 10_000;
    const said: string[] = [];
    const flow = startFlow<State, Event, Command, Timer>(INITIAL, step, (command) => said.push(command.text), { clock });
    // Shown at 9 400: the 1 s beep is due at 10 400, the 5 s note at 14 400.
    flow.begin([{ type: 'say', text: 'hello' }, { type: 'schedule', timer: 'beep', delayMs: 1_000 }, { type: 'schedule', timer: 'note', delayMs: 5_000 }], 9_400);
    expect(said).toEqual(['hello']);
    expect([...flow.pendingTimers()]).toEqual([['beep', 10_400], ['note', 14_400]]);
    clock.fire();
    expect(flow.getState().seen).toEqual([10_400]);
    // Shown so long ago that the beep is overdue: it fires at once, stamped now.
    flow.begin([{ type: 'schedule', timer: 'beep', delayMs: 1_000 }], 0);
    clock.fire();
    expect(flow.getState().seen).toEqual([10_400, 10_400]);
  });

  it('replace() hands over to other rules and effects keeping the state and timers; stop() ends everything', () => {
    const clock = manualClock();
    const said: string[] = [];
    const flow = startFlow<State, Event, Command, Timer>(INITIAL, step, () => undefined, { clock });
    flow.send({ type: 'ON' });
    const louder = stepOf<State, Event, Command, Timer>((draft, event) => {
      route(draft, event);
      draft.emit({ type: 'say', text: `loud ${event.type}` });
    });
    flow.replace(louder, (command) => said.push(command.type === 'say' ? command.text : command.type));
    clock.fire();
    expect(flow.getState().beeps).toBe(1);
    expect(said).toEqual(['loud TIMER']);
    flow.stop();
    expect(flow.pendingTimers().size).toBe(0);
    flow.send({ type: 'OFF' });
    expect(flow.getState().on).toBe(true);
    expect(said).toEqual(['loud TIMER']);
  });
});

describe('FlowDriver', () => {
  it('fires due timers in order on a fake clock and logs every command with its time', () => {
    const d = new FlowDriver<State, Event, Command, Timer>(INITIAL, step, 100);
    expect(d.send({ type: 'ON' }).map((command) => command.type)).toEqual(['schedule', 'schedule', 'say', 'echo']);
    d.advanceTo(5_099);
    expect(d.state.beeps).toBe(4);
    d.advanceBy(1);
    expect(d.commandsOf('say').map((entry) => [entry.at, entry.command.text])).toEqual([[100, 'on'], [5_100, 'note']]);
    // Beep (set at 4 100) and note (set at 100) were both due at 5 100: the one set first fired first.
    expect(d.state.seen.slice(-2)).toEqual([5_100, 5_100]);
    expect(d.timers.get('beep')).toBe(6_100);
    expect(d.now).toBe(5_100);
  });

  it('deep-freezes every state, so a rule that edits the previous state throws', () => {
    const careless = stepOf<State, Event, Command, Timer>((draft, event) => {
      draft.state.seen.push(event.now);
    });
    const d = new FlowDriver<State, Event, Command, Timer>({ on: false, beeps: 0, seen: [] }, careless, 0);
    expect(() => d.send({ type: 'ON' })).toThrow(TypeError);
  });
});

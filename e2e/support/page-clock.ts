/*
 * A page clock for browsers driven without Playwright (Firefox over BiDi, WebKit over WebDriver),
 * doing what Playwright's `page.clock.install()` and `runFor()` do for the Chromium tests: time flows
 * as usual until a test runs it forward, then every timer due in that stretch fires in order, at its
 * own moment of page time, so the Part 2 minutes and a silent examiner's waits pass in an instant
 * while the answers, ended by real silence, keep their real timings.
 *
 * `installPageClock` runs in the page and is self-contained (it is sent as text): before the app's
 * scripts (a preload script) or after them; timers set before it are left to real time.
 */

interface ClockTimer {
  id: number;
  due: number;
  callback: (...args: unknown[]) => void;
  args: unknown[];
  /** Repeats every so many ms (setInterval). */
  every?: number;
  real?: number;
}

export interface PageClockControl {
  /** Runs page time `ms` forward, firing each timer as it falls due; resolves when done. */
  runFor(ms: number): Promise<void>;
  /** The pending timers: in how many ms each is due, and its period when it repeats. */
  pending(): Array<{ inMs: number; every?: number; source: string }>;
}

export const PAGE_CLOCK = '__parleyPageClock';

export function installPageClock(name: string): void {
  const w = window as unknown as Record<string, unknown>;
  if (w[name]) return;
  const realSetTimeout = window.setTimeout.bind(window);
  const realClearTimeout = window.clearTimeout.bind(window);
  const realClearInterval = window.clearInterval.bind(window);
  const RealDate = Date;
  const realDateNow = Date.now.bind(Date);
  const realPerformanceNow = performance.now.bind(performance);
  let offset = 0;
  // Far above the browser's own ids, so that clearing a timer set before the clock still works.
  let nextId = 1_000_000_000;
  const timers = new Map<number, ClockTimer>();
  const now = () => realDateNow() + offset;

  const run = (timer: ClockTimer) => {
    if (timer.every === undefined) timers.delete(timer.id);
    else {
      timer.due += timer.every;
      arm(timer);
    }
    try {
      timer.callback(...timer.args);
    } catch (error) {
      // As an uncaught error in a real timer: reported, the other timers go on.
      realSetTimeout(() => {
        throw error;
      }, 0);
    }
  };
  const arm = (timer: ClockTimer) => {
    if (timer.real !== undefined) realClearTimeout(timer.real);
    timer.real = realSetTimeout(() => {
      timer.real = undefined;
      if (!timers.has(timer.id)) return;
      if (now() < timer.due) arm(timer);
      else run(timer);
    }, Math.max(0, timer.due - now()));
  };
  const add = (callback: unknown, delay: unknown, args: unknown[], repeat: boolean): number => {
    const ms = Math.max(0, Number(delay) || 0);
    const timer: ClockTimer = {
      id: (nextId += 1),
      due: now() + ms,
      callback: typeof callback === 'function' ? (callback as ClockTimer['callback']) : () => {},
      args,
      every: repeat ? Math.max(1, ms) : undefined,
    };
    timers.set(timer.id, timer);
    arm(timer);
    return timer.id;
  };
  const clear = (id: unknown) => {
    const timer = typeof id === 'number' ? timers.get(id) : undefined;
    if (!timer) return false;
    if (timer.real !== undefined) realClearTimeout(timer.real);
    timers.delete(timer.id);
    return true;
  };

  Object.assign(window, {
    setTimeout: (callback: unknown, delay?: unknown, ...args: unknown[]) => add(callback, delay, args, false),
    setInterval: (callback: unknown, delay?: unknown, ...args: unknown[]) => add(callback, delay, args, true),
    clearTimeout: (id?: number) => {
      if (!clear(id)) realClearTimeout(id);
    },
    clearInterval: (id?: number) => {
      if (!clear(id)) realClearInterval(id);
    },
  });
  class ClockDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(now());
      else super(...(args as [string]));
    }
    static override now() {
      return now();
    }
  }
  w.Date = ClockDate;
  performance.now = () => realPerformanceNow() + offset;

  const channel = new MessageChannel();
  const waiting: Array<() => void> = [];
  channel.port1.onmessage = () => waiting.shift()?.();
  const yieldTask = () =>
    new Promise<void>((resolve) => {
      waiting.push(resolve);
      channel.port2.postMessage(null);
    });

  const control: PageClockControl = {
    async runFor(ms) {
      const end = now() + ms;
      for (let fired = 0; ; fired += 1) {
        // A timer that keeps setting itself again at no delay would hold page time still for ever.
        if (fired > 5_000) throw new Error(`the page clock fired 5000 timers without reaching the end: ${JSON.stringify(control.pending().slice(0, 5))}`);
        let next: ClockTimer | undefined;
        for (const timer of timers.values()) if (timer.due <= end && (!next || timer.due < next.due)) next = timer;
        if (!next) break;
        offset = Math.max(offset, next.due - realDateNow());
        if (next.real !== undefined) realClearTimeout(next.real);
        next.real = undefined;
        run(next);
        // Lets the promises the timer started settle before the next one. Not a task: a page in a
        // window without focus (WebKit under Xvfb) has its tasks throttled, and a minute holds
        // thousands of timers. Renders and effects run after the run.
        await Promise.resolve();
      }
      offset = Math.max(offset, end - realDateNow());
      await yieldTask();
    },
    pending: () =>
      [...timers.values()]
        .sort((a, b) => a.due - b.due)
        .map((timer) => ({ inMs: timer.due - now(), every: timer.every, source: String(timer.callback).slice(0, 120) })),
  };
  Object.defineProperty(window, name, { value: control, configurable: true });
}

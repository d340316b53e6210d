import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ForegroundGate, type Holdable } from './foreground.js';

/** Work that notes each hold and release. */
function work(): Holdable & { events: string[]; held: boolean } {
  const events: string[] = [];
  const state = {
    events,
    held: false,
    hold: () => {
      state.held = true;
      events.push(`hold@${Date.now()}`);
    },
    release: () => {
      state.held = false;
      events.push(`release@${Date.now()}`);
    },
  };
  return state;
}

describe('the analysis is held while requests are answered', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const gate = () => new ForegroundGate({ quietMs: 20, requestLimitMs: 2_000, maxHoldMs: 10_000, sliceMs: 50, now: () => Date.now() });

  it('holds at a request and goes on once no request has come or gone for the quiet time', () => {
    const g = gate();
    const w = work();
    g.add(w);
    expect(w.held).toBe(false);
    const request = {};
    g.requestStarted(request);
    expect(w.held).toBe(true);
    vi.advanceTimersByTime(100);
    expect(w.held).toBe(true);
    g.requestEnded(request);
    vi.advanceTimersByTime(10);
    expect(w.held).toBe(true);
    vi.advanceTimersByTime(30);
    expect(w.held).toBe(false);
    expect(w.events).toEqual(['hold@0', 'release@120']);
  });

  it('holds work that starts while a request is in flight, and never holds work when nothing is asked', () => {
    const g = gate();
    const request = {};
    g.requestStarted(request);
    const w = work();
    g.add(w);
    expect(w.held).toBe(true);
    g.requestEnded(request);
    vi.advanceTimersByTime(60);
    expect(w.held).toBe(false);
    const idle = work();
    g.add(idle);
    vi.advanceTimersByTime(60_000);
    expect(idle.events).toEqual([]);
  });

  it('a request holds it for two seconds at most (an upload from a slow phone, a recording streamed to a player)', () => {
    const g = gate();
    const w = work();
    g.add(w);
    g.requestStarted({});
    vi.advanceTimersByTime(1_990);
    expect(w.held).toBe(true);
    vi.advanceTimersByTime(40);
    expect(w.held).toBe(false);
  });

  it('under requests without a pause it runs 50 ms after each 10 s held, then is held again', () => {
    const g = gate();
    const w = work();
    g.add(w);
    // A request every 5 ms, each answered in 4 ms: never 20 ms of quiet.
    const flood = setInterval(() => {
      const request = {};
      g.requestStarted(request);
      setTimeout(() => g.requestEnded(request), 4);
    }, 5);
    g.requestStarted({ first: true });
    vi.advanceTimersByTime(30_000);
    clearInterval(flood);
    const releases = w.events.filter((event) => event.startsWith('release'));
    expect(releases.length).toBe(2);
    // Each slice lasts 50 ms (to the next request after it) and comes after at least 10 s held.
    const times = w.events.map((event) => Number(event.split('@')[1]));
    expect(w.events[0]).toBe('hold@0');
    expect(times[1]).toBeGreaterThanOrEqual(10_000);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(50);
    expect(times[2]! - times[1]!).toBeLessThan(60);
  });

  it('forgets work that has ended: no hold, no release, no timer left', () => {
    const g = gate();
    const w = work();
    g.add(w);
    g.requestStarted({});
    g.remove(w);
    expect(vi.getTimerCount()).toBe(0);
    expect(g.held).toBe(false);
    g.requestStarted({});
    expect(w.events).toEqual(['hold@0']);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { awaitBeforeFirstRender, FIRST_RENDER_WAITED_OUT, firstRenderInputs } from './first-render';

/** A promise with its resolve and reject at hand. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('the first render waits for what the page started as it opened', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('goes ahead at once when nothing is on its way', async () => {
    vi.useFakeTimers();
    let done = false;
    void firstRenderInputs(1000).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(true);
  });

  it('waits until every early answer and part has settled, a failed one included', async () => {
    vi.useFakeTimers();
    const answer = deferred();
    const part = deferred();
    awaitBeforeFirstRender(answer.promise);
    awaitBeforeFirstRender(part.promise);
    let done = false;
    void firstRenderInputs(1000).then(() => (done = true));
    answer.resolve();
    await vi.advanceTimersByTimeAsync(10);
    expect(done).toBe(false);
    part.reject(new Error('dropped connection'));
    part.promise.catch(() => undefined);
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(true);
    // Settled ones are no longer waited for.
    let again = false;
    void firstRenderInputs(1000).then(() => (again = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(again).toBe(true);
  });

  it('waits at most the time given for one still on its way', async () => {
    vi.useFakeTimers();
    const slow = deferred();
    awaitBeforeFirstRender(slow.promise);
    let done = false;
    void firstRenderInputs(1000).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
    slow.resolve();
  });

  it('marks a wait that ran out, and only that one', async () => {
    performance.clearMarks(FIRST_RENDER_WAITED_OUT);
    const quick = deferred();
    awaitBeforeFirstRender(quick.promise);
    const waiting = firstRenderInputs(1000);
    quick.resolve();
    await waiting;
    expect(performance.getEntriesByName(FIRST_RENDER_WAITED_OUT)).toHaveLength(0);
    const slow = deferred();
    awaitBeforeFirstRender(slow.promise);
    await firstRenderInputs(5);
    expect(performance.getEntriesByName(FIRST_RENDER_WAITED_OUT)).toHaveLength(1);
    slow.resolve();
    await slow.promise;
  });
});

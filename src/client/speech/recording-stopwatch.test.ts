import { describe, expect, it, vi } from 'vitest';
import { realClock, recordingStopwatch } from './recording-stopwatch';

describe('the recording stopwatch', () => {
  it('counts only the stretches between run and hold', () => {
    let now = 1_000;
    const watch = recordingStopwatch(() => now);
    expect(watch.elapsed()).toBe(0);
    watch.run();
    now = 3_500;
    expect(watch.elapsed()).toBe(2_500);
    watch.hold();
    now = 10_000;
    expect(watch.elapsed()).toBe(2_500);
    watch.hold();
    watch.run();
    now = 11_000;
    watch.run();
    now = 12_000;
    expect(watch.elapsed()).toBe(4_500);
  });

  it("reads the document's animation timeline, not Date or performance.now, where there is one", () => {
    vi.stubGlobal('document', { timeline: { currentTime: 1_234.5 } });
    vi.useFakeTimers({ toFake: ['Date', 'performance'] });
    try {
      vi.advanceTimersByTime(3_600_000);
      expect(realClock()).toBe(1_234.5);
    } finally {
      vi.useRealTimers();
      vi.unstubAllGlobals();
    }
  });
});

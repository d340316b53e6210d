import { describe, expect, it } from 'vitest';
import { gapsBetween, speechInside } from './speech-spans.js';

describe('speech inside a window', () => {
  const window = { startMs: 1000, endMs: 5000 };

  it('cuts a stretch crossing either edge at the edge and keeps one wholly inside as it is', () => {
    const segments = [
      { startMs: 500, endMs: 1500 },
      { startMs: 2000, endMs: 3000 },
      { startMs: 4500, endMs: 6000 },
    ];
    expect(speechInside(window, segments)).toEqual([
      { startMs: 1000, endMs: 1500 },
      { startMs: 2000, endMs: 3000 },
      { startMs: 4500, endMs: 5000 },
    ]);
  });

  it('drops stretches outside the window, and those only touching its edges', () => {
    const segments = [
      { startMs: 0, endMs: 400 },
      { startMs: 600, endMs: 1000 },
      { startMs: 2000, endMs: 2500 },
      { startMs: 5000, endMs: 5200 },
      { startMs: 7000, endMs: 8000 },
    ];
    expect(speechInside(window, segments)).toEqual([{ startMs: 2000, endMs: 2500 }]);
    expect(speechInside(window, [])).toEqual([]);
  });

  it('cuts a stretch longer than the window to the window', () => {
    expect(speechInside(window, [{ startMs: 0, endMs: 9000 }])).toEqual([window]);
  });
});

describe('gaps between stretches', () => {
  it('gives every silence from one stretch to the next, short ones included', () => {
    const spans = [
      { startMs: 1000, endMs: 1500 },
      { startMs: 1600, endMs: 3000 },
      { startMs: 4200, endMs: 5000 },
    ];
    expect(gapsBetween(spans)).toEqual([
      { startMs: 1500, endMs: 1600 },
      { startMs: 3000, endMs: 4200 },
    ]);
  });

  it('has no gap with fewer than two stretches', () => {
    expect(gapsBetween([])).toEqual([]);
    expect(gapsBetween([{ startMs: 0, endMs: 100 }])).toEqual([]);
  });

  it('counts the gaps of an answer from its speech cut at its edges, not from the silence around it', () => {
    const segments = [
      { startMs: 0, endMs: 800 },
      { startMs: 1200, endMs: 2000 },
      { startMs: 2600, endMs: 3400 },
      { startMs: 6000, endMs: 7000 },
    ];
    expect(gapsBetween(speechInside({ startMs: 1000, endMs: 4000 }, segments))).toEqual([{ startMs: 2000, endMs: 2600 }]);
  });
});

import { describe, expect, it } from 'vitest';
import { createVoiceGate, levelDb, VOICE_END_HOLD_MS, VOICE_LEVEL_FLOOR_DB, VOICE_START_HOLD_MS } from './voice-activity.js';


/** Feeds `db` every 50 ms from `from` to `to`, voiced or not; returns the changes. */
function feed(gate: ReturnType<typeof createVoiceGate>, db: number, from: number, to: number, voiced = true) {
  const changes = [];
  for (let t = from; t < to; t += 50) {
    const change = gate.update(db, t, () => voiced);
    if (change) changes.push(change);
  }
  return changes;
}

describe('voice gate', () => {
  it('starts after the level holds above the threshold and ends after it holds below, with the times they began', () => {
    const gate = createVoiceGate();
    expect(feed(gate, -90, 0, 1_000)).toEqual([]);
    expect(feed(gate, -20, 1_000, 1_100)).toEqual([]);
    expect(feed(gate, -20, 1_100, 3_000)).toEqual([{ speaking: true, at: 1_000 }]);
    // A gap between words shorter than the hold is not the end.
    expect(feed(gate, -90, 3_000, 3_000 + VOICE_END_HOLD_MS - 100)).toEqual([]);
    expect(feed(gate, -20, 3_300, 4_000)).toEqual([]);
    expect(feed(gate, -90, 4_000, 5_000)).toEqual([{ speaking: false, at: 4_000 }]);
  });

  it('ignores a click shorter than the start hold', () => {
    const gate = createVoiceGate();
    feed(gate, -90, 0, 500);
    expect(feed(gate, -10, 500, 500 + VOICE_START_HOLD_MS - 50)).toEqual([]);
    expect(feed(gate, -90, 600, 1_500)).toEqual([]);
    expect(gate.speaking).toBe(false);
  });

  it('a cough, a breath or a knock is loud but not voiced: it does not start speech, the voice after it does', () => {
    const gate = createVoiceGate();
    feed(gate, -90, 0, 500);
    expect(feed(gate, -15, 500, 900, false)).toEqual([]);
    expect(feed(gate, -90, 900, 2_000)).toEqual([]);
    expect(gate.speaking).toBe(false);
    // Speech begins unvoiced ("s…") and is voiced from its vowel on: it starts where the sound began.
    expect(feed(gate, -20, 2_000, 2_150, false)).toEqual([]);
    expect(feed(gate, -20, 2_150, 2_500)).toEqual([{ speaking: true, at: 2_000 }]);
  });

  it('hysteresis: a level between the end and start thresholds keeps the current state', () => {
    const gate = createVoiceGate();
    feed(gate, -90, 0, 500);
    expect(feed(gate, -54, 500, 1_500)).toEqual([]);
    feed(gate, -20, 1_500, 2_000);
    expect(gate.speaking).toBe(true);
    expect(feed(gate, -54, 2_000, 3_000)).toEqual([]);
    expect(gate.speaking).toBe(true);
  });

  it('learns a noisy room: steady noise is not speech, speech above it is', () => {
    const gate = createVoiceGate();
    expect(feed(gate, -40, 0, 5_000)).toEqual([]);
    expect(gate.floorDb).toBeCloseTo(-40, 0);
    expect(feed(gate, -20, 5_000, 6_000)).toEqual([{ speaking: true, at: 5_000 }]);
  });

  it('digital silence is the floor, not -Infinity', () => {
    expect(levelDb(new Float32Array(128))).toBe(VOICE_LEVEL_FLOOR_DB);
    expect(levelDb(new Float32Array(128).fill(0.5))).toBeCloseTo(-6.02, 1);
    expect(createVoiceGate().update(Number.NEGATIVE_INFINITY, 0)).toBeNull();
  });
});

/*
 * A recording's level, frame by frame, and the level that separates its speech from its silence
 * (de Jong & Wempe's intensity contour and threshold; features.ts finds the speech with them).
 */

/** One frame of every contour: 10 ms. */
export const HOP_MS = 10;
/** The silence threshold sits this far below the loudest speech (the 99th percentile of intensity): de Jong & Wempe's -25 dB. */
const SILENCE_DB_BELOW_PEAK = 25;

/** Level in dB (re full scale) of each 10 ms hop, over a Hann window of `windowMs` centred on the hop. */
export function intensityDb(samples: Float32Array, sampleRate: number, windowMs: number): Float32Array {
  const hop = Math.round((sampleRate * HOP_MS) / 1000);
  const size = Math.max(2, Math.round((sampleRate * windowMs) / 1000));
  const half = Math.floor(size / 2);
  const window = new Float32Array(size);
  let windowSum = 0;
  for (let i = 0; i < size; i += 1) {
    const w = 0.5 - 0.5 * Math.cos((2 * Math.PI * (i + 0.5)) / size);
    window[i] = w;
    windowSum += w;
  }
  const frames = Math.max(0, Math.ceil(samples.length / hop));
  const levels = new Float32Array(frames);
  for (let frame = 0; frame < frames; frame += 1) {
    const centre = frame * hop + Math.floor(hop / 2);
    const from = centre - half;
    let energy = 0;
    const first = Math.max(0, -from);
    const last = Math.min(size, samples.length - from);
    for (let i = first; i < last; i += 1) {
      const value = samples[from + i] ?? 0;
      energy += (window[i] ?? 0) * value * value;
    }
    levels[frame] = 10 * Math.log10(energy / windowSum + 1e-12);
  }
  return levels;
}

/** The value at `q` (0-1) of the sorted values; -120 dB for none. */
export function quantile(values: Float32Array, q: number): number {
  if (values.length === 0) return -120;
  const sorted = Float32Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.floor(q * (sorted.length - 1))))] ?? -120;
}

/**
 * The level that separates speech from silence: 25 dB under the loudest speech (its 99th percentile),
 * unless the background is that loud, then halfway between the background (10th percentile) and the
 * speech. Null when the recording is silent throughout (no level stands 10 dB above the background).
 */
export function silenceThresholdDb(levels: Float32Array): number | null {
  const loud = quantile(levels, 0.99);
  const floor = quantile(levels, 0.1);
  if (loud - floor < 10 || loud < -70) return null;
  return Math.max(loud - SILENCE_DB_BELOW_PEAK, (loud + floor) / 2 - 6, floor + 6);
}

/**
 * Voicing (decisions 0017 and 0031): whether a stretch of sound has a pitch period, as a voice
 * has and a breath, a cough, a rustle or a knock have not. Shared by the server's analysis
 * (analysis/voice.ts) and the browser's speech gate (client/speech/voice-activity.ts).
 */

/** Voicing: the normalised autocorrelation at a pitch period of 75-450 Hz reaches this (decision 0017). */
export const VOICING_THRESHOLD = 0.45;

/** The highest peak of the normalised autocorrelation over pitch periods of 75-450 Hz, 40 ms around `centre` (a sample index). */
export function voicing(samples: Float32Array, sampleRate: number, centre: number): number {
  const half = Math.round(sampleRate * 0.02);
  const from = Math.max(0, centre - half);
  const to = Math.min(samples.length, centre + half);
  const minLag = Math.floor(sampleRate / 450);
  const maxLag = Math.ceil(sampleRate / 75);
  if (to - from <= maxLag + minLag) return 0;
  let best = 0;
  let before = 0;
  let previous = 0;
  for (let lag = minLag; lag <= maxLag; lag += 1) {
    let cross = 0;
    let energyA = 0;
    let energyB = 0;
    for (let i = from; i + lag < to; i += 1) {
      const a = samples[i] ?? 0;
      const b = samples[i + lag] ?? 0;
      cross += a * b;
      energyA += a * a;
      energyB += b * b;
    }
    const r = cross / Math.sqrt(energyA * energyB + 1e-12);
    // A pitch period is a peak of the autocorrelation, not its edge: a hum or thump under 75 Hz
    // correlates highly at every short lag and has no peak in the range.
    if (lag > minLag + 1 && previous > before && previous >= r && previous > best) best = previous;
    before = previous;
    previous = r;
  }
  return best;
}

/**
 * Speech is voice (decision 0031): the band a voice uses, and whether a stretch of sound holds a
 * voice at all. Breathing, room noise and a bump of the microphone are loud enough to pass a level
 * detector, but a breath is unvoiced noise and a bump lies under the lowest voice. The voicing
 * measure itself is shared with the browser's gate (shared/voicing.ts).
 */
import { VOICING_THRESHOLD, voicing } from '../../shared/voicing.js';

export { VOICING_THRESHOLD, voicing };

/**
 * The speech band starts here: the lowest fundamental of adult voices is about 80 Hz (a low male
 * voice; Titze, "Principles of Voice Production", 1994, gives 85-155 Hz as the typical male range),
 * so a high-pass here keeps every voice and removes rumble, handling noise and thumps below it.
 * Decision 0017 measured that a 200 Hz high-pass costs flite's voiced onsets; 80 Hz is an octave and
 * a third under that.
 */
export const SPEECH_BAND_LOW_HZ = 80;
/**
 * A stretch of sound is speech when at least this many of its 10 ms frames are voiced. Measured on the
 * real-speech corpus (decision 0031): every utterance has dozens (the shortest, "five five", 1 s, has
 * more than 30); breaths of band-passed noise have none or one (chance peaks of the autocorrelation).
 */
const MIN_VOICED_FRAMES = 3;

/**
 * A fourth-order Butterworth high-pass (two second-order sections, bilinear transform, as in the
 * RBJ audio-EQ cookbook) at `cutoffHz`, applied forwards: the delay at speech frequencies is well
 * under a millisecond, far below the 10 ms frames measured.
 */
export function highPass(samples: Float32Array, sampleRate: number, cutoffHz: number = SPEECH_BAND_LOW_HZ): Float32Array {
  const out = Float32Array.from(samples);
  // Q of the two sections of a 4th-order Butterworth: 1 / (2 cos(π/8)) and 1 / (2 cos(3π/8)).
  for (const q of [0.5412, 1.3066]) {
    const w = (2 * Math.PI * cutoffHz) / sampleRate;
    const alpha = Math.sin(w) / (2 * q);
    const cos = Math.cos(w);
    const a0 = 1 + alpha;
    const b0 = (1 + cos) / 2 / a0;
    const b1 = -(1 + cos) / a0;
    const b2 = b0;
    const a1 = (-2 * cos) / a0;
    const a2 = (1 - alpha) / a0;
    let x1 = 0;
    let x2 = 0;
    let y1 = 0;
    let y2 = 0;
    for (let i = 0; i < out.length; i += 1) {
      const x = out[i] ?? 0;
      const y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2;
      x2 = x1;
      x1 = x;
      y2 = y1;
      y1 = y;
      out[i] = y;
    }
  }
  return out;
}

/**
 * Whether the frames `fromFrame` to `toFrame` (10 ms each) hold a voice: at least MIN_VOICED_FRAMES
 * voiced frames, looked for from the loudest down (a vowel is the loudest part of speech), every
 * other frame, stopping as soon as enough are found, so speech costs a few frames and only noise is
 * searched through.
 */
export function isVoiced(samples: Float32Array, sampleRate: number, levels: Float32Array, fromFrame: number, toFrame: number): boolean {
  const hop = Math.round(sampleRate / 100);
  const frames: number[] = [];
  for (let frame = fromFrame; frame < toFrame; frame += 2) frames.push(frame);
  frames.sort((a, b) => (levels[b] ?? -120) - (levels[a] ?? -120));
  let voiced = 0;
  for (const frame of frames) {
    if (voicing(samples, sampleRate, frame * hop + Math.floor(hop / 2)) >= VOICING_THRESHOLD) voiced += 1;
    if (voiced >= MIN_VOICED_FRAMES) return true;
  }
  return false;
}

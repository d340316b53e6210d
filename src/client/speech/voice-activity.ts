/*
 * Speech heard in the microphone's level (decision 0015): where the browser cannot
 * transcribe (no SpeechRecognition, Apple devices, a failed service), the end of an answer is the
 * end of sound. An AnalyserNode gives the level; a gate with hysteresis turns it into "speaking"
 * and "silent" with the times they began. Sound starts speech only when it is voiced (decision 0015
 * addendum): a cough, a breath or a knock before the student answers would otherwise count as the
 * answer's start, and end it 3 s later.
 */
import { voicing, VOICING_THRESHOLD } from '../../shared/voicing.js';
import { systemClock, type Clock } from './clock.js';

/** How often the level is read. */
export const VOICE_METER_INTERVAL_MS = 50;
/** Speech starts when the level stays above the start threshold this long (a click or a knock does not count). */
export const VOICE_START_HOLD_MS = 120;
/**
 * Speech starts only once this many readings of the loud stretch are voiced (shared/voicing.ts): on
 * real read speech (Debian's pocketsphinx-testdata) the second voiced reading comes 50-350 ms into
 * a phrase, while noise bursts, band-passed as breath or cough, give none (decision 0015 addendum).
 */
export const VOICE_START_VOICED_READINGS = 2;
/** The speech band's floor (server analysis/voice.ts, decision 0031): rumble and thumps under it are no voice. */
export const VOICE_HIGH_PASS_HZ = 80;
/** Speech ends when the level stays below the end threshold this long (the gaps between words do not count). */
export const VOICE_END_HOLD_MS = 400;
/** Levels in dBFS: never treat anything quieter than these as speech, whatever the room. */
export const VOICE_START_MIN_DB = -50;
export const VOICE_END_MIN_DB = -58;
/** Above the room's noise floor: start at +12 dB, end below +6 dB (the hysteresis). */
export const VOICE_START_ABOVE_FLOOR_DB = 12;
export const VOICE_END_ABOVE_FLOOR_DB = 6;
/**
 * Sound already in the microphone when an answer's listening starts (the examiner's or interviewer's
 * echo dying away, or a student who started answering early) counts as that answer's speech only
 * once it has lasted this long from the start of listening. A shorter tail is forgotten, so a
 * student who then says nothing is treated as before (the interview waits for Next; the speaking
 * test ends an unheard answer after its no-speech time). Both flows' rule.
 */
export const CARRIED_VOICE_MIN_MS = 1_000;

/** Whether sound heard since `since` counts as speech by `at`: unless it was carried over listening's start and has not lasted CARRIED_VOICE_MIN_MS. */
export function soundCounts(since: number, carried: boolean, at: number): boolean {
  return !carried || at - since >= CARRIED_VOICE_MIN_MS;
}
/** The quietest level the gate considers (digital silence is -Infinity). */
export const VOICE_LEVEL_FLOOR_DB = -100;
/** How fast the noise floor follows a louder room while nobody speaks (per reading); it drops at once. */
const FLOOR_RISE = 0.02;

export type VoiceChange = { speaking: boolean; at: number };

export interface VoiceGate {
  /**
   * Feeds one level reading (dBFS) taken at `now`; returns a change when speech started or ended.
   * `voiced` tells whether the reading holds a voice: asked only while speech may be starting.
   */
  update(levelDb: number, now: number, voiced?: () => boolean): VoiceChange | null;
  readonly speaking: boolean;
  /** The estimated noise floor (dBFS). */
  readonly floorDb: number;
}

/** The pure decision: level readings in, speech start and end (with hysteresis and hold times) out. */
export function createVoiceGate(): VoiceGate {
  let speaking = false;
  let floor: number | null = null;
  let crossedAt: number | null = null;
  let voicedReadings = 0;
  return {
    update(raw, now, voiced = () => true) {
      const level = Math.max(VOICE_LEVEL_FLOOR_DB, Number.isFinite(raw) ? raw : VOICE_LEVEL_FLOOR_DB);
      const base = floor ?? level;
      const start = Math.max(VOICE_START_MIN_DB, base + VOICE_START_ABOVE_FLOOR_DB);
      const end = Math.max(VOICE_END_MIN_DB, base + VOICE_END_ABOVE_FLOOR_DB);
      if (!speaking) {
        // The floor learns the room only while nobody speaks.
        floor = floor === null || level < floor ? level : floor + (level - floor) * FLOOR_RISE;
        if (level <= start) {
          crossedAt = null;
          voicedReadings = 0;
          return null;
        }
        crossedAt ??= now;
        if (voicedReadings < VOICE_START_VOICED_READINGS && voiced()) voicedReadings += 1;
        if (now - crossedAt < VOICE_START_HOLD_MS || voicedReadings < VOICE_START_VOICED_READINGS) return null;
        speaking = true;
        const at = crossedAt;
        crossedAt = null;
        voicedReadings = 0;
        return { speaking: true, at };
      }
      if (level >= end) {
        crossedAt = null;
        return null;
      }
      crossedAt ??= now;
      if (now - crossedAt < VOICE_END_HOLD_MS) return null;
      speaking = false;
      const at = crossedAt;
      crossedAt = null;
      return { speaking: false, at };
    },
    get speaking() {
      return speaking;
    },
    get floorDb() {
      return floor ?? VOICE_LEVEL_FLOOR_DB;
    },
  };
}

/**
 * Whether one reading holds a voice: its voicing, measured at about 12 kHz (samples averaged in
 * groups; a voice's pitch period lies far below and the work is a sixteenth).
 */
export function readingVoiced(samples: Float32Array, sampleRate: number): boolean {
  const step = Math.max(1, Math.floor(sampleRate / 12_000));
  const reduced = new Float32Array(Math.floor(samples.length / step));
  for (let i = 0; i < reduced.length; i += 1) {
    let sum = 0;
    for (let k = 0; k < step; k += 1) sum += samples[i * step + k] ?? 0;
    reduced[i] = sum / step;
  }
  return voicing(reduced, sampleRate / step, Math.floor(reduced.length / 2)) >= VOICING_THRESHOLD;
}

/** Root mean square of the samples, in dBFS. */
export function levelDb(samples: Float32Array): number {
  let sum = 0;
  for (const sample of samples) sum += sample * sample;
  const rms = Math.sqrt(sum / Math.max(1, samples.length));
  return rms > 0 ? 20 * Math.log10(rms) : VOICE_LEVEL_FLOOR_DB;
}

export interface VoiceMeter {
  /** Stops reading and closes the audio context. */
  stop(): void;
}

export interface VoiceMeterOptions {
  onChange: (change: VoiceChange) => void;
  clock?: Clock;
}

/**
 * Reads the stream's level every VOICE_METER_INTERVAL_MS and reports speech starting and ending.
 * Returns null where the browser has no Web Audio (the answers then end on their time limits).
 */
export function startVoiceMeter(stream: MediaStream, options: VoiceMeterOptions): VoiceMeter | null {
  const Context =
    (globalThis as { AudioContext?: typeof AudioContext }).AudioContext ??
    (globalThis as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Context || stream.getAudioTracks().length === 0) return null;
  const clock = options.clock ?? systemClock;
  let context: AudioContext;
  try {
    context = new Context();
  } catch {
    return null;
  }
  const source = context.createMediaStreamSource(stream);
  const analyser = context.createAnalyser();
  analyser.fftSize = 2048;
  // The speech band, as the server measures it: a fourth-order Butterworth high-pass, two sections
  // (server analysis/voice.ts). A high-pass's Q is given in dB in Web Audio (the spec's α_QdB).
  let into: AudioNode = source;
  for (const q of [0.5412, 1.3066]) {
    const section = context.createBiquadFilter();
    section.type = 'highpass';
    section.frequency.value = VOICE_HIGH_PASS_HZ;
    section.Q.value = 20 * Math.log10(q);
    into.connect(section);
    into = section;
  }
  into.connect(analyser);
  // Started from the Start Test press, so the context may run; resume() covers browsers that start it suspended.
  void context.resume().catch(() => undefined);
  const samples = new Float32Array(analyser.fftSize);
  const gate = createVoiceGate();
  let stopped = false;
  const read = () => {
    if (stopped) return;
    analyser.getFloatTimeDomainData(samples);
    const change = gate.update(levelDb(samples), clock.now(), () => readingVoiced(samples, context.sampleRate));
    if (change) options.onChange(change);
    timer = clock.setTimeout(read, VOICE_METER_INTERVAL_MS);
  };
  let timer = clock.setTimeout(read, VOICE_METER_INTERVAL_MS);
  return {
    stop() {
      if (stopped) return;
      stopped = true;
      clock.clearTimeout(timer);
      source.disconnect();
      void context.close().catch(() => undefined);
    },
  };
}

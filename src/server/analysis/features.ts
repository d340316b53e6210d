/**
 * What the recording says about how a student speaks, from the samples alone (decision 0017):
 * speech and pauses by an energy detector with hysteresis, and syllable nuclei by the method of
 * de Jong & Wempe (2009, "Praat script to detect syllable nuclei and measure speech rate
 * automatically"): peaks of the intensity contour that stand out from the dips beside them by at least
 * 2 dB, lie above the silence threshold and are voiced. Pure functions over 16 kHz mono samples.
 * Only the speech band is measured, and only voiced sound is speech (voice.ts, decision 0031).
 */
import { gapsBetween } from '../../shared/speech-spans.js';
import { highPass, isVoiced, VOICING_THRESHOLD, voicing } from './voice.js';
import { HOP_MS, intensityDb, quantile, silenceThresholdDb } from './levels.js';

export const ANALYSIS_SAMPLE_RATE = 16_000;
/** A silence this long or longer between two stretches of speech is a pause (de Jong & Wempe use 300 ms). */
export const MIN_PAUSE_MS = 250;
/** Speech shorter than this between silences is a click or a breath, not speech. */
const MIN_SPEECH_MS = 60;
/** Speech ends only when the level falls this far below the threshold that started it (hysteresis). */
const HYSTERESIS_DB = 3;
/**
 * A peak is a syllable when the intensity dips at least this far on both sides of it (de Jong & Wempe's
 * "minimum dip", 2-4 dB in their notes; their script looks after the peak only). Measured on the
 * corpus of features.test.ts: both sides at 3 dB kept every voice and rate within 8 %.
 */
const MIN_DIP_DB = 3;
/**
 * An unvoiced stretch this close to speech belongs to it (a word-final /s/ after the closure of
 * "clubs", the release of "important"'s /t/). Measured (decision 0031): those gaps are 40-120 ms on
 * the real and synthetic corpora; breaths are further from speech than 250 ms or merged into a pause.
 */
const CONSONANT_GAP_MS = 150;
/** A stretch of speech reaches out to where the level falls this far under the threshold that found it (weak onsets, trailing consonants). */
const EDGE_DB_BELOW_THRESHOLD = 15;

/**
 * The fricatives' band starts here: the spectral peaks of English fricatives lie above it (Jongman,
 * Wayland & Wong 2000, JASA 108: /ʃ ʒ/ about 3.5 kHz, /s z/ 6-7 kHz; /f v θ ð/ flat and broad),
 * while pink noise puts only a quarter of its power (80 Hz-8 kHz) above it and room rumble almost
 * none. On the real-speech corpus (decision 0031) 2.0 kHz let noise carry one edge 240 ms out and
 * 3.5 kHz lost most of the /f/ of "himself" in pink noise; 2.5 kHz found both right.
 */
export const FRICATION_BAND_LOW_HZ = 2500;

export interface Segment {
  startMs: number;
  endMs: number;
}

export interface SpeechFeatures {
  durationMs: number;
  /** Stretches of speech (pauses shorter than MIN_PAUSE_MS are inside them). */
  segments: Segment[];
  /** Silences of at least MIN_PAUSE_MS between two stretches of speech (not before the first nor after the last). */
  pauses: Segment[];
  /** Times of the syllable nuclei found, in ms. */
  nucleiMs: number[];
  speakingTimeMs: number;
  /** What the sound says past where the level ends a stretch (word-evidence.ts reads it at a word's end). */
  sound: SoundTrack;
}

/** Frames of the recording read one by one, in ms; each looks at the 10 ms frames starting from `fromMs` to `toMs`, last first. */
export interface SoundTrack {
  /**
   * Whether the background is loud enough to hide weak speech: the speech band's edge level (how far
   * a stretch reaches out) is set by the background (3 dB over its 10th percentile) rather than by the
   * speech (EDGE_DB_BELOW_THRESHOLD under the threshold), as in pink noise at 15 dB SNR, not in a
   * quiet room, where a weak consonant stands above the background and the level finds it.
   */
  noisy: boolean;
  /** The end of the last frame that is voiced and above the silence threshold (a vowel, not a murmur); null when none. */
  lastVoiceEndMs(fromMs: number, toMs: number): number | null;
  /** The end of the last frame where the fricatives' band reaches the level its stretches reach out to (a stop's release, a weak /f/); null when none. */
  lastFricationEndMs(fromMs: number, toMs: number): number | null;
}

const NO_SOUND: SoundTrack = { noisy: false, lastVoiceEndMs: () => null, lastFricationEndMs: () => null };

/** The end (ms) of the last frame from `fromMs` to `toMs` that `holds`. */
function lastFrameEndMs(fromMs: number, toMs: number, holds: (frame: number) => boolean): number | null {
  for (let frame = Math.floor(toMs / HOP_MS); frame >= Math.ceil(fromMs / HOP_MS); frame -= 1) if (holds(frame)) return (frame + 1) * HOP_MS;
  return null;
}

/**
 * The stretches that are speech: the voiced ones, and unvoiced ones (a final /s/, a stop's release)
 * closer than CONSONANT_GAP_MS to speech, in a chain; an unvoiced stretch on its own (a breath) is not.
 */
function keepSpeech<T extends Segment>(raw: readonly T[], voiced: (segment: T) => boolean): T[] {
  const kept = raw.map(voiced);
  for (let changed = true; changed; ) {
    changed = false;
    for (let i = 0; i < raw.length; i += 1) {
      if (kept[i]) continue;
      const near = (j: number) => kept[j] === true && Math.abs(j < i ? (raw[i]?.startMs ?? 0) - (raw[j]?.endMs ?? 0) : (raw[j]?.startMs ?? 0) - (raw[i]?.endMs ?? 0)) < CONSONANT_GAP_MS;
      if (near(i - 1) || near(i + 1)) {
        kept[i] = true;
        changed = true;
      }
    }
  }
  return raw.filter((_, i) => kept[i]);
}

/** One band's levels, the level that starts a stretch of sound in it, and the level down to which the stretch reaches out. */
export interface Band {
  levels: Float32Array;
  thresholdDb: number;
  edgeDb: number;
}

/**
 * A band from its levels: its threshold (silenceThresholdDb) and its edge level, EDGE_DB_BELOW_THRESHOLD
 * under the threshold or 3 dB over the background (its 10th percentile), whichever is higher, so that a
 * stretch never reaches out over the background itself. Null when the band is silent throughout.
 */
function bandOf(levels: Float32Array): Band | null {
  const thresholdDb = silenceThresholdDb(levels);
  if (thresholdDb === null) return null;
  return { levels, thresholdDb, edgeDb: Math.max(thresholdDb - EDGE_DB_BELOW_THRESHOLD, quantile(levels, 0.1) + 3) };
}

/** Where `band` stands at or above its threshold, with hysteresis (10 ms frames). */
function stretchesOver(band: Band): Segment[] {
  const stretches: Segment[] = [];
  let start = -1;
  for (let frame = 0; frame < band.levels.length; frame += 1) {
    const level = band.levels[frame] ?? -120;
    if (start < 0 && level >= band.thresholdDb) start = frame;
    else if (start >= 0 && level < band.thresholdDb - HYSTERESIS_DB) {
      stretches.push({ startMs: start * HOP_MS, endMs: frame * HOP_MS });
      start = -1;
    }
  }
  if (start >= 0) stretches.push({ startMs: start * HOP_MS, endMs: band.levels.length * HOP_MS });
  return stretches;
}

/**
 * Speech stretches: where any band stands over its threshold (the whole speech band; a fricative's
 * own band, where a weak /f/ or /z/ stands above a noise that hides it in the whole band), each
 * reaching out over the frames where any band still stands at or above its edge level (a weak
 * onset, a fading consonant); then `isSpeech` turns away the stretches that are not voice (a breath:
 * voice.ts) unless they lie close to voice (keepSpeech), pauses under MIN_PAUSE_MS are bridged and
 * clicks dropped. The gap between a voiced stretch and the consonant after it is so measured between
 * the sounds themselves, not between the parts of them loud enough to start a stretch.
 */
export function speechSegments(bands: readonly Band[], isSpeech: (fromFrame: number, toFrame: number) => boolean = () => true): Segment[] {
  const frames = Math.max(0, ...bands.map((band) => band.levels.length));
  const found = bands.flatMap(stretchesOver).sort((x, y) => x.startMs - y.startMs);
  const raw: Segment[] = [];
  for (const stretch of found) {
    const previous = raw[raw.length - 1];
    if (previous && stretch.startMs <= previous.endMs) previous.endMs = Math.max(previous.endMs, stretch.endMs);
    else raw.push({ ...stretch });
  }
  const sounding = (frame: number) => bands.some((band) => (band.levels[frame] ?? -120) >= band.edgeDb);
  const widened = raw.map((segment) => {
    let first = segment.startMs / HOP_MS;
    while (first > 0 && sounding(first - 1)) first -= 1;
    let end = segment.endMs / HOP_MS;
    while (end < frames && sounding(end)) end += 1;
    return { startMs: first * HOP_MS, endMs: end * HOP_MS, found: segment };
  });
  const kept = keepSpeech(widened, (segment) => isSpeech(segment.found.startMs / HOP_MS, segment.found.endMs / HOP_MS));
  const bridged: Segment[] = [];
  for (const { startMs, endMs } of kept) {
    const previous = bridged[bridged.length - 1];
    if (previous && startMs - previous.endMs < MIN_PAUSE_MS) previous.endMs = Math.max(previous.endMs, endMs);
    else bridged.push({ startMs, endMs });
  }
  return bridged.filter((segment) => segment.endMs - segment.startMs >= MIN_SPEECH_MS);
}

/**
 * Syllable nuclei as de Jong & Wempe's script finds them: peaks of the intensity contour (a 64 ms
 * window, as their 50 Hz minimum pitch gives) above the silence threshold; a peak is a nucleus when the
 * intensity falls more than `minDipDb` below it before the next peak (the last peak: before the end
 * of its stretch of speech), when it is voiced, and when it lies inside a stretch of speech.
 */
export function syllableNuclei(
  samples: Float32Array,
  sampleRate: number,
  thresholdDb: number,
  segments: readonly Segment[],
  tuning: { windowMs?: number; minDipDb?: number } = {},
): number[] {
  const minDipDb = tuning.minDipDb ?? MIN_DIP_DB;
  const contour = intensityDb(samples, sampleRate, tuning.windowMs ?? 64);
  const hop = Math.round((sampleRate * HOP_MS) / 1000);
  const frameMs = (frame: number) => frame * HOP_MS + HOP_MS / 2;
  const segmentOf = (ms: number) => segments.find((segment) => ms >= segment.startMs && ms <= segment.endMs);
  const peaks: number[] = [];
  for (let frame = 1; frame + 1 < contour.length; frame += 1) {
    const level = contour[frame] ?? -120;
    if (level > thresholdDb && level > (contour[frame - 1] ?? -120) && level >= (contour[frame + 1] ?? -120)) peaks.push(frame);
  }
  const nuclei: number[] = [];
  let previousNucleus = -1;
  for (const [index, frame] of peaks.entries()) {
    const ms = frameMs(frame);
    const segment = segmentOf(ms);
    if (!segment) continue;
    const level = contour[frame] ?? -120;
    // Followed by a dip: the lowest point before the next peak (the last peak: before its stretch ends).
    const next = peaks[index + 1];
    const until = next !== undefined && frameMs(next) <= segment.endMs ? next : Math.min(contour.length - 1, Math.floor(segment.endMs / HOP_MS));
    let dipAfter = Number.POSITIVE_INFINITY;
    for (let i = frame + 1; i <= until; i += 1) dipAfter = Math.min(dipAfter, contour[i] ?? -120);
    // Preceded by one too: the lowest point since the previous nucleus (or the stretch's start).
    const since = previousNucleus >= 0 && frameMs(previousNucleus) >= segment.startMs ? previousNucleus : Math.max(0, Math.floor(segment.startMs / HOP_MS));
    let dipBefore = Number.POSITIVE_INFINITY;
    for (let i = since; i < frame; i += 1) dipBefore = Math.min(dipBefore, contour[i] ?? -120);
    if (!(level - dipAfter > minDipDb && level - dipBefore > minDipDb)) continue;
    if (voicing(samples, sampleRate, frame * hop + Math.floor(hop / 2)) < VOICING_THRESHOLD) continue;
    nuclei.push(ms);
    previousNucleus = frame;
  }
  return nuclei;
}

/** Every figure the samples give; an empty or silent recording has no segments. */
export function speechFeatures(recorded: Float32Array, sampleRate: number = ANALYSIS_SAMPLE_RATE): SpeechFeatures {
  const durationMs = Math.round((recorded.length / sampleRate) * 1000);
  const samples = highPass(recorded, sampleRate);
  // A short window for the speech/silence edges (pauses measured to a few tens of ms).
  const levels = intensityDb(samples, sampleRate, 25);
  const speechBand = bandOf(levels);
  if (speechBand === null) return { durationMs, segments: [], pauses: [], nucleiMs: [], speakingTimeMs: 0, sound: NO_SOUND };
  const threshold = speechBand.thresholdDb;
  const frication = intensityDb(highPass(recorded, sampleRate, FRICATION_BAND_LOW_HZ), sampleRate, 25);
  const fricationBand = bandOf(frication);
  const bands = fricationBand ? [speechBand, fricationBand] : [speechBand];
  const segments = speechSegments(bands, (from, to) => isVoiced(samples, sampleRate, levels, from, to));
  const nucleiMs = syllableNuclei(samples, sampleRate, threshold, segments);
  const hop = Math.round((sampleRate * HOP_MS) / 1000);
  const sound: SoundTrack = {
    noisy: speechBand.edgeDb > threshold - EDGE_DB_BELOW_THRESHOLD,
    lastVoiceEndMs: (fromMs, toMs) =>
      lastFrameEndMs(fromMs, toMs, (frame) => (levels[frame] ?? -120) >= threshold && voicing(samples, sampleRate, frame * hop + Math.floor(hop / 2)) >= VOICING_THRESHOLD),
    lastFricationEndMs: (fromMs, toMs) => (fricationBand ? lastFrameEndMs(fromMs, toMs, (frame) => (frication[frame] ?? -120) >= fricationBand.edgeDb) : null),
  };
  return { durationMs, segments, ...speechTiming(segments), nucleiMs, sound };
}

/**
 * The one definition of a pause and of speaking time: a pause is the time between two stretches of
 * speech (in order, not overlapping), speaking time is the stretches' total.
 */
export function speechTiming(segments: readonly Segment[]): { pauses: Segment[]; speakingTimeMs: number } {
  return { pauses: gapsBetween(segments), speakingTimeMs: segments.reduce((sum, segment) => sum + segment.endMs - segment.startMs, 0) };
}

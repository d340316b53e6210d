import { pauseSummary, round } from './answers.js';
import type { Segment, SpeechFeatures } from './features.js';

/** The recording's figures as the API gives them (decision 0017). */
export interface SpeechFigures {
  durationMs: number;
  speakingTimeMs: number;
  /** Syllables per second from the first speech to the last (pauses included). */
  speechRateSps: number;
  /** Syllables per second of speaking time (pauses left out). */
  articulationRateSps: number;
  /** Speaking time over the time from the first speech to the last. */
  phonationTimeRatio: number;
  pauses: { count: number; meanMs: number; longestMs: number };
  /** Syllables between two pauses, on average. */
  meanLengthOfRunSyllables: number;
  syllables: number;
  segments: Segment[];
  /** When each syllable nucleus is (ms): for the figures per answer. */
  nucleiMs: number[];
}

/**
 * Figures over the recording's speech from its first sound to its last. They are the headline only
 * when the answers cannot be placed on the recording: between the first answer and the last, a
 * recording also holds the examiner's questions and Part 2's preparation minute, which are not the
 * student's pauses (overAnswers in answers.ts takes the figures over the answers instead).
 */
export function speechFigures(features: Omit<SpeechFeatures, 'sound'>): SpeechFigures {
  const first = features.segments[0]?.startMs ?? 0;
  const last = features.segments.at(-1)?.endMs ?? 0;
  const spanMs = Math.max(0, last - first);
  const syllables = features.nucleiMs.length;
  return {
    durationMs: features.durationMs,
    speakingTimeMs: features.speakingTimeMs,
    speechRateSps: spanMs > 0 ? round(syllables / (spanMs / 1000), 2) : 0,
    articulationRateSps: features.speakingTimeMs > 0 ? round(syllables / (features.speakingTimeMs / 1000), 2) : 0,
    phonationTimeRatio: spanMs > 0 ? round(features.speakingTimeMs / spanMs, 3) : 0,
    pauses: pauseSummary(features.pauses.map((pause) => pause.endMs - pause.startMs)),
    meanLengthOfRunSyllables: features.segments.length > 0 ? round(syllables / features.segments.length, 1) : 0,
    syllables,
    segments: features.segments,
    nucleiMs: features.nucleiMs,
  };
}

/*
 * Audio recording with MediaRecorder (spec section 9): 1000 ms chunks, webm with opus on non-Apple
 * devices, mp4, aac, webm, ogg and then the browser's default on Apple devices.
 *
 * Chrome writes webm without a duration, so players show no length and cannot seek: on stop the
 * measured duration is written into the header by fix-webm-duration (MIT, no dependencies, ~4 KB
 * gzipped; ts-ebml would also rebuild the cue index but brings Node's Buffer and events polyfills).
 * It is imported dynamically, so it loads only when a webm recording is stopped. The cue index that
 * Firefox and Safari need to seek is written by the server, which re-muxes every upload (decision 0032).
 */
import { systemClock, type Clock } from './clock.js';
import { RECORDING_BITS_PER_SECOND, RECORDING_CHUNK_INTERVAL_MS } from './constants.js';
import { chooseRecordingMimeType } from './recorder-support.js';

// The choice of type is shared with the check made as the microphone is granted (recorder-support.ts).
export { chooseRecordingMimeType };

/** The bit rate to ask for a recording of `mimeType` (RECORDING_BITS_PER_SECOND). */
export function bitsPerSecondFor(mimeType: string): number {
  return /opus|webm|ogg/i.test(mimeType) ? RECORDING_BITS_PER_SECOND.opus : RECORDING_BITS_PER_SECOND.aac;
}

/** The file extension for a recording's type, for downloads: 'webm', 'mp4', 'aac', 'ogg'. */
export function recordingExtension(mimeType: string): string {
  const subtype = mimeType.split(';')[0]?.split('/')[1]?.trim().toLowerCase() ?? '';
  if (subtype === 'mp4' || subtype === 'x-m4a' || subtype === 'm4a') return 'mp4';
  return subtype || 'webm';
}

export interface RecordingResult {
  blob: Blob;
  /** The type actually recorded, e.g. 'audio/webm;codecs=opus'. */
  mimeType: string;
  /** Recording time without pauses. */
  durationMs: number;
  chunkCount: number;
}

export type RecorderState = 'inactive' | 'recording' | 'paused';

export interface MediaRecorderLike {
  readonly mimeType: string;
  readonly state: RecorderState;
  ondataavailable: ((event: { data: Blob }) => void) | null;
  onstop: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
  start(timeslice?: number): void;
  stop(): void;
  pause(): void;
  resume(): void;
}

export interface MediaRecorderConstructor {
  new (stream: MediaStream, options?: MediaRecorderOptions): MediaRecorderLike;
  isTypeSupported(mimeType: string): boolean;
}

export type WebmDurationFixer = ((blob: Blob, durationMs: number) => Promise<Blob>) & {
  /** Called when a webm recording starts: load what the fixing needs while the network is there. */
  prepare?: () => void;
};

export interface AudioRecorderOptions {
  /** Apple devices use the Apple format order. */
  isApple?: boolean;
  timesliceMs?: number;
  /** Default: window.MediaRecorder. */
  MediaRecorder?: MediaRecorderConstructor;
  clock?: Clock;
  /** Default: fix-webm-duration, loaded on first use. */
  fixWebmDuration?: WebmDurationFixer;
  /** Every chunk as it arrives (with the count so far). */
  onChunk?: (chunk: Blob, chunkCount: number) => void;
  /** The recorder failed (the track ended, the encoder failed); stop() still returns what was recorded. */
  onError?: (error: Error) => void;
}

export interface AudioRecorder {
  readonly state: RecorderState;
  /** Non-empty chunks received so far (the spec's Apple check looks for any 5 s after start). */
  readonly chunkCount: number;
  /** The type being recorded ('' before start). */
  readonly mimeType: string;
  /** Starts recording `stream`; throws when the browser cannot record it (no MediaRecorder, bad stream). */
  start(stream: MediaStream): void;
  pause(): void;
  resume(): void;
  /** Stops and returns the whole recording (a webm with its duration written in). */
  stop(): Promise<RecordingResult>;
}

/**
 * fix-webm-duration, loaded when a webm recording starts rather than when it stops: a test can end
 * with the device offline, and a module not yet loaded then cannot be (the recording was saved
 * without its duration). A failed load is asked for again at the next use.
 */
let webmFixerModule: Promise<typeof import('fix-webm-duration')> | null = null;
const webmFixer = () => {
  webmFixerModule ??= import('fix-webm-duration').catch((error: unknown) => {
    webmFixerModule = null;
    throw error;
  });
  return webmFixerModule;
};
const loadWebmDurationFixer: WebmDurationFixer = Object.assign(
  async (blob: Blob, durationMs: number) => (await webmFixer()).default(blob, durationMs, { logger: false }),
  { prepare: () => void webmFixer().catch(() => undefined) },
);

export function createAudioRecorder(options: AudioRecorderOptions = {}): AudioRecorder {
  const clock = options.clock ?? systemClock;
  const timesliceMs = options.timesliceMs ?? RECORDING_CHUNK_INTERVAL_MS;
  const fixDuration = options.fixWebmDuration ?? loadWebmDurationFixer;

  let recorder: MediaRecorderLike | null = null;
  let chunks: Blob[] = [];
  let mimeType = '';
  let startedAt = 0;
  let pausedAt: number | null = null;
  let pausedMs = 0;
  let stopping: Promise<RecordingResult> | null = null;

  function elapsed(): number {
    const end = pausedAt ?? clock.now();
    return Math.max(0, end - startedAt - pausedMs);
  }

  async function finalise(durationMs: number): Promise<RecordingResult> {
    const type = mimeType || chunks[0]?.type || 'audio/webm';
    let blob = new Blob(chunks, { type });
    if (type.includes('webm') && blob.size > 0 && durationMs > 0) {
      try {
        blob = await fixDuration(blob, durationMs);
      } catch (error) {
        // Still a playable recording, only without its length.
        options.onError?.(error instanceof Error ? error : new Error(String(error)));
      }
    }
    return { blob, mimeType: type, durationMs, chunkCount: chunks.length };
  }

  return {
    get state() {
      return recorder?.state ?? 'inactive';
    },
    get chunkCount() {
      return chunks.length;
    },
    get mimeType() {
      return mimeType;
    },
    start(stream) {
      const Recorder = options.MediaRecorder ?? (globalThis as { MediaRecorder?: MediaRecorderConstructor }).MediaRecorder;
      if (!Recorder) throw new Error('MediaRecorder is not available in this browser.');
      if (recorder && recorder.state !== 'inactive') throw new Error('The recorder is already recording.');
      const chosen = chooseRecordingMimeType(options.isApple ?? false, (type) => Recorder.isTypeSupported(type));
      const next = new Recorder(stream, chosen ? { mimeType: chosen, audioBitsPerSecond: bitsPerSecondFor(chosen) } : undefined);
      chunks = [];
      pausedMs = 0;
      pausedAt = null;
      stopping = null;
      next.ondataavailable = (event) => {
        if (event.data.size === 0) return;
        chunks.push(event.data);
        options.onChunk?.(event.data, chunks.length);
      };
      next.onerror = (event) => {
        const error = (event as Event & { error?: unknown }).error;
        options.onError?.(error instanceof Error ? error : new Error('Audio recording failed.'));
      };
      next.start(timesliceMs);
      recorder = next;
      mimeType = next.mimeType || chosen;
      startedAt = clock.now();
      if (mimeType.includes('webm')) fixDuration.prepare?.();
    },
    pause() {
      if (recorder?.state !== 'recording') return;
      recorder.pause();
      pausedAt = clock.now();
    },
    resume() {
      if (recorder?.state !== 'paused') return;
      recorder.resume();
      if (pausedAt !== null) pausedMs += clock.now() - pausedAt;
      pausedAt = null;
    },
    stop() {
      if (stopping) return stopping;
      const current = recorder;
      if (!current) return Promise.resolve({ blob: new Blob([], { type: mimeType }), mimeType, durationMs: 0, chunkCount: 0 });
      const durationMs = elapsed();
      if (current.state === 'inactive') return (stopping = finalise(durationMs));
      stopping = new Promise<number>((resolve) => {
        // 'stop' comes after the last 'dataavailable'.
        current.onstop = () => resolve(durationMs);
        current.stop();
      }).then(finalise);
      return stopping;
    },
  };
}

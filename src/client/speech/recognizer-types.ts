/* The recognizer's interface (recognizer.ts): its states, events and options. */
import type { Clock } from './clock.js';
import type { Subscribable } from './emitter.js';
import type { SpeechRecognitionConstructor } from './web-speech-types.js';

export type RecognizerState = 'idle' | 'starting' | 'listening' | 'stopping';

export interface FinalSegment {
  text: string;
  /** The recogniser's confidence (0..1) as reported; null when it reported none. */
  confidence: number | null;
  /** Clock time when the final result arrived. */
  at: number;
}

/** Our own codes besides the browser's error strings. */
export type RecognizerErrorCode = 'not-supported' | 'start-failed';

export interface RecognizerError {
  /** A browser error string ('not-allowed', 'network', 'audio-capture', ...) or a RecognizerErrorCode. */
  code: string;
  message: string;
}

/** Why listening ended for good: stop(), abort(), an error, or Android's restart cap reached. */
export type RecognizerEndReason = 'stopped' | 'aborted' | 'error' | 'restart-limit';

export interface RecognizerEvents {
  /** The words not yet final, '' when none are pending. */
  interim: string;
  final: FinalSegment;
  error: RecognizerError;
  state: RecognizerState;
  /** Clock time of the first recognised words since start(): the measured response time ends here. */
  firstSpeech: number;
  end: RecognizerEndReason;
}

export interface RecognizerOptions {
  /** BCP 47 language, e.g. 'en-IN'. */
  lang: string;
  /** Android: restarts are capped and re-sent finals are dropped. */
  isAndroid?: boolean;
  /** Transparent restarts allowed per start(); default 3 on Android (spec), unlimited elsewhere. */
  maxRestarts?: number;
  /** Delay before a transparent restart after the browser ended a session on its own (default 0). */
  restartDelayMs?: number;
  /** Use on-device recognition where the browser offers it (default true). */
  preferOnDevice?: boolean;
  /** The constructor to use; default window.SpeechRecognition or webkitSpeechRecognition. Null: none. */
  SpeechRecognition?: SpeechRecognitionConstructor | null;
  clock?: Clock;
}

export interface Recognizer extends Subscribable<RecognizerEvents> {
  readonly state: RecognizerState;
  /** Whether this browser has the Web Speech recognition API at all. */
  readonly supported: boolean;
  /** Clock time of the first recognised words since the last start(), or null. */
  readonly firstSpeechAt: number | null;
  /** Whether the current (or last) session recognises on the device. */
  readonly onDevice: boolean;
  /** Transparent restarts since the last start(). */
  readonly restarts: number;
  /**
   * Starts listening; resolves once listening (or once it failed: see the 'error' event). While
   * stopping, it waits for the end and then starts again; while listening it does nothing.
   */
  start(): Promise<void>;
  /** Stops listening, keeping what was said; resolves when recognition has ended. */
  stop(): Promise<void>;
  /** Stops at once, dropping words not yet final. */
  abort(): void;
}

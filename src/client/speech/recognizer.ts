/*
 * Speech recognition: the Web Speech API behind a small interface (spec sections 4, 7 and 8).
 *
 * - Continuous with interim results, in the caller's language.
 * - On the device where the browser offers it (SpeechRecognition.available with processLocally),
 *   so the student's voice stays on the device; otherwise the browser's service.
 * - Chrome ends a session on its own (silence, ~60 s, 'no-speech', 'aborted'): while the caller still
 *   listens a new session starts transparently; the caller sees one long 'listening' state and each
 *   final text once. Android re-sends earlier finals: those are dropped or trimmed.
 * - Errors carry the spec's texts. start() and stop() never throw: failures arrive as 'error'
 *   events and the state returns to 'idle' with an 'end' event saying why.
 */
import { systemClock, type Clock } from './clock.js';
import {
  ABORTED_RESTART_DELAY_MS,
  ANDROID_MAX_RECOGNITION_RESTARTS,
  ON_DEVICE_CHECK_TIMEOUT_MS,
  RECOGNITION_MAX_QUICK_ENDS,
  RECOGNITION_QUICK_END_MS,
  RECOGNITION_STOP_TIMEOUT_MS,
} from './constants.js';
import { createEmitter, type Subscribable } from './emitter.js';
import {
  RECOGNITION_DENIED_MESSAGE,
  RECOGNITION_NETWORK_MESSAGE,
  RECOGNITION_NOT_SUPPORTED_MESSAGE,
  RECOGNITION_START_FAILED_MESSAGE,
} from './messages.js';
import {
  findSpeechRecognition,
  type SpeechRecognitionConstructor,
  type SpeechRecognitionErrorEventLike,
  type SpeechRecognitionLike,
  type SpeechRecognitionResultEventLike,
} from './web-speech-types.js';

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

interface Session {
  instance: SpeechRecognitionLike;
  openedAt: number;
  hadResult: boolean;
  /** Indexes in this session's result list already delivered as finals. */
  finalIndexes: Set<number>;
  /** Normalised words of this session's finals (Android de-duplication). */
  words: string[];
  interim: string;
  error: string | null;
  /** Ended by 'language-not-supported' on the device: restart at once with the service. */
  fallBackToService: boolean;
}

function collapseSpaces(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function normaliseWord(word: string): string {
  return word.toLowerCase().replace(/[^\p{L}\p{N}']/gu, '');
}

function normalisedWords(text: string): string[] {
  return collapseSpaces(text).split(' ').map(normaliseWord).filter(Boolean);
}

function startsWithWords(words: readonly string[], prefix: readonly string[]): boolean {
  return prefix.length > 0 && prefix.length <= words.length && prefix.every((word, index) => words[index] === word);
}

/**
 * Android's recogniser re-sends earlier finals, alone or at the head of a new final. Returns the part
 * of `text` that is new, or '' when it is all a repeat. `earlier` are word lists that may be repeated
 * as a head (the whole answer so far, this session so far); `last` is the previous final's words.
 */
export function trimRepeatedFinal(text: string, earlier: ReadonlyArray<readonly string[]>, last: readonly string[]): string {
  const words = normalisedWords(text);
  if (words.length === 0) return '';
  if (words.length === last.length && startsWithWords(words, last)) return '';
  const raw = collapseSpaces(text).split(' ').filter((word) => normaliseWord(word) !== '');
  for (const head of earlier) {
    if (startsWithWords(words, head)) return raw.slice(head.length).join(' ');
  }
  return collapseSpaces(text);
}

export function createRecognizer(options: RecognizerOptions): Recognizer {
  const clock = options.clock ?? systemClock;
  const Recognition = options.SpeechRecognition === undefined ? findSpeechRecognition() : (options.SpeechRecognition ?? undefined);
  const isAndroid = options.isAndroid ?? false;
  const maxRestarts = options.maxRestarts ?? (isAndroid ? ANDROID_MAX_RECOGNITION_RESTARTS : Number.POSITIVE_INFINITY);
  const restartDelayMs = options.restartDelayMs ?? 0;
  const emitter = createEmitter<RecognizerEvents>();

  let state: RecognizerState = 'idle';
  let wanted = false;
  let current: Session | null = null;
  let restartTimer: unknown = null;
  let stopTimer: unknown = null;
  let restarts = 0;
  let quickEnds = 0;
  let firstSpeechAt: number | null = null;
  let interim = '';
  /** Bumped by every start(), stop() and abort(): a stale on-device check then does nothing. */
  let generation = 0;
  let onDeviceDecision: Promise<boolean> | null = null;
  let onDevice = false;
  let answerWords: string[] = [];
  let lastFinalWords: string[] = [];
  let settleStart: Array<() => void> = [];
  let settleStop: Array<() => void> = [];

  function setState(next: RecognizerState): void {
    if (state === next) return;
    state = next;
    emitter.emit('state', next);
    if (next !== 'starting') {
      const waiting = settleStart;
      settleStart = [];
      for (const resolve of waiting) resolve();
    }
  }

  function setInterim(text: string): void {
    if (text === interim) return;
    interim = text;
    emitter.emit('interim', text);
  }

  function detach(session: Session): void {
    const { instance } = session;
    instance.onstart = null;
    instance.onaudiostart = null;
    instance.onresult = null;
    instance.onerror = null;
    instance.onend = null;
  }

  /** Stops listening to a session and aborts it; it is no longer the current one. */
  function dropSession(session: Session): void {
    detach(session);
    current = null;
    try {
      session.instance.abort();
    } catch {
      // Already ended.
    }
  }

  function clearTimers(): void {
    if (restartTimer !== null) clock.clearTimeout(restartTimer);
    if (stopTimer !== null) clock.clearTimeout(stopTimer);
    restartTimer = null;
    stopTimer = null;
  }

  /** Listening is over for good. */
  function finish(reason: RecognizerEndReason): void {
    if (state === 'idle') return;
    wanted = false;
    clearTimers();
    if (current) {
      detach(current);
      current = null;
    }
    setInterim('');
    setState('idle');
    const waiting = settleStop;
    settleStop = [];
    for (const resolve of waiting) resolve();
    emitter.emit('end', reason);
  }

  function fail(code: string, message: string): void {
    if (current) dropSession(current);
    emitter.emit('error', { code, message });
    finish('error');
  }

  function markSpeech(): void {
    if (firstSpeechAt !== null) return;
    firstSpeechAt = clock.now();
    emitter.emit('firstSpeech', firstSpeechAt);
  }

  function acceptFinal(session: Session, transcript: string, confidence: number | null): void {
    let text = collapseSpaces(transcript);
    if (isAndroid) text = trimRepeatedFinal(text, [answerWords, session.words], lastFinalWords);
    if (!text) return;
    const words = normalisedWords(text);
    session.words = [...session.words, ...words];
    answerWords = [...answerWords, ...words];
    lastFinalWords = normalisedWords(transcript);
    markSpeech();
    emitter.emit('final', { text, confidence, at: clock.now() });
  }

  function handleResult(session: Session, event: SpeechRecognitionResultEventLike): void {
    session.hadResult = true;
    let pending = '';
    // Every index, not only from resultIndex: finals are delivered once by index, and Android's
    // lists do not always keep resultIndex honest.
    for (let index = 0; index < event.results.length; index += 1) {
      const result = event.results[index];
      const best = result?.[0];
      if (!result || !best) continue;
      if (result.isFinal) {
        if (session.finalIndexes.has(index)) continue;
        session.finalIndexes.add(index);
        const confidence = typeof best.confidence === 'number' && Number.isFinite(best.confidence) ? best.confidence : null;
        acceptFinal(session, best.transcript, confidence);
      } else {
        pending += ` ${best.transcript}`;
      }
    }
    session.interim = collapseSpaces(pending);
    if (session.interim) markSpeech();
    setInterim(session.interim);
  }

  function handleError(session: Session, event: SpeechRecognitionErrorEventLike): void {
    session.error = event.error;
    switch (event.error) {
      case 'no-speech':
      case 'aborted':
        // Keep listening: the session ends next and is restarted (after 100 ms for 'aborted').
        return;
      case 'not-allowed':
      case 'service-not-allowed':
        fail(event.error, RECOGNITION_DENIED_MESSAGE);
        return;
      case 'network':
        fail(event.error, RECOGNITION_NETWORK_MESSAGE);
        return;
      case 'language-not-supported':
        if (onDevice) {
          onDevice = false;
          onDeviceDecision = Promise.resolve(false);
          session.fallBackToService = true;
          return;
        }
        fail(event.error, event.message || event.error);
        return;
      default:
        fail(event.error, event.message || event.error);
    }
  }

  function handleEnd(session: Session): void {
    detach(session);
    current = null;
    // Words still pending when the browser ended the session would be lost: keep them.
    if (session.interim && session.error !== 'aborted') acceptFinal(session, session.interim, null);
    session.interim = '';
    setInterim('');
    if (!wanted) {
      finish('stopped');
      return;
    }
    if (session.fallBackToService) {
      schedule(0);
      return;
    }
    const quick = !session.hadResult && clock.now() - session.openedAt < RECOGNITION_QUICK_END_MS;
    quickEnds = quick ? quickEnds + 1 : 0;
    if (quickEnds >= RECOGNITION_MAX_QUICK_ENDS) {
      fail('start-failed', RECOGNITION_START_FAILED_MESSAGE);
      return;
    }
    if (restarts >= maxRestarts) {
      finish('restart-limit');
      return;
    }
    restarts += 1;
    schedule(session.error === 'aborted' ? ABORTED_RESTART_DELAY_MS : restartDelayMs);
  }

  function schedule(delayMs: number): void {
    restartTimer = clock.setTimeout(() => {
      restartTimer = null;
      if (wanted) openSession();
    }, delayMs);
  }

  function openSession(): void {
    if (!Recognition) return;
    let instance: SpeechRecognitionLike;
    try {
      instance = new Recognition();
    } catch {
      fail('start-failed', RECOGNITION_START_FAILED_MESSAGE);
      return;
    }
    instance.lang = options.lang;
    instance.continuous = true;
    instance.interimResults = true;
    instance.maxAlternatives = 1;
    if (onDevice) instance.processLocally = true;
    const session: Session = {
      instance,
      openedAt: clock.now(),
      hadResult: false,
      finalIndexes: new Set(),
      words: [],
      interim: '',
      error: null,
      fallBackToService: false,
    };
    const live = (handler: () => void) => {
      if (current === session) handler();
    };
    const started = () => live(() => state === 'starting' && setState('listening'));
    instance.onstart = started;
    instance.onaudiostart = started;
    instance.onresult = (event) => live(() => handleResult(session, event));
    instance.onerror = (event) => live(() => handleError(session, event));
    instance.onend = () => live(() => handleEnd(session));
    current = session;
    try {
      instance.start();
    } catch {
      fail('start-failed', RECOGNITION_START_FAILED_MESSAGE);
    }
  }

  function decideOnDevice(): Promise<boolean> {
    if (onDeviceDecision) return onDeviceDecision;
    const available = Recognition?.available;
    if (options.preferOnDevice === false || typeof available !== 'function') return (onDeviceDecision = Promise.resolve(false));
    onDeviceDecision = new Promise<boolean>((resolve) => {
      const timer = clock.setTimeout(() => resolve(false), ON_DEVICE_CHECK_TIMEOUT_MS);
      let check: Promise<string>;
      try {
        check = available.call(Recognition, { langs: [options.lang], processLocally: true });
      } catch {
        check = Promise.resolve('unavailable');
      }
      check.then(
        (result) => {
          clock.clearTimeout(timer);
          resolve(result === 'available');
        },
        () => {
          clock.clearTimeout(timer);
          resolve(false);
        },
      );
    });
    return onDeviceDecision;
  }

  async function start(): Promise<void> {
    if (state === 'stopping') {
      // Listening again right after stop(): once the old session has ended.
      await new Promise<void>((resolve) => settleStop.push(resolve));
      return start();
    }
    if (state !== 'idle') {
      if (state === 'starting') await new Promise<void>((resolve) => settleStart.push(resolve));
      return;
    }
    if (!Recognition) {
      emitter.emit('error', { code: 'not-supported', message: RECOGNITION_NOT_SUPPORTED_MESSAGE });
      return;
    }
    generation += 1;
    const mine = generation;
    wanted = true;
    restarts = 0;
    quickEnds = 0;
    firstSpeechAt = null;
    answerWords = [];
    lastFinalWords = [];
    const settled = new Promise<void>((resolve) => settleStart.push(resolve));
    setState('starting');
    onDevice = await decideOnDevice();
    if (mine !== generation || !wanted) return;
    openSession();
    await settled;
  }

  function stop(): Promise<void> {
    if (state === 'idle') return Promise.resolve();
    const ended = new Promise<void>((resolve) => settleStop.push(resolve));
    if (state === 'stopping') return ended;
    generation += 1;
    wanted = false;
    const session = current;
    if (!session) {
      // Between sessions, or still checking for on-device recognition: nothing is listening.
      finish('stopped');
      return ended;
    }
    setState('stopping');
    stopTimer = clock.setTimeout(() => {
      stopTimer = null;
      if (current !== session) return;
      dropSession(session);
      finish('stopped');
    }, RECOGNITION_STOP_TIMEOUT_MS);
    try {
      session.instance.stop();
    } catch {
      finish('stopped');
    }
    return ended;
  }

  function abort(): void {
    if (state === 'idle') return;
    generation += 1;
    if (current) dropSession(current);
    finish('aborted');
  }

  return {
    get state() {
      return state;
    },
    supported: Recognition !== undefined,
    get firstSpeechAt() {
      return firstSpeechAt;
    },
    get onDevice() {
      return onDevice;
    },
    get restarts() {
      return restarts;
    },
    start,
    stop,
    abort,
    on: emitter.on,
  };
}

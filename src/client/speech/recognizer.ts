/*
 * Speech recognition: the Web Speech API behind a small interface (spec sections 4, 7 and 8).
 *
 * - Continuous with interim results, in the caller's language.
 * - On the device where the browser offers it (SpeechRecognition.available with processLocally),
 *   so the student's voice stays on the device; otherwise the browser's service.
 * - Chrome ends a session on its own (silence, ~60 s, 'no-speech', 'aborted'): while the caller still
 *   listens a new session starts transparently (restart-policy.ts); the caller sees one long
 *   'listening' state and each final text once. Android re-sends earlier finals: those are dropped
 *   or trimmed (repeated-finals.ts).
 * - stop() ends what the caller hears at once: the session's results after it are not reported (the
 *   caller keeps the interim words it was shown as said), so a late final never repeats them, nor
 *   lands in the next answer when the caller listens again before the old session has ended.
 * - Errors carry the spec's texts. start() and stop() never throw: failures arrive as 'error'
 *   events and the state returns to 'idle' with an 'end' event saying why.
 *
 * One session (one browser SpeechRecognition) is wrapped in recognition-session.ts; the types are
 * in recognizer-types.ts.
 */
import { systemClock } from './clock.js';
import { ANDROID_MAX_RECOGNITION_RESTARTS, RECOGNITION_STOP_TIMEOUT_MS } from './constants.js';
import { createEmitter } from './emitter.js';
import { RECOGNITION_NOT_SUPPORTED_MESSAGE, RECOGNITION_START_FAILED_MESSAGE } from './messages.js';
import { abortInstance, attachSession, checkOnDevice, createSession, detachSession, readResults, type Session } from './recognition-session.js';
import type { Recognizer, RecognizerEndReason, RecognizerEvents, RecognizerOptions, RecognizerState } from './recognizer-types.js';
import { collapseSpaces, normalisedWords, trimRepeatedFinal } from './repeated-finals.js';
import { afterSessionEnd, errorAction, type RestartCounts } from './restart-policy.js';
import {
  findSpeechRecognition,
  type SpeechRecognitionErrorEventLike,
  type SpeechRecognitionLike,
  type SpeechRecognitionResultEventLike,
} from './web-speech-types.js';

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
  let counts: RestartCounts = { restarts: 0, quickEnds: 0 };
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

  /** Stops listening to a session and aborts it; it is no longer the current one. */
  function dropSession(session: Session): void {
    detachSession(session);
    current = null;
    abortInstance(session);
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
      detachSession(current);
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
    // Words pending when recognition fails (the connection lost mid-sentence) were heard and shown: kept.
    if (current?.interim) acceptFinal(current, current.interim, null);
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
    // After stop() the caller keeps what it was shown (the flows take a pending interim as said):
    // the session's late results would repeat it, in the next answer if the caller listens again.
    if (state === 'stopping') return;
    const { finals, interim: pending } = readResults(session, event);
    for (const final of finals) acceptFinal(session, final.transcript, final.confidence);
    session.interim = pending;
    if (session.interim) markSpeech();
    setInterim(session.interim);
  }

  function handleError(session: Session, event: SpeechRecognitionErrorEventLike): void {
    session.error = event.error;
    const action = errorAction(event.error, event.message, onDevice);
    if (action.kind === 'keep-listening') return;
    if (action.kind === 'fall-back-to-service') {
      onDevice = false;
      onDeviceDecision = Promise.resolve(false);
      session.fallBackToService = true;
      return;
    }
    fail(event.error, action.message);
  }

  function handleEnd(session: Session): void {
    detachSession(session);
    current = null;
    // Words still pending when the browser ended the session (on its own, or aborting it itself:
    // the app's own aborts detach the session first) would be lost: keep them. Not after stop().
    if (session.interim && state !== 'stopping') acceptFinal(session, session.interim, null);
    session.interim = '';
    setInterim('');
    if (!wanted) {
      finish('stopped');
      return;
    }
    const decided = afterSessionEnd(session, clock.now(), counts, { maxRestarts, restartDelayMs });
    counts = decided.counts;
    if (decided.next.kind === 'start-failed') fail('start-failed', RECOGNITION_START_FAILED_MESSAGE);
    else if (decided.next.kind === 'restart-limit') finish('restart-limit');
    else schedule(decided.next.delayMs);
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
    const session = createSession(instance, { lang: options.lang, onDevice, now: clock.now() });
    const live = (handler: () => void) => {
      if (current === session) handler();
    };
    const started = () => live(() => state === 'starting' && setState('listening'));
    attachSession(session, {
      started,
      result: (event) => live(() => handleResult(session, event)),
      error: (event) => live(() => handleError(session, event)),
      end: () => live(() => handleEnd(session)),
    });
    current = session;
    try {
      session.instance.start();
    } catch {
      fail('start-failed', RECOGNITION_START_FAILED_MESSAGE);
    }
  }

  function decideOnDevice(): Promise<boolean> {
    onDeviceDecision ??= checkOnDevice(Recognition, options.lang, options.preferOnDevice !== false, clock);
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
    counts = { restarts: 0, quickEnds: 0 };
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
    setInterim('');
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
      return counts.restarts;
    },
    start,
    stop,
    abort,
    on: emitter.on,
  };
}

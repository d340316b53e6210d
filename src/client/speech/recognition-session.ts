/*
 * One Web Speech recognition session (one SpeechRecognition instance from start to end), wrapped
 * for the recognizer (recognizer.ts): creating and configuring it, its handlers, reading its
 * results once each, and the check for on-device recognition.
 */
import type { Clock } from './clock.js';
import { ON_DEVICE_CHECK_TIMEOUT_MS } from './constants.js';
import { collapseSpaces } from './repeated-finals.js';
import type {
  SpeechRecognitionConstructor,
  SpeechRecognitionErrorEventLike,
  SpeechRecognitionLike,
  SpeechRecognitionResultEventLike,
} from './web-speech-types.js';

export interface Session {
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

export interface SessionHandlers {
  started(): void;
  result(event: SpeechRecognitionResultEventLike): void;
  error(event: SpeechRecognitionErrorEventLike): void;
  end(): void;
}

/** A session on a new browser instance, configured: continuous, interim results, on the device when asked. */
export function createSession(instance: SpeechRecognitionLike, settings: { lang: string; onDevice: boolean; now: number }): Session {
  instance.lang = settings.lang;
  instance.continuous = true;
  instance.interimResults = true;
  instance.maxAlternatives = 1;
  if (settings.onDevice) instance.processLocally = true;
  return {
    instance,
    openedAt: settings.now,
    hadResult: false,
    finalIndexes: new Set(),
    words: [],
    interim: '',
    error: null,
    fallBackToService: false,
  };
}

export function attachSession(session: Session, handlers: SessionHandlers): void {
  const { instance } = session;
  instance.onstart = handlers.started;
  instance.onaudiostart = handlers.started;
  instance.onresult = handlers.result;
  instance.onerror = handlers.error;
  instance.onend = handlers.end;
}

export function detachSession(session: Session): void {
  const { instance } = session;
  instance.onstart = null;
  instance.onaudiostart = null;
  instance.onresult = null;
  instance.onerror = null;
  instance.onend = null;
}

/** Aborts a detached session, if it has not ended already. */
export function abortInstance(session: Session): void {
  try {
    session.instance.abort();
  } catch {
    // Already ended.
  }
}

/** The finals not delivered before (in order) and the words still pending, from a result event. */
export function readResults(session: Session, event: SpeechRecognitionResultEventLike): { finals: { transcript: string; confidence: number | null }[]; interim: string } {
  session.hadResult = true;
  const finals: { transcript: string; confidence: number | null }[] = [];
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
      finals.push({ transcript: best.transcript, confidence });
    } else {
      pending += ` ${best.transcript}`;
    }
  }
  return { finals, interim: collapseSpaces(pending) };
}

/** Whether the browser recognises `lang` on the device (SpeechRecognition.available); false after ON_DEVICE_CHECK_TIMEOUT_MS. */
export function checkOnDevice(Recognition: SpeechRecognitionConstructor | undefined, lang: string, preferOnDevice: boolean, clock: Clock): Promise<boolean> {
  const available = Recognition?.available;
  if (!preferOnDevice || typeof available !== 'function') return Promise.resolve(false);
  return new Promise<boolean>((resolve) => {
    const timer = clock.setTimeout(() => resolve(false), ON_DEVICE_CHECK_TIMEOUT_MS);
    let check: Promise<string>;
    try {
      check = available.call(Recognition, { langs: [lang], processLocally: true });
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
}

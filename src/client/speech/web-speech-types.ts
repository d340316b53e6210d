/*
 * The parts of the Web Speech recognition API this boundary uses. TypeScript's DOM library
 * declares the result lists but not SpeechRecognition itself (Chrome still ships it prefixed as
 * webkitSpeechRecognition too), so the constructor and instance are described here.
 */

export type SpeechRecognitionAvailability = 'available' | 'downloadable' | 'downloading' | 'unavailable';

export interface SpeechRecognitionAvailabilityOptions {
  langs: string[];
  processLocally?: boolean;
}

export interface SpeechRecognitionResultEventLike {
  readonly resultIndex: number;
  readonly results: SpeechRecognitionResultList;
}

export interface SpeechRecognitionErrorEventLike {
  /** 'no-speech', 'aborted', 'audio-capture', 'network', 'not-allowed', 'service-not-allowed', 'language-not-supported', ... */
  readonly error: string;
  readonly message?: string;
}

type Handler<E = Event> = ((event: E) => void) | null;

export interface SpeechRecognitionLike {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  maxAlternatives: number;
  /** Current Chrome: recognise on the device (the audio never leaves it). */
  processLocally?: boolean;
  onstart: Handler;
  onend: Handler;
  onaudiostart: Handler;
  onresult: Handler<SpeechRecognitionResultEventLike>;
  onerror: Handler<SpeechRecognitionErrorEventLike>;
  start(): void;
  stop(): void;
  abort(): void;
}

export interface SpeechRecognitionConstructor {
  new (): SpeechRecognitionLike;
  /** Current Chrome: whether recognition of these languages can run (on the device with processLocally). */
  available?(options: SpeechRecognitionAvailabilityOptions): Promise<SpeechRecognitionAvailability>;
}

/** window.SpeechRecognition, else window.webkitSpeechRecognition, else undefined. */
export function findSpeechRecognition(scope: object = globalThis): SpeechRecognitionConstructor | undefined {
  const candidates = scope as { SpeechRecognition?: SpeechRecognitionConstructor; webkitSpeechRecognition?: SpeechRecognitionConstructor };
  return candidates.SpeechRecognition ?? candidates.webkitSpeechRecognition;
}

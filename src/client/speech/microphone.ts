/*
 * The microphone (spec sections 4, 5 and 8): a stream with at least one audio track, failures
 * explained in the spec's words, and a silent stream for demo mode.
 */
import { MICROPHONE_MESSAGES, otherMicrophoneErrorMessage } from './messages.js';

export type MicrophoneErrorCode = 'not-found' | 'not-allowed' | 'not-readable' | 'aborted' | 'other' | 'unsupported';

export class MicrophoneError extends Error {
  override readonly name = 'MicrophoneError';
  readonly code: MicrophoneErrorCode;
  /** The browser's error name (NotAllowedError, ...), when there was one. */
  readonly browserErrorName: string | undefined;

  constructor(code: MicrophoneErrorCode, message: string, browserErrorName?: string) {
    super(message);
    this.code = code;
    this.browserErrorName = browserErrorName;
  }
}

function errorName(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'name' in error && typeof error.name === 'string') return error.name;
  return undefined;
}

/** What went wrong with getUserMedia, in the spec's words ('Microphone access issue. ...'). */
export function describeMicrophoneError(error: unknown, isApple: boolean, isAndroid = false): MicrophoneError {
  if (error instanceof MicrophoneError) return error;
  const name = errorName(error);
  switch (name) {
    // OverconstrainedError: the request asks for any microphone ({ audio: true }, no constraint), and
    // WebKit (WebKitGTK, seen on a machine with no sound input) says there is none this way.
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return new MicrophoneError('not-found', MICROPHONE_MESSAGES.notFound, name);
    case 'NotAllowedError':
    case 'PermissionDeniedError':
      return new MicrophoneError('not-allowed', isApple ? MICROPHONE_MESSAGES.notAllowedApple : isAndroid ? MICROPHONE_MESSAGES.notAllowedAndroid : MICROPHONE_MESSAGES.notAllowed, name);
    case 'NotReadableError':
    case 'TrackStartError':
      return new MicrophoneError('not-readable', MICROPHONE_MESSAGES.notReadable, name);
    case 'AbortError':
      return new MicrophoneError('aborted', MICROPHONE_MESSAGES.aborted, name);
    default:
      return new MicrophoneError('other', otherMicrophoneErrorMessage(name && name !== 'Error' ? name : 'an unknown error'), name);
  }
}

export interface MicrophoneRequestOptions {
  /** Apple devices are told to use Safari's settings when access is denied. */
  isApple?: boolean;
  /** Android devices are told Chrome on Android's steps (its address bar has no microphone icon). */
  isAndroid?: boolean;
  /** Default: navigator.mediaDevices. */
  mediaDevices?: Pick<MediaDevices, 'getUserMedia'> | undefined;
}

/**
 * A live microphone stream with at least one audio track. Rejects with a MicrophoneError whose
 * message is the spec's text for the failure.
 */
export async function requestMicrophone(options: MicrophoneRequestOptions = {}): Promise<MediaStream> {
  const isApple = options.isApple ?? false;
  const mediaDevices =
    'mediaDevices' in options ? options.mediaDevices : typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
  if (!mediaDevices || typeof mediaDevices.getUserMedia !== 'function') {
    throw new MicrophoneError('unsupported', MICROPHONE_MESSAGES.unsupported);
  }
  let stream: MediaStream;
  try {
    stream = await mediaDevices.getUserMedia({ audio: true });
  } catch (error) {
    throw describeMicrophoneError(error, isApple, options.isAndroid ?? false);
  }
  if (stream.getAudioTracks().length === 0) {
    for (const track of stream.getTracks()) track.stop();
    throw new MicrophoneError('not-found', MICROPHONE_MESSAGES.notFound);
  }
  return stream;
}

/** Stops every track of `stream` (the browser's recording indicator goes away). */
export function releaseStream(stream: MediaStream | null | undefined): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

export interface SilentStream {
  /** A live, silent audio stream: records as silence, for demo mode without a microphone. */
  stream: MediaStream;
  /** Stops the stream and closes its audio context. */
  close(): Promise<void>;
}

/** Demo mode (spec section 4): an audio stream that carries silence, from a MediaStreamDestination. */
export function createSilentStream(): SilentStream {
  const Context =
    (globalThis as { AudioContext?: typeof AudioContext }).AudioContext ??
    (globalThis as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Context) {
    // No Web Audio: an empty stream still lets the flow go on.
    const stream = new MediaStream();
    return { stream, close: async () => releaseStream(stream) };
  }
  const context = new Context();
  const destination = context.createMediaStreamDestination();
  return {
    stream: destination.stream,
    close: async () => {
      releaseStream(destination.stream);
      await context.close().catch(() => {});
    },
  };
}

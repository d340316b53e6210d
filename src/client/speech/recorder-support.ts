/*
 * Whether this browser can record at all, asked as the microphone is granted, so that the page can
 * say so before the test or the interview starts (the speaking test's ready card, the interview's
 * welcome view) instead of only after Start.
 *
 * A browser without MediaRecorder cannot (iOS Safari before 14.5). One with MediaRecorder may still
 * refuse every recording: Debian's WebKitGTK without GStreamer's transcoder names no audio type and
 * throws "The MediaRecorder is unsupported on this platform" from start(). A browser that names a
 * type the app records (Chrome and Firefox webm with opus, Safari mp4) is taken at its word: nothing
 * is tried there, so the common case is untouched, and the recorder check after Start
 * (recorder-check.ts) still catches a recorder that yields nothing. Only a browser that names none
 * (the app would record with its default type) is asked the one way that tells: a recorder started on
 * the microphone's stream and stopped at once, keeping nothing.
 *
 * Also what the student is told there, in both flows' words (recorder-check.ts says what a recorder
 * that fails during the test means). Kept apart from recorder.ts and recorder-check.ts, which come
 * with the running test: this is part of the /test page's first visit (the setup screen).
 */
// Recording formats (spec section 9): here rather than in constants.ts, whose other values (and their
// imports) the first visit would then carry too.
/** Non-Apple devices record webm with opus. */
export const RECORDING_MIME_TYPES_DEFAULT: readonly string[] = ['audio/webm;codecs=opus'];
/** Apple devices try these in turn, then the browser's default. */
export const RECORDING_MIME_TYPES_APPLE: readonly string[] = ['audio/mp4', 'audio/aac', 'audio/webm', 'audio/ogg'];

/** What the check needs of MediaRecorder (recorder.ts's MediaRecorderConstructor is one). */
interface TrialRecorderConstructor {
  new (stream: MediaStream): { readonly state: string; ondataavailable: ((event: { data: Blob }) => void) | null; start(): void; stop(): void };
  isTypeSupported(mimeType: string): boolean;
}

/** The first type the browser can record, or '' for the browser's default. */
export function chooseRecordingMimeType(isApple: boolean, isTypeSupported: (mimeType: string) => boolean): string {
  const candidates = isApple ? RECORDING_MIME_TYPES_APPLE : RECORDING_MIME_TYPES_DEFAULT;
  for (const candidate of candidates) {
    try {
      if (isTypeSupported(candidate)) return candidate;
    } catch {
      // An old Safari throws for types it does not know.
    }
  }
  return '';
}

export interface RecorderSupportOptions {
  /** Apple devices ask for the Apple types first, as the recorder does. */
  isApple: boolean;
  /** Default: window.MediaRecorder (absent in browsers that cannot record). */
  MediaRecorder?: TrialRecorderConstructor | undefined;
}

/** Whether the app's recorder can record `stream` here, as far as can be told before recording (see above). */
export function canRecord(stream: MediaStream, options: RecorderSupportOptions): boolean {
  const Recorder = 'MediaRecorder' in options ? options.MediaRecorder : (globalThis as { MediaRecorder?: TrialRecorderConstructor }).MediaRecorder;
  if (typeof Recorder !== 'function') return false;
  if (chooseRecordingMimeType(options.isApple, (type) => Recorder.isTypeSupported(type)) !== '') return true;
  try {
    // The recorder's own start with the browser's default type (recorder.ts), stopped at once.
    const trial = new Recorder(stream);
    trial.ondataavailable = null;
    trial.start();
    if (trial.state !== 'inactive') trial.stop();
    return true;
  } catch {
    return false;
  }
}

/** What the student would retake: the flow's noun. */
export type RetakeWhat = 'test' | 'interview';

/** The words that differ between the flows in the sentences about a missing recording (here and recorder-check.ts). */
export interface RecordingProblemWords {
  /** What the transcript still gives: the speaking test's 'estimate', the interview's 'scores'. */
  result: string;
  retake: RetakeWhat;
}

/** Title of the note said before the start where the browser cannot record (cannotRecordSentence). */
export const CANNOT_RECORD_TITLE = 'This browser cannot record';

/**
 * Said once before the start (the test's ready card, the interview's welcome view) where the browser
 * cannot record (canRecord), in place of the note that promises a recording.
 */
export function cannotRecordSentence(transcription: 'live' | 'off', words: RecordingProblemWords): string {
  const advice = `Use Chrome on a computer or an Android phone if you can, or take the ${words.retake} on another device.`;
  if (transcription === 'live') {
    return `Your answers are not recorded in this browser: they are transcribed for your ${words.result}, but your teacher will not be able to listen to them. ${advice}`;
  }
  return `Your answers are not recorded in this browser, nor turned into text here, so nothing you say here can be scored. ${advice} You can still go through the ${words.retake} here to practise.`;
}

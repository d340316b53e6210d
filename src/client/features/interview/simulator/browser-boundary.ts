import { readDeviceInfo } from '../../../lib/device';
import {
  createAudioRecorder,
  createExaminerVoice,
  createRecognizer,
  interviewRecognitionLang,
  interviewVoiceSettings,
  releaseStream,
  type AudioRecorder,
  type ExaminerVoice,
  type Recognizer,
  type RecordingResult,
  type VoiceMeter,
} from '../../../speech';
import { RECOGNITION_RESTART_DELAY_MS, type InterviewEvent, type InterviewTimer } from '../flow';

/*
 * The real browser boundary of the mock interview (microphone stream, examiner voice, recognizer,
 * the one continuous recording, timers keyed by name), opened when the page mounts and released
 * when it unmounts. What it hears is fed back to the flow as events.
 */

export type EventWithoutClock = InterviewEvent extends infer E ? (E extends InterviewEvent ? Omit<E, 'now'> : never) : never;

export interface Boundary {
  voice: ExaminerVoice;
  recognizer: Recognizer;
  recorder: AudioRecorder;
  stream: MediaStream | null;
  /** The microphone's level, where the browser cannot transcribe: answers end on its silence. */
  voiceMeter: VoiceMeter | null;
  timers: Map<InterviewTimer, ReturnType<typeof setTimeout>>;
  /** The stopped recording, once stopRecording has been carried out. */
  recording: Promise<RecordingResult | null> | null;
  unsubscribe: Array<() => void>;
  disposed: boolean;
}

export function logInfo(message: string, detail?: unknown): void {
  // Not console.error: these are expected, recoverable conditions (spec section 8: "only logged").
  console.info(`[interview] ${message}`, detail ?? '');
}

/** Opens the boundary; `dispatch` receives the recognizer's events until the boundary is closed. */
export function openBoundary(dispatch: (event: EventWithoutClock) => void): Boundary {
  const device = readDeviceInfo();
  const voice = createExaminerVoice(interviewVoiceSettings());
  // The flow's rule 'recognition restarts after 1 s while still listening' (see RECOGNITION_RESTART_DELAY_MS):
  // the recognizer applies it to the sessions Chrome ends on its own.
  const recognizer = createRecognizer({ lang: interviewRecognitionLang(), isAndroid: device.isAndroid, restartDelayMs: RECOGNITION_RESTART_DELAY_MS });
  const recorder = createAudioRecorder({ isApple: device.isApple, onError: (error) => logInfo('recording error', error.message) });
  const current: Boundary = { voice, recognizer, recorder, stream: null, voiceMeter: null, timers: new Map(), recording: null, unsubscribe: [], disposed: false };
  const send = (event: EventWithoutClock) => {
    if (!current.disposed) dispatch(event);
  };
  current.unsubscribe.push(
    recognizer.on('interim', (text) => send({ type: 'INTERIM', text })),
    recognizer.on('final', (segment) => send({ type: 'FINAL', text: segment.text, confidence: segment.confidence })),
    recognizer.on('error', (error) => send({ type: 'RECOGNITION_ERROR', code: error.code, message: error.message })),
    recognizer.on('end', () => send({ type: 'RECOGNITION_ENDED' })),
  );
  return current;
}

/** Releases everything the boundary holds; nothing it started reaches the flow afterwards. */
export function closeBoundary(current: Boundary): void {
  current.disposed = true;
  for (const off of current.unsubscribe) off();
  for (const handle of current.timers.values()) clearTimeout(handle);
  current.timers.clear();
  current.voice.dispose();
  current.recognizer.abort();
  if (current.recorder.state !== 'inactive') void current.recorder.stop().catch(() => undefined);
  current.voiceMeter?.stop();
  releaseStream(current.stream);
}

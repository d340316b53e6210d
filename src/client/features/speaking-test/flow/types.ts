/*
 * The speaking test's flow as data (SPEC.md section 4): the state, the events the edge reports and
 * the commands (effects) the edge must carry out. The reducer never touches the browser or a
 * clock: every event carries `now` (ms), and every effect is a command in `state.commands`.
 */
import type { SpeakingTestAnswer } from '../../../../shared/speaking-test/answer.js';
import type { QuestionSet } from '../../../../shared/speaking-test/questions.js';

export type DeviceKind = 'desktop' | 'android' | 'apple';
export type Stage = 'setup' | 'ready' | 'part1' | 'part2' | 'part3' | 'complete';
export type MicrophoneStatus = 'idle' | 'requesting' | 'granted' | 'denied';
export type PartNumber = 1 | 2 | 3;

export type TimerName =
  | 'micAutoRequest'
  | 'afterQuestion'
  | 'silenceCheck'
  | 'afterRecognitionEnd'
  | 'appleAnswerWindow'
  | 'androidFallbackTick'
  | 'part3Intro'
  | 'prepTick'
  | 'speakTick'
  | 'handOff'
  | 'appleRecordingCheck'
  | 'sessionExpiry'
  | 'sessionRedirect';

export type SpeechOutcome = 'ended' | 'watchdog' | 'failed' | 'cancelled';

/** What the edge must do, in order, after the event that produced them. */
export type Command =
  | { type: 'requestMicrophone' }
  /** Demo mode: an empty audio stream stands in for the microphone. */
  | { type: 'createDemoStream' }
  | { type: 'speak'; id: string; text: string }
  | { type: 'startListening' }
  | { type: 'stopListening' }
  | { type: 'startRecording' }
  | { type: 'stopRecording' }
  /** Apple devices: look whether the recorder has chunks and answer with RECORDING_CHECKED. */
  | { type: 'checkRecording' }
  /** Replaces any pending timer of the same name; fires TIMER(timer) after delayMs. */
  | { type: 'schedule'; timer: TimerName; delayMs: number }
  | { type: 'cancelTimer'; timer: TimerName }
  | { type: 'scoreAndSave'; answers: SpeakingTestAnswer[] }
  | { type: 'clearStudentInfo' }
  | { type: 'navigate'; to: string };

export type SaveOutcome = 'saved' | 'noStudentInfo' | 'failed';

export type SpeakingTestEvent =
  | { type: 'REQUEST_MICROPHONE'; now: number }
  | { type: 'MIC_GRANTED'; now: number }
  | { type: 'MIC_DENIED'; now: number; message: string }
  | { type: 'DEMO_MODE'; now: number }
  | { type: 'START_TEST'; now: number }
  | { type: 'SPEECH_DONE'; now: number; id: string; outcome: SpeechOutcome }
  | { type: 'TIMER'; now: number; timer: TimerName }
  | { type: 'INTERIM'; now: number; text: string }
  /** `at` is when the recogniser heard it (defaults to now). */
  | { type: 'FINAL'; now: number; text: string; confidence?: number; at?: number }
  | { type: 'FIRST_SPEECH'; now: number; at: number }
  | { type: 'RECOGNITION_ENDED'; now: number }
  | { type: 'RECOGNITION_ERROR'; now: number; code: string; message: string }
  /** The recorder could not start; the toast text depends on the device (spec section 8). */
  | { type: 'RECORDING_ERROR'; now: number }
  /** A microphone failure after setup (e.g. the track ended): shown as a 'Microphone Error' toast. */
  | { type: 'MICROPHONE_ERROR'; now: number; message: string }
  | { type: 'RECORDING_CHECKED'; now: number; hasChunks: boolean }
  | { type: 'SAVE_RESULT'; now: number; outcome: SaveOutcome }
  | { type: 'TOAST_SHOWN'; now: number; id: number };

export interface Toast {
  id: number;
  title: string;
  description: string;
  variant: 'default' | 'destructive';
}

/** The answer being captured in Parts 1, 2 or 3. */
export interface AnswerDraft {
  part: PartNumber;
  questionNumber: number;
  question: string;
  /** End of the examiner's question (Part 2: start of the speaking phase). */
  questionEndedAt: number;
  finals: { text: string; confidence?: number }[];
  interim: string;
  firstSpeechAt: number | null;
  lastSpeechAt: number | null;
  /** Whether recognition is (meant to be) running. */
  listening: boolean;
  /** RECOGNITION_ENDED events seen while this answer was open. */
  recognitionEnds: number;
  /** Android fallback countdown, seconds left; null when not in the fallback. */
  fallbackSecondsLeft: number | null;
  /** Android: recognition gave up in this answer (restart cap reached). */
  transcriptionUnavailable: boolean;
}

export type Phase =
  | 'idle'
  /** Examiner speaking a Part 1/3 question. */
  | 'asking'
  /** Question spoken; listening starts after LISTEN_DELAY_AFTER_QUESTION_MS. */
  | 'afterQuestion'
  | 'answering'
  | 'part2Announcement'
  | 'part2Preparation'
  | 'part2Speaking'
  | 'part2HandOff'
  | 'part3Intro'
  | 'part3IntroWait'
  | 'finished';

export interface SpeakingTestState {
  device: DeviceKind;
  questions: QuestionSet;
  stage: Stage;
  microphone: { status: MicrophoneStatus; demo: boolean; error: string | null };
  /** When Start Test was pressed. */
  startedAt: number | null;
  phase: Phase;
  /** 0-based index of the current question within its part. */
  questionIndex: number;
  /** The id of the examiner line being spoken, so stale SPEECH_DONE events are ignored. */
  speechId: string | null;
  speechCount: number;
  /** Part 2 countdown (preparation or speaking), whole seconds. */
  countdownSeconds: number | null;
  answer: AnswerDraft | null;
  answers: SpeakingTestAnswer[];
  /** 'Response completed. Moving to next question.' after an Android fallback, until the next answer opens. */
  completionNote: string | null;
  recognitionError: string | null;
  toasts: Toast[];
  toastCount: number;
  saveStatus: 'idle' | 'saving' | SaveOutcome;
  sessionExpired: boolean;
  /** Commands produced by the last event; the edge runs each batch once (see commandBatch). */
  commands: Command[];
  commandBatch: number;
}

export interface InitialStateOptions {
  questions: QuestionSet;
  device: DeviceKind;
  now: number;
}

/*
 * The speaking test's flow as data (SPEC.md section 4): the state, the events the edge reports and
 * the commands (effects) the edge must carry out. The rules never touch the browser or a clock:
 * every event carries `now` (ms), and every effect is a command a rule pushes on its draft
 * (src/client/lib/flow/draft.ts), run by the flow runtime (timers) or the page's effects.
 */
import type { Draft } from '../../../lib/flow/draft.js';
import type { RecorderCheck } from '../../../speech/recorder-check.js';
import type { SpeakingTestAnswer } from '../../../../shared/speaking-test/answer.js';
import type { QuestionSet } from '../../../../shared/speaking-test/questions.js';
import type { SpeakingTestResult } from '../../../../shared/speaking-test/scoring.js';

export type DeviceKind = 'desktop' | 'android' | 'apple';
export type Stage = 'setup' | 'ready' | 'part1' | 'part2' | 'part3' | 'complete';
export type MicrophoneStatus = 'idle' | 'requesting' | 'granted' | 'denied';
export type PartNumber = 1 | 2 | 3;

export type TimerName =
  | 'micAutoRequest'
  | 'afterQuestion'
  | 'silenceCheck'
  | 'afterRecognitionEnd'
  | 'answerLimit'
  | 'androidFallbackTick'
  | 'part3Intro'
  | 'prepTick'
  | 'speakTick'
  | 'handOff'
  | 'recordingCheck'
  | 'sessionWarning'
  | 'sessionWarningTick'
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
  /** Measure the microphone's level and report VOICE changes (the end of an answer without recognition). */
  | { type: 'startVoiceMeter' }
  | { type: 'stopVoiceMeter' }
  /** Count the recorder's pieces so far and answer with RECORDING_CHECKED (recorder-check.ts). */
  | { type: 'checkRecording' }
  /** Replaces any pending timer of the same name; fires TIMER(timer) after delayMs. */
  | { type: 'schedule'; timer: TimerName; delayMs: number }
  | { type: 'cancelTimer'; timer: TimerName }
  /**
   * The test is complete: the edge loads the end of the test's code (decision 0024), works out the
   * estimate once, reports it as SCORED, and saves the attempt with it, also if the page was left.
   */
  | { type: 'finish'; answers: SpeakingTestAnswer[]; noTranscript: boolean; part2Notes: string }
  | { type: 'clearStudentInfo' }
  /** The post-test session is over: whoever is signed in on this device is signed out (the toast says to log in again). */
  | { type: 'signOut' }
  | { type: 'navigate'; to: string };

/** The commands the page's effects carry out: all but the timers, which the flow runtime owns. */
export type SpeakingTestEffect = Exclude<Command, { type: 'schedule' | 'cancelTimer' }>;

/** The working copy a rule edits for one event, and the commands it pushes. */
export type SpeakingTestDraft = Draft<SpeakingTestState, SpeakingTestEffect, TimerName>;

export type SaveOutcome = 'saved' | 'noStudentInfo' | 'failed';

export type SpeakingTestEvent =
  | { type: 'REQUEST_MICROPHONE'; now: number }
  /**
   * `canRecord: false`: the browser cannot record the granted microphone (no MediaRecorder, or one
   * that refuses to start: speech/recorder-support.ts), so the ready card says so. Absent: it can, as
   * far as could be told before recording.
   */
  | { type: 'MIC_GRANTED'; now: number; canRecord?: boolean }
  | { type: 'MIC_DENIED'; now: number; message: string }
  | { type: 'DEMO_MODE'; now: number }
  /** `questions`: the test's questions, when they are chosen as it starts (the page does: decision 0024). */
  | { type: 'START_TEST'; now: number; questions?: QuestionSet }
  | { type: 'SPEECH_DONE'; now: number; id: string; outcome: SpeechOutcome }
  | { type: 'TIMER'; now: number; timer: TimerName }
  | { type: 'INTERIM'; now: number; text: string }
  /** `at` is when the recogniser heard it (defaults to now). */
  | { type: 'FINAL'; now: number; text: string; confidence?: number; at?: number }
  | { type: 'FIRST_SPEECH'; now: number; at: number }
  | { type: 'RECOGNITION_ENDED'; now: number }
  | { type: 'RECOGNITION_ERROR'; now: number; code: string; message: string }
  /** The microphone's level crossed into speech (speaking: true) or back into silence, at `at`. */
  | { type: 'VOICE'; now: number; speaking: boolean; at: number }
  /** After a recognition failure: restart recognition and ask the current question again. */
  | { type: 'RETRY_RECOGNITION'; now: number }
  /** After a recognition failure: go on without recognition (answers end on acoustic silence). */
  | { type: 'CONTINUE_WITHOUT_TRANSCRIPT'; now: number }
  /** The page was hidden (another app or tab, the screen locked): a question being asked or answered is held. */
  | { type: 'PAGE_HIDDEN'; now: number }
  /** After the page was hidden: the held question is asked again (Part 2: its clock goes on), transcribed as before. */
  | { type: 'RESUME_TEST'; now: number }
  /** The student asks to hear the current Part 1/3 question again (once per question). */
  | { type: 'REPEAT_QUESTION'; now: number }
  /** The student says they have finished the current Part 1/3 answer (no need to wait for the pause). */
  | { type: 'FINISH_ANSWER'; now: number }
  | { type: 'PART2_NOTES'; now: number; text: string }
  /** The recorder could not start; the toast text depends on the device (spec section 8). */
  | { type: 'RECORDING_ERROR'; now: number }
  /** A microphone failure after setup (e.g. the track ended): shown as a 'Microphone Error' toast. */
  | { type: 'MICROPHONE_ERROR'; now: number; message: string }
  /** The recorder's pieces so far, and how long it has been asked to record in time that really passed. */
  | { type: 'RECORDING_CHECKED'; now: number; chunkCount: number; recordedMs: number }
  /** The edge worked out the estimate of the completed test (carrying out the 'finish' command): the results show it. */
  | { type: 'SCORED'; now: number; result: SpeakingTestResult }
  | { type: 'SAVE_RESULT'; now: number; outcome: SaveOutcome }
  | { type: 'TOAST_SHOWN'; now: number; id: number }
  /** In the post-test session's last minute: the student is still reading; the 5 minutes start again. */
  | { type: 'STAY_IN_SESSION'; now: number };

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
  /** When listening started (after the question); null before. */
  listenStartedAt: number | null;
  /** Speech heard in the microphone's level: since when it is sounding (null: silent), and the total so far. */
  voiceSince: number | null;
  voicedMs: number;
  /**
   * The sound since `voiceSince` was already heard when listening started (voiceSince is then that
   * start): it counts as the answer's speech only once it has lasted CARRIED_VOICE_MIN_MS.
   */
  voiceCarried: boolean;
  /** The question was repeated at the student's request. */
  repeated: boolean;
  /**
   * The long turn's holds (a failure screen or a hidden page stopped its clock; the recording went on):
   * the stretches so far, and since when it is held now (null: not held). Not the student's speech.
   */
  held: { from: number; to: number }[];
  heldSince: number | null;
}

/** Recognition codes that stop a question until the student chooses. */
export type RecognitionFailureCode = 'network' | 'not-allowed' | 'service-not-allowed' | 'audio-capture' | 'start-failed';

export interface RecognitionFailure {
  /** A recognition failure, or 'page-hidden': the student left the page mid-question. */
  code: RecognitionFailureCode | 'page-hidden';
  message: string;
  /** Where the test stood: a Part 1/3 question, or the Part 2 long turn (its clock is held). */
  during: 'question' | 'part2';
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
  /**
   * Recognition failed during a question, or the page was hidden: the clocks are held until Try again
   * or Continue without transcript (after a hidden page: Continue).
   */
  | 'recognitionFailed'
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
  /** What the microphone's level said last (every VOICE event, whatever the phase): read when listening starts. */
  voiceNow: boolean;
  answers: SpeakingTestAnswer[];
  /** 'Response completed. Moving to next question.' after an Android fallback, until the next answer opens. */
  completionNote: string | null;
  recognitionError: string | null;
  /**
   * 'live': answers are transcribed by speech recognition. 'off': the browser has none (Firefox),
   * recognition is blocked (Apple) or the student went on without it: answers end on acoustic silence.
   */
  transcription: 'live' | 'off';
  /**
   * Whether the browser can record the microphone, as found when it was granted (MIC_GRANTED): false
   * where it cannot at all, which the ready card says before Start Test. Demo mode keeps true: it
   * records nothing by design and says so itself.
   */
  canRecord: boolean;
  /** Some answer was taken without a transcript: the attempt gets no estimated bands. */
  transcriptMissing: boolean;
  /**
   * What the recorder gave at the last check (recorder-check.ts, on src/client/speech/recorder-check.ts):
   * 'unknown' until it has recorded long enough to tell, 'yielding', 'none' (not a byte since Start
   * Test) or 'stopped' (no new piece).
   */
  recorder: RecorderCheck;
  /** On the complete stage: the estimate, worked out once from the answers (the results show it, the save sends it). */
  result: SpeakingTestResult | null;
  failure: RecognitionFailure | null;
  /** The current Part 1/3 question was already repeated once. */
  repeatUsed: boolean;
  part2Notes: string;
  /** The time of the last event: the clock for what the screen derives (time spoken in Part 2). */
  lastEventAt: number;
  toasts: Toast[];
  toastCount: number;
  /** Part 1/3 answers in a row with nothing heard, and whether the student was told (unheard.ts). */
  unheardRun: number;
  unheardTold: boolean;
  saveStatus: 'idle' | 'saving' | SaveOutcome;
  sessionExpired: boolean;
  /** On the complete stage: when the post-test session ends (ms), until it has; Stay moves it on. */
  sessionEndsAt: number | null;
  /** In the session's last minute: the seconds left, shown as a countdown with Stay; else null. */
  sessionSecondsLeft: number | null;
}

export interface InitialStateOptions {
  questions: QuestionSet;
  device: DeviceKind;
  now: number;
  /** Whether the browser has speech recognition (default true). Apple devices never use it. */
  recognition?: boolean;
}

/** An event as the edge sends it: the reducer's entry adds `now` (Omit distributed over the union, so each event keeps its own fields). */
type WithoutNow<E> = E extends unknown ? Omit<E, 'now'> : never;
export type EventWithoutNow = WithoutNow<SpeakingTestEvent>;

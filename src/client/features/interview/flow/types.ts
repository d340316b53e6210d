import type { InterviewSessionData, InterviewSessionQuestion, InterviewTranscriptEntry } from '../../../../shared/api/interview';
import type { InterviewQuestion } from '../../../../shared/interview/questions';
import type { InterviewScoreReport } from '../../../../shared/interview/scoring';
import type { Draft } from '../../../lib/flow/draft';
import type { TimerCommand } from '../../../lib/flow/runtime';
import type { RecorderCheck } from '../../../speech/recorder-check';

/*
 * Types of the mock interview's pure state machine (SPEC.md section 4 'Interview simulator').
 * The rules never touch the browser: for each event they edit a working copy of the state and push
 * commands (InterviewDraft) that the flow runtime (src/client/lib/flow) and the edge carry out
 * (speech, recognition, recording, timers, toasts, saving, navigation), feeding what happens back
 * as events.
 */

export type InterviewView = 'permission' | 'welcome' | 'active' | 'completed';

/**
 * Where the active interview is:
 * - greeting: the welcome greeting is being spoken;
 * - waitingQuestion: between the greeting (3 s) or the previous answer (1.5 s) and the next question;
 * - speakingQuestion: the current question is being spoken (buttons disabled);
 * - answering: the question has been spoken, the student answers;
 * - paused: the student left the page mid-interview (another app, the screen locked); nothing moves
 *   until they choose Continue (pause-step.ts);
 * - completed: finished and the session posted (or attempted);
 * - ended: the page was closed or reloaded mid-interview; the session is abandoned.
 */
export type InterviewPhase = 'permission' | 'welcome' | 'greeting' | 'waitingQuestion' | 'speakingQuestion' | 'answering' | 'paused' | 'completed' | 'ended';

/** The phases a pause can interrupt, and to which Continue returns (pause-step.ts). */
export type PausablePhase = 'greeting' | 'waitingQuestion' | 'speakingQuestion' | 'answering';

/** Timers the flow runtime runs (src/client/lib/flow); scheduling a name again replaces the pending one. */
export type InterviewTimer =
  | 'firstQuestion'
  | 'nextQuestion'
  | 'recordingStart'
  | 'recognitionRestart'
  | 'autoAdvance'
  | 'autoAdvanceTick'
  | 'tick'
  | 'timeLimit'
  /** Without recognition: silence after speech that counts as a final result. */
  | 'answerSilence'
  /** With recognition: interim words left unfinalised this long count as a final result. */
  | 'interimSettled'
  /** Whether the recorder is yielding: 5 s after Start, then 5 s after each check is answered (recorder-check.ts). */
  | 'recordingCheck';

export type RecordingState = 'off' | 'recording' | 'paused' | 'stopped';

/** The voice's outcome, as src/client/speech/voice.ts reports it. */
export type SpeechOutcome = 'ended' | 'watchdog' | 'failed' | 'cancelled';

export interface FinalResult {
  text: string;
  /** 0..1, or null when the recognizer reported none. */
  confidence: number | null;
  /** Elapsed ms since the interview started. */
  timestamp: number;
}

/** The session payload minus attemptId and studentId, which the edge adds. */
export type InterviewSavePayload = InterviewSessionData;

export type InterviewCommand =
  | { type: 'requestMicrophone' }
  | { type: 'speak'; text: string; id: string }
  | { type: 'cancelSpeech' }
  | { type: 'startListening' }
  | { type: 'stopListening' }
  | { type: 'startRecording' }
  | { type: 'pauseRecording' }
  | { type: 'resumeRecording' }
  | { type: 'stopRecording' }
  | { type: 'startVoiceMeter' }
  | { type: 'stopVoiceMeter' }
  /** Count the recorder's pieces so far and answer with RECORDING_CHECKED (recorder-check.ts). */
  | { type: 'checkRecording' }
  | { type: 'schedule'; timer: InterviewTimer; delayMs: number }
  | { type: 'cancelTimer'; timer: InterviewTimer }
  | { type: 'toast'; kind: 'error' | 'success'; title: string; message: string }
  | { type: 'log'; message: string; detail?: string }
  | { type: 'save'; sessionData: InterviewSavePayload }
  | { type: 'navigate'; to: string };

/** The commands the edge carries out on the browser: all but the timers, which the runtime runs. */
export type InterviewEffect = Exclude<InterviewCommand, TimerCommand<InterviewTimer>>;

export type InterviewEvent =
  | { type: 'REQUEST_MICROPHONE'; now: number }
  /**
   * `canRecord: false`: the browser cannot record the granted microphone (no MediaRecorder, or one
   * that refuses to start: speech/recorder-support.ts), so the welcome view says so. Absent: it can,
   * as far as could be told before recording.
   */
  | { type: 'MIC_GRANTED'; now: number; canRecord?: boolean }
  /** `message`: what went wrong and what to do, in the spec's words (speech/messages.ts). */
  | { type: 'MIC_DENIED'; now: number; message: string }
  | { type: 'START'; now: number }
  | { type: 'SPEECH_DONE'; now: number; id: string; outcome: SpeechOutcome }
  | { type: 'TIMER'; now: number; timer: InterviewTimer }
  | { type: 'INTERIM'; now: number; text: string }
  | { type: 'FINAL'; now: number; text: string; confidence: number | null }
  | { type: 'RECOGNITION_ENDED'; now: number }
  | { type: 'RECOGNITION_ERROR'; now: number; code: string; message: string }
  /** The microphone's level crossed into speech or back into silence (src/client/speech/voice-activity.ts). */
  | { type: 'VOICE'; now: number; speaking: boolean; at: number }
  | { type: 'TOGGLE_RECORDING'; now: number }
  | { type: 'NEXT'; now: number }
  /** The page went out of sight (`visibilitychange` to hidden): another app or tab, the screen locked. */
  | { type: 'PAGE_HIDDEN'; now: number }
  /** Continue, after a pause. */
  | { type: 'RESUME_INTERVIEW'; now: number }
  /** The page is going away (`pagehide`): closed, reloaded, or left for another site. */
  | { type: 'PAGE_CLOSED'; now: number }
  | { type: 'AUDIO_READY'; now: number; hasAudio: boolean }
  /** The recorder's pieces so far, and how long it has been asked to record in time that really passed (pauses left out). */
  | { type: 'RECORDING_CHECKED'; now: number; chunkCount: number; recordedMs: number }
  | { type: 'SAVE_RESULT'; now: number; ok: boolean; message?: string };

export interface InterviewState {
  view: InterviewView;
  phase: InterviewPhase;
  questions: readonly InterviewQuestion[];
  studentName: string;
  /** Index of the current question in `questions`. */
  index: number;
  /** The latest event's clock. */
  now: number;
  startedAt: number | null;
  /** Id of the utterance being spoken, null when silent. */
  speechId: string | null;
  speechSeq: number;
  /** Answer capture (recognition) is wanted for the current question. */
  listening: boolean;
  recording: RecordingState;
  /** The one continuous recording has been started at least once. */
  recordingStarted: boolean;
  /** Audio recorded before `recordingSince` (ms): the recording pauses between answers. */
  recordedMs: number;
  /** When the recording last started or resumed; null while it is not recording. */
  recordingSince: number | null;
  /** How much audio had been recorded when the current answer's recording began; null before it has. */
  answerRecordingStartMs: number | null;
  /** Reported by the edge after stopRecording; until then, whether recording ever started. */
  audioAvailable: boolean;
  /** The edge has reported the stopped recording (AUDIO_READY): `audioAvailable` is then what was made. */
  audioReported: boolean;
  recorder: RecorderCheck;
  /** Whether the browser can record the microphone, as found when it was granted: false where it cannot at all (the welcome view says so). */
  canRecord: boolean;
  finals: readonly FinalResult[];
  interim: string;
  autoAdvanceDeadline: number | null;
  /** The 'Network Error' toast was shown and no words have been heard since in this question: an outage is told once, not at every failed restart. */
  networkErrorShown: boolean;
  answers: readonly InterviewSessionQuestion[];
  transcript: readonly InterviewTranscriptEntry[];
  durationMs: number | null;
  completedAt: string | null;
  saveStatus: 'idle' | 'saving' | 'saved' | 'failed';
  /** The answers' scores and the figures behind them, computed once when the interview completes (the saved scores are its `scores`); null before, and when no question was asked. */
  report: InterviewScoreReport | null;
  /** 'off': no speech recognition in this browser; answers end on the microphone's silence. */
  transcription: 'live' | 'off';
  /** Sound heard in the microphone: since when (null: silent), and whether any in the current answer. */
  voiceSince: number | null;
  heardVoice: boolean;
  /** The voice meter's latest state, from every VOICE event whatever the phase. */
  voiceNow: boolean;
  /**
   * The sound in `voiceSince` was already there when listening started: it counts as the answer's
   * speech only once it has lasted CARRIED_VOICE_MIN_MS from then (auto-advance-step.ts).
   */
  voiceCarried: boolean;
  /** While `paused`: the phase the pause interrupted; null otherwise. */
  pausedIn: PausablePhase | null;
  /** Requests for the microphone refused so far: after each, the page's button works again. */
  microphoneRefusals: number;
  /** Why the last request was refused and what to do ("Microphone access issue. …"); null before any refusal. */
  microphoneProblem: string | null;
}

/** What each rule edits for one event: a working copy of the state, and the event's commands. */
export type InterviewDraft = Draft<InterviewState, InterviewEffect, InterviewTimer>;

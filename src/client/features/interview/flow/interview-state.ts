import { INTERVIEW_MAX_ELAPSED_MS } from '../../../../shared/interview/constants';
import type { InterviewQuestion } from '../../../../shared/interview/questions';
import type { InterviewDraft, InterviewPhase, InterviewState, PausablePhase } from './types';

/*
 * The state the mock interview starts in, whether it is running, and its clock: every event carries
 * `now` (SPEC.md section 4 'Interview simulator').
 */

/** Between countdown ticks of the interview timer and of the auto-advance indicator. */
export const INTERVIEW_TICK_MS = 1_000;

/** Elapsed ms since the interview started, as answers and transcript entries are stamped. */
export function elapsed(state: InterviewState, now: number): number {
  const start = state.startedAt ?? now;
  return Math.min(INTERVIEW_MAX_ELAPSED_MS, Math.max(0, Math.round(now - start)));
}

/** The audio recorded by `now` (ms), as the answers are placed on the recording. */
export function recordedAt(state: InterviewState, now: number): number {
  const recorded = state.recordedMs + (state.recordingSince === null ? 0 : Math.max(0, now - state.recordingSince));
  return Math.min(INTERVIEW_MAX_ELAPSED_MS, Math.round(recorded));
}

export interface InitialInterviewOptions {
  questions: readonly InterviewQuestion[];
  studentName: string;
  now: number;
  /** Whether the browser has speech recognition (default true). */
  recognition?: boolean;
}

export function initialInterviewState({ questions, studentName, now, recognition = true }: InitialInterviewOptions): InterviewState {
  return {
    view: 'permission',
    phase: 'permission',
    questions,
    studentName,
    index: 0,
    now,
    startedAt: null,
    speechId: null,
    speechSeq: 0,
    listening: false,
    recording: 'off',
    recordingStarted: false,
    recordedMs: 0,
    recordingSince: null,
    answerRecordingStartMs: null,
    audioAvailable: false,
    audioReported: false,
    recorder: { status: 'unknown', chunks: 0, countedAtMs: 0 },
    canRecord: true,
    finals: [],
    interim: '',
    autoAdvanceDeadline: null,
    networkErrorShown: false,
    answers: [],
    transcript: [],
    durationMs: null,
    completedAt: null,
    saveStatus: 'idle',
    report: null,
    transcription: recognition ? 'live' : 'off',
    voiceSince: null,
    heardVoice: false,
    voiceNow: false,
    voiceCarried: false,
    pausedIn: null,
    microphoneRefusals: 0,
    microphoneProblem: null,
  };
}

/** Whether the interview is running (greeting to last answer, paused included). */
export function isInterviewRunning(state: InterviewState): boolean {
  return isPausable(state.phase) || state.phase === 'paused';
}

/** Whether the current question has been asked: it is being spoken or answered, or was when the interview paused. */
export function questionAsked(state: Pick<InterviewState, 'phase' | 'pausedIn'>): boolean {
  const phase = state.phase === 'paused' ? state.pausedIn : state.phase;
  return phase === 'speakingQuestion' || phase === 'answering';
}

/** The phases in which leaving the page pauses the interview. */
export function isPausable(phase: InterviewPhase): phase is PausablePhase {
  return phase === 'greeting' || phase === 'waitingQuestion' || phase === 'speakingQuestion' || phase === 'answering';
}

/** The 8 s auto-advance stops and its indicator goes (the student is speaking, or recognition cannot hear). */
export function holdAutoAdvance(draft: InterviewDraft): void {
  draft.state.autoAdvanceDeadline = null;
  draft.cancel('autoAdvance');
  draft.cancel('autoAdvanceTick');
}

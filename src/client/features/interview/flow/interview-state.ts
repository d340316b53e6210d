import type { InterviewQuestion } from '../../../../shared/interview/questions';
import type { InterviewState } from './types';

/* The state the mock interview starts in, and whether it is running (SPEC.md section 4 'Interview simulator'). */

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
    audioAvailable: false,
    finals: [],
    interim: '',
    autoAdvanceDeadline: null,
    answers: [],
    transcript: [],
    durationMs: null,
    completedAt: null,
    saveStatus: 'idle',
    transcription: recognition ? 'live' : 'off',
    voiceSince: null,
    heardVoice: false,
    commands: [],
  };
}

/** Whether the interview is running (greeting to last answer). */
export function isInterviewRunning(state: InterviewState): boolean {
  return state.phase === 'greeting' || state.phase === 'waitingQuestion' || state.phase === 'speakingQuestion' || state.phase === 'answering';
}

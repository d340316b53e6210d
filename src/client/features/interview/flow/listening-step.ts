import { INTERVIEW_RECOGNITION_RESTART_MS, INTERVIEW_RECORDING_START_DELAY_MS } from '../../../../shared/interview/constants';
import { cancel, emit, schedule, speak } from './commands';
import type { InterviewCommand, InterviewState } from './types';

/*
 * Step 3, 'After each spoken question finishes, listening and audio recording start automatically
 * (recording starts after a 0.5 s delay)', and 'Recognition restarts after 1 s if it ends while
 * still listening' (SPEC.md section 4 'Interview simulator'; section 8 'Speech recognition').
 */

export const NETWORK_ERROR_TOAST = { title: 'Network Error', message: 'Speech recognition failed due to network issues. Please check your connection.' } as const;

/**
 * The one place of the rule 'recognition restarts after 1 s if it ends while still listening'.
 * Chrome ends sessions on its own (silence, ~60 s): the recognizer, given this delay by the edge,
 * starts a new one while the flow still listens, keeping one answer; an end for good (an error,
 * Android's restart cap) reaches the flow as RECOGNITION_ENDED, which restarts after it itself.
 */
export const RECOGNITION_RESTART_DELAY_MS = INTERVIEW_RECOGNITION_RESTART_MS;

/** Speaks the current question (after the greeting's 3 s or the previous answer's 1.5 s). */
export function askCurrentQuestion(state: InterviewState): InterviewState {
  const question = state.questions[state.index];
  if (!question) return state;
  return speak({ ...state, phase: 'speakingQuestion' }, question.question, `question-${question.id}`);
}

/** Starts recognition now and the recording 0.5 s later. */
export function startCapture(state: InterviewState): InterviewState {
  const listen: InterviewCommand[] = state.transcription === 'live' ? [{ type: 'startListening' }] : [];
  return emit({ ...state, listening: true, voiceSince: null }, ...listen, schedule('recordingStart', INTERVIEW_RECORDING_START_DELAY_MS));
}

/** Turns answer capture off for the current question: no listening, no pending restart or recording start, recording paused. */
export function stopCapture(state: InterviewState): InterviewState {
  const commands: InterviewCommand[] = [cancel('recognitionRestart'), cancel('recordingStart'), cancel('autoAdvance'), cancel('autoAdvanceTick'), cancel('answerSilence')];
  if (state.listening && state.transcription === 'live') commands.push({ type: 'stopListening' });
  let recording = state.recording;
  if (recording === 'recording') {
    commands.push({ type: 'pauseRecording' });
    recording = 'paused';
  }
  return emit({ ...state, listening: false, recording, autoAdvanceDeadline: null, interim: '' }, ...commands);
}

/** The question has been spoken: the student answers. */
export function onQuestionSpoken(state: InterviewState): InterviewState {
  return startCapture({ ...state, phase: 'answering' });
}

/** 0.5 s after listening started: the one continuous recording starts, or resumes. */
export function onRecordingStartDue(state: InterviewState): InterviewState {
  if (state.phase !== 'answering' || !state.listening || state.recording === 'recording') return state;
  const command: InterviewCommand = state.recordingStarted ? { type: 'resumeRecording' } : { type: 'startRecording' };
  return emit({ ...state, recording: 'recording', recordingStarted: true }, command);
}

/** The Start/Stop Recording button. */
export function onToggleRecording(state: InterviewState): InterviewState {
  if (state.phase !== 'answering') return state;
  return state.listening ? stopCapture(state) : startCapture(state);
}

export function onInterim(state: InterviewState, text: string): InterviewState {
  return state.phase === 'answering' && state.listening ? { ...state, interim: text } : state;
}

export function onRecognitionEnded(state: InterviewState): InterviewState {
  return state.phase === 'answering' && state.listening ? emit(state, schedule('recognitionRestart', RECOGNITION_RESTART_DELAY_MS)) : state;
}

export function onRecognitionRestartDue(state: InterviewState): InterviewState {
  return state.phase === 'answering' && state.listening && state.transcription === 'live' ? emit(state, { type: 'startListening' }) : state;
}

export function onRecognitionError(state: InterviewState, code: string, message: string): InterviewState {
  // No recognition after all: this answer and the rest end on the microphone's silence.
  if (code === 'not-supported') return { ...state, transcription: 'off' };
  if (code === 'network') return emit(state, { type: 'toast', kind: 'error', ...NETWORK_ERROR_TOAST });
  return emit(state, { type: 'log', message: `Speech recognition error: ${code}`, detail: message });
}

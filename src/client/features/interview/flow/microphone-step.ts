import { emit } from './commands';
import { MICROPHONE_ACCESS_REQUIRED } from './labels';
import type { InterviewState } from './types';

/* Step 1, 'mic not granted -> mic granted (welcome view)' (SPEC.md section 4 'Interview simulator'; section 8 'Microphone'). */

export { MICROPHONE_ACCESS_REQUIRED };
export const MICROPHONE_DENIED_TOAST = { title: MICROPHONE_ACCESS_REQUIRED, message: 'Please allow microphone access to start the interview.' } as const;

export function onRequestMicrophone(state: InterviewState): InterviewState {
  return state.view === 'permission' ? emit(state, { type: 'requestMicrophone' }) : state;
}

export function onMicrophoneGranted(state: InterviewState): InterviewState {
  return state.view === 'permission' ? { ...state, view: 'welcome', phase: 'welcome' } : state;
}

/** A refusal keeps the permission screen, with its toast. */
export function onMicrophoneDenied(state: InterviewState): InterviewState {
  return state.view === 'permission' ? emit(state, { type: 'toast', kind: 'error', ...MICROPHONE_DENIED_TOAST }) : state;
}

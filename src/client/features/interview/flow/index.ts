export * from './types';
export * from './reducer';
export { initialInterviewState, INTERVIEW_TICK_MS, isInterviewRunning, type InitialInterviewOptions } from './interview-state';
export { MICROPHONE_ACCESS_REQUIRED, MICROPHONE_DENIED_TOAST } from './microphone-step';
export { welcomeGreeting } from './start-step';
export { NETWORK_ERROR_TOAST, RECOGNITION_RESTART_DELAY_MS } from './listening-step';
export { SAVE_FAILURE_TITLE, SAVE_SUCCESS_TOAST } from './completion-step';
export * from './selectors';
export { sessionWithoutRecording } from './recording-outcome';

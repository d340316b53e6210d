/* The speaking test before anything happened: the setup stage, asking for the microphone 1 s later; and its clock's tick. */
import { MICROPHONE_AUTO_REQUEST_DELAY_MS } from '../../../../shared/speaking-test/constants.js';
import type { Command, InitialStateOptions, SpeakingTestState } from './types.js';

/** The countdowns tick once a second. */
export const COUNTDOWN_TICK_MS = 1_000;

/** What the flow does before any event (the runtime's `begin`): the microphone is asked for 1 s after the setup screen appears. */
export const FIRST_COMMANDS: readonly Command[] = [{ type: 'schedule', timer: 'micAutoRequest', delayMs: MICROPHONE_AUTO_REQUEST_DELAY_MS }];

export function initialState(options: InitialStateOptions): SpeakingTestState {
  return {
    device: options.device,
    questions: options.questions,
    stage: 'setup',
    microphone: { status: 'idle', demo: false, error: null },
    startedAt: null,
    phase: 'idle',
    questionIndex: 0,
    speechId: null,
    speechCount: 0,
    countdownSeconds: null,
    answer: null,
    voiceNow: false,
    answers: [],
    completionNote: null,
    recognitionError: null,
    // Apple devices: speech recognition is blocked (spec section 4).
    transcription: options.device === 'apple' || options.recognition === false ? 'off' : 'live',
    transcriptMissing: false,
    canRecord: true,
    recorder: { status: 'unknown', chunks: 0, countedAtMs: 0 },
    result: null,
    failure: null,
    repeatUsed: false,
    part2Notes: '',
    lastEventAt: options.now,
    toasts: [],
    toastCount: 0,
    unheardRun: 0,
    unheardTold: false,
    saveStatus: 'idle',
    sessionExpired: false,
    sessionEndsAt: null,
    sessionSecondsLeft: null,
  };
}

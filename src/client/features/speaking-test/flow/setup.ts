/*
 * The flow before the test starts (setup and ready: SPEC.md section 4, "Microphone"), on its own so
 * that the /test page's first visit carries only this (decision 0024): the same rules as machine.ts
 * (microphone.ts), for the events that can happen before Start Test, and the same screen as
 * selectors.ts for these two stages. The whole flow (machine.ts) takes over at Start Test, from the
 * state this one reached; flow/setup.test.ts checks both give the same answers.
 */
import { stepOf } from '../../../lib/flow/draft.js';
import { toastShown } from './toasts.js';
import { onDemoMode, onMicAutoRequest, onMicDenied, onMicGranted, onMicrophoneError, onRequestMicrophone } from './microphone.js';
import { selectProgress } from './progress.js';
import type { ScreenView } from './selectors.js';
import type { SpeakingTestDraft, SpeakingTestEffect, SpeakingTestEvent, SpeakingTestState, TimerName } from './types.js';

function route(draft: SpeakingTestDraft, event: SpeakingTestEvent): void {
  draft.state.lastEventAt = event.now;
  switch (event.type) {
    case 'REQUEST_MICROPHONE': return onRequestMicrophone(draft);
    case 'MIC_GRANTED': return onMicGranted(draft, event.canRecord);
    case 'MIC_DENIED': return onMicDenied(draft, event.message);
    case 'DEMO_MODE': return onDemoMode(draft);
    case 'MICROPHONE_ERROR': return onMicrophoneError(draft, event.message);
    case 'TOAST_SHOWN': return toastShown(draft, event.id);
    case 'TIMER':
      if (event.timer === 'micAutoRequest') onMicAutoRequest(draft);
      return;
    // Start Test and everything after it: machine.ts.
    default:
      return;
  }
}

/** The setup flow's step on the flow runtime (src/client/lib/flow/runtime.ts): the next state and this event's commands. */
export const setupStep = stepOf<SpeakingTestState, SpeakingTestEvent, SpeakingTestEffect, TimerName>(route);

/** selectScreen (selectors.ts) for the setup and ready stages: no part, question, cue card or answer yet. */
export function selectSetupScreen(state: SpeakingTestState): ScreenView {
  const transcriptionOff = state.transcription === 'off';
  return {
    stage: state.stage,
    microphone: state.microphone.status,
    microphoneError: state.microphone.error,
    demo: state.microphone.demo,
    canRecord: state.canRecord,
    startEnabled: state.stage === 'ready',
    partTitle: null,
    question: null,
    cueCard: null,
    part2Phase: null,
    countdownSeconds: null,
    answering: false,
    showTranscript: state.device !== 'android' && !transcriptionOff,
    transcript: '',
    notes: state.completionNote ? [state.completionNote] : [],
    recordingProblem: null,
    recognitionError: state.recognitionError,
    failure: state.failure,
    transcriptionOff,
    canRepeat: false,
    repeated: false,
    canFinish: false,
    notesBox: null,
    part2SpokenSeconds: null,
    toasts: state.toasts,
    progress: selectProgress(state),
  };
}

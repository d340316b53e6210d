/*
 * The speaking test as a pure step (SPEC.md section 4), run by the flow runtime
 * (src/client/lib/flow/runtime.ts). Every event carries `now`; the rules edit a working copy of the
 * state (src/client/lib/flow/draft.ts) and push this event's commands, in order. Nothing here reads
 * a clock or calls the browser.
 *
 * This file only routes each event to the rules of the spec section it belongs to: microphone.ts,
 * stages.ts, parts-1-and-3.ts, part-2.ts, android.ts, apple.ts, after-the-test.ts, with the answer
 * being captured and ended in answer-capture.ts and recognition's ends and failures in recognition.ts.
 */
import { stepOf } from '../../../lib/flow/draft.js';
import { onAfterTestTimer, onSaveResult, onStayInSession } from './after-the-test.js';
import { onAfterRecognitionEnd, onAnswerLimit, onFinal, onFirstSpeech, onInterim, onSilenceCheck, onVoice } from './answer-capture.js';
import { onAndroidFallbackTick } from './android.js';
import { onRecordingChecked, onRecordingCheckTimer } from './recorder-check.js';
import { toastShown } from './toasts.js';
import { onDemoMode, onMicAutoRequest, onMicDenied, onMicGranted, onMicrophoneError, onRequestMicrophone } from './microphone.js';
import { onHandOff, onPart2AnnouncementSpoken, onPart2Notes, onPreparationTick, onSpeakingTick } from './part-2.js';
import { finishAnswerNow, onListenDelayOver, onPart3IntroSpoken, onPart3IntroWaitOver, onQuestionSpoken, repeatQuestion } from './parts-1-and-3.js';
import { onPageHidden, onRecognitionEnded, onRecognitionError, resumeAfterFailure } from './recognition.js';
import { onRecordingError } from './recording.js';
import { onScored, startTest } from './stages.js';
import type { SpeakingTestDraft, SpeakingTestEffect, SpeakingTestEvent, SpeakingTestState, SpeechOutcome, TimerName } from './types.js';

// The flow's public API, from the files that define it.
export { AUTH_ROUTE, formatSecondsLeft, SAVE_TOASTS, SAVE_WARNING_TEXT, SAVE_WARNING_TITLE, SESSION_EXPIRED_TOAST, SESSION_WARNING_MS } from './after-the-test.js';
export { answerIsOver, finishAnswer, voicedMsAt } from './answer-capture.js';
export { ANDROID_FALLBACK_NOTE, answerKey, continueSpeakingNote, createRepeatFilter, RESPONSE_COMPLETED_NOTE } from './android.js';
export { APPLE_PLACEHOLDER_NOTE, RECORDING_NOTICE_TOAST } from './apple.js';
export { COUNTDOWN_TICK_MS, FIRST_COMMANDS, initialState } from './initial-state.js';
export { MIN_LISTEN_RESTART_MS, PAGE_HIDDEN_MESSAGE, RECOGNITION_FAILURE_CODES } from './recognition.js';
export { RECORDING_ERROR_TEXT } from './recording.js';

function route(draft: SpeakingTestDraft, event: SpeakingTestEvent): void {
  draft.state.lastEventAt = event.now;
  switch (event.type) {
    case 'REQUEST_MICROPHONE': return onRequestMicrophone(draft);
    case 'MIC_GRANTED': return onMicGranted(draft, event.canRecord);
    case 'MIC_DENIED': return onMicDenied(draft, event.message);
    case 'DEMO_MODE': return onDemoMode(draft);
    case 'START_TEST': return startTest(draft, event.now, event.questions);
    case 'SPEECH_DONE': return onSpeechDone(draft, event.id, event.outcome, event.now);
    case 'TIMER': return onTimer(draft, event.timer, event.now);
    case 'INTERIM': return onInterim(draft, event.text, event.now);
    case 'FINAL': return onFinal(draft, event.text, event.confidence, event.at ?? event.now);
    case 'FIRST_SPEECH': return onFirstSpeech(draft, event.at);
    case 'RECOGNITION_ENDED': return onRecognitionEnded(draft);
    case 'RECOGNITION_ERROR': return onRecognitionError(draft, event.code, event.message);
    case 'VOICE': return onVoice(draft, event.speaking, event.at);
    case 'RETRY_RECOGNITION': return resumeAfterFailure(draft, 'live');
    case 'CONTINUE_WITHOUT_TRANSCRIPT': return resumeAfterFailure(draft, 'off');
    case 'PAGE_HIDDEN': return onPageHidden(draft);
    case 'RESUME_TEST': return resumeAfterFailure(draft, 'as before');
    case 'REPEAT_QUESTION': return repeatQuestion(draft);
    case 'FINISH_ANSWER': return finishAnswerNow(draft);
    case 'PART2_NOTES': return onPart2Notes(draft, event.text);
    case 'RECORDING_ERROR': return onRecordingError(draft);
    case 'MICROPHONE_ERROR': return onMicrophoneError(draft, event.message);
    case 'RECORDING_CHECKED': return onRecordingChecked(draft, event.chunkCount, event.recordedMs);
    case 'SCORED': return onScored(draft, event.result);
    case 'SAVE_RESULT': return onSaveResult(draft, event.outcome);
    case 'TOAST_SHOWN': return toastShown(draft, event.id);
    case 'STAY_IN_SESSION': return onStayInSession(draft, event.now);
  }
}

/** The examiner finished a line: what follows depends on which line it was. */
function onSpeechDone(draft: SpeakingTestDraft, id: string, outcome: SpeechOutcome, now: number): void {
  // 'cancelled' means the edge stopped the voice (leaving the page): the flow does not go on.
  if (id !== draft.state.speechId || outcome === 'cancelled') return;
  draft.state.speechId = null;
  switch (draft.state.phase) {
    case 'asking': return onQuestionSpoken(draft, now);
    case 'part2Announcement': return onPart2AnnouncementSpoken(draft);
    case 'part3Intro': return onPart3IntroSpoken(draft);
    default: return;
  }
}

function onTimer(draft: SpeakingTestDraft, timer: TimerName, now: number): void {
  switch (timer) {
    case 'micAutoRequest': return onMicAutoRequest(draft);
    case 'afterQuestion': return onListenDelayOver(draft, now);
    case 'silenceCheck': return onSilenceCheck(draft, now);
    case 'answerLimit': return onAnswerLimit(draft);
    case 'afterRecognitionEnd': return onAfterRecognitionEnd(draft);
    case 'androidFallbackTick': return onAndroidFallbackTick(draft);
    case 'prepTick': return onPreparationTick(draft, now);
    case 'speakTick': return onSpeakingTick(draft);
    case 'handOff': return onHandOff(draft, now);
    case 'part3Intro': return onPart3IntroWaitOver(draft);
    case 'recordingCheck': return onRecordingCheckTimer(draft);
    case 'sessionWarning':
    case 'sessionWarningTick':
    case 'sessionExpiry':
    case 'sessionRedirect':
      return onAfterTestTimer(draft, timer, now);
  }
}

/** One event: the next state and this event's commands (the previous state is left as it was). */
export const speakingTestStep = stepOf<SpeakingTestState, SpeakingTestEvent, SpeakingTestEffect, TimerName>(route);

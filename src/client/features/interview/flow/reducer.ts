import { stepOf } from '../../../lib/flow/draft';
import { onAnswerSilence, onAutoAdvanceExpired, onAutoAdvanceTick, onFinal, onInterim, onInterimSettled, onVoice } from './auto-advance-step';
import { onSaveResult, onTick, onTimeLimit } from './completion-step';
import {
  askCurrentQuestion,
  onQuestionSpoken,
  onRecognitionEnded,
  onRecognitionError,
  onRecognitionRestartDue,
  onRecordingStartDue,
  onToggleRecording,
} from './listening-step';
import { onMicrophoneDenied, onMicrophoneGranted, onRequestMicrophone } from './microphone-step';
import { onNext } from './next-question-step';
import { onRecordingChecked, onRecordingCheckTimer } from './recorder-check';
import { onPageClosed } from './page-hide-step';
import { onPageHidden, onResume } from './pause-step';
import { onGreetingSpoken, onStart } from './start-step';
import type { InterviewDraft, InterviewEffect, InterviewEvent, InterviewState, InterviewTimer, SpeechOutcome } from './types';

/*
 * The mock interview as a pure step (SPEC.md section 4 'Interview simulator'), run by the flow
 * runtime (src/client/lib/flow/runtime.ts). Every event carries the clock (`now`); the rules edit a
 * working copy of the state and push this event's commands, and never call the browser. This file
 * only routes each event and timer to its step's rules, in the files named for the steps:
 * microphone-step, start-step, listening-step, next-question-step, completion-step,
 * auto-advance-step, pause-step, page-hide-step, recorder-check.
 */

function onTimer(draft: InterviewDraft, timer: InterviewTimer, now: number): void {
  switch (timer) {
    case 'firstQuestion':
    case 'nextQuestion':
      if (draft.state.phase === 'waitingQuestion') askCurrentQuestion(draft);
      return;
    case 'recordingStart':
      return onRecordingStartDue(draft);
    case 'recognitionRestart':
      return onRecognitionRestartDue(draft);
    case 'autoAdvance':
      return onAutoAdvanceExpired(draft, now);
    case 'autoAdvanceTick':
      return onAutoAdvanceTick(draft, now);
    case 'tick':
      return onTick(draft);
    case 'timeLimit':
      return onTimeLimit(draft, now);
    case 'answerSilence':
      return onAnswerSilence(draft, now);
    case 'interimSettled':
      return onInterimSettled(draft, now);
    case 'recordingCheck':
      return onRecordingCheckTimer(draft);
  }
}

/** The examiner finished a line: what follows depends on which line it was. */
function onSpeechDone(draft: InterviewDraft, id: string, outcome: SpeechOutcome): void {
  if (id !== draft.state.speechId) return;
  draft.state.speechId = null;
  if (outcome === 'failed') draft.emit({ type: 'log', message: `Speech ${id} failed; continuing.` });
  if (draft.state.phase === 'greeting') onGreetingSpoken(draft);
  else if (draft.state.phase === 'speakingQuestion') onQuestionSpoken(draft);
}

function route(draft: InterviewDraft, event: InterviewEvent): void {
  const { now } = event;
  draft.state.now = now;
  switch (event.type) {
    case 'REQUEST_MICROPHONE':
      return onRequestMicrophone(draft);
    case 'MIC_GRANTED':
      return onMicrophoneGranted(draft, event.canRecord);
    case 'MIC_DENIED':
      return onMicrophoneDenied(draft, event.message);
    case 'START':
      return onStart(draft, now);
    case 'SPEECH_DONE':
      return onSpeechDone(draft, event.id, event.outcome);
    case 'TIMER':
      return onTimer(draft, event.timer, now);
    case 'INTERIM':
      return onInterim(draft, event.text);
    case 'FINAL':
      return onFinal(draft, event.text, event.confidence, now);
    case 'RECOGNITION_ENDED':
      return onRecognitionEnded(draft);
    case 'VOICE':
      return onVoice(draft, event.speaking, event.at);
    case 'RECOGNITION_ERROR':
      return onRecognitionError(draft, event.code, event.message);
    case 'TOGGLE_RECORDING':
      return onToggleRecording(draft);
    case 'NEXT':
      return onNext(draft, now);
    case 'PAGE_HIDDEN':
      return onPageHidden(draft);
    case 'RESUME_INTERVIEW':
      return onResume(draft, now);
    case 'PAGE_CLOSED':
      return onPageClosed(draft);
    case 'AUDIO_READY':
      draft.state.audioAvailable = event.hasAudio;
      draft.state.audioReported = true;
      return;
    case 'RECORDING_CHECKED':
      return onRecordingChecked(draft, event.chunkCount, event.recordedMs);
    case 'SAVE_RESULT':
      return onSaveResult(draft, event.ok, event.message);
  }
}

/** One event: the next state and this event's commands (the previous state is left as it was). */
export const interviewStep = stepOf<InterviewState, InterviewEvent, InterviewEffect, InterviewTimer>(route);

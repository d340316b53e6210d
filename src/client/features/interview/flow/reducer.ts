import { onAnswerSilence, onAutoAdvanceExpired, onAutoAdvanceTick, onFinal, onVoice } from './auto-advance-step';
import { emit } from './commands';
import { onSaveResult, onTick, onTimeLimit } from './completion-step';
import {
  askCurrentQuestion,
  onInterim,
  onQuestionSpoken,
  onRecognitionEnded,
  onRecognitionError,
  onRecognitionRestartDue,
  onRecordingStartDue,
  onToggleRecording,
} from './listening-step';
import { onMicrophoneDenied, onMicrophoneGranted, onRequestMicrophone } from './microphone-step';
import { onNext } from './next-question-step';
import { onPageHidden } from './page-hide-step';
import { onGreetingSpoken, onStart } from './start-step';
import type { InterviewEvent, InterviewState, InterviewTimer } from './types';

/*
 * The mock interview as a pure reducer (SPEC.md section 4 'Interview simulator'). Every event
 * carries the clock (`now`); the reducer queues commands for the edge and never calls the browser.
 * This file only routes each event and timer to its step's rules, in the files named for the steps:
 * microphone-step, start-step, listening-step, next-question-step, completion-step,
 * auto-advance-step, page-hide-step.
 */

function onTimer(state: InterviewState, timer: InterviewTimer, now: number): InterviewState {
  switch (timer) {
    case 'firstQuestion':
    case 'nextQuestion':
      return state.phase === 'waitingQuestion' ? askCurrentQuestion(state) : state;
    case 'recordingStart':
      return onRecordingStartDue(state);
    case 'recognitionRestart':
      return onRecognitionRestartDue(state);
    case 'autoAdvance':
      return onAutoAdvanceExpired(state, now);
    case 'autoAdvanceTick':
      return onAutoAdvanceTick(state, now);
    case 'tick':
      return onTick(state);
    case 'timeLimit':
      return onTimeLimit(state, now);
    case 'answerSilence':
      return onAnswerSilence(state, now);
  }
}

export function interviewReducer(previous: InterviewState, event: InterviewEvent): InterviewState {
  const state: InterviewState = { ...previous, now: event.now };
  const { now } = event;
  switch (event.type) {
    case 'COMMANDS_TAKEN':
      return { ...state, commands: state.commands.slice(Math.max(0, event.count)) };
    case 'REQUEST_MICROPHONE':
      return onRequestMicrophone(state);
    case 'MIC_GRANTED':
      return onMicrophoneGranted(state);
    case 'MIC_DENIED':
      return onMicrophoneDenied(state);
    case 'START':
      return onStart(state, now);
    case 'SPEECH_DONE': {
      if (event.id !== state.speechId) return state;
      const silent: InterviewState = { ...state, speechId: null };
      const logged = event.outcome === 'failed' ? emit(silent, { type: 'log', message: `Speech ${event.id} failed; continuing.` }) : silent;
      if (state.phase === 'greeting') return onGreetingSpoken(logged);
      if (state.phase === 'speakingQuestion') return onQuestionSpoken(logged);
      return logged;
    }
    case 'TIMER':
      return onTimer(state, event.timer, now);
    case 'INTERIM':
      return onInterim(state, event.text);
    case 'FINAL':
      return onFinal(state, event.text, event.confidence, now);
    case 'RECOGNITION_ENDED':
      return onRecognitionEnded(state);
    case 'VOICE':
      return onVoice(state, event.speaking, event.at);
    case 'RECOGNITION_ERROR':
      return onRecognitionError(state, event.code, event.message);
    case 'TOGGLE_RECORDING':
      return onToggleRecording(state);
    case 'NEXT':
      return onNext(state, now);
    case 'PAGE_HIDDEN':
      return onPageHidden(state);
    case 'AUDIO_READY':
      return { ...state, audioAvailable: event.hasAudio };
    case 'SAVE_RESULT':
      return onSaveResult(state, event.ok, event.message);
  }
}

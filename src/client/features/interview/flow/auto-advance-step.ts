import { INTERVIEW_ANSWER_SILENCE_MS, INTERVIEW_AUTO_ADVANCE_MS } from '../../../../shared/interview/constants';
import { cancel, emit, INTERVIEW_TICK_MS, schedule } from './commands';
import { advance } from './next-question-step';
import { addFinal } from './recorded-answer';
import type { InterviewState } from './types';

/*
 * Step 6, 'When a final speech result arrives, an 8-second auto-advance countdown starts and
 * restarts on each new final result; on expiry it moves to the next question' (SPEC.md section 4
 * 'Interview simulator'). Without recognition (issue 15), the microphone's silence after speech
 * acts as the final result.
 */

/** A final result (recognised, or without recognition the end of speech): the 8 s auto-advance starts again. */
function restartAutoAdvance(state: InterviewState, now: number): InterviewState {
  return emit(
    { ...state, autoAdvanceDeadline: now + INTERVIEW_AUTO_ADVANCE_MS },
    schedule('autoAdvance', INTERVIEW_AUTO_ADVANCE_MS),
    schedule('autoAdvanceTick', INTERVIEW_TICK_MS),
  );
}

export function onFinal(state: InterviewState, rawText: string, confidence: number | null, now: number): InterviewState {
  if (state.phase !== 'answering' || !state.listening) return state;
  const text = rawText.trim();
  if (text === '') return state;
  return restartAutoAdvance(addFinal(state, text, confidence, now), now);
}

/** Without recognition: speech stops the countdown; INTERVIEW_ANSWER_SILENCE_MS of silence after it acts as a final result. */
export function onVoice(state: InterviewState, speaking: boolean, at: number): InterviewState {
  if (state.transcription !== 'off' || state.phase !== 'answering' || !state.listening) return state;
  if (speaking) {
    if (state.voiceSince !== null) return state;
    return emit({ ...state, voiceSince: at, heardVoice: true, autoAdvanceDeadline: null }, cancel('answerSilence'), cancel('autoAdvance'), cancel('autoAdvanceTick'));
  }
  if (state.voiceSince === null) return state;
  return emit({ ...state, voiceSince: null }, schedule('answerSilence', Math.max(0, INTERVIEW_ANSWER_SILENCE_MS - (state.now - at))));
}

export function onAnswerSilence(state: InterviewState, now: number): InterviewState {
  return state.phase === 'answering' && state.listening && state.voiceSince === null && state.heardVoice ? restartAutoAdvance(state, now) : state;
}

/** The 'Auto-advancing in {n}s' indicator counts down each second. */
export function onAutoAdvanceTick(state: InterviewState, now: number): InterviewState {
  if (state.phase !== 'answering' || state.autoAdvanceDeadline === null) return state;
  return state.autoAdvanceDeadline - now > INTERVIEW_TICK_MS ? emit(state, schedule('autoAdvanceTick', INTERVIEW_TICK_MS)) : state;
}

export function onAutoAdvanceExpired(state: InterviewState, now: number): InterviewState {
  return state.phase === 'answering' && state.autoAdvanceDeadline !== null ? advance(state, now) : state;
}

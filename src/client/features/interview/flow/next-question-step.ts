import { INTERVIEW_NEXT_QUESTION_DELAY_MS } from '../../../../shared/interview/constants';
import { emit, schedule } from './commands';
import { complete } from './completion-step';
import { stopCapture } from './listening-step';
import { saveCurrentAnswer } from './recorded-answer';
import type { InterviewState } from './types';

/*
 * Step 4, 'Moving to the next question saves the current answer, stops listening, clears the
 * transcript, and speaks the next question after 1.5 s' (SPEC.md section 4 'Interview simulator').
 */

/** Saves the current answer and moves on: the next question after 1.5 s, or completion after the last. */
export function advance(state: InterviewState, now: number): InterviewState {
  if (state.index >= state.questions.length - 1) return complete(state, now);
  const next = saveCurrentAnswer(stopCapture(state), now);
  return emit({ ...next, index: next.index + 1, phase: 'waitingQuestion', finals: [] }, schedule('nextQuestion', INTERVIEW_NEXT_QUESTION_DELAY_MS));
}

/** The 'Next Question' (or 'Complete Interview') button. */
export function onNext(state: InterviewState, now: number): InterviewState {
  return state.phase === 'answering' ? advance(state, now) : state;
}

import { INTERVIEW_NEXT_QUESTION_DELAY_MS } from '../../../../shared/interview/constants';
import { complete } from './completion-step';
import { stopCapture } from './listening-step';
import { saveCurrentAnswer } from './recorded-answer';
import type { InterviewDraft } from './types';

/*
 * Step 4, 'Moving to the next question saves the current answer, stops listening, clears the
 * transcript, and speaks the next question after 1.5 s' (SPEC.md section 4 'Interview simulator').
 */

/** Saves the current answer and moves on: the next question after 1.5 s, or completion after the last. */
export function advance(draft: InterviewDraft, now: number): void {
  if (draft.state.index >= draft.state.questions.length - 1) return complete(draft, now);
  stopCapture(draft);
  saveCurrentAnswer(draft, now);
  draft.state.index += 1;
  draft.state.phase = 'waitingQuestion';
  draft.state.finals = [];
  // A new question starts without the last one's outage: if the connection is still down, listening fails again and says so.
  draft.state.networkErrorShown = false;
  draft.schedule('nextQuestion', INTERVIEW_NEXT_QUESTION_DELAY_MS);
}

/** The 'Next Question' (or 'Complete Interview') button. */
export function onNext(draft: InterviewDraft, now: number): void {
  if (draft.state.phase === 'answering') advance(draft, now);
}

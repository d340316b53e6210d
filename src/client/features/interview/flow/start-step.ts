import { INTERVIEW_FIRST_QUESTION_DELAY_MS, INTERVIEW_TIME_LIMIT_MS } from '../../../../shared/interview/constants';
import { emit, INTERVIEW_TICK_MS, schedule, speak } from './commands';
import type { InterviewState } from './types';

/*
 * Step 2, 'Start speaks a welcome greeting, then the first question after 3 s' (SPEC.md section 4
 * 'Interview simulator'); the 30-minute limit and its countdown start here too.
 */

/** The spoken welcome greeting (ours: the spec says only "a welcome greeting"). */
export function welcomeGreeting(studentName: string, questionCount: number): string {
  const name = studentName.trim();
  const plural = questionCount === 1 ? 'question' : 'questions';
  return (
    `Hello${name ? ` ${name}` : ''}, welcome to your mock interview. ` +
    `I will ask you ${questionCount} ${plural} based on your profile. ` +
    'Please answer each one clearly and in your own words. Let us begin.'
  );
}

/** Starting requires at least one question (spec section 5). */
export function onStart(state: InterviewState, now: number): InterviewState {
  if (state.view !== 'welcome' || state.questions.length === 0) return state;
  const started: InterviewState = { ...state, view: 'active', phase: 'greeting', startedAt: now, index: 0 };
  return speak(
    emit(started, schedule('timeLimit', INTERVIEW_TIME_LIMIT_MS), schedule('tick', INTERVIEW_TICK_MS), { type: 'startVoiceMeter' }),
    welcomeGreeting(state.studentName, state.questions.length),
    'greeting',
  );
}

/** The greeting has been spoken: the first question follows after 3 s. */
export function onGreetingSpoken(state: InterviewState): InterviewState {
  return emit({ ...state, phase: 'waitingQuestion' }, schedule('firstQuestion', INTERVIEW_FIRST_QUESTION_DELAY_MS));
}

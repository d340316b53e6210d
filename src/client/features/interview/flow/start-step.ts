import { INTERVIEW_FIRST_QUESTION_DELAY_MS, INTERVIEW_TIME_LIMIT_MS } from '../../../../shared/interview/constants';
import { INTERVIEW_TICK_MS } from './interview-state';
import { speak } from './listening-step';
import { scheduleRecordingCheck } from './recorder-check';
import type { InterviewDraft } from './types';

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
export function onStart(draft: InterviewDraft, now: number): void {
  const { state } = draft;
  if (state.view !== 'welcome' || state.questions.length === 0) return;
  draft.state = { ...state, view: 'active', phase: 'greeting', startedAt: now, index: 0 };
  draft.schedule('timeLimit', INTERVIEW_TIME_LIMIT_MS);
  draft.schedule('tick', INTERVIEW_TICK_MS);
  scheduleRecordingCheck(draft);
  draft.emit({ type: 'startVoiceMeter' });
  speak(draft, welcomeGreeting(state.studentName, state.questions.length), 'greeting');
}

/** The greeting has been spoken: the first question follows after 3 s. */
export function onGreetingSpoken(draft: InterviewDraft): void {
  draft.state.phase = 'waitingQuestion';
  draft.schedule('firstQuestion', INTERVIEW_FIRST_QUESTION_DELAY_MS);
}

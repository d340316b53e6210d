import { INTERVIEW_MAX_ELAPSED_MS } from '../../../../shared/interview/constants';
import type { InterviewCommand, InterviewState, InterviewTimer } from './types';

/*
 * How the steps queue commands for the edge (the reducer never calls the browser), and the
 * interview's clock: every event carries `now`.
 */

/** Between countdown ticks of the interview timer and of the auto-advance indicator. */
export const INTERVIEW_TICK_MS = 1_000;

/** Elapsed ms since the interview started, as answers and transcript entries are stamped. */
export function elapsed(state: InterviewState, now: number): number {
  const start = state.startedAt ?? now;
  return Math.min(INTERVIEW_MAX_ELAPSED_MS, Math.max(0, Math.round(now - start)));
}

export function emit(state: InterviewState, ...commands: InterviewCommand[]): InterviewState {
  return { ...state, commands: [...state.commands, ...commands] };
}

export const schedule = (timer: InterviewTimer, delayMs: number): InterviewCommand => ({ type: 'schedule', timer, delayMs });
export const cancel = (timer: InterviewTimer): InterviewCommand => ({ type: 'cancelTimer', timer });

export function speak(state: InterviewState, text: string, kind: string): InterviewState {
  const id = `${kind}-${state.speechSeq + 1}`;
  return emit({ ...state, speechId: id, speechSeq: state.speechSeq + 1 }, { type: 'speak', text, id });
}

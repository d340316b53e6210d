/* The flow's timers: every delay is a `schedule` command the edge turns into a TIMER event. */
import type { Draft } from './draft.js';
import type { Command, TimerName } from './types.js';

/** The countdowns tick once a second. */
export const COUNTDOWN_TICK_MS = 1_000;

/** The timers of an open Part 1/3 answer: all cancelled when it ends, is repeated or is held. */
export const ANSWER_TIMERS: readonly TimerName[] = ['afterQuestion', 'silenceCheck', 'afterRecognitionEnd', 'answerLimit', 'androidFallbackTick'];

export function schedule(timer: TimerName, delayMs: number): Command {
  return { type: 'schedule', timer, delayMs };
}

export function cancelAnswerTimers(draft: Draft): void {
  for (const timer of ANSWER_TIMERS) draft.commands.push({ type: 'cancelTimer', timer });
}

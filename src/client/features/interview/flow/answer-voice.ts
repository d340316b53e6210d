import type { InterviewState } from './types';

/* Whether the current answer has speech in it, from the microphone's level (auto-advance-step.ts, recorded-answer.ts). */

/**
 * Sound already in the microphone when listening starts (voiceCarried) may be the examiner's echo
 * dying away, or a student who started answering early: it counts as the answer's speech only once
 * it has lasted this long from the start of listening. A shorter tail is forgotten, so a student who
 * then says nothing waits for Next as before.
 */
export const CARRIED_VOICE_MIN_MS = 1_000;

/** Whether the current answer has speech in it: heard, or carried over listening's start for long enough by `at`. */
export function answerHasVoice(state: InterviewState, at: number): boolean {
  return state.heardVoice || (state.voiceCarried && state.voiceSince !== null && at - state.voiceSince >= CARRIED_VOICE_MIN_MS);
}

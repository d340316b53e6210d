import { CARRIED_VOICE_MIN_MS, soundCounts } from '../../../speech/voice-activity';
import type { InterviewState } from './types';

/* Whether the current answer has speech in it, from the microphone's level (auto-advance-step.ts, recorded-answer.ts). */

/** How long sound carried over listening's start must last to count (src/client/speech/voice-activity.ts). */
export { CARRIED_VOICE_MIN_MS };

/** Whether the current answer has speech in it: heard, or carried over listening's start for long enough by `at`. */
export function answerHasVoice(state: InterviewState, at: number): boolean {
  return state.heardVoice || (state.voiceSince !== null && soundCounts(state.voiceSince, state.voiceCarried, at));
}

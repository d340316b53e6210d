import type { QuestionAnswerPair } from '../api/attempts.js';
import type { SpeakingTestAnswer } from './answer.js';

/**
 * The answers as the shared scoring reads them, from a saved (or stored) test's question-answer pairs:
 * the save scores from them, and so does the recording's analysis when it rescores. A pair is the
 * client's answer with a timestamp (one shape, shared/api/attempts.ts); a spec-shaped payload may
 * leave the timings out, and then they are unknown.
 */
export function speakingAnswersOfPairs(pairs: readonly QuestionAnswerPair[]): SpeakingTestAnswer[] {
  return pairs.map(({ timestamp: _when, responseTimeMs, speakingTimeMs, ...answer }) => ({ ...answer, responseTimeMs: responseTimeMs ?? null, speakingTimeMs: speakingTimeMs ?? 0 }));
}

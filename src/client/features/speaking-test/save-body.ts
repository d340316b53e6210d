/*
 * The body of POST /api/test-sessions for a finished test (SPEC.md section 3 plus the attempt id and
 * the measured timings per answer). Pure: the times are passed in.
 */
import type { SaveTestSessionBody } from '../../../shared/api/attempts';
import { TEST_TRANSCRIPT_MAX_ENTRIES } from '../../../shared/api/attempts';
import type { SpeakingTestAnswer } from '../../../shared/speaking-test/answer';
import { scoreSpeakingTest } from '../../../shared/speaking-test/scoring';

export const EXAMINER_SPEAKER = 'Examiner';
export const STUDENT_SPEAKER = 'Student';

export interface SaveBodyInput {
  attemptId: string;
  studentId: number;
  answers: readonly SpeakingTestAnswer[];
  /** When Start Test was pressed (ms since epoch). */
  startedAt: number;
  completedAt: number;
  /** When each answer was closed (ms since epoch), by index; missing ones use completedAt. */
  answeredAt: readonly number[];
  demo: boolean;
}

export function buildSaveTestSessionBody(input: SaveBodyInput): SaveTestSessionBody {
  const result = scoreSpeakingTest(input.answers);
  const iso = (ms: number) => new Date(ms).toISOString();
  const transcript: SaveTestSessionBody['sessionData']['transcript'] = [];
  const pairs: SaveTestSessionBody['sessionData']['questionAnswerPairs'] = input.answers.map((answer, index) => {
    const at = input.answeredAt[index] ?? input.completedAt;
    transcript.push({ speaker: EXAMINER_SPEAKER, text: answer.question, timestamp: iso(Math.max(input.startedAt, at - answer.speakingTimeMs - (answer.responseTimeMs ?? 0))), part: answer.part });
    transcript.push({ speaker: STUDENT_SPEAKER, text: answer.answer, timestamp: iso(at), part: answer.part });
    return {
      questionNumber: answer.questionNumber,
      question: answer.question,
      answer: answer.answer,
      part: answer.part,
      timestamp: iso(at),
      responseTimeMs: answer.responseTimeMs,
      speakingTimeMs: answer.speakingTimeMs,
      ...(answer.confidence === undefined ? {} : { confidence: answer.confidence }),
    };
  });
  return {
    attemptId: input.attemptId,
    studentId: input.studentId,
    sessionData: {
      transcript: transcript.slice(0, TEST_TRANSCRIPT_MAX_ENTRIES),
      // What the student is shown; the server recomputes its own and never trusts these.
      scores: result.assessable ? { ...result.bands } : {},
      duration: Math.max(0, Math.round((input.completedAt - input.startedAt) / 1000)),
      completedAt: iso(input.completedAt),
      questionAnswerPairs: pairs,
      demo: input.demo,
    },
    audioUrl: null,
  };
}

/*
 * The body of POST /api/test-sessions for a finished test (SPEC.md section 3 plus the attempt id and
 * the measured timings per answer). Pure: the times are passed in.
 */
import type { SaveTestSessionBody } from '../../../shared/api/attempts';
import { TEST_TRANSCRIPT_MAX_ENTRIES } from '../../../shared/api/attempts-limits';
import type { SpeakingTestAnswer } from '../../../shared/speaking-test/answer';
import type { SpeakingTestResult } from '../../../shared/speaking-test/scoring';

export const EXAMINER_SPEAKER = 'Examiner';
export const STUDENT_SPEAKER = 'Student';

export interface SaveBodyInput {
  attemptId: string;
  studentId: number;
  answers: readonly SpeakingTestAnswer[];
  /** The estimate the results show (worked out once, when the test completed: flow/stages.ts). */
  result: SpeakingTestResult;
  /** When Start Test was pressed (ms since epoch). */
  startedAt: number;
  completedAt: number;
  demo: boolean;
  /** Some answers were not transcribed: no estimate, the teacher scores the recording. */
  noTranscript?: boolean;
  /** The recorder gave no audio: the server knows no recording is coming. */
  noRecording?: boolean;
  part2Notes?: string;
}

/** The transcript's line when the student asked to hear a question again. */
export const REPEATED_NOTE_SPEAKER = 'Note';
export const REPEATED_NOTE_TEXT = 'The student asked to hear this question again; the examiner repeated it.';

export function buildSaveTestSessionBody(input: SaveBodyInput): SaveTestSessionBody {
  const { result } = input;
  const iso = (ms: number) => new Date(ms).toISOString();
  const transcript: SaveTestSessionBody['sessionData']['transcript'] = [];
  const pairs: SaveTestSessionBody['sessionData']['questionAnswerPairs'] = input.answers.map((answer) => {
    // The answer's place on the recording (flow/answer-capture.ts closeAnswer), as times of day.
    const at = answer.recordingEndMs === undefined ? input.completedAt : input.startedAt + answer.recordingEndMs;
    const askedAt = iso(answer.recordingStartMs === undefined ? at : input.startedAt + answer.recordingStartMs);
    transcript.push({ speaker: EXAMINER_SPEAKER, text: answer.question, timestamp: askedAt, part: answer.part });
    if (answer.repeated) transcript.push({ speaker: REPEATED_NOTE_SPEAKER, text: REPEATED_NOTE_TEXT, timestamp: askedAt, part: answer.part });
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
      ...(answer.repeated ? { repeated: true } : {}),
      ...(answer.recordingStartMs === undefined || answer.recordingEndMs === undefined
        ? {}
        : { recordingStartMs: answer.recordingStartMs, recordingEndMs: answer.recordingEndMs }),
      ...(answer.recordingHeldMs === undefined ? {} : { recordingHeldMs: answer.recordingHeldMs }),
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
      ...(input.noTranscript ? { noTranscript: true } : {}),
      ...(input.noRecording ? { noRecording: true } : {}),
      ...(input.part2Notes && input.part2Notes.trim() !== '' ? { part2Notes: input.part2Notes } : {}),
    },
    audioUrl: null,
  };
}

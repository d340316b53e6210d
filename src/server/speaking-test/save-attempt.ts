import { randomUUID } from 'node:crypto';
import type { SaveTestSessionBody } from '../../shared/api/attempts.js';
import type { SpeakingTestAnswer } from '../../shared/speaking-test/answer.js';
import { speakingAnswersOfPairs } from '../../shared/speaking-test/saved-answers.js';
import { scoreSpeakingTest } from '../../shared/speaking-test/scoring.js';
import { schoolQuestionLookup } from '../../shared/speaking-test/school-questions.js';
import { insertAttemptOnce, savedBefore, type SavedAttempt } from '../attempts/service.js';
import type { Db } from '../db/open.js';
import { schoolQuestionsAsked } from '../school-questions/service.js';

/** The answers as the shared scoring reads them; timings the client did not measure are unknown. */
export function speakingAnswersOf(body: SaveTestSessionBody): SpeakingTestAnswer[] {
  return speakingAnswersOfPairs(body.sessionData.questionAnswerPairs);
}

/** Stores a speaking test with the server's own scores (spec section 9 with measured inputs). */
export async function saveSpeakingAttempt(
  db: Db,
  input: { body: SaveTestSessionBody; studentId: number; savedByUserId: number | null; now: Date },
): Promise<SavedAttempt> {
  const { sessionData, attemptId } = input.body;
  // A retry of a stored save is answered from the store: scoring every answer again would cost each retry as much as the save.
  const stored = attemptId === undefined ? null : await savedBefore(db, attemptId, { studentId: input.studentId, kind: 'ielts' });
  if (stored) return stored;
  const answers = speakingAnswersOf(input.body);
  // The school's own questions among those asked (active or retired since) are judged with their topic words.
  const school = schoolQuestionLookup(await schoolQuestionsAsked(db, answers.map((answer) => answer.question)));
  const result = scoreSpeakingTest(answers, { transcript: sessionData.noTranscript !== true, school });
  return insertAttemptOnce(db, {
    id: attemptId ?? randomUUID(),
    kind: 'ielts',
    studentId: input.studentId,
    savedByUserId: input.savedByUserId,
    sessionData,
    assessable: result.assessable,
    overall: result.assessable ? result.bands.overall : null,
    scores: result.assessable ? result.bands : null,
    analysis: result,
    durationMs: Math.round(sessionData.duration * 1000),
    now: input.now,
  });
}

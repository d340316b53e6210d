import type { SaveInterviewSessionBody } from '../../shared/api/interview.js';
import { INTERVIEW_NO_RECORDING_TEXT, INTERVIEW_NO_TRANSCRIPT_TEXT } from '../../shared/interview/constants.js';
import { scoreInterview } from '../../shared/interview/scoring.js';
import { insertAttemptOnce, savedBefore, type SavedAttempt } from '../attempts/service.js';
import type { Db } from '../db/open.js';

/** Stores an interview with the server's own scores (communication, confidence, relevance, clarity). */
export async function saveInterviewAttempt(
  db: Db,
  input: { body: SaveInterviewSessionBody; studentId: number; savedByUserId: number | null; now: Date },
): Promise<SavedAttempt> {
  const { sessionData } = input.body;
  // A retry of a stored save is answered from the store, without scoring it again.
  const stored = await savedBefore(db, input.body.attemptId, { studentId: input.studentId, kind: 'interview' });
  if (stored) return stored;
  const scored = scoreInterview(sessionData.questions);
  // Without a transcript the word-based scores would be invented: the teacher gives them from the
  // recording, or, when the device made none, nobody can. With too little speech there is nothing
  // to score (the report says why).
  const reason = sessionData.noRecording === true ? INTERVIEW_NO_RECORDING_TEXT : INTERVIEW_NO_TRANSCRIPT_TEXT;
  const report = sessionData.noTranscript === true ? { ...scored, assessable: false, reason } : scored;
  return insertAttemptOnce(db, {
    id: input.body.attemptId,
    kind: 'interview',
    studentId: input.studentId,
    savedByUserId: input.savedByUserId,
    sessionData,
    assessable: report.assessable,
    overall: report.assessable ? report.scores.overall : null,
    scores: report.assessable ? report.scores : null,
    analysis: report,
    durationMs: Math.round(sessionData.duration),
    now: input.now,
  });
}

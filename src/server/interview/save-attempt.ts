import type { SaveInterviewSessionBody } from '../../shared/api/interview.js';
import { INTERVIEW_NO_RECORDING_TEXT, INTERVIEW_NO_TRANSCRIPT_TEXT } from '../../shared/interview/constants.js';
import { scoreInterview } from '../../shared/interview/scoring.js';
import { insertAttemptOnce, savedBefore, type SavedAttempt } from '../attempts/service.js';
import type { Db } from '../db/open.js';
import { questionsOfProfile } from './service.js';

/**
 * Stores an interview with the server's own scores (communication, confidence, relevance, clarity).
 * The questions are the ones the student's stored profile gives (the client generates them from it
 * the same way): each answer is scored against the profile's question of its number, not the text
 * the client sent, so a page that sends questions made of its own answers' words gets no relevance
 * for it (nor for questions numbered past the profile's last). Where the text sent differs (the profile changed after the interview began, or the page
 * was altered), the saved answers keep it and the report says so (`questionsDiffer`).
 */
export async function saveInterviewAttempt(
  db: Db,
  input: { body: SaveInterviewSessionBody; studentId: number; savedByUserId: number | null; now: Date },
): Promise<SavedAttempt> {
  const { sessionData } = input.body;
  // A retry of a stored save is answered from the store, without scoring it again.
  const stored = await savedBefore(db, input.body.attemptId, { studentId: input.studentId, kind: 'interview' });
  if (stored) return stored;
  const asked = await questionsOfProfile(db, input.studentId);
  // A number the profile does not reach asks nothing an answer could be relevant to.
  const scoredFrom = sessionData.questions.map((entry) => {
    const question = asked.get(entry.questionId);
    return { ...entry, question: question?.question ?? '', category: question?.category ?? null };
  });
  const questionsDiffer = sessionData.questions.some((entry) => asked.get(entry.questionId)?.question !== entry.question);
  const scored = { ...scoreInterview(scoredFrom), ...(questionsDiffer ? { questionsDiffer } : {}) };
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

import type { InterviewSessionQuestion, InterviewTranscriptEntry } from '../../../../shared/api/interview';
import {
  INTERVIEW_ANSWER_MAX_LENGTH,
  INTERVIEW_CANDIDATE_SPEAKER,
  INTERVIEW_TRANSCRIPT_MAX_ENTRIES,
  INTERVIEW_TRANSCRIPT_TEXT_MAX_LENGTH,
  NO_RESPONSE_TEXT,
  NOT_TRANSCRIBED_TEXT,
} from '../../../../shared/interview/constants';
import { scoreInterview, type InterviewScoreReport } from '../../../../shared/interview/scoring';
import { elapsed } from './commands';
import type { InterviewState } from './types';

/*
 * The recorded interview answer and the transcript (SPEC.md section 3): a final result joins the
 * current answer and the session's transcript; moving on records the answer ('No response recorded'
 * when empty).
 */

/** Adds a final result (trimmed, not empty) to the current answer and to the transcript (speaker fixed to 'Candidate'). */
export function addFinal(state: InterviewState, text: string, confidence: number | null, now: number): InterviewState {
  const timestamp = elapsed(state, now);
  const entry: InterviewTranscriptEntry = { speaker: INTERVIEW_CANDIDATE_SPEAKER, text: text.slice(0, INTERVIEW_TRANSCRIPT_TEXT_MAX_LENGTH), timestamp };
  const transcript = state.transcript.length < INTERVIEW_TRANSCRIPT_MAX_ENTRIES ? [...state.transcript, entry] : state.transcript;
  return { ...state, finals: [...state.finals, { text, confidence, timestamp }], transcript, interim: '' };
}

/** Records the current question's answer from its finals. */
export function saveCurrentAnswer(state: InterviewState, now: number): InterviewState {
  const question = state.questions[state.index];
  if (!question || state.answers.some((answer) => answer.questionId === question.id)) return state;
  const texts = state.finals.map((final) => final.text);
  const joined = texts.join('\n').slice(0, INTERVIEW_ANSWER_MAX_LENGTH);
  const confidences = state.finals.map((final) => final.confidence).filter((value): value is number => value !== null);
  const confidence = confidences.length === 0 ? null : confidences.reduce((sum, value) => sum + value, 0) / confidences.length;
  const empty = state.transcription === 'off' && state.heardVoice ? NOT_TRANSCRIBED_TEXT : NO_RESPONSE_TEXT;
  const answer: InterviewSessionQuestion = {
    questionId: question.id,
    question: question.question,
    category: question.category,
    answer: joined.trim() === '' ? empty : joined,
    timestamp: elapsed(state, now),
    confidence,
  };
  return { ...state, answers: [...state.answers, answer], finals: [], heardVoice: false };
}

/** The scores of the recorded answers, with the figures behind them (the saved session and the completed view). */
export function scoreAnswers(answers: readonly InterviewSessionQuestion[]): InterviewScoreReport {
  return scoreInterview(answers.map((answer) => ({ question: answer.question, answer: answer.answer, category: answer.category, confidence: answer.confidence ?? null })));
}

import type { InterviewSessionQuestion, InterviewTranscriptEntry } from '../../../../shared/api/interview';
import {
  INTERVIEW_ANSWER_MAX_LENGTH,
  INTERVIEW_CANDIDATE_SPEAKER,
  INTERVIEW_TRANSCRIPT_MAX_ENTRIES,
  INTERVIEW_TRANSCRIPT_TEXT_MAX_LENGTH,
} from '../../../../shared/interview/constants';
import { NO_RESPONSE_TEXT, NOT_RECORDED_TEXT, NOT_TRANSCRIBED_TEXT } from '../../../../shared/interview/answer-texts';
import { scoreInterview, type InterviewScoreReport } from '../../../../shared/interview/scoring';
import { answerHasVoice } from './answer-voice';
import { elapsed, recordedAt } from './interview-state';
import type { InterviewDraft } from './types';

/*
 * The recorded interview answer and the transcript (SPEC.md section 3): a final result joins the
 * current answer and the session's transcript; moving on records the answer ('No response recorded'
 * when empty).
 */

/** Adds a final result (trimmed, not empty) to the current answer and to the transcript (speaker fixed to 'Candidate'). */
export function addFinal(draft: InterviewDraft, text: string, confidence: number | null, now: number): void {
  const { state } = draft;
  const timestamp = elapsed(state, now);
  const entry: InterviewTranscriptEntry = { speaker: INTERVIEW_CANDIDATE_SPEAKER, text: text.slice(0, INTERVIEW_TRANSCRIPT_TEXT_MAX_LENGTH), timestamp };
  if (state.transcript.length < INTERVIEW_TRANSCRIPT_MAX_ENTRIES) draft.state.transcript = [...state.transcript, entry];
  draft.state.finals = [...state.finals, { text, confidence, timestamp }];
  draft.state.interim = '';
}

/** Records the current question's answer from its finals. */
export function saveCurrentAnswer(draft: InterviewDraft, now: number): void {
  const { state } = draft;
  const question = state.questions[state.index];
  if (!question || state.answers.some((answer) => answer.questionId === question.id)) return;
  const texts = state.finals.map((final) => final.text);
  const joined = texts.join('\n').slice(0, INTERVIEW_ANSWER_MAX_LENGTH);
  const confidences = state.finals.map((final) => final.confidence).filter((value): value is number => value !== null);
  const confidence = confidences.length === 0 ? null : confidences.reduce((sum, value) => sum + value, 0) / confidences.length;
  // Heard but not transcribed: whether it was recorded is what the recorder check last found.
  const recorded = state.recorder.status !== 'none' && state.recorder.status !== 'stopped';
  const heard = state.transcription === 'off' && answerHasVoice(state, now);
  const empty = !heard ? NO_RESPONSE_TEXT : recorded ? NOT_TRANSCRIBED_TEXT : NOT_RECORDED_TEXT;
  const answer: InterviewSessionQuestion = {
    questionId: question.id,
    question: question.question,
    category: question.category,
    answer: joined.trim() === '' ? empty : joined,
    timestamp: elapsed(state, now),
    confidence,
    // Where it lies on the recording, which pauses between answers (the interview's clock does not place it).
    ...(state.answerRecordingStartMs === null ? {} : { recordingStartMs: state.answerRecordingStartMs, recordingEndMs: recordedAt(state, now) }),
  };
  draft.state.answers = [...state.answers, answer];
  draft.state.answerRecordingStartMs = null;
  draft.state.finals = [];
  draft.state.heardVoice = false;
  draft.state.voiceCarried = false;
}

/** The scores of the recorded answers, with the figures behind them (the saved session and the completed view). */
export function scoreAnswers(answers: readonly InterviewSessionQuestion[]): InterviewScoreReport {
  return scoreInterview(answers.map((answer) => ({ question: answer.question, answer: answer.answer, category: answer.category, confidence: answer.confidence ?? null })));
}

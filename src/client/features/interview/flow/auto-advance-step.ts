import { INTERVIEW_ANSWER_SILENCE_MS, INTERVIEW_AUTO_ADVANCE_MS } from '../../../../shared/interview/constants';
import { INTERVIEW_TICK_MS } from './interview-state';
import { advance } from './next-question-step';
import { addFinal } from './recorded-answer';
import { answerHasVoice } from './answer-voice';
import type { InterviewDraft } from './types';

/*
 * Step 6, 'When a final speech result arrives, an 8-second auto-advance countdown starts and
 * restarts on each new final result; on expiry it moves to the next question' (SPEC.md section 4
 * 'Interview simulator'). Without recognition, the microphone's silence after speech
 * acts as the final result.
 */

/** A final result (recognised, or without recognition the end of speech): the 8 s auto-advance starts again. */
export function restartAutoAdvance(draft: InterviewDraft, now: number): void {
  draft.state.autoAdvanceDeadline = now + INTERVIEW_AUTO_ADVANCE_MS;
  draft.schedule('autoAdvance', INTERVIEW_AUTO_ADVANCE_MS);
  draft.schedule('autoAdvanceTick', INTERVIEW_TICK_MS);
}

export function onFinal(draft: InterviewDraft, rawText: string, confidence: number | null, now: number): void {
  if (draft.state.phase !== 'answering' || !draft.state.listening) return;
  const text = rawText.trim();
  if (text === '') return;
  addFinal(draft, text, confidence, now);
  restartAutoAdvance(draft, now);
}

/**
 * Every VOICE event: the latest state is kept (startCapture reads it). Without recognition, while
 * listening: speech stops the countdown; INTERVIEW_ANSWER_SILENCE_MS of silence after it acts as a
 * final result.
 */
export function onVoice(draft: InterviewDraft, speaking: boolean, at: number): void {
  draft.state.voiceNow = speaking;
  const { state } = draft;
  if (state.transcription !== 'off' || state.phase !== 'answering' || !state.listening) return;
  if (speaking) {
    if (state.voiceSince !== null) return;
    draft.state.voiceSince = at;
    draft.state.voiceCarried = false;
    draft.state.heardVoice = true;
    draft.state.autoAdvanceDeadline = null;
    draft.cancel('answerSilence');
    draft.cancel('autoAdvance');
    draft.cancel('autoAdvanceTick');
    return;
  }
  if (state.voiceSince === null) return;
  const heard = answerHasVoice(state, at);
  draft.state.voiceSince = null;
  draft.state.voiceCarried = false;
  if (!heard) return;
  draft.state.heardVoice = true;
  draft.schedule('answerSilence', Math.max(0, INTERVIEW_ANSWER_SILENCE_MS - (state.now - at)));
}

export function onAnswerSilence(draft: InterviewDraft, now: number): void {
  const { state } = draft;
  if (state.phase === 'answering' && state.listening && state.voiceSince === null && state.heardVoice) restartAutoAdvance(draft, now);
}

/** The 'Auto-advancing in {n}s' indicator counts down each second. */
export function onAutoAdvanceTick(draft: InterviewDraft, now: number): void {
  const { state } = draft;
  if (state.phase !== 'answering' || state.autoAdvanceDeadline === null) return;
  if (state.autoAdvanceDeadline - now > INTERVIEW_TICK_MS) draft.schedule('autoAdvanceTick', INTERVIEW_TICK_MS);
}

export function onAutoAdvanceExpired(draft: InterviewDraft, now: number): void {
  if (draft.state.phase === 'answering' && draft.state.autoAdvanceDeadline !== null) advance(draft, now);
}

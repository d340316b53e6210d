import { INTERVIEW_ANSWER_SILENCE_MS, INTERVIEW_AUTO_ADVANCE_MS } from '../../../../shared/interview/constants';
import { holdAutoAdvance, INTERVIEW_TICK_MS } from './interview-state';
import { advance } from './next-question-step';
import { addFinal } from './recorded-answer';
import { answerHasVoice } from './answer-voice';
import type { InterviewDraft } from './types';

/*
 * Step 6, 'When a final speech result arrives, an 8-second auto-advance countdown starts and
 * restarts on each new final result; on expiry it moves to the next question' (SPEC.md section 4
 * 'Interview simulator'). Without recognition, the microphone's silence after speech
 * acts as the final result.
 *
 * Beyond the spec, the countdown waits while the student is speaking: new interim words stop it (it
 * would otherwise move on mid-sentence 8 s after the last final), and the next final starts it
 * again. Interim words left unfinalised for 3 s count as a final, as the microphone's silence does
 * without recognition, so a recogniser that gives its finals only when stopped (iOS) still
 * auto-advances; the words themselves are kept when the answer ends (stopCapture).
 */

/** A final result (recognised, or without recognition the end of speech): the 8 s auto-advance starts again. */
export function restartAutoAdvance(draft: InterviewDraft, now: number): void {
  draft.state.autoAdvanceDeadline = now + INTERVIEW_AUTO_ADVANCE_MS;
  draft.schedule('autoAdvance', INTERVIEW_AUTO_ADVANCE_MS);
  draft.schedule('autoAdvanceTick', INTERVIEW_TICK_MS);
}

export function onFinal(draft: InterviewDraft, rawText: string, confidence: number | null, now: number): void {
  if (draft.state.phase !== 'answering' || !draft.state.listening) return;
  draft.cancel('interimSettled');
  const text = rawText.trim();
  if (text === '') return;
  draft.state.networkErrorShown = false;
  addFinal(draft, text, confidence, now);
  restartAutoAdvance(draft, now);
}

/** Interim words: shown as they come; new ones hold the countdown until a final or 3 s without change. */
export function onInterim(draft: InterviewDraft, text: string): void {
  const { state } = draft;
  if (state.phase !== 'answering' || !state.listening) return;
  const changed = text.trim() !== state.interim.trim();
  draft.state.interim = text;
  if (!changed) return;
  if (text.trim() === '') {
    draft.cancel('interimSettled');
    return;
  }
  // Words heard: recognition reaches its service again, and a later outage is told again.
  draft.state.networkErrorShown = false;
  holdAutoAdvance(draft);
  draft.schedule('interimSettled', INTERVIEW_ANSWER_SILENCE_MS);
}

export function onInterimSettled(draft: InterviewDraft, now: number): void {
  const { state } = draft;
  if (state.phase === 'answering' && state.listening && state.interim.trim() !== '') restartAutoAdvance(draft, now);
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
    draft.cancel('answerSilence');
    holdAutoAdvance(draft);
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

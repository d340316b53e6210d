import { elapsed, INTERVIEW_TICK_MS, isInterviewRunning, questionAsked } from './interview-state';
import { stopCapture } from './listening-step';
import { saveCurrentAnswer, scoreAnswers } from './recorded-answer';
import { stopSession } from './session-end';
import type { InterviewDraft } from './types';

/*
 * Step 5, 'On the last question, or when the timer ends, the interview completes: answers are
 * saved, recording stops, scores are computed and the session is posted' (SPEC.md section 4
 * 'Interview simulator'; section 8 'Interview saving').
 */

export const SAVE_SUCCESS_TOAST = { title: 'Interview completed and saved successfully!', message: '' } as const;
export const SAVE_FAILURE_TITLE = 'Error saving interview';

export function complete(draft: InterviewDraft, now: number): void {
  const asked = questionAsked(draft.state);
  stopCapture(draft);
  if (asked) saveCurrentAnswer(draft, now);
  const durationMs = elapsed(draft.state, now);
  const completedAt = new Date(now).toISOString();
  stopSession(draft);
  draft.cancel('answerSilence');
  draft.state = { ...draft.state, view: 'completed', phase: 'completed', pausedIn: null, finals: [], durationMs, completedAt };
  const { state } = draft;
  if (state.answers.length === 0) {
    draft.state.saveStatus = 'failed';
    draft.emit({ type: 'log', message: 'Interview ended before any question was asked; nothing to save.' });
    return;
  }
  const report = scoreAnswers(state.answers);
  draft.state.report = report;
  draft.state.saveStatus = 'saving';
  draft.emit({
    type: 'save',
    sessionData: {
      questions: [...state.answers],
      transcript: [...state.transcript],
      scores: report.scores,
      duration: durationMs,
      completedAt,
      ...(state.transcription === 'off' ? { noTranscript: true } : {}),
    },
  });
}

/** The countdown timer ticks each second while the interview runs. */
export function onTick(draft: InterviewDraft): void {
  if (isInterviewRunning(draft.state)) draft.schedule('tick', INTERVIEW_TICK_MS);
}

/** The 30 minutes are up. */
export function onTimeLimit(draft: InterviewDraft, now: number): void {
  if (isInterviewRunning(draft.state)) complete(draft, now);
}

/** The outbox's answer to the posted session. */
export function onSaveResult(draft: InterviewDraft, ok: boolean, message: string | undefined): void {
  // A save refused and then sent again by Try again is saved after all; a refusal is told once.
  const savedAfterAll = ok && draft.state.saveStatus === 'failed';
  if (draft.state.saveStatus !== 'saving' && !savedAfterAll) return;
  if (ok) {
    draft.state.saveStatus = 'saved';
    draft.emit({ type: 'toast', kind: 'success', ...SAVE_SUCCESS_TOAST });
    return;
  }
  draft.state.saveStatus = 'failed';
  draft.emit({ type: 'toast', kind: 'error', title: SAVE_FAILURE_TITLE, message: message ?? '' });
}

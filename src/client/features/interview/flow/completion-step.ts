import { cancel, emit, INTERVIEW_TICK_MS, schedule, elapsed } from './commands';
import { isInterviewRunning } from './interview-state';
import { stopCapture } from './listening-step';
import { saveCurrentAnswer, scoreAnswers } from './recorded-answer';
import { endedRecording, stopSessionCommands } from './session-end';
import type { InterviewState } from './types';

/*
 * Step 5, 'On the last question, or when the timer ends, the interview completes: answers are
 * saved, recording stops, scores are computed and the session is posted' (SPEC.md section 4
 * 'Interview simulator'; section 8 'Interview saving').
 */

export const SAVE_SUCCESS_TOAST = { title: 'Interview completed and saved successfully!', message: '' } as const;
export const SAVE_FAILURE_TITLE = 'Error saving interview';

export function complete(state: InterviewState, now: number): InterviewState {
  const asked = state.phase === 'speakingQuestion' || state.phase === 'answering';
  let next = stopCapture(state);
  if (asked) next = saveCurrentAnswer(next, now);
  const durationMs = elapsed(next, now);
  const completedAt = new Date(now).toISOString();
  next = emit(
    { ...next, view: 'completed', phase: 'completed', speechId: null, finals: [], recording: endedRecording(next), durationMs, completedAt },
    ...stopSessionCommands(next),
    cancel('answerSilence'),
  );
  if (next.answers.length === 0) {
    return emit({ ...next, saveStatus: 'failed' }, { type: 'log', message: 'Interview ended before any question was asked; nothing to save.' });
  }
  const { scores } = scoreAnswers(next.answers);
  return emit(
    { ...next, saveStatus: 'saving' },
    {
      type: 'save',
      sessionData: {
        questions: [...next.answers],
        transcript: [...next.transcript],
        scores,
        duration: durationMs,
        completedAt,
        ...(next.transcription === 'off' ? { noTranscript: true } : {}),
      },
    },
  );
}

/** The countdown timer ticks each second while the interview runs. */
export function onTick(state: InterviewState): InterviewState {
  return isInterviewRunning(state) ? emit(state, schedule('tick', INTERVIEW_TICK_MS)) : state;
}

/** The 30 minutes are up. */
export function onTimeLimit(state: InterviewState, now: number): InterviewState {
  return isInterviewRunning(state) ? complete(state, now) : state;
}

/** The outbox's answer to the posted session. */
export function onSaveResult(state: InterviewState, ok: boolean, message: string | undefined): InterviewState {
  if (state.saveStatus !== 'saving') return state;
  if (ok) return emit({ ...state, saveStatus: 'saved' }, { type: 'toast', kind: 'success', ...SAVE_SUCCESS_TOAST });
  return emit({ ...state, saveStatus: 'failed' }, { type: 'toast', kind: 'error', title: SAVE_FAILURE_TITLE, message: message ?? '' });
}

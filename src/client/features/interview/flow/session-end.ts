import { recordedAt } from './interview-state';
import type { InterviewDraft } from './types';

/* What both ends of a running interview stop: completion and page hide (SPEC.md section 4 'Interview simulator'). */

/**
 * Stops the question timers, the countdown and time limit, the voice, the recording and the voice
 * meter; the interview is no longer speaking, and its recording is stopped (or was never started).
 */
export function stopSession(draft: InterviewDraft): void {
  const { state } = draft;
  for (const timer of ['firstQuestion', 'nextQuestion', 'tick', 'timeLimit', 'recordingCheck'] as const) draft.cancel(timer);
  if (state.speechId !== null) draft.emit({ type: 'cancelSpeech' });
  if (state.recordingStarted) draft.emit({ type: 'stopRecording' });
  draft.emit({ type: 'stopVoiceMeter' });
  draft.state.speechId = null;
  draft.state.recording = state.recordingStarted ? 'stopped' : 'off';
  draft.state.recordedMs = recordedAt(state, state.now);
  draft.state.recordingSince = null;
}

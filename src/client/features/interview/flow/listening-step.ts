import { INTERVIEW_RECOGNITION_RESTART_MS, INTERVIEW_RECORDING_START_DELAY_MS } from '../../../../shared/interview/constants';
import { holdAutoAdvance, recordedAt } from './interview-state';
import { addFinal } from './recorded-answer';
import type { InterviewDraft } from './types';

/*
 * Step 3, 'After each spoken question finishes, listening and audio recording start automatically
 * (recording starts after a 0.5 s delay)', and 'Recognition restarts after 1 s if it ends while
 * still listening' (SPEC.md section 4 'Interview simulator'; section 8 'Speech recognition').
 */

export const NETWORK_ERROR_TOAST = { title: 'Network Error', message: 'Speech recognition failed due to network issues. Please check your connection.' } as const;

/**
 * The one place of the rule 'recognition restarts after 1 s if it ends while still listening'.
 * Chrome ends sessions on its own (silence, ~60 s): the recognizer, given this delay by the edge,
 * starts a new one while the flow still listens, keeping one answer; an end for good (an error,
 * Android's restart cap) reaches the flow as RECOGNITION_ENDED, which restarts after it itself.
 */
export const RECOGNITION_RESTART_DELAY_MS = INTERVIEW_RECOGNITION_RESTART_MS;

/** The examiner speaks `text`; its SPEECH_DONE is recognised by the id (`kind` and a sequence number). */
export function speak(draft: InterviewDraft, text: string, kind: string): void {
  const speechSeq = draft.state.speechSeq + 1;
  const id = `${kind}-${speechSeq}`;
  draft.state.speechSeq = speechSeq;
  draft.state.speechId = id;
  draft.emit({ type: 'speak', text, id });
}

/** Speaks the current question (after the greeting's 3 s or the previous answer's 1.5 s). */
export function askCurrentQuestion(draft: InterviewDraft): void {
  const question = draft.state.questions[draft.state.index];
  if (!question) return;
  draft.state.phase = 'speakingQuestion';
  speak(draft, question.question, `question-${question.id}`);
}

/**
 * Starts recognition now and the recording 0.5 s later. Sound the microphone already hears counts
 * as this answer's speech from now, provisionally (see onVoice in auto-advance-step.ts).
 */
export function startCapture(draft: InterviewDraft): void {
  draft.state.listening = true;
  draft.state.voiceSince = draft.state.voiceNow ? draft.state.now : null;
  draft.state.voiceCarried = draft.state.voiceNow;
  if (draft.state.transcription === 'live') draft.emit({ type: 'startListening' });
  draft.schedule('recordingStart', INTERVIEW_RECORDING_START_DELAY_MS);
}

/**
 * Turns answer capture off for the current question: no listening, no pending restart or recording
 * start, recording paused. Words still shown as interim text count as said, as in the speaking
 * test: the recogniser's final for them would come after listening stopped, and is not taken then.
 * An iPhone may give its finals only when stopped, so without this a whole answer could be lost.
 */
export function stopCapture(draft: InterviewDraft): void {
  const { state } = draft;
  const pending = state.interim.trim();
  if (state.phase === 'answering' && state.listening && pending !== '') addFinal(draft, pending, null, state.now);
  for (const timer of ['recognitionRestart', 'recordingStart', 'autoAdvance', 'autoAdvanceTick', 'answerSilence', 'interimSettled'] as const) draft.cancel(timer);
  if (state.listening && state.transcription === 'live') draft.emit({ type: 'stopListening' });
  if (state.recording === 'recording') {
    draft.emit({ type: 'pauseRecording' });
    draft.state.recording = 'paused';
    draft.state.recordedMs = recordedAt(state, state.now);
    draft.state.recordingSince = null;
  }
  draft.state.listening = false;
  draft.state.autoAdvanceDeadline = null;
  draft.state.interim = '';
}

/** The question has been spoken: the student answers. */
export function onQuestionSpoken(draft: InterviewDraft): void {
  draft.state.phase = 'answering';
  startCapture(draft);
}

/** 0.5 s after listening started: the one continuous recording starts, or resumes. */
export function onRecordingStartDue(draft: InterviewDraft): void {
  const { state } = draft;
  if (state.phase !== 'answering' || !state.listening || state.recording === 'recording') return;
  draft.emit(state.recordingStarted ? { type: 'resumeRecording' } : { type: 'startRecording' });
  draft.state.recording = 'recording';
  draft.state.recordingStarted = true;
  draft.state.recordingSince = state.now;
  if (state.answerRecordingStartMs === null) draft.state.answerRecordingStartMs = state.recordedMs;
  // A browser found unable to record (the welcome view said so): the answer says at once that nothing
  // is recorded, and the recorder check, finding the same, tells no toast. Pieces arriving after all clear it.
  if (!state.canRecord && state.recorder.status === 'unknown') draft.state.recorder = { status: 'none', chunks: 0, countedAtMs: 0 };
}

/** The Start/Stop Recording button. */
export function onToggleRecording(draft: InterviewDraft): void {
  if (draft.state.phase !== 'answering') return;
  if (draft.state.listening) stopCapture(draft);
  else startCapture(draft);
}

export function onRecognitionEnded(draft: InterviewDraft): void {
  if (draft.state.phase === 'answering' && draft.state.listening) draft.schedule('recognitionRestart', RECOGNITION_RESTART_DELAY_MS);
}

export function onRecognitionRestartDue(draft: InterviewDraft): void {
  const { state } = draft;
  if (state.phase === 'answering' && state.listening && state.transcription === 'live') draft.emit({ type: 'startListening' });
}

export function onRecognitionError(draft: InterviewDraft, code: string, message: string): void {
  // No recognition after all: this answer and the rest end on the microphone's silence.
  if (code === 'not-supported') draft.state.transcription = 'off';
  else if (code === 'network') {
    // Told once per outage: while offline every restart fails the same way, about once a second.
    if (!draft.state.networkErrorShown) draft.emit({ type: 'toast', kind: 'error', ...NETWORK_ERROR_TOAST });
    draft.state.networkErrorShown = true;
    // Beyond the spec: the connection went mid-answer, so nothing more can be heard and the 8 s
    // auto-advance would take the cut answer as finished. It waits for the next words (recognition
    // restarts as usual once the phone is back online); Next Question still moves on.
    if (draft.state.autoAdvanceDeadline !== null) holdAutoAdvance(draft);
  } else draft.emit({ type: 'log', message: `Speech recognition error: ${code}`, detail: message });
}

/*
 * Speech recognition in the flow (SPEC.md sections 4 and 8): what happens when a
 * recognition session ends (each section's restart rule), when it fails (the question is held
 * until the student chooses Try again or Continue without transcript), and how soon listening may
 * start again. The recognizer itself never restarts on its own in the speaking test.
 */
import { cancelAnswerTimers, endSound, startAnswerListening } from './answer-capture.js';
import { onAndroidRecognitionEnded } from './android.js';
import { askQuestion } from './examiner.js';
import { onRecognitionEndedInPart2 } from './part-2.js';
import { onRecognitionEndedInAnswer } from './parts-1-and-3.js';
import { COUNTDOWN_TICK_MS } from './initial-state.js';
import type { RecognitionFailure, RecognitionFailureCode, SpeakingTestDraft } from './types.js';

/** Part 2 listens again after a recognition session ends; never sooner than this after the last start (the edge waits). */
export const MIN_LISTEN_RESTART_MS = 1000;

/** Recognition errors that hold the question until the student chooses; the others end the session as before. */
export const RECOGNITION_FAILURE_CODES: readonly RecognitionFailureCode[] = ['network', 'not-allowed', 'service-not-allowed', 'audio-capture', 'start-failed'];

function isFailureCode(code: string): code is RecognitionFailureCode {
  return (RECOGNITION_FAILURE_CODES as readonly string[]).includes(code);
}

/** A recognition session ended by itself: Android restarts (capped), Part 2 listens again, elsewhere the answer ends 2 s later. */
export function onRecognitionEnded(draft: SpeakingTestDraft): void {
  const state = draft.state;
  const answer = state.answer;
  if (!answer?.listening) return;
  if (state.phase !== 'answering' && state.phase !== 'part2Speaking') return;
  const ends = answer.recognitionEnds + 1;
  if (state.device === 'android') onAndroidRecognitionEnded(draft, answer, ends);
  else if (state.phase === 'part2Speaking') onRecognitionEndedInPart2(draft, answer, ends);
  else onRecognitionEndedInAnswer(draft, answer, ends);
}

export function onRecognitionError(draft: SpeakingTestDraft, code: string, message: string): void {
  const state = draft.state;
  if (code === 'not-supported') {
    // No recognition after all: this answer and the rest end on acoustic silence.
    state.transcription = 'off';
    if (state.answer) {
      state.transcriptMissing = true;
      state.answer = { ...state.answer, listening: false };
    }
    return;
  }
  const inQuestion = state.phase === 'answering' || state.phase === 'afterQuestion';
  if (state.transcription !== 'live' || !isFailureCode(code) || !(inQuestion || state.phase === 'part2Speaking')) {
    state.recognitionError = message;
    return;
  }
  holdQuestion(draft, code, message);
}

/** What the student reads when they come back to the test's page after leaving it mid-question. */
export const PAGE_HIDDEN_MESSAGE = 'You left the test page, so the test stopped here while you were away.';

/**
 * The page was hidden mid-question (a call, another app, the screen locked): a phone stops
 * recognition and the voice there, and the question's clocks would run on while the student is
 * away. The question is held as after a recognition failure, until the student chooses Continue.
 */
export function onPageHidden(draft: SpeakingTestDraft): void {
  const state = draft.state;
  if (state.phase === 'asking') {
    // The examiner's line may be cut off: it is asked again on Continue, and this one's end is ignored.
    state.speechId = null;
  } else if (state.phase !== 'afterQuestion' && state.phase !== 'answering' && state.phase !== 'part2Speaking') {
    return;
  }
  holdQuestion(draft, 'page-hidden', PAGE_HIDDEN_MESSAGE);
}

function holdQuestion(draft: SpeakingTestDraft, code: RecognitionFailure['code'], message: string): void {
  const state = draft.state;
  // The question's clocks stop; the recording goes on. Nothing moves until the student chooses.
  const during = state.phase === 'part2Speaking' ? 'part2' : 'question';
  cancelAnswerTimers(draft);
  if (during === 'part2') draft.cancel('speakTick');
  // The long turn's clock stops here; what the recording hears until Continue is not the student's answer.
  if (during === 'part2' && state.answer) state.answer = { ...state.answer, heldSince: state.answer.heldSince ?? state.lastEventAt };
  if (state.answer?.listening) {
    state.answer = { ...state.answer, listening: false };
    draft.emit({ type: 'stopListening' });
  }
  // The failure screen ignores the microphone's level: the sound heard so far ends here.
  endSound(draft, state.lastEventAt);
  state.recognitionError = null;
  state.failure = { code, message, during };
  state.phase = 'recognitionFailed';
}

/**
 * Try again ('live') or Continue without transcript ('off') after a recognition failure; Continue
 * after a hidden page ('as before': transcribed as it was).
 */
export function resumeAfterFailure(draft: SpeakingTestDraft, how: 'live' | 'off' | 'as before'): void {
  const state = draft.state;
  const failure = state.failure;
  if (state.phase !== 'recognitionFailed' || !failure) return;
  const transcription = how === 'as before' ? state.transcription : how;
  state.failure = null;
  state.transcription = transcription;
  if (failure.during === 'part2') {
    // The long turn goes on from where its clock stopped, with what was said so far.
    const answer = state.answer;
    if (answer?.heldSince != null) state.answer = { ...answer, held: [...answer.held, { from: answer.heldSince, to: state.lastEventAt }], heldSince: null };
    state.phase = 'part2Speaking';
    startAnswerListening(draft, state.lastEventAt, false);
    draft.schedule('speakTick', COUNTDOWN_TICK_MS);
    return;
  }
  // The question is asked again: the student was interrupted, and it is saved once.
  askQuestion(draft, state.questionIndex, true);
}

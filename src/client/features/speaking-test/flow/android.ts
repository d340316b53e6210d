/*
 * SPEC.md section 4, "Android behaviour": recognition restarts at most 3 times in an answer; then a
 * fallback shows that live transcription is unavailable, counts down 3 s with 'Continue speaking...
 * N seconds remaining', then 'Response completed. Moving to next question.' Also Android's habit of
 * re-sending earlier finals when recognition starts again (the repeat filter below).
 */
import { ANDROID_FALLBACK_COUNTDOWN_MS, ANDROID_MAX_RECOGNITION_RESTARTS } from '../../../../shared/speaking-test/constants.js';
import { normalisedWords, trimRepeatedFinal } from '../../../speech/repeated-finals.js';
import { completeAnswer } from './answer-capture.js';
import { COUNTDOWN_TICK_MS } from './initial-state.js';
import type { AnswerDraft, SpeakingTestDraft, SpeakingTestState } from './types.js';

export const ANDROID_FALLBACK_NOTE = 'Live transcription is unavailable on this device. Your audio is still being recorded.';
export const RESPONSE_COMPLETED_NOTE = 'Response completed. Moving to next question.';
export function continueSpeakingNote(secondsLeft: number): string {
  return `Continue speaking... ${secondsLeft} ${secondsLeft === 1 ? 'second' : 'seconds'} remaining`;
}

/** Recognition ended in an answer on Android: restart it, up to the cap; then the fallback. */
export function onAndroidRecognitionEnded(draft: SpeakingTestDraft, answer: AnswerDraft, ends: number): void {
  const state = draft.state;
  if (ends <= ANDROID_MAX_RECOGNITION_RESTARTS) {
    state.answer = { ...answer, recognitionEnds: ends };
    draft.emit({ type: 'startListening' });
    return;
  }
  // Restart cap reached: recognition is given up for this answer.
  state.answer = { ...answer, recognitionEnds: ends, listening: false, transcriptionUnavailable: true };
  if (state.phase === 'answering') {
    state.answer = { ...state.answer, fallbackSecondsLeft: ANDROID_FALLBACK_COUNTDOWN_MS / COUNTDOWN_TICK_MS };
    draft.cancel('silenceCheck');
    draft.schedule('androidFallbackTick', COUNTDOWN_TICK_MS);
  }
}

/** TIMER androidFallbackTick: the 3 s countdown, then the answer completes. */
export function onAndroidFallbackTick(draft: SpeakingTestDraft): void {
  const state = draft.state;
  if (state.phase !== 'answering' || state.answer?.fallbackSecondsLeft == null) return;
  const left = state.answer.fallbackSecondsLeft - 1;
  if (left <= 0) {
    completeAnswer(draft);
    state.completionNote = RESPONSE_COMPLETED_NOTE;
  } else {
    state.answer = { ...state.answer, fallbackSecondsLeft: left };
    draft.schedule('androidFallbackTick', COUNTDOWN_TICK_MS);
  }
}

/**
 * Which answer a final belongs to, for the repeat filter, or null between answers. A question asked
 * again (Repeat the question, Continue after a pause, Try again) opens a new answer, and what was
 * heard before was dropped with the old one: its words must not be taken for a re-send when the
 * student starts the same way again, so the key names the opening ('part-question@questionEndedAt').
 * Part 2 going on from a pause keeps its answer, and so its key.
 */
export function answerKey(state: SpeakingTestState): string | null {
  const answer = state.answer;
  return answer ? `${answer.part}-${answer.questionNumber}@${answer.questionEndedAt}` : null;
}

/**
 * Android re-sends earlier finals when recognition starts again. The recognizer drops them within
 * one start(); the flow restarts it itself, so the repeats across restarts of one answer go here.
 */
export function createRepeatFilter() {
  let key: string | null = null;
  let words: string[] = [];
  let last: string[] = [];
  return {
    accept(answer: string | null, text: string): string {
      if (answer !== key) {
        key = answer;
        words = [];
        last = [];
      }
      const kept = trimRepeatedFinal(text, [words], last);
      last = normalisedWords(text);
      words = [...words, ...normalisedWords(kept)];
      return kept;
    },
  };
}

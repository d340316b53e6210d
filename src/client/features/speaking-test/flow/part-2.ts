/*
 * SPEC.md section 4, "Part 2": the examiner says 'Now you have 1 minute to think on the cue card and
 * 2 minutes to answer.' (stages.ts); preparation (60 s countdown) -> speaking (120 s countdown,
 * listening) -> when the timer ends the collected answer is passed on after 100 ms and the test
 * moves to Part 3. The student may keep notes during the minute (beyond the spec).
 */
import {
  PART2_ANSWER_HANDOFF_DELAY_MS,
  PART2_NOTES_MAX_LENGTH,
  PART2_PREPARATION_MS,
  PART2_SPEAKING_MS,
} from '../../../../shared/speaking-test/constants.js';
import { closeAnswer, openAnswer, startAnswerListening } from './answer-capture.js';
import { startPart3 } from './stages.js';
import { COUNTDOWN_TICK_MS } from './initial-state.js';
import type { AnswerDraft, SpeakingTestDraft } from './types.js';

export function onPart2Notes(draft: SpeakingTestDraft, text: string): void {
  const phase = draft.state.phase;
  if (phase === 'part2Announcement' || phase === 'part2Preparation' || phase === 'part2Speaking') {
    draft.state.part2Notes = text.slice(0, PART2_NOTES_MAX_LENGTH);
  }
}

/** SPEECH_DONE for the Part 2 announcement: the preparation minute starts. */
export function onPart2AnnouncementSpoken(draft: SpeakingTestDraft): void {
  draft.state.phase = 'part2Preparation';
  draft.state.countdownSeconds = PART2_PREPARATION_MS / COUNTDOWN_TICK_MS;
  draft.schedule('prepTick', COUNTDOWN_TICK_MS);
}

/** TIMER prepTick: at the end of the preparation the speaking phase opens the answer. */
export function onPreparationTick(draft: SpeakingTestDraft, now: number): void {
  const state = draft.state;
  if (state.phase !== 'part2Preparation' || state.countdownSeconds === null) return;
  const left = state.countdownSeconds - 1;
  if (left > 0) {
    state.countdownSeconds = left;
    draft.schedule('prepTick', COUNTDOWN_TICK_MS);
    return;
  }
  state.phase = 'part2Speaking';
  state.countdownSeconds = PART2_SPEAKING_MS / COUNTDOWN_TICK_MS;
  const card = state.questions.part2[0];
  state.answer = openAnswer(2, 1, card?.topic ?? '', now);
  startAnswerListening(draft, now, false);
  draft.schedule('speakTick', COUNTDOWN_TICK_MS);
}

/** TIMER speakTick: at the end of the two minutes listening stops and the answer is handed off. */
export function onSpeakingTick(draft: SpeakingTestDraft): void {
  const state = draft.state;
  if (state.phase !== 'part2Speaking' || state.countdownSeconds === null) return;
  const left = state.countdownSeconds - 1;
  if (left > 0) {
    state.countdownSeconds = left;
    draft.schedule('speakTick', COUNTDOWN_TICK_MS);
    return;
  }
  state.countdownSeconds = 0;
  state.phase = 'part2HandOff';
  if (state.answer?.listening) {
    state.answer = { ...state.answer, listening: false };
    draft.emit({ type: 'stopListening' });
  }
  draft.schedule('handOff', PART2_ANSWER_HANDOFF_DELAY_MS);
}

/** TIMER handOff: 100 ms after the speaking timer, the answer is saved and Part 3 begins. */
export function onHandOff(draft: SpeakingTestDraft, now: number): void {
  const state = draft.state;
  if (state.phase !== 'part2HandOff' || !state.answer) return;
  state.answers = [...state.answers, closeAnswer(state, state.answer, now)];
  state.answer = null;
  state.countdownSeconds = null;
  startPart3(draft);
}

/** Recognition ended during the long turn (not on Android): it is ended by its timer alone, so listen again. */
export function onRecognitionEndedInPart2(draft: SpeakingTestDraft, answer: AnswerDraft, ends: number): void {
  draft.state.answer = { ...answer, recognitionEnds: ends };
  draft.emit({ type: 'startListening' });
}

/*
 * SPEC.md section 4, "Parts 1 and 3, per question": the examiner speaks the question; 0.5 s later
 * listening starts. Recognition ending on a desktop-like device ends the answer 2 s later. The end
 * of an answer (3 s of silence, those 2 s, the time limit) and what follows it are in
 * answer-capture.ts. Part 3 begins with 'Now we move on to Part 3', then a 1 s wait. The student may
 * hear each question once more (REPEAT_QUESTION) and end an answer themselves (FINISH_ANSWER).
 */
import { LISTEN_DELAY_AFTER_QUESTION_MS, PART3_INTRO_WAIT_MS, RECOGNITION_END_DELAY_MS } from '../../../../shared/speaking-test/constants.js';
import { cancelAnswerTimers, completeAnswer, openAnswer, startAnswerListening } from './answer-capture.js';
import { askQuestion, currentPart, partQuestions } from './examiner.js';
import type { AnswerDraft, SpeakingTestDraft } from './types.js';

/** SPEECH_DONE for a question: the answer opens; listening starts 0.5 s later. */
export function onQuestionSpoken(draft: SpeakingTestDraft, now: number): void {
  const state = draft.state;
  const index = state.questionIndex;
  state.answer = { ...openAnswer(currentPart(draft), index + 1, partQuestions(draft)[index] ?? '', now), repeated: state.repeatUsed };
  state.phase = 'afterQuestion';
  draft.schedule('afterQuestion', LISTEN_DELAY_AFTER_QUESTION_MS);
}

/** TIMER afterQuestion. */
export function onListenDelayOver(draft: SpeakingTestDraft, now: number): void {
  if (draft.state.phase !== 'afterQuestion') return;
  draft.state.phase = 'answering';
  startAnswerListening(draft, now, true);
}

/** Recognition ended in a Part 1/3 answer on a desktop-like device: the answer completes 2 s later. */
export function onRecognitionEndedInAnswer(draft: SpeakingTestDraft, answer: AnswerDraft, ends: number): void {
  draft.state.answer = { ...answer, recognitionEnds: ends, listening: false };
  draft.cancel('silenceCheck');
  draft.schedule('afterRecognitionEnd', RECOGNITION_END_DELAY_MS);
}

/** SPEECH_DONE for 'Now we move on to Part 3': a 1 s wait. */
export function onPart3IntroSpoken(draft: SpeakingTestDraft): void {
  draft.state.phase = 'part3IntroWait';
  draft.schedule('part3Intro', PART3_INTRO_WAIT_MS);
}

/** TIMER part3Intro: the first Part 3 question. */
export function onPart3IntroWaitOver(draft: SpeakingTestDraft): void {
  if (draft.state.phase === 'part3IntroWait') askQuestion(draft, 0);
}

/** Parts 1 and 3: the examiner says the question again, once per question, and the answer starts afresh. */
export function repeatQuestion(draft: SpeakingTestDraft): void {
  const state = draft.state;
  if ((state.stage !== 'part1' && state.stage !== 'part3') || state.repeatUsed) return;
  if (state.phase !== 'afterQuestion' && state.phase !== 'answering') return;
  if (state.answer?.listening) draft.emit({ type: 'stopListening' });
  cancelAnswerTimers(draft);
  state.repeatUsed = true;
  askQuestion(draft, state.questionIndex, true);
}

/**
 * Parts 1 and 3: the student ends the answer being listened to, as "I've finished" ends an answer in a
 * real test. Beyond the spec, which ends an answer only on silence: in a noisy room without
 * recognition the level may never fall silent, and a student who has finished need not wait.
 */
export function finishAnswerNow(draft: SpeakingTestDraft): void {
  const state = draft.state;
  if ((state.stage !== 'part1' && state.stage !== 'part3') || state.phase !== 'answering') return;
  completeAnswer(draft);
}

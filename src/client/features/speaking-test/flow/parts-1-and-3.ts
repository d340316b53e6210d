/*
 * SPEC.md section 4, "Parts 1 and 3, per question": the examiner speaks the question; 0.5 s later
 * listening starts. The question completes after 3 s of silence following some speech (checked
 * every 0.5 s), or 2 s after recognition ends on desktop-like devices (or at the answer's time
 * limit, beyond the spec); then the next question, and after the last the part completes, exactly
 * once. Part 3 begins with 'Now we move on to Part 3', then a 1 s wait. The student may hear each
 * question once more (REPEAT_QUESTION).
 */
import { LISTEN_DELAY_AFTER_QUESTION_MS, PART3_INTRO_WAIT_MS, RECOGNITION_END_DELAY_MS, SILENCE_CHECK_INTERVAL_MS } from '../../../../shared/speaking-test/constants.js';
import { answerIsOver, finishAnswer, openAnswer, startAnswerListening } from './answer-capture.js';
import { askQuestion, currentPart, partQuestions } from './examiner.js';
import { completeTest, startPart2 } from './stages.js';
import { cancelAnswerTimers } from './answer-capture.js';
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

/** TIMER silenceCheck, every 0.5 s while answering. */
export function onSilenceCheck(draft: SpeakingTestDraft, now: number): void {
  const state = draft.state;
  if (state.phase !== 'answering' || !state.answer) return;
  if (state.transcription === 'live' && !state.answer.listening) return;
  if (answerIsOver(state.answer, state.transcription, now)) completeAnswer(draft);
  else draft.schedule('silenceCheck', SILENCE_CHECK_INTERVAL_MS);
}

/** TIMER answerLimit (beyond the spec: ANSWER_TIME_LIMIT_MS). */
export function onAnswerLimit(draft: SpeakingTestDraft): void {
  if (draft.state.phase === 'answering') completeAnswer(draft);
}

/** Recognition ended in a Part 1/3 answer on a desktop-like device: the answer completes 2 s later. */
export function onRecognitionEndedInAnswer(draft: SpeakingTestDraft, answer: AnswerDraft, ends: number): void {
  draft.state.answer = { ...answer, recognitionEnds: ends, listening: false };
  draft.cancel('silenceCheck');
  draft.schedule('afterRecognitionEnd', RECOGNITION_END_DELAY_MS);
}

/** TIMER afterRecognitionEnd. */
export function onAfterRecognitionEnd(draft: SpeakingTestDraft): void {
  const state = draft.state;
  // Desktop-like devices only, and only once recognition has ended in this answer.
  if (state.phase === 'answering' && state.device === 'desktop' && state.answer && !state.answer.listening && state.answer.recognitionEnds > 0) completeAnswer(draft);
}

/** Ends the open Part 1/3 answer exactly once, then asks the next question or ends the part. */
export function completeAnswer(draft: SpeakingTestDraft): void {
  const state = draft.state;
  const answer = state.answer;
  if (state.phase !== 'answering' || !answer) return;
  if (answer.listening) draft.emit({ type: 'stopListening' });
  cancelAnswerTimers(draft);
  state.answers = [...state.answers, finishAnswer(answer, state.transcription, state.lastEventAt)];
  state.answer = null;
  const next = state.questionIndex + 1;
  if (next < partQuestions(draft).length) {
    askQuestion(draft, next);
    return;
  }
  if (state.stage === 'part1') {
    startPart2(draft);
    return;
  }
  completeTest(draft);
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

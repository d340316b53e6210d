import { answerHasVoice } from './answer-voice';
import { restartAutoAdvance } from './auto-advance-step';
import { isPausable } from './interview-state';
import { askCurrentQuestion, startCapture, stopCapture } from './listening-step';
import type { InterviewDraft } from './types';

/*
 * Beyond the spec, as the speaking test does (docs/spec-notes.md, 'Leaving the page mid-question'):
 * the page out of sight mid-interview (a call, another app or tab, the screen locked) pauses it. A
 * phone stops recognition and the voice there, and the answer's silence check and 8 s auto-advance
 * would otherwise move on through the questions while the student is away. Nothing moves until they
 * choose Continue; the 30-minute limit goes on. Closing or reloading the page still ends the
 * interview (page-hide-step.ts).
 */

/** What the student reads on coming back. */
export const INTERVIEW_PAUSED_MESSAGE = 'You left the interview page, so the interview stopped here while you were away.';

/** PAGE_HIDDEN: the question's clocks stop, listening stops, the recording pauses, the voice is cut off. */
export function onPageHidden(draft: InterviewDraft): void {
  const { state } = draft;
  const phase = state.phase;
  if (!isPausable(phase)) return;
  // The sound heard so far ends here: a stretch long enough already counts as the answer's speech.
  if (state.voiceSince !== null && answerHasVoice(state, state.now)) draft.state.heardVoice = true;
  stopCapture(draft);
  draft.cancel('firstQuestion');
  draft.cancel('nextQuestion');
  if (state.speechId !== null) draft.emit({ type: 'cancelSpeech' });
  draft.state.speechId = null;
  draft.state.voiceSince = null;
  draft.state.voiceCarried = false;
  draft.state.pausedIn = phase;
  draft.state.phase = 'paused';
}

/** Whether Continue goes back to the answer being given (something of it was heard) rather than asking. */
export function resumesAnswer(state: Pick<InterviewDraft['state'], 'pausedIn' | 'finals' | 'heardVoice'>): boolean {
  return state.pausedIn === 'answering' && (state.finals.length > 0 || state.heardVoice);
}

/**
 * RESUME_INTERVIEW (Continue): an answer already begun is listened to again, kept as it was, with the
 * 8 s auto-advance started afresh; otherwise the interviewer asks the current question (the next
 * one, when the pause came between two), and the answer is saved once.
 */
export function onResume(draft: InterviewDraft, now: number): void {
  const { state } = draft;
  if (state.phase !== 'paused') return;
  const backToAnswer = resumesAnswer(state);
  draft.state.pausedIn = null;
  if (!backToAnswer) {
    askCurrentQuestion(draft);
    return;
  }
  draft.state.phase = 'answering';
  startCapture(draft);
  restartAutoAdvance(draft, now);
}

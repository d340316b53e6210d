import { FlowDriver } from '../../../lib/flow/driver';
import type { WithoutNow } from '../../../lib/flow/runtime';
import type { InterviewQuestion } from '../../../../shared/interview/questions';
import { initialInterviewState } from './interview-state';
import { interviewStep } from './reducer';
import { selectInterviewView, type ActiveViewModel, type CompletedViewModel } from './selectors';
import type { InterviewCommand, InterviewEffect, InterviewEvent, InterviewState, InterviewTimer } from './types';

/** The interview on the flow runtime's test driver (fake clock, every command logged), with its own shortcuts. */
export class InterviewSim extends FlowDriver<InterviewState, InterviewEvent, InterviewEffect, InterviewTimer> {
  constructor(questions: readonly InterviewQuestion[], startAt = 1_000_000, studentName = 'Asha Rao', options: { recognition?: boolean } = {}) {
    super(initialInterviewState({ questions, studentName, now: startAt, ...options }), interviewStep, startAt);
  }

  dispatch(event: WithoutNow<InterviewEvent>): void {
    this.send(event);
  }

  lastSpeak(): Extract<InterviewCommand, { type: 'speak' }> {
    const speaks = this.commandsOf('speak');
    const last = speaks[speaks.length - 1];
    if (!last) throw new Error('nothing spoken yet');
    return last.command;
  }

  /** Finishes the current utterance. */
  finishSpeech(outcome: 'ended' | 'watchdog' | 'failed' | 'cancelled' = 'ended'): void {
    this.dispatch({ type: 'SPEECH_DONE', id: this.lastSpeak().id, outcome });
  }
}

export const QUESTIONS: InterviewQuestion[] = [
  { id: 1, question: 'Please introduce yourself.', category: 'Introduction' },
  { id: 2, question: 'What are your greatest strengths?', category: 'Strengths' },
  { id: 3, question: 'Why do you want this role?', category: 'Motivation' },
];

/** The active view's model, or a failure naming the view shown instead. */
export function active(sim: InterviewSim): ActiveViewModel {
  const view = selectInterviewView(sim.state);
  if (view.view !== 'active') throw new Error(`expected the active view, got ${view.view}`);
  return view;
}

/** The completed view's model, or a failure naming the view shown instead. */
export function completed(sim: InterviewSim): CompletedViewModel {
  const view = selectInterviewView(sim.state);
  if (view.view !== 'completed') throw new Error(`expected the completed view, got ${view.view}`);
  return view;
}

import type { InterviewQuestion } from '../../../../shared/interview/questions';
import { initialInterviewState } from './interview-state';
import { interviewReducer } from './reducer';
import type { InterviewCommand, InterviewEvent, InterviewState, InterviewTimer } from './types';

/** Stands in for the edge hook in tests: carries out timer commands on a fake clock and records every command. */
export class InterviewSim {
  state: InterviewState;
  now: number;
  readonly timers = new Map<InterviewTimer, number>();
  readonly log: { at: number; command: InterviewCommand }[] = [];

  constructor(questions: readonly InterviewQuestion[], startAt = 1_000_000, studentName = 'Asha Rao', options: { recognition?: boolean } = {}) {
    this.now = startAt;
    this.state = initialInterviewState({ questions, studentName, now: startAt, ...options });
  }

  dispatch(event: DistributiveOmit<InterviewEvent, 'now'>): void {
    this.state = interviewReducer(this.state, { ...event, now: this.now } as InterviewEvent);
    this.drain();
  }

  private drain(): void {
    const commands = this.state.commands;
    for (const command of commands) {
      this.log.push({ at: this.now, command });
      if (command.type === 'schedule') this.timers.set(command.timer, this.now + command.delayMs);
      if (command.type === 'cancelTimer') this.timers.delete(command.timer);
    }
    if (commands.length > 0) this.state = interviewReducer(this.state, { type: 'COMMANDS_TAKEN', count: commands.length, now: this.now });
  }

  /** Fires every timer due up to `time`, in order, then sets the clock to `time`. */
  advanceTo(time: number): void {
    for (;;) {
      let nextTimer: InterviewTimer | null = null;
      let due = Infinity;
      for (const [timer, at] of this.timers) {
        if (at <= time && at < due) {
          due = at;
          nextTimer = timer;
        }
      }
      if (nextTimer === null) break;
      this.timers.delete(nextTimer);
      this.now = due;
      this.dispatch({ type: 'TIMER', timer: nextTimer });
    }
    this.now = time;
  }

  advanceBy(ms: number): void {
    this.advanceTo(this.now + ms);
  }

  /** Commands of the given type, with the clock time they were emitted at. */
  commandsOf<T extends InterviewCommand['type']>(type: T): { at: number; command: Extract<InterviewCommand, { type: T }> }[] {
    return this.log.filter((entry): entry is { at: number; command: Extract<InterviewCommand, { type: T }> } => entry.command.type === type);
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

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export const QUESTIONS: InterviewQuestion[] = [
  { id: 1, question: 'Please introduce yourself.', category: 'Introduction' },
  { id: 2, question: 'What are your greatest strengths?', category: 'Strengths' },
  { id: 3, question: 'Why do you want this role?', category: 'Motivation' },
];

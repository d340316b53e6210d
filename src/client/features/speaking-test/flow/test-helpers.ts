/* Shared fixtures for the flow tests (not shipped code). */
import { expect } from 'vitest';
import { ANSWER_TIME_LIMIT_MS } from '../../../../shared/speaking-test/constants.js';
import type { QuestionSet } from '../../../../shared/speaking-test/questions.js';
import { FlowDriver } from '../../../lib/flow/driver.js';
import { initialState, speakingTestStep } from './machine.js';
import type { Command, DeviceKind, EventWithoutNow, SpeakingTestEffect, SpeakingTestEvent, SpeakingTestState, TimerName } from './types.js';

export const QUESTIONS: QuestionSet = {
  part1: Array.from({ length: 10 }, (_, i) => `Part 1 question ${i + 1}?`),
  part2: [{ topic: 'Describe a journey you enjoyed', bullets: ['where you went', 'who you went with', 'and explain why you enjoyed it'] }],
  part3: Array.from({ length: 10 }, (_, i) => `Part 3 question ${i + 1}?`),
};

export type { EventWithoutNow } from './types.js';

/** A recorder check's answer that leaves the time recorded to the driver (see Driver.send). */
export interface UntimedRecordingCheck {
  type: 'RECORDING_CHECKED';
  chunkCount: number;
}

/**
 * A test driver on the flow runtime's test driver (src/client/lib/flow/driver.ts): feeds events at explicit
 * times; the flow's timers are fired by hand (`timer`), never by the clock. Setting `state` starts
 * the flow again from the given state (a test that jumps to a later point).
 */
export class Driver {
  private flow: FlowDriver<SpeakingTestState, SpeakingTestEvent, SpeakingTestEffect, TimerName>;
  /** The edge's recording stopwatch, on the events' clock: time recorded before the last start, and that start. */
  private recordedBefore = 0;
  private recordingSince: number | null = null;
  constructor(device: DeviceKind = 'desktop', now = 0, options: { recognition?: boolean } = {}) {
    this.flow = new FlowDriver(initialState({ questions: QUESTIONS, device, now, ...options }), speakingTestStep, now);
  }
  get state(): SpeakingTestState {
    return this.flow.state;
  }
  set state(state: SpeakingTestState) {
    this.flow = new FlowDriver(state, speakingTestStep, this.flow.now);
  }
  /** A recorder check's answer without `recordedMs` is answered with the time recorded on the events' clock. */
  send(now: number, event: EventWithoutNow | UntimedRecordingCheck): Command[] {
    // The time moves without firing the runtime's timers: the tests fire them by hand.
    this.flow.now = now;
    const timed: EventWithoutNow = event.type === 'RECORDING_CHECKED' && !('recordedMs' in event) ? { ...event, recordedMs: this.recordedAt(now) } : event;
    const commands = [...this.flow.send(timed)];
    for (const command of commands) {
      if (command.type === 'startRecording') this.recordingSince ??= now;
      if (command.type === 'stopRecording') {
        this.recordedBefore = this.recordedAt(now);
        this.recordingSince = null;
      }
    }
    return commands;
  }
  private recordedAt(now: number): number {
    return this.recordedBefore + (this.recordingSince === null ? 0 : now - this.recordingSince);
  }
  timer(now: number, timer: TimerName): Command[] {
    return this.send(now, { type: 'TIMER', timer });
  }
  /** The id of the examiner line now being spoken. */
  get speechId(): string {
    const id = this.state.speechId;
    if (id === null) throw new Error('no speech pending');
    return id;
  }
  speechDone(now: number): Command[] {
    return this.send(now, { type: 'SPEECH_DONE', id: this.speechId, outcome: 'ended' });
  }
  /** From setup to part1 with a granted microphone; Start Test at `now`. */
  start(now: number): Command[] {
    this.timer(now - 2_000, 'micAutoRequest');
    this.send(now - 1_500, { type: 'MIC_GRANTED' });
    return this.send(now, { type: 'START_TEST' });
  }
}

export function speakTexts(commands: readonly Command[]): string[] {
  return commands.flatMap((c) => (c.type === 'speak' ? [c.text] : []));
}

export function types(commands: readonly Command[]): string[] {
  return commands.map((c) => (c.type === 'schedule' ? `schedule:${c.timer}:${c.delayMs}` : c.type === 'cancelTimer' ? `cancel:${c.timer}` : c.type));
}

export const CANCEL_ANSWER_TIMERS = ['cancel:afterQuestion', 'cancel:silenceCheck', 'cancel:afterRecognitionEnd', 'cancel:answerLimit', 'cancel:androidFallbackTick'];

/** Asks, waits 0.5 s, listens; returns the time listening started. `at` is when the question's speech ends. */
export function reachListening(d: Driver, at: number): number {
  const limit = ANSWER_TIME_LIMIT_MS[d.state.stage === 'part3' ? 3 : 1];
  expect(types(d.speechDone(at))).toEqual(['schedule:afterQuestion:500']);
  expect(types(d.timer(at + 500, 'afterQuestion'))).toEqual(['startListening', 'schedule:silenceCheck:500', `schedule:answerLimit:${limit}`]);
  return at + 500;
}

/*
 * docs/architecture.md keeps the interview's spec → state table by hand (decision 0039), as it does
 * the speaking test's: every view, phase and timer the flow has appears in it. The records below are
 * typed over the flow's own unions, so a new one fails the typecheck here until it is listed, and
 * then this test until the table names it.
 */
import { describe, expect, it } from 'vitest';
import { missingFromSpecTable } from '../../../lib/flow/spec-table.test-helpers.js';
import type { InterviewPhase, InterviewTimer, InterviewView } from './types.js';

const VIEWS: Record<InterviewView, true> = { permission: true, welcome: true, active: true, completed: true };
const PHASES: Record<InterviewPhase, true> = {
  permission: true,
  welcome: true,
  greeting: true,
  waitingQuestion: true,
  speakingQuestion: true,
  answering: true,
  paused: true,
  completed: true,
  ended: true,
};
const TIMERS: Record<InterviewTimer, true> = {
  firstQuestion: true,
  nextQuestion: true,
  recordingStart: true,
  recognitionRestart: true,
  autoAdvance: true,
  autoAdvanceTick: true,
  tick: true,
  timeLimit: true,
  answerSilence: true,
  interimSettled: true,
  recordingCheck: true,
};

describe("the interview's spec → state table", () => {
  it('names every view, phase and timer of the flow', () => {
    const missing = missingFromSpecTable('### Interview, spec → state', [...Object.keys(VIEWS), ...Object.keys(PHASES), ...Object.keys(TIMERS)]);
    expect(missing).toEqual([]);
  });
});

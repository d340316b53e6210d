/*
 * docs/architecture.md keeps the speaking test's spec → state table by hand (decision 0039): every
 * stage, phase and timer the flow has appears in it. The records below are typed over the flow's own
 * unions, so a new stage, phase or timer fails the typecheck here until it is listed, and then this
 * test until the table names it.
 */
import { describe, expect, it } from 'vitest';
import { missingFromSpecTable } from '../../../lib/flow/spec-table.test-helpers.js';
import type { Phase, Stage, TimerName } from './types.js';

const STAGES: Record<Stage, true> = { setup: true, ready: true, part1: true, part2: true, part3: true, complete: true };
const PHASES: Record<Phase, true> = {
  idle: true,
  asking: true,
  afterQuestion: true,
  answering: true,
  part2Announcement: true,
  part2Preparation: true,
  part2Speaking: true,
  part2HandOff: true,
  part3Intro: true,
  part3IntroWait: true,
  recognitionFailed: true,
  finished: true,
};
const TIMERS: Record<TimerName, true> = {
  micAutoRequest: true,
  afterQuestion: true,
  silenceCheck: true,
  afterRecognitionEnd: true,
  answerLimit: true,
  androidFallbackTick: true,
  part3Intro: true,
  prepTick: true,
  speakTick: true,
  handOff: true,
  recordingCheck: true,
  sessionWarning: true,
  sessionWarningTick: true,
  sessionExpiry: true,
  sessionRedirect: true,
};

describe("the speaking test's spec → state table", () => {
  it('names every stage, phase and timer of the flow', () => {
    const missing = missingFromSpecTable('### Speaking test, spec → state', [...Object.keys(STAGES), ...Object.keys(PHASES), ...Object.keys(TIMERS)]);
    expect(missing).toEqual([]);
  });
});

/*
 * docs/architecture.md keeps the speaking test's spec → state table by hand (decision 0039): every
 * stage, phase and timer the flow has appears in it. The records below are typed over the flow's own
 * unions, so a new stage, phase or timer fails the typecheck here until it is listed, and then this
 * test until the table names it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
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

function specToStateTable(): string {
  const doc = readFileSync(path.resolve(__dirname, '../../../../../docs/architecture.md'), 'utf8');
  const start = doc.indexOf('### Speaking test, spec → state');
  expect(start, 'the table’s heading in docs/architecture.md').toBeGreaterThanOrEqual(0);
  const rest = doc.slice(start);
  const end = rest.indexOf('\n#', 1);
  return end < 0 ? rest : rest.slice(0, end);
}

describe("the speaking test's spec → state table", () => {
  it('names every stage, phase and timer of the flow', () => {
    const table = specToStateTable();
    const missing = [...Object.keys(STAGES), ...Object.keys(PHASES), ...Object.keys(TIMERS)].filter((name) => !table.includes(`\`${name}\``));
    expect(missing).toEqual([]);
  });
});

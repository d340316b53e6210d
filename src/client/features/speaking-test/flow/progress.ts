/* The /test progress card's view (pure, types only): shown before the flow itself has loaded too. */
import type { PartNumber, SpeakingTestState } from './types.js';

export interface ProgressView {
  markers: { part: PartNumber; label: string; current: boolean; done: boolean }[];
  /** 'Part N of 3' or 'Complete'; 'Part 0 of 3' is never shown: before the test it reads 'Part 1 of 3'. */
  label: string;
  percent: number;
}

export function currentPartNumber(state: Pick<SpeakingTestState, 'stage'>): PartNumber | null {
  switch (state.stage) {
    case 'part1':
      return 1;
    case 'part2':
      return 2;
    case 'part3':
      return 3;
    default:
      return null;
  }
}

export function selectProgress(state: Pick<SpeakingTestState, 'stage'>): ProgressView {
  const part = currentPartNumber(state);
  const complete = state.stage === 'complete';
  const parts: PartNumber[] = [1, 2, 3];
  return {
    markers: parts.map((p) => ({ part: p, label: `Part ${p}`, current: part === p, done: complete || (part !== null && p < part) })),
    label: complete ? 'Complete' : `Part ${part ?? 1} of 3`,
    // Whole percents: the bar reads its value out as "67%", not "66.66666666666667%".
    percent: complete ? 100 : Math.round(((part ?? 0) / 3) * 100),
  };
}

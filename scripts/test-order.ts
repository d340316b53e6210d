/*
 * The order Vitest starts test files in (vitest.config.ts, `sequence.sequencer`).
 *
 * A few end-to-end files spend minutes waiting on real audio played in real time (answers ended by
 * real silence), using about a fifth of a core. Run one at a time among the other end-to-end files,
 * they kept both cores idle for about six minutes of every run. They run instead in the unit files'
 * group (vitest.config.ts gives that group a third worker for them), spread through it so that about
 * one of them runs at a time beside two unit files, rather than all of them at the start.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The Vitest project of the end-to-end files that wait on real-time audio. */
export const REAL_TIME_E2E_PROJECT = 'e2e-real-time';

/** Longest first: each is started once the files before it have had about its predecessor's time. */
export const REAL_TIME_E2E_FILES = [
  'e2e/speaking-test-no-recognition.test.ts',
  'e2e/interview-no-recognition.test.ts',
  'e2e/no-recording.test.ts',
  'e2e/speaking-test-recognition-failure.test.ts',
  'e2e/interview-no-recording.test.ts',
] as const;

const rank = (spec: TestSpecification) => REAL_TIME_E2E_FILES.findIndex((file) => spec.moduleId.endsWith(file));

/**
 * Places `spread` among `others` at evenly spaced positions (the first at the start), keeping both
 * lists' own order: with `others` of 200 files and 5 to spread, one comes before every 40th file.
 */
export function interleave<T>(others: readonly T[], spread: readonly T[]): T[] {
  if (spread.length === 0) return [...others];
  const every = Math.max(1, Math.floor(others.length / spread.length));
  const result: T[] = [];
  let next = 0;
  others.forEach((item, index) => {
    if (index % every === 0 && next < spread.length) result.push(spread[(next += 1) - 1] as T);
    result.push(item);
  });
  while (next < spread.length) result.push(spread[(next += 1) - 1] as T);
  return result;
}

export default class TestOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const realTime = sorted.filter((spec) => spec.project.name === REAL_TIME_E2E_PROJECT).sort((a, b) => rank(a) - rank(b));
    if (realTime.length === 0) return sorted;
    const group = realTime[0]?.project.config.sequence.groupOrder;
    const sameGroup = sorted.filter((spec) => spec.project.name !== REAL_TIME_E2E_PROJECT && spec.project.config.sequence.groupOrder === group);
    const later = sorted.filter((spec) => spec.project.name !== REAL_TIME_E2E_PROJECT && spec.project.config.sequence.groupOrder !== group);
    // super.sort puts groups in their order; the real-time files' group comes first (groupOrder 0).
    return [...interleave(sameGroup, realTime), ...later];
  }
}

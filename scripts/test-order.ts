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

/** The Vitest project of the end-to-end files that hear audio a browser captures in real time (vitest.config.ts). */
export const CAPTURE_E2E_PROJECT = 'e2e-capture';

/**
 * End-to-end files whose browser captures a microphone played in real time and that measure or hear
 * what it captured: `interview-recording-evidence` places each answer on the recording to within
 * 150-400 ms, and the Firefox and WebKit whole tests hear their answers. None runs beside the
 * Chromium files, which keep the cores three quarters busy; they mostly wait (alone, Firefox's used
 * 38 % of one core over its 90 s, WebKit's 17 % over 78 s, `interview-recording-evidence` 29 % over
 * 75 s), so they run side by side after those, the two cores less than half busy.
 */
export const CAPTURE_E2E_FILES = ['e2e/firefox-voice-flows.test.ts', 'e2e/webkit-voice-flows.test.ts', 'e2e/interview-recording-evidence.test.ts'] as const;

/**
 * The unit files that take minutes, longest first (a clean clone has no timings for Vitest to order
 * by, so it orders by file size): started first, so that none of them starts late and runs alone at
 * the group's end, with one core idle (validity, started last, held the group's last 40 s).
 */
export const LONG_UNIT_FILES = [
  'src/server/analysis/real-speech.test.ts',
  'src/server/auth/shared-budgets.test.ts',
  'src/server/backup/backup.test.ts',
  'src/server/auth/known-devices.test.ts',
  'src/server/validity.test.ts',
] as const;

/** `files` with those named in `first` moved to the front, in `first`'s order; the rest keep theirs. */
export function startFirst<T>(files: readonly T[], first: readonly string[], name: (file: T) => string): T[] {
  const at = (file: T) => first.findIndex((suffix) => name(file).endsWith(suffix));
  const named = files.filter((file) => at(file) >= 0).sort((a, b) => at(a) - at(b));
  return [...named, ...files.filter((file) => at(file) < 0)];
}

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
    const sameGroup = startFirst(
      sorted.filter((spec) => spec.project.name !== REAL_TIME_E2E_PROJECT && spec.project.config.sequence.groupOrder === group),
      LONG_UNIT_FILES,
      (spec) => spec.moduleId,
    );
    const later = sorted.filter((spec) => spec.project.name !== REAL_TIME_E2E_PROJECT && spec.project.config.sequence.groupOrder !== group);
    // super.sort puts groups in their order; the real-time files' group comes first (groupOrder 0).
    return [...interleave(sameGroup, realTime), ...later];
  }
}

/*
 * What the page's voice meter has heard, for a test that runs the page clock forward after a clip
 * (driven-test.ts). The meter reads an AnalyserNode every 50 ms of page time; run forward, those
 * reads fire in a burst on whatever the microphone carries at that instant. A clip that has left
 * PulseAudio but not yet reached the page (the capture's own latency) is then heard in a burst: a
 * word gap read ten times over reads as the 400 ms that end the speech, and the rest of the clip
 * falls after the answer. So the test waits, in real time, until the meter has read the clip and
 * the quiet after it, and only then runs the clock.
 *
 * `installLevelWatch` runs in the page and is self-contained (sent as text: its arguments are
 * LEVEL_WATCH and LOUD_DB), before or after the app's scripts. It wraps the analyser's read to note,
 * in page time, each loud read and the last read; the values the page gets are untouched.
 */
import type { DrivenPage } from './driven-test.js';

export const LEVEL_WATCH = '__parleyLevelWatch';

/** A read louder than this (dBFS) is sound: the meter's own floor for the start of speech (voice-activity.ts); installLevelWatch's second argument. */
export const LOUD_DB = -50;

export interface LevelWatch {
  /** Page time (Date.now()) of the first read; null before any. */
  firstRead: number | null;
  /** Page time (Date.now()) of the last read; null before any. */
  lastRead: number | null;
  /** Page times of the reads louder than the threshold. */
  loud: number[];
}

export function installLevelWatch(name: string, loudDb: number): void {
  const w = window as unknown as Record<string, unknown>;
  if (w[name]) return;
  const watch: LevelWatch = { firstRead: null, lastRead: null, loud: [] };
  w[name] = watch;
  const read = AnalyserNode.prototype.getFloatTimeDomainData;
  AnalyserNode.prototype.getFloatTimeDomainData = function (this: AnalyserNode, samples: Float32Array<ArrayBuffer>) {
    read.call(this, samples);
    let sum = 0;
    for (const sample of samples) sum += sample * sample;
    const rms = Math.sqrt(sum / Math.max(1, samples.length));
    const now = Date.now();
    if (rms > 0 && 20 * Math.log10(rms) > loudDb) watch.loud.push(now);
    watch.firstRead ??= now;
    watch.lastRead = now;
  };
}

/** Since page time `since`: the first and last loud reads, and the last read; null on a page without the watch. */
const heardSince = (page: DrivenPage, since: number) =>
  page.evaluate(
    (name, from) => {
      const watch = (window as unknown as Record<string, LevelWatch | undefined>)[name];
      if (!watch) return null;
      const loud = watch.loud.filter((at) => at >= from);
      return { firstLoud: loud[0] ?? null, lastLoud: loud.at(-1) ?? null, lastRead: watch.lastRead };
    },
    LEVEL_WATCH,
    since,
  );

/** The page's time now (its clock's, when one is installed). */
export const pageNow = (page: DrivenPage): Promise<number> => page.evaluate(() => Date.now());

/**
 * Waits (real time, at most `timeoutMs`) until the meter has read the microphone for `settledMs`.
 * The meter starts with the test, and the driver skips the first question's examiner line on the
 * page clock, so the first clip could otherwise start while the capture is still opening: a loaded
 * machine's Firefox once heard 515 ms of a 1.7 s clip there, against 1.6 s on every later answer (a
 * student hears the examiner out first). Resolves at once on a page without the watch.
 */
export async function waitUntilMeterSettled(page: DrivenPage, { settledMs = 1_000, timeoutMs = 10_000 } = {}): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const reads = await page.evaluate((name) => {
      const watch = (window as unknown as Record<string, LevelWatch | undefined>)[name];
      return watch ? { firstRead: watch.firstRead, lastRead: watch.lastRead } : null;
    }, LEVEL_WATCH);
    if (!reads) return;
    if (reads.firstRead !== null && reads.lastRead !== null && reads.lastRead - reads.firstRead >= settledMs) return;
    if (Date.now() > deadline) throw new Error(`the page's voice meter had not read the microphone for ${settledMs} ms within ${timeoutMs} ms of the test starting (${JSON.stringify(reads)})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * After a clip played from page time `since`: waits (real time, at most `timeoutMs`) until the
 * meter has heard sound and then `quietMs` of quiet, and returns how long it heard sound (page ms
 * from the first loud read since `since` to the last). Resolves null at once on a page without the
 * watch.
 */
export async function waitUntilHeardAndQuiet(page: DrivenPage, since: number, { quietMs = 450, timeoutMs = 5_000 } = {}): Promise<{ heardMs: number } | null> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const heard = await heardSince(page, since);
    if (!heard) return null;
    const { firstLoud, lastLoud, lastRead } = heard;
    if (firstLoud !== null && lastLoud !== null && lastRead !== null && lastRead - lastLoud >= quietMs) return { heardMs: lastLoud - firstLoud };
    if (Date.now() > deadline) {
      const state = firstLoud === null ? 'heard no sound since the clip started' : `still heard sound ${timeoutMs} ms after the clip ended`;
      throw new Error(`the page's voice meter ${state} (${JSON.stringify(heard)}, the clip from page time ${since})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

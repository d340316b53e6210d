/*
 * How long a voice flow has asked the recorder to record, pauses left out, in time that really
 * passed: the recorder check (./recorder-check.ts) compares it with the pieces the recorder handed
 * over. The edges of both flows run one from the start command to the stop command. A recorder
 * gives its pieces in real time, while Date, performance.now and even an event's timeStamp can move
 * on without it (a page clock run forward, as the browser tests do), so this reads the document's
 * animation timeline, which follows the frames the browser really draws. The time counts from the
 * start command even when the recorder could not start: a recorder that cannot record is the case
 * to catch.
 */

/** A clock that only moves as time really passes (ms); performance.now where there is no document timeline. */
export function realClock(): number {
  const timeline = typeof document === 'undefined' ? undefined : document.timeline?.currentTime;
  return typeof timeline === 'number' ? timeline : performance.now();
}

export interface RecordingStopwatch {
  /** The recording starts or resumes. */
  run(): void;
  /** The recording pauses or stops. */
  hold(): void;
  /** Time recorded so far (ms). */
  elapsed(): number;
}

export function recordingStopwatch(now: () => number = realClock): RecordingStopwatch {
  let total = 0;
  let since: number | null = null;
  return {
    run() {
      since ??= now();
    },
    hold() {
      if (since === null) return;
      total += Math.max(0, now() - since);
      since = null;
    },
    elapsed() {
      return total + (since === null ? 0 : Math.max(0, now() - since));
    },
  };
}

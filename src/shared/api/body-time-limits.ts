/*
 * How long a request's body may take to arrive (decision 0013, "The upload's time limit"). The server
 * holds every request to these (src/server/lib/body-deadline.ts); the outbox waits for each of its
 * requests as long as the server does, and a minute more for the answer. No Zod: the client imports it.
 */

export interface BodyTimeLimits {
  /** Every request's body must have fully arrived within this, counted from its headers. */
  bodyMs: number;
  /** A streamed upload (the recording) may take as long as its size needs at this rate, if that is longer. */
  minBytesPerSecond: number;
  /** A streamed upload during which no byte arrives for this long is ended. */
  idleMs: number;
}

/**
 * 120 s for any body, as Node's server-wide limit was (a JSON body is at most 1 MiB). The recording
 * at 2,000 bytes a second (16 kbit/s, half the 32 kbit/s the recorder writes): a 15-minute test's
 * 3.6 MB gets 30 minutes. No byte for 60 s ends an upload, as nginx's `client_body_timeout` does.
 */
export const BODY_TIME_LIMITS: BodyTimeLimits = {
  bodyMs: 120_000,
  minBytesPerSecond: 2_000,
  idleMs: 60_000,
};

/**
 * How long a streamed upload's body may take: its announced size at `minBytesPerSecond`, counted on at
 * most `maxBytes` (the most its route takes, also when no size is announced), never less than `bodyMs`.
 */
export function streamedBodyDeadlineMs(announcedBytes: number | undefined, maxBytes: number, limits: BodyTimeLimits = BODY_TIME_LIMITS): number {
  const bytes = Math.min(announcedBytes ?? maxBytes, maxBytes);
  return Math.max(limits.bodyMs, Math.ceil((bytes * 1000) / limits.minBytesPerSecond));
}

/**
 * How much longer than the server the outbox waits for an answer: after the last byte the server
 * still re-muxes and stores the recording. A client that gave up first would drop uploads the server
 * was still taking.
 */
export const ANSWER_GRACE_MS = 60_000;

import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/**
 * The requests come first: while this server answers a request, its recording analyses are held
 * (their processes stopped), and they go on once no request has come or gone for `quietMs`.
 *
 * Why not the scheduler alone: the analysis already runs under SCHED_IDLE at nice 19, yet on the
 * bench's two cores the students list's p99 still grew by a quarter (and more when the analysis ran
 * as separate processes) while four recordings were analysed: the cores' caches and the wake-ups
 * are shared whatever the policy. A stopped process costs nothing. See decision 0017.
 *
 * Two limits keep the analysis from waiting for ever:
 * - a request holds it for at most `requestLimitMs` of its own (a slow phone's upload, or a
 *   recording streamed to a teacher's player, is not work of this server's cores);
 * - under requests without end, after `maxHoldMs` held it runs for `sliceMs`, so that it always
 *   finishes; a sliver of the requests then shares the cores with it.
 */
export interface Holdable {
  hold(): void;
  release(): void;
}

export interface ForegroundOptions {
  quietMs?: number;
  requestLimitMs?: number;
  maxHoldMs?: number;
  sliceMs?: number;
  now?: () => number;
}

/** The analysis goes on after this long without a request coming or going. */
export const FOREGROUND_QUIET_MS = 20;
/** A request holds the analysis back for this long at most. */
export const FOREGROUND_REQUEST_LIMIT_MS = 2_000;
/** Held this long without a pause in the requests, the analysis runs for FOREGROUND_SLICE_MS... */
export const FOREGROUND_MAX_HOLD_MS = 10_000;
/** ...a two-hundredth of the time, so that fewer than one request in a hundred meets it. */
export const FOREGROUND_SLICE_MS = 50;

export class ForegroundGate {
  readonly #quietMs: number;
  readonly #requestLimitMs: number;
  readonly #maxHoldMs: number;
  readonly #sliceMs: number;
  readonly #now: () => number;
  /** Each request in flight and when it came. */
  readonly #requests = new Map<object, number>();
  readonly #work = new Set<Holdable>();
  #lastActivity = Number.NEGATIVE_INFINITY;
  #held = false;
  #heldSince = 0;
  #inSlice = false;
  #timer: NodeJS.Timeout | null = null;

  constructor({
    quietMs = FOREGROUND_QUIET_MS,
    requestLimitMs = FOREGROUND_REQUEST_LIMIT_MS,
    maxHoldMs = FOREGROUND_MAX_HOLD_MS,
    sliceMs = FOREGROUND_SLICE_MS,
    now = () => performance.now(),
  }: ForegroundOptions = {}) {
    this.#quietMs = quietMs;
    this.#requestLimitMs = requestLimitMs;
    this.#maxHoldMs = maxHoldMs;
    this.#sliceMs = sliceMs;
    this.#now = now;
  }

  /** Whether the work is held now (for tests and the log). */
  get held(): boolean {
    return this.#held;
  }

  requestStarted(request: object): void {
    const now = this.#now();
    this.#requests.set(request, now);
    this.#lastActivity = now;
    if (!this.#held && !this.#inSlice && this.#work.size > 0) this.#hold(now);
  }

  requestEnded(request: object): void {
    this.#requests.delete(request);
    this.#lastActivity = this.#now();
  }

  /** Work that starts: held at once while requests are being answered. */
  add(work: Holdable): void {
    this.#work.add(work);
    if (this.#held) work.hold();
    else if (!this.#inSlice && this.#busy(this.#now())) this.#hold(this.#now());
  }

  /** Work that has ended (it is not released: it has nothing left to run). */
  remove(work: Holdable): void {
    this.#work.delete(work);
    if (this.#work.size > 0) return;
    this.#clearTimer();
    this.#held = false;
    this.#inSlice = false;
  }

  #busy(now: number): boolean {
    if (now - this.#lastActivity < this.#quietMs) return true;
    for (const startedAt of this.#requests.values()) if (now - startedAt < this.#requestLimitMs) return true;
    return false;
  }

  #hold(now: number): void {
    this.#held = true;
    this.#heldSince = now;
    for (const work of this.#work) work.hold();
    this.#schedule(this.#quietMs, () => this.#check());
  }

  #release(): void {
    this.#held = false;
    this.#clearTimer();
    for (const work of this.#work) work.release();
  }

  #check(): void {
    const now = this.#now();
    if (!this.#busy(now)) {
      this.#release();
      return;
    }
    if (now - this.#heldSince < this.#maxHoldMs) {
      this.#schedule(this.#quietMs, () => this.#check());
      return;
    }
    this.#release();
    this.#inSlice = true;
    this.#schedule(this.#sliceMs, () => {
      this.#inSlice = false;
      if (this.#work.size > 0 && this.#busy(this.#now())) this.#hold(this.#now());
    });
  }

  #schedule(ms: number, run: () => void): void {
    this.#clearTimer();
    this.#timer = setTimeout(run, ms);
    this.#timer.unref();
  }

  #clearTimer(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
  }
}

/** Whether a request announces a body (RFC 9112: a Content-Length above 0, or Transfer-Encoding). */
function hasBody(request: IncomingMessage): boolean {
  return Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
}

/**
 * Counts every request `server` answers while this server works on it: from the moment its body has
 * arrived (at once for a request without one) until its answer's headers are sent, or its connection
 * closes. Not while its body is still arriving, nor while its answer is read by the client: then the
 * client, not this server's cores, sets the pace. Counted from arrival, a client that opened a request
 * every second or two and never sent its body (or never read the answer) held every analysis of the
 * server for as long as it liked, signed in or not (decision 0017's addendum).
 */
export function holdForRequests(server: Server, gate: ForegroundGate): void {
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    let counted = false;
    let done = false;
    const start = () => {
      if (counted || done) return;
      counted = true;
      gate.requestStarted(request);
    };
    const end = () => {
      if (done) return;
      done = true;
      if (counted) gate.requestEnded(request);
    };
    // The answer's headers go out through writeHead (Node's implicit headers call it too).
    const writeHead = response.writeHead;
    response.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse['writeHead']>) {
      end();
      return writeHead.apply(this, args);
    } as ServerResponse['writeHead'];
    response.once('close', end);
    if (hasBody(request) && !request.complete) request.once('end', start);
    else start();
  });
}

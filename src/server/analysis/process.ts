import { spawn, type ChildProcess } from 'node:child_process';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { backgroundCommand } from './background.js';
import type { ChildAnswer, ChildMessage, ChildRequest } from './child.js';
import type { ForegroundGate, Holdable } from './foreground.js';
import type { MeasureOutcome } from './measure.js';

/**
 * The running time one analysis may take (not counting the time it is held for requests): a
 * 45-minute recording takes well under a minute on one core, so this long means a stalled source or
 * a hung decoder. The analysis is then stopped, and tried again later (runner.ts).
 */
export const ANALYSIS_RUN_LIMIT_MS = 10 * 60_000;

export interface AnalysisJob extends Omit<ChildRequest, 'ffmpeg'> {
  /** The recording's bytes (the store's stream). */
  source: AsyncIterable<Uint8Array>;
  ffmpeg: string;
}

export interface AnalysisProcessOptions {
  /** Holds the analyses while this server answers requests (main.ts); none: they are never held. */
  gate?: ForegroundGate;
  runLimitMs?: number;
  /** The child's script: child.js beside this file (child.ts, through tsx, when run from the sources). */
  script?: string;
}

/**
 * Runs each analysis in a process of its own (child.ts), started in the background (SCHED_IDLE, nice
 * 19, killed with the server: background.ts) and in its own process group, so that stopping the
 * group stops ffmpeg and pocketsphinx with it. Rejects when the process fails or runs too long:
 * a fault of this server, not of the recording.
 */
export class AnalysisProcesses {
  readonly #gate: ForegroundGate | undefined;
  readonly #runLimitMs: number;
  readonly #script: string;
  readonly #running = new Set<(why: string) => void>();

  constructor({ gate, runLimitMs = ANALYSIS_RUN_LIMIT_MS, script }: AnalysisProcessOptions = {}) {
    this.#gate = gate;
    this.#runLimitMs = runLimitMs;
    const fromSources = import.meta.url.endsWith('.ts');
    this.#script = script ?? fileURLToPath(new URL(fromSources ? './child.ts' : './child.js', import.meta.url));
  }

  analyse({ source, ...request }: AnalysisJob): Promise<MeasureOutcome> {
    const node = this.#script.endsWith('.ts') ? ['--import', 'tsx', this.#script] : [this.#script];
    const [command, args] = backgroundCommand(process.execPath, node);
    const child = spawn(command, args, { stdio: ['pipe', 'ignore', 'pipe', 'ipc'], detached: true });
    const run = new RunningAnalysis(child, this.#runLimitMs);
    this.#running.add(run.stop);

    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      if (errors.length < 4000) errors += chunk.toString();
    });
    let answer: ChildAnswer | null = null;
    child.on('message', (message: ChildMessage) => {
      if ('started' in message) {
        // Held only from here: stopped any earlier, still in `setpriv` before it set the parent-death
        // signal, the process would outlive a server killed meanwhile, stopped for good.
        this.#gate?.add(run);
        return;
      }
      answer = message;
    });
    // The bytes go to the process as it reads them. A source that fails (the store) stops the
    // analysis: a cut-off recording must not be measured as if it were whole.
    const input = new GuardedSource(source);
    const feeding = child.stdin
      ? pipeline(Readable.from(input.bytes()), child.stdin).catch(() => {
          if (input.failure) run.stop(`the recording could not be read from the store: ${input.failure instanceof Error ? input.failure.message : String(input.failure)}`);
          // Otherwise the process closed its input (ffmpeg stopped reading a file that is not audio): it answers why.
        })
      : Promise.resolve();
    child.send(request satisfies ChildRequest);

    return new Promise<MeasureOutcome>((resolve, reject) => {
      child.once('error', (error) => run.stop(error.message));
      child.once('close', (code, killedBy) => {
        this.#gate?.remove(run);
        this.#running.delete(run.stop);
        run.ended();
        // A source still waiting for bytes (a stalled store) is let go of: nothing reads them now.
        input.stop();
        void feeding.then(() => {
          const received = answer as ChildAnswer | null;
          if (run.stoppedBecause) reject(new Error(run.stoppedBecause));
          else if (received && 'outcome' in received) resolve(received.outcome);
          else if (received) reject(new Error(received.error));
          else reject(new Error(`the analysis process ended without an answer (${killedBy ?? `exit code ${code}`})${errors ? `: ${errors.trim().split('\n').pop()}` : ''}`));
        });
      });
    });
  }

  /** Stops every analysis still running (they are tried again later). */
  close(): Promise<void> {
    for (const stop of this.#running) stop('the server is stopping');
    return Promise.resolve();
  }
}

/**
 * One analysis process as the gate holds it: SIGSTOP and SIGCONT to its whole process group (the
 * analysis process, and ffmpeg or pocketsphinx when they run), and its running time, counted only
 * while it is not held, stopped at the limit.
 */
class RunningAnalysis implements Holdable {
  stoppedBecause: string | null = null;
  readonly #child: ChildProcess;
  readonly #runLimitMs: number;
  #used = 0;
  #since = performance.now();
  #limit: NodeJS.Timeout | null = null;

  constructor(child: ChildProcess, runLimitMs: number) {
    this.#child = child;
    this.#runLimitMs = runLimitMs;
    this.#watch();
  }

  /** Kills the process group; the first reason given is the one the analysis ends with. */
  readonly stop = (why: string): void => {
    this.stoppedBecause ??= why;
    this.#signal('SIGKILL');
  };

  hold(): void {
    this.#signal('SIGSTOP');
    this.#used += performance.now() - this.#since;
    this.#unwatch();
  }

  release(): void {
    this.#signal('SIGCONT');
    this.#since = performance.now();
    if (!this.#limit) this.#watch();
  }

  /** The process has closed: whatever it started ends with it. */
  ended(): void {
    this.#unwatch();
    this.#signal('SIGKILL');
  }

  #watch(): void {
    this.#limit = setTimeout(
      () => this.stop(`the analysis ran for over ${Math.round(this.#runLimitMs / 1000)} s without finishing: it was stopped, to be tried again`),
      this.#runLimitMs - this.#used,
    );
  }

  #unwatch(): void {
    if (this.#limit) clearTimeout(this.#limit);
    this.#limit = null;
  }

  #signal(name: NodeJS.Signals): void {
    try {
      if (this.#child.pid !== undefined) process.kill(-this.#child.pid, name);
    } catch {
      // The group has ended.
    }
  }
}

/**
 * The store's bytes, remembering whether the store itself failed (not the process closing its input,
 * which is thrown in at the yield). `stop()` ends them even while the store has not answered: an
 * async generator cannot be returned while it awaits, and the pipeline feeding the process waits for
 * it to end (Node 24 waits for a Readable.from's generator to finish when the pipeline is torn down).
 */
class GuardedSource {
  failure: unknown = null;
  readonly #source: AsyncIterable<Uint8Array>;
  readonly #stopped: Promise<IteratorResult<Uint8Array>>;
  #stop: () => void = () => {};

  constructor(source: AsyncIterable<Uint8Array>) {
    this.#source = source;
    this.#stopped = new Promise((resolve) => (this.#stop = () => resolve({ done: true, value: undefined })));
  }

  stop(): void {
    this.#stop();
  }

  async *bytes(): AsyncGenerator<Uint8Array> {
    const iterator = this.#source[Symbol.asyncIterator]();
    try {
      for (;;) {
        let next: IteratorResult<Uint8Array>;
        try {
          next = await Promise.race([iterator.next(), this.#stopped]);
        } catch (error) {
          this.failure = error;
          throw error;
        }
        if (next.done) return;
        yield next.value;
      }
    } finally {
      // Closes the store's file when the process stopped reading early.
      void iterator.return?.();
    }
  }
}

import { spawn } from 'node:child_process';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { backgroundCommand } from './background.js';
import type { ChildAnswer, ChildRequest } from './child.js';
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
    const signal = (name: NodeJS.Signals) => {
      try {
        // The whole group: the analysis process, and ffmpeg or pocketsphinx when they run.
        if (child.pid !== undefined) process.kill(-child.pid, name);
      } catch {
        // The group has ended.
      }
    };
    let stoppedBecause: string | null = null;
    const stop = (why: string) => {
      stoppedBecause ??= why;
      signal('SIGKILL');
    };
    this.#running.add(stop);

    // The running time is counted only while the process is not held.
    let used = 0;
    let since = performance.now();
    let limit: NodeJS.Timeout | null = null;
    const watch = () => {
      limit = setTimeout(() => stop(`the analysis ran for over ${Math.round(this.#runLimitMs / 1000)} s without finishing: it was stopped, to be tried again`), this.#runLimitMs - used);
    };
    const holdable: Holdable = {
      hold: () => {
        signal('SIGSTOP');
        used += performance.now() - since;
        if (limit) clearTimeout(limit);
        limit = null;
      },
      release: () => {
        signal('SIGCONT');
        since = performance.now();
        if (!limit) watch();
      },
    };
    watch();
    this.#gate?.add(holdable);

    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      if (errors.length < 4000) errors += chunk.toString();
    });
    let answer: ChildAnswer | null = null;
    child.once('message', (message: ChildAnswer) => {
      answer = message;
    });
    // The bytes go to the process as it reads them. A source that fails (the store) stops the
    // analysis: a cut-off recording must not be measured as if it were whole.
    let sourceFailed: unknown = null;
    async function* guarded() {
      const iterator = source[Symbol.asyncIterator]();
      try {
        for (;;) {
          let next: IteratorResult<Uint8Array>;
          try {
            next = await iterator.next();
          } catch (error) {
            // The source's own failure (not the process closing its input, thrown in at the yield).
            sourceFailed = error;
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
    const feeding = child.stdin
      ? pipeline(Readable.from(guarded()), child.stdin).catch(() => {
          if (sourceFailed) stop(`the recording could not be read from the store: ${sourceFailed instanceof Error ? sourceFailed.message : String(sourceFailed)}`);
          // Otherwise the process closed its input (ffmpeg stopped reading a file that is not audio): it answers why.
        })
      : Promise.resolve();
    child.send({ ...request } satisfies ChildRequest);

    return new Promise<MeasureOutcome>((resolve, reject) => {
      child.once('error', (error) => stop(error.message));
      child.once('close', (code, killedBy) => {
        this.#gate?.remove(holdable);
        if (limit) clearTimeout(limit);
        this.#running.delete(stop);
        // Whatever it started ends with it.
        signal('SIGKILL');
        void feeding.then(() => {
          const received = answer as ChildAnswer | null;
          if (stoppedBecause) reject(new Error(stoppedBecause));
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

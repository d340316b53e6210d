import { Worker } from 'node:worker_threads';
import type { MeasureOutcome, MeasureRequest } from './measure.js';

type Pending = { resolve: (outcome: MeasureOutcome) => void; reject: (error: Error) => void };

/**
 * One worker thread that measures a decoded recording (worker.ts, measure.ts), made when first needed. Run from the
 * TypeScript sources (tests, `npm run dev`) the worker loads through tsx, as the rest of the code does.
 */
export class AnalysisThread {
  #worker: Worker | null = null;
  #next = 0;
  readonly #pending = new Map<number, Pending>();

  #start(): Worker {
    if (this.#worker) return this.#worker;
    const fromSources = import.meta.url.endsWith('.ts');
    const worker = fromSources
      ? // Node 20 ignores --import in a worker's execArgv: the worker registers tsx itself, then loads the sources.
        new Worker(
          `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(new URL('./worker.ts', import.meta.url).href)}); })`,
          { eval: true },
        )
      : new Worker(new URL('./worker.js', import.meta.url));
    worker.on('message', (message: { id: number; outcome?: MeasureOutcome; error?: string }) => {
      const pending = this.#pending.get(message.id);
      if (!pending) return;
      this.#pending.delete(message.id);
      // An idle thread does not keep the process alive.
      if (this.#pending.size === 0) worker.unref();
      if (message.outcome) pending.resolve(message.outcome);
      else pending.reject(new Error(message.error ?? 'the analysis thread gave no answer'));
    });
    const failAll = (error: Error) => {
      for (const pending of this.#pending.values()) pending.reject(error);
      this.#pending.clear();
      this.#worker = null;
    };
    worker.on('error', failAll);
    worker.on('exit', (code) => failAll(new Error(`the analysis thread stopped (${code})`)));
    this.#worker = worker;
    return worker;
  }

  /** Measures the recording (its samples move to the thread: do not use `request.pcm` after this). */
  measure(request: MeasureRequest): Promise<MeasureOutcome> {
    const worker = this.#start();
    const id = (this.#next += 1);
    worker.ref();
    // Only a buffer the samples have to themselves is moved; a view into a shared one is copied.
    const pcm = request.pcm.byteOffset === 0 && request.pcm.byteLength === request.pcm.buffer.byteLength ? request.pcm : request.pcm.slice();
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      worker.postMessage({ id, ...request, pcm }, [pcm.buffer as ArrayBuffer]);
    });
  }

  async close(): Promise<void> {
    const worker = this.#worker;
    this.#worker = null;
    if (worker) await worker.terminate();
  }
}

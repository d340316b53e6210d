import { Worker } from 'node:worker_threads';
import type { SpeechFigures } from './metrics.js';

type Measured = { figures: SpeechFigures; samples: Float32Array };
type Pending = { resolve: (measured: Measured) => void; reject: (error: Error) => void };

/**
 * One worker thread that turns samples into figures (worker.ts), made when first needed. Run from the
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
    worker.on('message', (message: { id: number; figures?: SpeechFigures; samples?: Float32Array; error?: string }) => {
      const pending = this.#pending.get(message.id);
      if (!pending) return;
      this.#pending.delete(message.id);
      // An idle thread does not keep the process alive.
      if (this.#pending.size === 0) worker.unref();
      if (message.figures && message.samples) pending.resolve({ figures: message.figures, samples: message.samples });
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

  /** The figures of these samples, and the samples back (their memory moves to the thread and back: use the returned ones). */
  figures(samples: Float32Array): Promise<Measured> {
    const worker = this.#start();
    const id = (this.#next += 1);
    worker.ref();
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      worker.postMessage({ id, samples }, [samples.buffer as ArrayBuffer]);
    });
  }

  async close(): Promise<void> {
    const worker = this.#worker;
    this.#worker = null;
    if (worker) await worker.terminate();
  }
}

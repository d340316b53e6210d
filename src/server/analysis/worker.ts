import { parentPort } from 'node:worker_threads';
import { runInBackground } from './background.js';
import { measureRecording, type MeasureRequest } from './measure.js';

/**
 * The analysis's work on the samples, in a worker thread (analysis/runner.ts): a 12-minute recording
 * is about 11.5 million samples, the word alignment reads a 130,000-word dictionary and runs
 * pocketsphinx, and the requests of the server's own thread must not wait for any of it.
 */
runInBackground();
parentPort?.on('message', (message: { id: number } & MeasureRequest) => {
  measureRecording(message).then(
    (outcome) => parentPort?.postMessage({ id: message.id, outcome }),
    (error: unknown) => parentPort?.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) }),
  );
});

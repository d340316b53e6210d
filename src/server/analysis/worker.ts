import { parentPort } from 'node:worker_threads';
import { runInBackground } from './background.js';
import { speechFeatures } from './features.js';
import { speechFigures } from './metrics.js';

/**
 * The analysis's arithmetic, in a worker thread (analysis/runner.ts): a 12-minute recording is about
 * 11.5 million samples, and the requests of the server's own thread must not wait for them.
 */
runInBackground();
parentPort?.on('message', (message: { id: number; samples: Float32Array }) => {
  try {
    // The samples go back (moved, not copied): the word alignment reads them next.
    parentPort?.postMessage({ id: message.id, figures: speechFigures(speechFeatures(message.samples)), samples: message.samples }, [message.samples.buffer as ArrayBuffer]);
  } catch (error) {
    parentPort?.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) });
  }
});

/* Loads the running test (running.ts) once, again every few seconds if it cannot (lib/retrying-import.ts). */
import { retryingImport } from '../../lib/retrying-import';

export const loadRunning = retryingImport(() => import('./running'));

export type Running = Awaited<ReturnType<typeof loadRunning>>;

/** The student is about to press Start Test: its code starts loading. */
export function preloadRunning(): void {
  void loadRunning();
}

import { setPriority } from 'node:os';

/**
 * The analysis runs beside the requests, not before them: its thread, ffmpeg and pocketsphinx run at
 * nice 10, so on a busy core the scheduler gives the requests' thread the larger share and the
 * analysis what is left (bench: the students list's p99 while recordings are analysed).
 */
export const ANALYSIS_NICENESS = 10;

/**
 * Lowers a child process's priority, or with no pid the calling thread's (on Linux the nice value is
 * per thread: the worker lowers itself, not the server). Where that is not permitted it runs as it is.
 */
export function runInBackground(pid?: number): void {
  try {
    if (pid === undefined) setPriority(ANALYSIS_NICENESS);
    else setPriority(pid, ANALYSIS_NICENESS);
  } catch {
    // Not permitted here (or the process has already ended): the work still runs.
  }
}

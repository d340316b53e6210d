import { spawnSync } from 'node:child_process';
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import path from 'node:path';

/**
 * The analysis runs beside the requests, not before them. Its thread, ffmpeg and pocketsphinx run
 * under Linux's SCHED_IDLE policy where `chrt` (util-linux) is there: the scheduler gives them a core
 * only when no request's work wants it, and a request's thread that wakes up takes the core at once.
 * Nice 19 as well (and alone where the policy cannot be set). At nice 10, the bench's students list
 * had its p99 go from 3 to 12 ms while four recordings were analysed on two cores.
 */
export const ANALYSIS_NICENESS = 19;

let chrt: string | null | undefined;

/** `chrt` when it runs here, else null (checked once). */
function idlePolicyTool(): string | null {
  if (chrt === undefined) chrt = spawnSync('chrt', ['--version'], { stdio: 'ignore' }).status === 0 ? 'chrt' : null;
  return chrt;
}

/** The command line that starts `command` in the background (under SCHED_IDLE where chrt exists). */
export function backgroundCommand(command: string, args: readonly string[]): [string, string[]] {
  const tool = idlePolicyTool();
  return tool ? [tool, ['--idle', '0', command, ...args]] : [command, [...args]];
}

/**
 * Lowers a child process's priority, or with no pid the calling thread's (on Linux the nice value and
 * the policy are per thread: the worker lowers itself, not the server). Where that is not permitted
 * it runs as it is.
 */
export function runInBackground(pid?: number): void {
  try {
    if (pid === undefined) setPriority(ANALYSIS_NICENESS);
    else setPriority(pid, ANALYSIS_NICENESS);
  } catch {
    // Not permitted here (or the process has already ended): the work still runs.
  }
  if (pid !== undefined) return;
  // This thread's id, from /proc/thread-self -> "<pid>/task/<tid>"; a thread may always lower its own policy.
  const tool = idlePolicyTool();
  if (!tool) return;
  try {
    const tid = path.basename(readlinkSync('/proc/thread-self'));
    spawnSync(tool, ['--idle', '-p', '0', tid], { stdio: 'ignore' });
  } catch {
    // No /proc here: nice alone.
  }
}

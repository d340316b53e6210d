import { readdirSync, readFileSync } from 'node:fs';

/**
 * What tests read of other processes from Linux's /proc: their state, their children, their process
 * group, what names them. A process can end between any two reads, and another user's is not ours
 * to read: every function treats either as the process being gone.
 */

/** Of /proc/<pid>/stat. */
export interface ProcessStatus {
  /** Its command name (comm, at most 15 characters): `sleep`, `node`. */
  name: string;
  /** R running, S sleeping, T stopped, Z a zombie waiting to be reaped... */
  state: string;
  /** Its process group. */
  group: number;
}

/** What /proc/<pid>/stat says of the process; undefined once it is gone. */
export function processStatus(pid: number): ProcessStatus | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The name is in parentheses and may hold spaces and parentheses itself: the fields follow the last ')'.
  const nameEnd = stat.lastIndexOf(')');
  const [state = '?', , group] = stat.slice(nameEnd + 2).split(' ');
  return { name: stat.slice(stat.indexOf('(') + 1, nameEnd), state, group: Number(group) };
}

/** Gone, or a zombie waiting for whoever adopted it to reap it. */
export function processEnded(pid: number): boolean {
  const status = processStatus(pid);
  return status === undefined || status.state === 'Z';
}

/** The processes `pid` has started (its main thread's children); none once it is gone. */
export function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** Its command line, the arguments joined by spaces; empty once it is gone. */
export function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
  } catch {
    return '';
  }
}

/** Every process on the machine, by pid. */
function allProcesses(): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number);
}

/** The processes of process group `group` that have not ended (zombies are left out). */
export function processGroup(group: number): number[] {
  return allProcesses().filter((pid) => {
    const status = processStatus(pid);
    return status?.group === group && status.state !== 'Z';
  });
}

export interface ProcessInfo {
  pid: number;
  command: string;
}

/**
 * The processes (other than this one) whose command line or environment names `marker`, such as a
 * folder only they use. Zombies have no environment and are left out: they have already ended.
 */
export function processesMentioning(marker: string): ProcessInfo[] {
  const found: ProcessInfo[] = [];
  for (const pid of allProcesses()) {
    if (pid === process.pid || processEnded(pid)) continue;
    const command = commandLine(pid);
    let environment: string;
    try {
      environment = readFileSync(`/proc/${pid}/environ`, 'utf8');
    } catch {
      // It ended while we looked, or is not ours to read.
      continue;
    }
    if (command.includes(marker) || environment.includes(marker)) found.push({ pid, command });
  }
  return found;
}

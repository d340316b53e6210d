import { toolSettings } from '../config.js';
import { onPath } from '../lib/executables.js';

/**
 * The analysis runs beside the requests, not before them (decision 0017). Its process, ffmpeg and
 * pocketsphinx start under Linux's SCHED_IDLE policy where `chrt` (util-linux) is there, at nice 19,
 * and die with the process that started them (`setpriv --pdeathsig KILL`, util-linux too) even when
 * they are stopped: a server killed while it holds its analysis back (foreground.ts) leaves nothing
 * behind, since it holds a process only once the process says it has started, past setpriv
 * (process.ts). Where a tool is missing the command runs without it.
 */
export const ANALYSIS_NICENESS = 19;

/**
 * `background` (the default): SCHED_IDLE and nice 19, as above. `normal` (PARLEY_ANALYSIS_PRIORITY,
 * config.ts): the analysis competes for the CPU like any process. The test run's first group uses it:
 * there three test files and their browsers keep both cores busy for its whole length, and an
 * idle-class analysis, which gets the CPU only when nothing else wants it, took over 30 s for what
 * takes 2 s. A server never needs it: its cores are idle between requests.
 */
export type AnalysisPriority = 'background' | 'normal';

/** The priority the environment asks for (toolSettings reads the process's environment when given none). */
export function analysisPriority(env?: NodeJS.ProcessEnv): AnalysisPriority {
  return toolSettings(env).PARLEY_ANALYSIS_PRIORITY ?? 'background';
}

/** The command line that starts `command` in the background: [setpriv --pdeathsig KILL] [chrt --idle 0] nice -n 19 command (without chrt and nice at `normal` priority). */
export function backgroundCommand(command: string, args: readonly string[], priority: AnalysisPriority = analysisPriority()): [string, string[]] {
  const background = priority === 'background';
  const line = [
    ...(process.platform === 'linux' && onPath('setpriv') ? ['setpriv', '--pdeathsig', 'KILL', '--'] : []),
    ...(background && process.platform === 'linux' && onPath('chrt') ? ['chrt', '--idle', '0'] : []),
    ...(background && onPath('nice') ? ['nice', '-n', String(ANALYSIS_NICENESS)] : []),
    command,
    ...args,
  ];
  return [line[0] ?? command, line.slice(1)];
}

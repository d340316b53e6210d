import { onPath } from '../lib/executables.js';

/**
 * The analysis runs beside the requests, not before them (decision 0017). Its process, ffmpeg and
 * pocketsphinx start under Linux's SCHED_IDLE policy where `chrt` (util-linux) is there, at nice 19,
 * and die with the process that started them (`setpriv --pdeathsig KILL`, util-linux too) even when
 * they are stopped: a server killed while it holds its analysis back (foreground.ts) leaves nothing
 * behind. Where a tool is missing the command runs without it.
 */
export const ANALYSIS_NICENESS = 19;

/** The command line that starts `command` in the background: [setpriv --pdeathsig KILL] [chrt --idle 0] nice -n 19 command. */
export function backgroundCommand(command: string, args: readonly string[]): [string, string[]] {
  const line = [
    ...(process.platform === 'linux' && onPath('setpriv') ? ['setpriv', '--pdeathsig', 'KILL', '--'] : []),
    ...(process.platform === 'linux' && onPath('chrt') ? ['chrt', '--idle', '0'] : []),
    ...(onPath('nice') ? ['nice', '-n', String(ANALYSIS_NICENESS)] : []),
    command,
    ...args,
  ];
  return [line[0] ?? command, line.slice(1)];
}

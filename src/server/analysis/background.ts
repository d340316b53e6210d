import { accessSync, constants } from 'node:fs';
import path from 'node:path';

/**
 * The analysis runs beside the requests, not before them (decision 0017). Its process, ffmpeg and
 * pocketsphinx start under Linux's SCHED_IDLE policy where `chrt` (util-linux) is there, at nice 19,
 * and die with the process that started them (`setpriv --pdeathsig KILL`, util-linux too) even when
 * they are stopped: a server killed while it holds its analysis back (foreground.ts) leaves nothing
 * behind. Where a tool is missing the command runs without it.
 */
export const ANALYSIS_NICENESS = 19;

const found = new Map<string, boolean>();

/** Whether `tool` is an executable on the PATH (looked up once, without starting a process). */
function onPath(tool: string): boolean {
  const known = found.get(tool);
  if (known !== undefined) return known;
  const here = (process.env.PATH ?? '').split(path.delimiter).some((folder) => {
    if (!folder) return false;
    try {
      accessSync(path.join(folder, tool), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
  found.set(tool, here);
  return here;
}

/** Whether `command` runs here: a path (with a separator) that is executable, or a name on the PATH. No process is started. */
export function executable(command: string): boolean {
  if (!command.includes(path.sep)) return onPath(command);
  try {
    accessSync(command, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

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

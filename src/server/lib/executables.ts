import { accessSync, constants } from 'node:fs';
import path from 'node:path';

const found = new Map<string, boolean>();

/** Whether `tool` is an executable on the PATH (looked up once, without starting a process). */
export function onPath(tool: string): boolean {
  const known = found.get(tool);
  if (known !== undefined) return known;
  // The system's search path, as a shell would use it; not a setting of the server.
  // eslint-disable-next-line no-restricted-properties
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

import type { Config } from '../config.js';
import { backup, type BackupTarget } from '../backup/backup.js';
import { restore } from '../backup/restore.js';

export function backupTarget(config: Config): BackupTarget {
  return config.DATABASE_URL
    ? { driver: 'postgres', url: config.DATABASE_URL, dataDir: config.DATA_DIR }
    : { driver: 'pglite', dataDir: config.DATA_DIR };
}

/** A backup's size: in MB, or in kB below one (a small database's "0.0 MB" read like an empty backup in a nightly mail). */
export const backupSize = (bytes: number) => (bytes < 1_048_576 ? `${Math.max(1, Math.round(bytes / 1024))} kB` : `${(bytes / 1_048_576).toFixed(1)} MB`);

export async function backupCommand(config: Config, file: string): Promise<number> {
  const summary = await backup(backupTarget(config), file);
  process.stdout.write(`Backed up the database and ${summary.recordingFiles} recording file(s) to ${summary.file} (${backupSize(summary.bytes)}).\n`);
  return 0;
}

export async function restoreCommand(config: Config, file: string, force: boolean): Promise<number> {
  const summary = await restore(backupTarget(config), file, { force });
  process.stdout.write(
    `Restored the backup of ${summary.createdAt}: the database and ${summary.recordingFiles} recording file(s).\n` +
      (summary.movedAside ? `What was there before is in ${summary.movedAside}; delete it once the restored data is checked.\n` : '') +
      'Start the server again; it applies any newer migrations on start.\n',
  );
  return 0;
}

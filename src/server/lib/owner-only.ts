import { chmodSync, existsSync, mkdirSync, statSync } from 'node:fs';

/**
 * Everything Parley writes (the database, recordings, mails in the outbox with their set-password
 * links and temporary passwords, backups) is for its own user only: files 0600 and folders 0700, as
 * PostgreSQL insists on for its own data. Called first by the server and by the admin commands.
 */
export const OWNER_ONLY_UMASK = 0o077;

export function writeOwnerOnly(): void {
  process.umask(OWNER_ONLY_UMASK);
}

/**
 * The data folder itself is closed to other users (0700): the embedded database writes its files
 * 0666 whatever the umask, and a folder made by hand (`mkdir /var/lib/parley`) is 0755. Returns a
 * sentence for the log when the folder cannot be made private (it belongs to another user).
 */
export function keepDataDirPrivate(dataDir: string): string | null {
  try {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    if ((statSync(dataDir).mode & 0o077) !== 0) chmodSync(dataDir, 0o700);
    return null;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'an error';
    if (!existsSync(dataDir)) {
      return `The data folder ${dataDir} does not exist and this user could not make it (${code}): nothing can be written there (mails without SMTP_URL, backups, recordings in files). Make it belong to the user the server runs as, with mode 700 (docs/deploy.md: install -d -m 700 -o parley -g parley /var/lib/parley).`;
    }
    return `The data folder ${dataDir} could not be made private to this user (${code}): other users of this machine may read its recordings and database. Make it belong to the user the server runs as, with mode 700.`;
  }
}

import { eq } from 'drizzle-orm';
import { setDisplayName } from '../auth/display-name.js';
import { generatePassword } from '../lib/passwords.js';
import { setPassword } from '../auth/service.js';
import { teacherPasswordProblem } from '../../shared/api/limits.js';
import { ConfigError, loadConfig } from '../config.js';
import { connectConfiguredDatabase } from '../db/connect.js';
import { users } from '../db/schema.js';
import { BackupFormatError } from '../backup/archive.js';
import { BackupRefusedError } from '../backup/backup.js';
import { PostgresToolError } from '../backup/postgres-dump.js';
import { DataDirLockedError } from '../lib/data-dir-lock.js';
import { NewerDatabaseError } from '../db/open.js';
import { backupCommand, restoreCommand } from './backup-commands.js';
import { safeErrorText } from '../lib/log-safety.js';
import { writeOwnerOnly } from '../lib/owner-only.js';
import { startupProblem } from '../lib/startup-problem.js';

const USAGE = `Usage: npm run admin -- <command>

Commands:
  reset-password <username>   Give the user a new generated password (printed once; they choose
                              their own at the next sign-in) and sign out every device they are
                              signed in on. Set NEW_PASSWORD to choose it (a teacher's: at least
                              12 characters, not digits only).
  set-display-name <username> <name>
                              The name students see for this teacher on reviews (never the
                              username); an empty name: they see "your teacher".
  backup <file>               One file holding the database and the recordings. The embedded
                              database: stop the server first. PostgreSQL: pg_dump, server running.
  restore <file> [--force]    Put a backup back. Refused while the embedded server runs, and over
                              existing data unless --force: a database or recordings in DATA_DIR,
                              or students, attempts or teacher accounts in PostgreSQL (the embedded
                              database's old data is moved aside to DATA_DIR/replaced-by-restore-<time>,
                              not deleted).
                              A backup of the embedded database restores into PostgreSQL too
                              (DATABASE_URL set): the way from one to the other.

Uses the same DATA_DIR / DATABASE_URL as the server. With the embedded database, stop the server first.`;

async function resetPassword(username: string): Promise<number> {
  const config = loadConfig();
  // The command's own input (README, Other scripts), not a server setting: config.ts does not list it.
  // eslint-disable-next-line no-restricted-properties
  const chosen = process.env.NEW_PASSWORD?.trim();
  if (chosen !== undefined && chosen.length > 0 && chosen.length < 8) {
    process.stderr.write('NEW_PASSWORD must be at least 8 characters.\n');
    return 1;
  }
  const database = await connectConfiguredDatabase(config);
  try {
    const [user] = await database.db.select().from(users).where(eq(users.username, username.toLowerCase())).limit(1);
    if (!user) {
      process.stderr.write(`No user with the username '${username}'.\n`);
      return 1;
    }
    const teacherProblem = chosen && user.isAdmin ? teacherPasswordProblem(chosen) : null;
    if (teacherProblem) {
      process.stderr.write(`NEW_PASSWORD ${teacherProblem}: '${user.username}' is a teacher.\n`);
      return 1;
    }
    const password = chosen || generatePassword(4);
    await setPassword(database.db, user.id, password, null);
    // A generated password passes through the IT person's hands: its owner chooses their own at the next sign-in, as the first admin does.
    if (!chosen) await database.db.update(users).set({ mustChangePassword: true }).where(eq(users.id, user.id));
    process.stdout.write(
      chosen
        ? `The password of '${user.username}' is now the one in NEW_PASSWORD. Every session of that user was ended.\n`
        : `New password for '${user.username}': ${password}\nWrite it down now: it is not shown again. They choose their own at the next sign-in. Every session of that user was ended.\n`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

async function displayName(username: string, name: string): Promise<number> {
  const database = await connectConfiguredDatabase(loadConfig());
  try {
    const outcome = await setDisplayName(database.db, username, name);
    (outcome.ok ? process.stdout : process.stderr).write(`${outcome.message}\n`);
    return outcome.ok ? 0 : 1;
  } finally {
    await database.close();
  }
}

async function run(args: string[]): Promise<number> {
  const [command, username, ...name] = args;
  if (command === 'reset-password' && username) return resetPassword(username);
  if (command === 'set-display-name' && username) return displayName(username, name.join(' '));
  if (command === 'backup' && username && name.length === 0) return backupCommand(loadConfig(), username);
  if (command === 'restore' && username) {
    const [file, ...flags] = [username, ...name].sort((a, b) => Number(a.startsWith('--')) - Number(b.startsWith('--')));
    const unknown = flags.find((flag) => flag !== '--force');
    if (file && !file.startsWith('--') && !unknown) return restoreCommand(loadConfig(), file, flags.includes('--force'));
  }
  process.stdout.write(`${USAGE}\n`);
  return command === undefined || command === 'help' || command === '--help' ? 0 : 1;
}

writeOwnerOnly();
run(process.argv.slice(2))
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    // The server holds the embedded database: an admin command waits for it to stop, not for another DATA_DIR.
    if (error instanceof DataDirLockedError && error.holder) process.stderr.write(`${error.holder} Stop the server first (systemctl stop parley), then run this command again.\n`);
    else if (
      error instanceof ConfigError ||
      error instanceof DataDirLockedError ||
      error instanceof NewerDatabaseError ||
      error instanceof BackupFormatError ||
      error instanceof BackupRefusedError ||
      error instanceof PostgresToolError
    )
      process.stderr.write(`${error.message}\n`);
    // Never the failed query's parameters (the new password's hash): log-safety.ts.
    else process.stderr.write(`${startupProblem(error) ?? safeErrorText(error)}\n`);
    process.exit(1);
  });

import { createServer } from 'node:net';

/**
 * The sentence an operator acts on for the system errors a first installation meets (a database
 * that is not running or refuses the user, a folder the service's user may not write), instead of a
 * stack trace. Null for anything else, which is shown as it is (without secrets: log-safety.ts).
 */
export function startupProblem(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, path, address, port, message, syscall } = error as { code?: unknown; path?: unknown; address?: unknown; port?: unknown; message?: unknown; syscall?: unknown };
  const where = typeof address === 'string' ? ` at ${address}${typeof port === 'number' ? `:${port}` : ''}` : '';
  if (syscall === 'listen') {
    // The server's own port: not a folder (EACCES there is a port below 1024 for a user who is not root).
    if (code === 'EACCES' || code === 'EPERM') {
      return `This user may not listen${where} (${code}): ports below 1024 need root. Keep PORT at 3000 (or another above 1023) behind the reverse proxy, which takes 443 (docs/deploy.md).`;
    }
    if (code === 'EADDRNOTAVAIL') return `This machine has no address ${typeof address === 'string' ? address : 'as HOST names'} (address not available). Set HOST to one of its own addresses, or to 127.0.0.1 behind a reverse proxy on the same machine.`;
  }
  switch (code) {
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
      return `This user may not write ${typeof path === 'string' ? path : 'the data folder'} (${code}). Make DATA_DIR and everything in it belong to the user the server runs as (docs/deploy.md: install -d -m 700 -o parley -g parley /var/lib/parley; for a folder another user has used, chown -R parley:parley /var/lib/parley).`;
    case 'ENOSPC':
      return `The disk holding ${typeof path === 'string' ? path : 'the data folder'} is full (ENOSPC). Free some space on it, or set DATA_DIR to a folder on a disk with room.`;
    case 'EEXIST':
    case 'ENOTDIR':
      return `${typeof path === 'string' ? path : 'DATA_DIR'} is a file, or lies inside one, where the data folder is to be (${code}). Set DATA_DIR to a folder, or to a path where one can be made.`;
    case 'ECONNREFUSED':
      return `Nothing answered${where} (connection refused). Start the database (or Redis) it names, or correct DATABASE_URL (or REDIS_URL).`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `The host in DATABASE_URL (or REDIS_URL) was not found (${code}). Correct the address.`;
    case '3D000':
      return `${typeof message === 'string' ? `PostgreSQL says: ${message}. ` : ''}Create the database first (createdb), or correct the name in DATABASE_URL.`;
    case '28P01':
    case '28000':
      return `PostgreSQL refused the user in DATABASE_URL (${typeof message === 'string' ? message : code}). Correct the user or password there.`;
    case '42501':
      // insufficient_privilege: a role that may connect but not change what Parley keeps there (a
      // database, or its drizzle or public schema, made by another role).
      return `PostgreSQL refused the user in DATABASE_URL a change to the database (${typeof message === 'string' ? message : code}). That user must own the database and what is in it: make the database with createdb -O and that user (docs/deploy.md), or, as the postgres user, give it the existing one with ALTER DATABASE, ALTER SCHEMA public and ALTER SCHEMA drizzle ... OWNER TO that user.`;
    case 'EADDRINUSE':
      return `Another program already listens${where} (address in use): another Parley, or a second start of this one. Stop it, or set PORT (or HOST) to a free one.`;
    default:
      // pg's own errors carry no code: something at DATABASE_URL's address took the connection but
      // did not speak PostgreSQL (another service on that port), or never answered at all.
      if (typeof message === 'string' && /^Connection terminated/.test(message)) {
        return `Something at the address in DATABASE_URL took the connection but did not answer as PostgreSQL does (${message}). Check the host and port there: PostgreSQL listens on 5432 unless it was set up otherwise.`;
      }
      return null;
  }
}

/**
 * Listens on `host`:`port` and closes again at once, before anything is created: a start that
 * could not serve (another program on the port, a port below 1024) then stops with the listen
 * error's sentence (startupProblem) before it makes the first admin and prints a password that the
 * next start would not print again. The app listens for good only once its database is open.
 */
export function checkCanListen(host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve()));
  });
}

import path from 'node:path';

/** What the log says at start about where things are, so that whoever installed the server need not guess. */
export interface StartupFacts {
  dataDir: string;
  /** The PostgreSQL server's address; unset: the embedded database in `dataDir`. */
  databaseUrl?: string | undefined;
  /** Where new recordings go (RECORDING_STORE, or its default for the database). */
  recordingStore: 'file' | 'database';
  smtpUrl?: string | undefined;
  publicUrl?: string | undefined;
  /** Where the app listens (HOST, PORT) and whether it takes the client's address from the proxy. */
  host?: string;
  port?: number;
  trustProxy?: boolean;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

export interface StartupLine {
  level: 'info' | 'warn';
  message: string;
}

/** Host, port and database name only: never the user or password the address may carry. */
function postgresPlace(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    const name = decodeURIComponent(url.pathname.replace(/^\//, '')) || '(the user’s default database)';
    return `PostgreSQL database ${name} at ${url.hostname || 'the local socket'}${url.port ? `:${url.port}` : ''}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL)';
  }
}

/** The start-up lines: the data's place, where mail goes, and what phones need when PUBLIC_URL is not https. */
export function startupSummary(facts: StartupFacts): StartupLine[] {
  // Where new recordings go: one moved from the embedded database keeps its file, and is read from it.
  const recordings = facts.recordingStore === 'file' ? `recordings in ${path.join(facts.dataDir, 'recordings')}` : 'new recordings in the database';
  const lines: StartupLine[] = [
    {
      level: 'info',
      message: facts.databaseUrl
        ? `data: ${postgresPlace(facts.databaseUrl)}, ${recordings}`
        : `data: the embedded database in ${path.join(facts.dataDir, 'pgdata')}, ${recordings} (back it up with 'npm run admin -- backup <file>', the server stopped)`,
    },
  ];
  if (!facts.smtpUrl) {
    lines.push({
      level: 'info',
      message: `mail: SMTP_URL is unset, so no mail is sent; each one (a teacher's set-password link, a forgotten password) is only written to ${path.join(facts.dataDir, 'outbox')} and kept a week`,
    });
  }
  const https = facts.publicUrl?.toLowerCase().startsWith('https:') ?? false;
  const listening = facts.host !== undefined && facts.port !== undefined ? `${facts.host}:${facts.port}` : null;
  if (https && listening) {
    // Behind an https proxy: what an IT person checks the proxy's settings against.
    lines.push({
      level: 'info',
      message: `address: PUBLIC_URL is ${facts.publicUrl}; the app listens on ${listening} for the proxy, TRUST_PROXY is ${facts.trustProxy ? 'true' : 'false'}`,
    });
    if (!facts.trustProxy) {
      lines.push({
        level: 'warn',
        message:
          'address: TRUST_PROXY is not true, so every request seems to come from the proxy: the sign-in budgets per device are then shared by the whole school, ' +
          'and one class can lock the next out for 15 minutes. Set TRUST_PROXY=true (docs/deploy.md)',
      });
    }
  }
  // With or without https: a proxy's X-Forwarded-For is believed from anyone who reaches the port.
  if (facts.trustProxy && listening && facts.host && !LOOPBACK.has(facts.host)) {
    lines.push({
      level: 'warn',
      message:
        `address: TRUST_PROXY is true and the app listens on ${listening}: anyone who reaches that port directly chooses the address the sign-in budgets count. ` +
        'Set HOST=127.0.0.1 when the proxy runs on this machine, or let only the proxy reach the port (a firewall)',
    });
  }
  if (!https) {
    lines.push({
      level: 'info',
      message:
        `address: ${facts.publicUrl ? `PUBLIC_URL is ${facts.publicUrl}` : 'PUBLIC_URL is unset'}. Phones and other computers get the microphone only at an https:// address: ` +
        'put the server behind a reverse proxy serving https and set PUBLIC_URL and TRUST_PROXY=true (docs/deploy.md); only http://localhost on this machine works without',
    });
  }
  return lines;
}

/** The start-up mail check's good news: it names the login only when SMTP_URL carries one. */
export function mailReachedMessage(smtpUrl: string): string {
  let user = '';
  try {
    user = new URL(smtpUrl).username;
  } catch {
    // config.ts has checked the address; an unreadable one simply names no login
  }
  return user ? 'mail server reached: it accepted the connection and the login' : 'mail server reached: it accepted the connection (SMTP_URL names no login)';
}

import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /**
   * True when messages go to a mail server (SMTP_URL); false when they are only written to the outbox
   * folder, which reaches nobody: what the app tells a user about a mail must not say it was sent then.
   */
  readonly delivers: boolean;
  send(message: MailMessage): Promise<void>;
  /**
   * Whether the mail server takes a connection and the login (SMTP_URL): null when it does, or when
   * nothing is delivered; otherwise a sentence for the log, so a wrong password or address is found
   * at start-up, not at the first mail a teacher never gets. Never names the password.
   */
  check(): Promise<string | null>;
  close(): void;
}

interface MailLogger {
  info(object: object, message: string): void;
}

/**
 * The SMTP connection for `smtpUrl`. A password sent over `smtp://` to another machine must go
 * encrypted: STARTTLS is required there (requireTLS), so a mail server that does not offer it, or a
 * network that strips the offer, gets no password in clear, and the mail fails with the reason in the
 * log. `smtps://` is encrypted from the start; a relay on this machine (localhost) needs neither.
 * (SMTP_URL takes no query, so nothing in the URL turns this off: config.ts.)
 */
export function smtpTransportOptions(smtpUrl: string): { url: string; requireTLS: boolean } {
  let requireTLS = false;
  try {
    const url = new URL(smtpUrl);
    const local = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
    requireTLS = url.protocol === 'smtp:' && (url.username !== '' || url.password !== '') && !local;
  } catch {
    // Not a URL: nodemailer says why when it connects.
  }
  return { url: smtpUrl, requireTLS };
}

/** The mail server's address as SMTP_URL names it, without the user or password. */
function serverAddress(smtpUrl: string): string {
  try {
    const url = new URL(smtpUrl);
    return `${url.protocol}//${url.host}`;
  } catch {
    return 'SMTP_URL';
  }
}

/** What nodemailer's connection check reported, in words (its codes: nodemailer's lib/errors). */
function checkProblem(smtpUrl: string, error: unknown): string {
  const outer = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  // A socket error carries the system's code in its message ("connect ECONNREFUSED 10.0.0.5:587").
  const message = error instanceof Error ? error.message : '';
  const tls = /certificate|SSL|TLS/i.test(message);
  const code = outer === 'ESOCKET' || outer === 'ECONNECTION' ? (tls ? 'ETLS' : (/\bE[A-Z_]{3,}\b/.exec(message)?.[0] ?? outer)) : outer;
  const what: Record<string, string> = {
    EAUTH: 'refused the login: check the user name and password in SMTP_URL',
    ECONNECTION: 'could not be reached: check the host and port in SMTP_URL',
    ECONNREFUSED: 'refused the connection: check the host and port in SMTP_URL',
    EDNS: 'was not found: check the host name in SMTP_URL',
    ENOTFOUND: 'was not found: check the host name in SMTP_URL',
    EAI_AGAIN: 'was not found: check the host name in SMTP_URL and this machine\'s DNS',
    EHOSTUNREACH: 'could not be reached: check the host and the network',
    ETIMEDOUT: 'did not answer in time: check the host, the port and the firewall',
    ETLS: 'failed to set up encryption (STARTTLS or TLS): check the port and the smtp:// or smtps:// in SMTP_URL',
  };
  const reason = what[code] ?? `could not be used (${code || 'unknown error'})`;
  return `Mail will not be sent: the mail server at ${serverAddress(smtpUrl)} ${reason}.`;
}

/** Real SMTP when `smtpUrl` is set; otherwise each message is written as an .eml file into `outboxDir`. */
export function createMailer(options: { smtpUrl?: string | undefined; from: string; outboxDir: string; logger: MailLogger }): Mailer {
  const smtpUrl = options.smtpUrl;
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpTransportOptions(smtpUrl));
    return {
      delivers: true,
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
      check: () => transport.verify().then(
        () => null,
        (error: unknown) => checkProblem(smtpUrl, error),
      ),
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    delivers: false,
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      mkdirSync(options.outboxDir, { recursive: true });
      const file = path.join(options.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^A-Za-z0-9]/g, '')}.eml`);
      writeFileSync(file, info.message as Buffer);
      options.logger.info({ file, to: message.to }, 'SMTP_URL is not set: nothing was sent, the mail was only written to the outbox folder');
    },
    check: () => Promise.resolve(null),
    close: () => transport.close(),
  };
}

/**
 * Mails written to the outbox folder (no SMTP_URL) are kept this long: they hold set-password links
 * (valid 72 hours) and temporary passwords (30 minutes), so past a week a file only keeps a secret
 * that no longer works and a student's or teacher's address on the disk.
 */
export const OUTBOX_KEEP_MS = 7 * 24 * 3600_000;

/** Removes the outbox's .eml files older than `keepMs` at `now`; returns how many. */
export function pruneOutbox(outboxDir: string, now: Date, keepMs = OUTBOX_KEEP_MS): number {
  let names: string[];
  try {
    names = readdirSync(outboxDir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names.filter((entry) => entry.endsWith('.eml'))) {
    const file = path.join(outboxDir, name);
    try {
      if (now.getTime() - statSync(file).mtimeMs > keepMs) {
        rmSync(file, { force: true });
        removed += 1;
      }
    } catch {
      // Removed meanwhile: nothing to do.
    }
  }
  return removed;
}

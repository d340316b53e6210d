import type { Mailer, MailMessage } from './mailer.js';

/*
 * A mail the server did not take for a passing reason (it was restarting, unreachable for a moment,
 * or answered "try again later") is tried again a few times before it is given up. Only the mails
 * sent in the background, after the answer has gone (the temporary password, the review-ready
 * note): nobody waits on them, and a school's mail server down for a minute otherwise lost them with
 * only a log line, while the forgot-password page had said the password was sent.
 */

/**
 * The waits before the second, third and fourth try: 1, 3 and 8 minutes. The last try is 12 minutes
 * after the first, so a temporary password that arrives then still has 18 of its 30 minutes
 * (TEMP_PASSWORD_TTL_MS); a mail server restarted or a network fault mended within about ten minutes
 * loses nothing.
 */
export const MAIL_RETRY_DELAYS_MS: readonly number[] = [60_000, 180_000, 480_000];

/** nodemailer's codes for a connection that failed (lib/errors in nodemailer): the server may be back later. */
const CONNECTION_CODES = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS']);

/**
 * Whether a send that failed so may succeed later: an SMTP reply in the 4xx range ("421 service not
 * available", "451 try again later": RFC 5321 section 4.2.1's transient negative completion) or a
 * connection that failed. A 5xx reply (a refused recipient) or a refused login is not tried again.
 */
export function isTransientMailError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, responseCode } = error as { code?: unknown; responseCode?: unknown };
  if (typeof responseCode === 'number') return responseCode >= 400 && responseCode < 500;
  return typeof code === 'string' && CONNECTION_CODES.has(code);
}

interface RetryLog {
  warn(object: object, message: string): void;
}

/** Waits `ms` without keeping the process alive: a server that is stopping gives up the mails still waiting. */
const unrefSleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });

/**
 * `mailer`, whose send tries a mail again after each of `delaysMs` while it fails for a passing
 * reason (isTransientMailError), and rejects with the last error otherwise. Each failed try is
 * logged with the error's code, never the message (it may hold a temporary password).
 */
export function withMailRetries(mailer: Mailer, log: RetryLog, { delaysMs = MAIL_RETRY_DELAYS_MS, wait = unrefSleep } = {}): Mailer {
  const send = async (message: MailMessage): Promise<void> => {
    for (let tried = 0; ; tried += 1) {
      try {
        await mailer.send(message);
        return;
      } catch (error) {
        const delay = delaysMs[tried];
        if (delay === undefined || !isTransientMailError(error)) throw error;
        const { code, responseCode } = error as { code?: unknown; responseCode?: unknown };
        log.warn({ code, responseCode, tried: tried + 1 }, `the mail server did not take a mail for now; trying again in ${Math.round(delay / 1000)} s`);
        await wait(delay);
      }
    }
  };
  return { delivers: mailer.delivers, send, check: () => mailer.check(), close: () => mailer.close() };
}

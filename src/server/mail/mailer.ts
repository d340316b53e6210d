import { mkdirSync, writeFileSync } from 'node:fs';
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
 * A `requireTLS=false` in the URL's query still decides otherwise.
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

/** Real SMTP when `smtpUrl` is set; otherwise each message is written as an .eml file into `outboxDir`. */
export function createMailer(options: { smtpUrl?: string | undefined; from: string; outboxDir: string; logger: MailLogger }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(smtpTransportOptions(options.smtpUrl));
    return {
      delivers: true,
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
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
    close: () => transport.close(),
  };
}

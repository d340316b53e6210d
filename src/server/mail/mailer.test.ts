import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../test/smtp-sink.js';
import { createMailer } from './mailer.js';

describe('the mailer', () => {
  const outbox = mkdtempSync(path.join(os.tmpdir(), 'parley-mailer-'));
  afterAll(() => rmSync(outbox, { recursive: true, force: true }));

  it('without SMTP_URL delivers nothing: it writes the outbox folder and its log line says nothing was sent', async () => {
    const lines: Array<{ object: object; message: string }> = [];
    const mailer = createMailer({ from: 'Parley <no-reply@parley.invalid>', outboxDir: outbox, logger: { info: (object, message) => lines.push({ object, message }) } });
    expect(mailer.delivers).toBe(false);
    await mailer.send({ to: 'asha@example.org', subject: 'Parley: your temporary password', text: 'Temporary password: x' });
    mailer.close();
    const files = readdirSync(outbox).filter((name) => name.endsWith('.eml'));
    expect(files).toHaveLength(1);
    expect(lines).toEqual([
      {
        object: { file: path.join(outbox, files[0] ?? ''), to: 'asha@example.org' },
        message: 'SMTP_URL is not set: nothing was sent, the mail was only written to the outbox folder',
      },
    ]);
  });

  it('with SMTP_URL delivers to the mail server', async () => {
    const sink = await startSmtpSink();
    const mailer = createMailer({ smtpUrl: sink.url, from: 'Parley <no-reply@parley.invalid>', outboxDir: outbox, logger: { info: () => {} } });
    try {
      expect(mailer.delivers).toBe(true);
      await mailer.send({ to: 'asha@example.org', subject: 'Hello', text: 'Hi' });
      expect((await sink.waitFor('asha@example.org')).subject).toBe('Hello');
    } finally {
      mailer.close();
      await sink.close();
    }
  });
});

import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../test/smtp-sink.js';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { createMailer, OUTBOX_KEEP_MS, pruneOutbox, smtpTransportOptions } from './mailer.js';

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

  it('checks the mail server at start-up: a refused login or a closed port is told in a sentence that never names the password', async () => {
    const sink = await startSmtpSink();
    const good = createMailer({ smtpUrl: sink.url, from: 'Parley <no-reply@parley.invalid>', outboxDir: outbox, logger: { info: () => {} } });
    const none = createMailer({ from: 'Parley <no-reply@parley.invalid>', outboxDir: outbox, logger: { info: () => {} } });
    const server = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      logger: false,
      onAuth(auth, _session, callback) {
        if (auth.password === 'right-password') callback(null, { user: auth.username });
        else callback(new Error('Invalid username or password'));
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    const wrong = createMailer({ smtpUrl: `smtp://parley:wrong-pass-9@127.0.0.1:${port}`, from: 'x@parley.invalid', outboxDir: outbox, logger: { info: () => {} } });
    const right = createMailer({ smtpUrl: `smtp://parley:right-password@127.0.0.1:${port}`, from: 'x@parley.invalid', outboxDir: outbox, logger: { info: () => {} } });
    // A port nothing listens on: the auth server's, once it is closed.
    const closedPort = createMailer({ smtpUrl: `smtp://parley:wrong-pass-9@127.0.0.1:${port + 0}`, from: 'x@parley.invalid', outboxDir: outbox, logger: { info: () => {} } });
    try {
      expect(await good.check()).toBeNull();
      expect(await none.check()).toBeNull();
      expect(await right.check()).toBeNull();
      const refused = await wrong.check();
      expect(refused).toBe(`Mail will not be sent: the mail server at smtp://127.0.0.1:${port} refused the login: check the user name and password in SMTP_URL.`);
      await new Promise<void>((resolve) => server.close(() => resolve()));
      const unreachable = await closedPort.check();
      expect(unreachable).toMatch(new RegExp(`^Mail will not be sent: the mail server at smtp://127\\.0\\.0\\.1:${port} (refused the connection|could not be reached)`));
      expect(`${refused} ${unreachable}`).not.toContain('wrong-pass-9');
    } finally {
      for (const mailer of [good, none, wrong, right, closedPort]) mailer.close();
      await sink.close();
    }
  });

  it('never sends a password in clear to another machine: STARTTLS is required there, and a server without it gets no AUTH', async () => {
    expect(smtpTransportOptions('smtp://parley:secret@mail.school.example:587').requireTLS).toBe(true);
    expect(smtpTransportOptions('smtps://parley:secret@mail.school.example:465').requireTLS).toBe(false);
    expect(smtpTransportOptions('smtp://localhost:25').requireTLS).toBe(false);
    expect(smtpTransportOptions('smtp://parley:secret@127.0.0.1:25').requireTLS).toBe(false);
    expect(smtpTransportOptions('smtp://mail.school.example:25').requireTLS).toBe(false);

    // A mail server on another address (127.0.0.2 stands for it) that offers AUTH but no STARTTLS.
    const logins: string[] = [];
    const server = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      logger: false,
      onAuth(auth, _session, callback) {
        logins.push(auth.username ?? '');
        callback(null, { user: auth.username });
      },
      onData(stream, _session, callback) {
        stream.resume();
        stream.on('end', () => callback());
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
    const { port } = server.server.address() as AddressInfo;
    const mailer = createMailer({ smtpUrl: `smtp://parley:secret@127.0.0.2:${port}`, from: 'Parley <no-reply@parley.invalid>', outboxDir: outbox, logger: { info: () => {} } });
    try {
      await expect(mailer.send({ to: 'asha@example.org', subject: 'Hello', text: 'Hi' })).rejects.toThrow();
      expect(logins).toEqual([]);
    } finally {
      mailer.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('keeps the outbox folder\'s mails a week, then removes them (they hold links and passwords that no longer work)', () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'parley-outbox-prune-'));
    try {
      const now = new Date('2026-11-29T10:00:00Z');
      const write = (name: string, ageMs: number) => {
        writeFileSync(path.join(folder, name), 'mail');
        const at = new Date(now.getTime() - ageMs);
        utimesSync(path.join(folder, name), at, at);
      };
      write('old.eml', OUTBOX_KEEP_MS + 60_000);
      write('recent.eml', OUTBOX_KEEP_MS - 60_000);
      write('notes.txt', OUTBOX_KEEP_MS * 2);
      expect(pruneOutbox(folder, now)).toBe(1);
      expect(readdirSync(folder).sort()).toEqual(['notes.txt', 'recent.eml']);
      expect(pruneOutbox(path.join(folder, 'missing'), now)).toBe(0);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

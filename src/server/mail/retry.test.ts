import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { createMailer, type Mailer } from './mailer.js';
import { isTransientMailError, MAIL_RETRY_DELAYS_MS, withMailRetries } from './retry.js';

/**
 * A real SMTP server that refuses the first `refusals` connections with `code` (421: "service not
 * available, closing"), then takes mail, or refuses every recipient with 550 when `refuseRecipients`.
 */
async function flakyServer({ refusals = 0, code = 421, refuseRecipients = false }) {
  let connections = 0;
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onConnect(_session, callback) {
      connections += 1;
      if (connections <= refusals) return callback(Object.assign(new Error('Service not available, try again later'), { responseCode: code }));
      callback();
    },
    onRcptTo(address, _session, callback) {
      if (refuseRecipients) return callback(Object.assign(new Error('No such user here'), { responseCode: 550 }));
      received.push(address.address);
      callback();
    },
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => callback());
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    connections: () => connections,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const opened: Array<{ close(): unknown }> = [];
afterEach(async () => {
  for (const thing of opened.splice(0)) await thing.close();
});

function mailerFor(url: string): Mailer {
  const mailer = createMailer({ smtpUrl: url, from: 'Parley <no-reply@parley.invalid>', outboxDir: '/tmp/parley-retry-outbox', logger: { info: () => {} } });
  opened.push(mailer);
  return mailer;
}

const message = { to: 'asha@example.org', subject: 'Parley: your temporary password', text: 'Temporary password: plum-river-seven' };

describe('a mail the server does not take for now', () => {
  it('is sent again after each wait, and reaches the server once it takes mail; the log never holds the message', async () => {
    const server = await flakyServer({ refusals: 2 });
    opened.push(server);
    const waits: number[] = [];
    const logged: Array<{ object: object; message: string }> = [];
    const mailer = withMailRetries(mailerFor(server.url), { warn: (object, text) => logged.push({ object, message: text }) }, {
      wait: async (ms) => {
        waits.push(ms);
      },
    });
    await mailer.send(message);
    expect(server.connections()).toBe(3);
    expect(server.received).toEqual(['asha@example.org']);
    expect(waits).toEqual(MAIL_RETRY_DELAYS_MS.slice(0, 2));
    expect(logged.map((line) => line.message)).toEqual([
      'the mail server did not take a mail for now; trying again in 60 s',
      'the mail server did not take a mail for now; trying again in 180 s',
    ]);
    expect(JSON.stringify(logged)).not.toContain('plum-river-seven');
    expect(logged[0]?.object).toMatchObject({ responseCode: 421, tried: 1 });
  });

  it('is given up after the last wait, with the server\'s error', async () => {
    const server = await flakyServer({ refusals: 10 });
    opened.push(server);
    const mailer = withMailRetries(mailerFor(server.url), { warn: () => {} }, { wait: async () => {} });
    await expect(mailer.send(message)).rejects.toMatchObject({ responseCode: 421 });
    expect(server.connections()).toBe(MAIL_RETRY_DELAYS_MS.length + 1);
  });

  it('is not sent again when the server refuses it for good (550); a server that cannot be reached is tried again', async () => {
    const refusing = await flakyServer({ refuseRecipients: true });
    opened.push(refusing);
    const waits: number[] = [];
    const mailer = withMailRetries(mailerFor(refusing.url), { warn: () => {} }, { wait: async (ms) => void waits.push(ms) });
    await expect(mailer.send(message)).rejects.toMatchObject({ responseCode: 550 });
    expect(refusing.connections()).toBe(1);
    expect(waits).toEqual([]);

    // A port where nothing listens: a connection that failed, tried again.
    const gone = await flakyServer({});
    const url = gone.url;
    await gone.close();
    const tries: number[] = [];
    const again = withMailRetries(mailerFor(url), { warn: (object) => tries.push((object as { tried: number }).tried) }, { wait: async () => {} });
    await expect(again.send(message)).rejects.toMatchObject({ code: 'ESOCKET' });
    expect(tries).toEqual([1, 2, 3]);
  });

  it('tells passing failures from lasting ones by the SMTP reply or the connection error', () => {
    expect(isTransientMailError(Object.assign(new Error('x'), { responseCode: 451 }))).toBe(true);
    expect(isTransientMailError(Object.assign(new Error('x'), { responseCode: 554 }))).toBe(false);
    expect(isTransientMailError(Object.assign(new Error('x'), { code: 'EAUTH', responseCode: 535 }))).toBe(false);
    expect(isTransientMailError(Object.assign(new Error('x'), { code: 'ETIMEDOUT' }))).toBe(true);
    expect(isTransientMailError(Object.assign(new Error('x'), { code: 'EENVELOPE' }))).toBe(false);
    expect(isTransientMailError('text')).toBe(false);
  });
});

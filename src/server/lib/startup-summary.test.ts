import { describe, expect, it } from 'vitest';
import { mailReachedMessage, startupSummary } from './startup-summary.js';

describe('what the log says at start about where things are', () => {
  it('names the embedded database, the recordings and the outbox folder, and what phones need without an https PUBLIC_URL', () => {
    const lines = startupSummary({ dataDir: '/var/lib/parley', recordingStore: 'file' });
    expect(lines.map((line) => line.message)).toEqual([
      "data: the embedded database in /var/lib/parley/pgdata, recordings in /var/lib/parley/recordings (back it up with 'npm run admin -- backup <file>', the server stopped)",
      "mail: SMTP_URL is unset, so no mail is sent; each one (a teacher's set-password link, a forgotten password) is only written to /var/lib/parley/outbox and kept a week",
      'address: PUBLIC_URL is unset. Phones and other computers get the microphone only at an https:// address: put the server behind a reverse proxy serving https and set PUBLIC_URL and TRUST_PROXY=true (docs/deploy.md); only http://localhost on this machine works without',
    ]);
    expect(startupSummary({ dataDir: '/d', recordingStore: 'file', publicUrl: 'http://192.168.1.20:3000' }).at(-1)?.message).toMatch(/^address: PUBLIC_URL is http:\/\/192\.168\.1\.20:3000\. Phones/);
  });

  it('names PostgreSQL by host, port and database, never its user or password; says nothing of mail or address when both are set', () => {
    const lines = startupSummary({
      dataDir: '/var/lib/parley',
      databaseUrl: 'postgres://parley:s3cret-word@db.lan:5433/parley_school',
      recordingStore: 'database',
      smtpUrl: 'smtp://mailer:pw@mail.school.org:587',
      publicUrl: 'https://parley.lan',
    });
    expect(lines).toEqual([{ level: 'info', message: 'data: PostgreSQL database parley_school at db.lan:5433, new recordings in the database' }]);
    expect(JSON.stringify(lines)).not.toMatch(/s3cret|mailer|pw@/);
  });

  it('behind an https proxy: where the app listens and TRUST_PROXY, with a warning for each setting that defeats the per-device budgets', () => {
    const behind = (host: string, trustProxy: boolean) =>
      startupSummary({ dataDir: '/d', recordingStore: 'file', smtpUrl: 'smtp://127.0.0.1:25', publicUrl: 'https://parley.lan', host, port: 3000, trustProxy }).slice(1);
    expect(behind('127.0.0.1', true)).toEqual([{ level: 'info', message: 'address: PUBLIC_URL is https://parley.lan; the app listens on 127.0.0.1:3000 for the proxy, TRUST_PROXY is true' }]);
    const untrusted = behind('127.0.0.1', false);
    expect(untrusted.map((line) => line.level)).toEqual(['info', 'warn']);
    expect(untrusted[1]?.message).toMatch(/^address: TRUST_PROXY is not true, so every request seems to come from the proxy/);
    const open = behind('0.0.0.0', true);
    expect(open.map((line) => line.level)).toEqual(['info', 'warn']);
    expect(open[1]?.message).toMatch(/^address: TRUST_PROXY is true and the app listens on 0\.0\.0\.0:3000: anyone who reaches that port directly/);
  });

  it('warns of a believed X-Forwarded-For on an open port without https too (a proxy on plain http in a school network)', () => {
    const plain = (host: string) => startupSummary({ dataDir: '/d', recordingStore: 'file', smtpUrl: 'smtp://127.0.0.1:25', host, port: 3000, trustProxy: true }).slice(1);
    expect(plain('0.0.0.0').map((line) => line.level)).toEqual(['warn', 'info']);
    expect(plain('0.0.0.0')[0]?.message).toMatch(/^address: TRUST_PROXY is true and the app listens on 0\.0\.0\.0:3000: anyone who reaches that port directly/);
    expect(plain('127.0.0.1').map((line) => line.level)).toEqual(['info']);
  });

  it('says the mail server took the login only when SMTP_URL has one (a relay on the school network may take none)', () => {
    expect(mailReachedMessage('smtp://127.0.0.1:25')).toBe('mail server reached: it accepted the connection (SMTP_URL names no login)');
    expect(mailReachedMessage('smtps://parley%40school.org:pw@mail.school.org:465')).toBe('mail server reached: it accepted the connection and the login');
  });
});

import { describe, expect, it } from 'vitest';
import { passwordStatus, SEND_LINK_LABEL } from './password-status';

const NOW = Date.parse('2026-11-20T09:00:00Z');

describe("a teacher's password column", () => {
  it('gives a waiting link’s expiry at the school, not on the device, never saying it was sent (without a mail server it was only shown)', () => {
    const waiting = { passwordLinkExpiresAt: '2026-11-22T18:45:00Z', passwordLinkExpired: false, hasPassword: false };
    expect(passwordStatus(waiting, NOW, 'Asia/Kolkata')).toBe('Link not used yet, works until 23 Nov 2026, 00:15');
    expect(passwordStatus(waiting, NOW, 'Europe/London')).toBe('Link not used yet, works until 22 Nov 2026, 18:45');
  });

  it('says an expired link has expired and names the button that sends a new one', () => {
    const expired = `Link expired unused: “${SEND_LINK_LABEL}” sends a new one`;
    expect(expired).toBe('Link expired unused: “Send password link” sends a new one');
    // As the server lists it.
    expect(passwordStatus({ passwordLinkExpiresAt: null, passwordLinkExpired: true, hasPassword: false }, NOW, 'Asia/Kolkata')).toBe(expired);
    // A list loaded while the link still worked, shown after it stopped.
    expect(passwordStatus({ passwordLinkExpiresAt: '2026-11-20T09:00:00Z', passwordLinkExpired: false, hasPassword: false }, NOW, 'Asia/Kolkata')).toBe(expired);
  });

  it('says first that a teacher with a password of their own keeps it while a link to change it waits or has expired', () => {
    expect(passwordStatus({ passwordLinkExpiresAt: '2026-11-22T18:45:00Z', passwordLinkExpired: false, hasPassword: true }, NOW, 'Asia/Kolkata')).toBe(
      'Set by the teacher; a link to change it works until 23 Nov 2026, 00:15',
    );
    expect(passwordStatus({ passwordLinkExpiresAt: null, passwordLinkExpired: true, hasPassword: true }, NOW, 'Asia/Kolkata')).toBe('Set by the teacher (a link to change it expired unused)');
    expect(passwordStatus({ passwordLinkExpiresAt: '2026-11-20T09:00:00Z', passwordLinkExpired: false, hasPassword: true }, NOW, 'Asia/Kolkata')).toBe('Set by the teacher (a link to change it expired unused)');
  });

  it('is the teacher’s own password when no link is waiting or expired, or says none is set yet', () => {
    expect(passwordStatus({ passwordLinkExpiresAt: null, passwordLinkExpired: false, hasPassword: true }, NOW, 'Asia/Kolkata')).toBe('Set by the teacher');
    expect(passwordStatus({ passwordLinkExpiresAt: null, passwordLinkExpired: false, hasPassword: false }, NOW, 'Asia/Kolkata')).toBe(
      'Not set yet: “Send password link” sends a link',
    );
  });
});
